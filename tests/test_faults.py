"""Nothing half-written: a run that fails, is terminated or killed leaves the previous set untouched.

the manual, "Output folders": after any failure the folder holds exactly the previous
run's complete set (or, if the failure came after the swap, this run's complete
set), with no staging folder beside it and no ``.part`` file in it; a staging
folder left by a SIGKILL is cleaned up by the next run into that folder.
Failures are injected at chosen points (a full disk is ``OSError(ENOSPC)``),
SIGTERM is sent in-process and to a real process, SIGKILL to a real process in
the middle of the swap, and one test fills a real (small) tmpfs where mounting works.
"""

import builtins
import errno
import fcntl
import io
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

import mapgen.kit.folder as folder_mod
import mapgen.kit.swap as swap_mod
from mapgen import kit
from mapgen.cli import main
from mapgen.kit.beside import ONE_PROCESS

from .cli_helpers import MANIFEST, leftovers, run, snapshot

#: The second run into the folder: another seed and more formats, so old and new sets differ.
#: The dice seed given: without it each kit's campaign draws a secret one, and two runs would differ in campaign.json.
SECOND = ["new", "--seed", "2", "--dice-seed", "2", "--size", "small", "--formats", "json,md", "--out", "k"]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _write(argv) -> None:
    try:
        main(argv)
    except SystemExit as exc:
        assert not exc.code, argv


@pytest.fixture(scope="module")
def templates(tmp_path_factory):
    """The two runs' sets, written once per module: (old set folder, new set bytes)."""
    base = tmp_path_factory.mktemp("sets")
    _write(["new", "--seed", "1", "--size", "small", "--formats", "json", "--out", str(base / "old")])
    (base / "old" / "mine.txt").write_text("kept")  # a file of another program
    _write([*SECOND[:-1], str(base / "new")])
    return base / "old", snapshot(base / "new")


@pytest.fixture
def old_set(templates):
    """A complete earlier set in ``k`` (and a file of another program), as bytes."""
    shutil.copytree(templates[0], "k")
    return snapshot("k")


@pytest.fixture
def new_set(templates):
    """What the second run writes when nothing goes wrong (same seed and options: same bytes)."""
    return templates[1]


def _enospc(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "k")


def _fail_on_call(monkeypatch, owner, name, n, error=_enospc):
    """Make ``owner.name`` fail on its n-th call (the earlier ones work)."""
    real = getattr(owner, name)
    calls = []

    def wrapper(*args, **kwargs):
        calls.append(1)
        if len(calls) == n:
            return error(*args, **kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapper)
    return calls


def _assert_one_line_error(code, out, err, expected_code=1):
    assert code == expected_code, (out, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err


# --------------------------------------------------------------------------- failures while staging


def _disk_full_at(monkeypatch, root: Path, n: int) -> list:
    """The filesystem of ``root`` fills up at the n-th file opened for writing under it.

    That file is created (empty, as a full disk leaves it) and the open fails with ENOSPC;
    files written elsewhere (``/tmp``) are not counted.  Whatever the code writes through.
    """
    real_open = builtins.open
    opened = []

    def open_(file, mode="r", *args, **kwargs):
        if isinstance(file, (str, bytes, os.PathLike)) and any(c in mode for c in "wax+"):
            if Path(os.fsdecode(file)).absolute().is_relative_to(root):
                opened.append(file)
                if len(opened) == n:
                    real_open(file, "wb").close()
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), os.fsdecode(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", open_)
    monkeypatch.setattr(io, "open", open_)
    return opened


@pytest.mark.parametrize("nth", [1, 3, 6, 12])  # the map, a battlefield, another, a later one
def test_a_full_disk_at_any_file_leaves_the_old_set(tmp_path, capsys, monkeypatch, old_set, nth):
    # In one process, so that the n-th file is always the same one (two processes share the battlefields out).
    monkeypatch.setenv(ONE_PROCESS, "1")
    opened = _disk_full_at(monkeypatch, tmp_path, nth)
    code, out, err = run(SECOND, capsys)
    assert len(opened) == nth
    _assert_one_line_error(code, out, err)
    assert "No space left on device" in err
    assert snapshot("k") == old_set and leftovers("k") == []


def test_a_full_disk_in_either_process_leaves_the_old_set(tmp_path, capsys, monkeypatch, old_set):
    """The battlefields are written by both processes, whichever is free: the disk fills at any of them."""
    real_open = builtins.open

    def open_(file, mode="r", *args, **kwargs):
        if isinstance(file, (str, bytes, os.PathLike)) and any(c in mode for c in "wax+") and "battlefields" in os.fsdecode(file):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), os.fsdecode(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", open_)
    monkeypatch.setattr(io, "open", open_)
    code, out, err = run(SECOND, capsys)
    _assert_one_line_error(code, out, err)
    assert "No space left on device" in err
    assert snapshot("k") == old_set and leftovers("k") == []


def test_a_failed_first_run_leaves_not_even_the_folders_it_made(tmp_path, capsys, monkeypatch):
    _disk_full_at(monkeypatch, tmp_path, 2)
    code, out, err = run([*SECOND[:-1], "deep/er/k"], capsys)
    _assert_one_line_error(code, out, err)
    assert list(tmp_path.iterdir()) == []


def test_a_failing_battlefield_leaves_the_old_map(capsys, monkeypatch, old_set):
    import mapgen.battlefield.generate as generate

    monkeypatch.setattr(generate, "generate_battlefield", lambda opts: 1 / 0)
    code, out, err = run(SECOND, capsys)
    _assert_one_line_error(code, out, err)
    assert "ZeroDivisionError" in err and "--debug" in err
    assert snapshot("k") == old_set and leftovers("k") == []


def test_debug_shows_the_traceback_and_without_it_one_line(capsys, monkeypatch, old_set):
    import mapgen.battlefield.generate as generate

    monkeypatch.setattr(generate, "generate_battlefield", lambda opts: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        main(["--debug", *SECOND])
    assert snapshot("k") == old_set and leftovers("k") == []
    code, out, err = run(SECOND, capsys)
    _assert_one_line_error(code, out, err)


def test_a_full_disk_while_carrying_other_files_over(capsys, monkeypatch, old_set):
    monkeypatch.setattr(folder_mod, "_link_or_copy", _enospc)
    code, out, err = run(SECOND, capsys)
    _assert_one_line_error(code, out, err)
    assert snapshot("k") == old_set and leftovers("k") == []


def test_an_unreadable_subfolder_is_refused_not_skipped(capsys, monkeypatch, old_set):
    # os.walk skips a folder it cannot read unless told; its files would go with the old set.
    real = os.walk

    def walk(top, onerror=None, **kw):
        onerror(PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.path.join(top, "private")))
        yield from real(top, onerror=onerror, **kw)

    monkeypatch.setattr(folder_mod.os, "walk", walk)
    code, out, err = run(SECOND, capsys)
    _assert_one_line_error(code, out, err, expected_code=2)
    assert "private" in err and "cannot read" in err
    assert snapshot("k") == old_set and leftovers("k") == []


def test_a_link_across_a_mount_point_is_refused_not_copied(capsys, monkeypatch, old_set):
    # EXDEV: mine.txt is on another mount than the staging folder (a bind mount of the same disk
    # has the same st_dev); copying it, then deleting the old set, would delete through the mount.
    def exdev(*args, **kwargs):
        raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))

    monkeypatch.setattr(folder_mod.os, "link", exdev)
    code, out, err = run(SECOND, capsys)
    _assert_one_line_error(code, out, err, expected_code=2)
    assert "mine.txt" in err and "mounted inside the output folder" in err
    assert snapshot("k") == old_set and leftovers("k") == []


def test_a_failing_swap_leaves_the_old_set(capsys, monkeypatch, old_set):
    monkeypatch.setattr(swap_mod, "exchange", lambda a, b: _enospc())
    code, out, err = run(SECOND, capsys)
    _assert_one_line_error(code, out, err)
    assert snapshot("k") == old_set and leftovers("k") == []


def test_two_renames_put_the_old_folder_back_when_the_second_fails(capsys, monkeypatch, old_set):
    monkeypatch.setattr(swap_mod, "exchange", lambda a, b: False)  # as on macOS or a filesystem without it
    _fail_on_call(monkeypatch, swap_mod.os, "rename", 2, lambda *a: _enospc())
    code, out, err = run(SECOND, capsys)
    _assert_one_line_error(code, out, err)
    assert snapshot("k") == old_set and leftovers("k") == []


def test_two_renames_swap_in_the_new_set(capsys, monkeypatch, old_set, new_set):
    monkeypatch.setattr(swap_mod, "exchange", lambda a, b: False)
    assert run(SECOND, capsys)[0] == 0
    assert snapshot("k") == {**new_set, "mine.txt": b"kept"} and leftovers("k") == []


def test_the_exchange_swaps_in_the_new_set(capsys, old_set, new_set):
    assert run(SECOND, capsys)[0] == 0
    assert snapshot("k") == {**new_set, "mine.txt": b"kept"} and leftovers("k") == []


# --------------------------------------------------------------------------- SIGTERM


def _terminate_self(*args, **kwargs):
    # Were SIGTERM not handled here, it would kill the test run instead of failing the test.
    assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, None), "SIGTERM is not handled while staged"
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(1)  # the handler raises before this ends
    raise AssertionError("SIGTERM did not stop the run")


def test_sigterm_while_staging_leaves_the_old_set(capsys, monkeypatch, old_set):
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    _fail_on_call(monkeypatch, kit.Outputs, "path", 4, _terminate_self)
    code, out, err = run(SECOND, capsys)
    assert code == 128 + signal.SIGTERM and "Terminated" in err
    assert snapshot("k") == old_set and leftovers("k") == []
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL  # the handler is only there while staged


def test_sigterm_during_the_swap_waits_for_it(capsys, monkeypatch, old_set, new_set):
    real = swap_mod.exchange

    def exchange(a, b):
        os.kill(os.getpid(), signal.SIGTERM)  # held until the swap is done
        return real(a, b)

    monkeypatch.setattr(swap_mod, "exchange", exchange)
    code, _, err = run(SECOND, capsys)
    assert code == 128 + signal.SIGTERM
    assert snapshot("k") == {**new_set, "mine.txt": b"kept"} and leftovers("k") == []



def _sigterm_before(monkeypatch, owner, name):
    """SIGTERM arrives as ``owner.name`` starts (the delete of a staging folder, say)."""
    real = getattr(owner, name)

    def wrapper(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGTERM)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapper)


def test_sigterm_while_the_old_set_is_deleted_waits_for_the_delete(capsys, monkeypatch, old_set, new_set):
    # After the swap the old set is under the staging name: a signal must not leave it half deleted.
    _sigterm_before(monkeypatch, folder_mod.shutil, "rmtree")
    code, _, err = run(SECOND, capsys)
    assert code == 128 + signal.SIGTERM and "Terminated" in err
    assert snapshot("k") == {**new_set, "mine.txt": b"kept"} and leftovers("k") == []
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def test_sigterm_while_cleaning_up_after_an_error_keeps_the_error(capsys, monkeypatch, old_set):
    import mapgen.battlefield.generate as generate

    monkeypatch.setattr(generate, "generate_battlefield", lambda opts: 1 / 0)
    _sigterm_before(monkeypatch, folder_mod.shutil, "rmtree")
    code, out, err = run(SECOND, capsys)
    assert code == 128 + signal.SIGTERM
    assert "Terminated" in err and "ZeroDivisionError" in err and len(err.strip().splitlines()) == 1, err
    assert snapshot("k") == old_set and leftovers("k") == []
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


# --------------------------------------------------------------------------- real processes

_CHILD = """
import os, sys, time
import mapgen.kit.swap as swap
import mapgen.kit.files as files
from mapgen.cli import main

def pause():
    open("reached", "w").close()
    time.sleep(60)

{patch}
main({argv!r})
"""


def _child(tmp_path, patch: str, argv) -> subprocess.Popen:
    script = _CHILD.format(patch=textwrap.dedent(patch), argv=list(argv))
    return subprocess.Popen([sys.executable, "-c", script], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _wait_for(path: Path, proc: subprocess.Popen, timeout=60.0) -> None:
    end = time.monotonic() + timeout
    while not path.exists():
        if proc.poll() is not None:
            raise AssertionError(proc.stderr.read().decode())
        if time.monotonic() > end:
            proc.kill()
            raise AssertionError("the child never reached the point")
        time.sleep(0.02)


def test_sigterm_to_a_real_run_leaves_the_old_set(tmp_path, old_set):
    proc = _child(tmp_path, """
        real = files.write_battlefields
        def write_battlefields(*a, **k):
            written = real(*a, **k)
            pause()
            return written
        files.write_battlefields = write_battlefields
    """, SECOND)
    _wait_for(tmp_path / "reached", proc)
    assert leftovers("k"), "the run should be staging beside k"
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 128 + signal.SIGTERM
    assert b"Terminated" in proc.stderr.read()
    assert snapshot("k") == old_set and leftovers("k") == []


def test_sigkill_mid_swap_then_the_next_run_recovers(tmp_path, capsys, old_set, new_set):
    # Killed between the two renames of the fallback swap: the old folder is aside, k is missing.
    proc = _child(tmp_path, """
        swap.exchange = lambda a, b: False
        real = os.rename
        def rename(src, dst):
            real(src, dst)
            if os.path.basename(str(src)) == "k":
                pause()
        swap.os.rename = rename
    """, SECOND)
    _wait_for(tmp_path / "reached", proc)
    proc.kill()
    proc.wait(30)
    assert not Path("k").exists()
    (aside,) = [p for p in tmp_path.iterdir() if p.name.startswith(".k.mapgen-old-")]
    (staged,) = [p for p in tmp_path.iterdir() if p.name.startswith(".k.mapgen-new-")]
    assert snapshot(aside) == old_set
    # The next run puts the old folder back, deletes the dead run's staging, and replaces k whole
    # (mine.txt, only in the old folder, is carried over: the old folder was put back first).
    code, out, err = run(SECOND, capsys)
    assert code == 0, err
    assert "(put back k, which a killed run had moved aside)" in out
    assert f"(deleted {staged.name}, left by a killed run)" in out
    assert snapshot("k") == {**new_set, "mine.txt": b"kept"} and leftovers("k") == []


# --------------------------------------------------------------------------- staging left by SIGKILL


def test_a_dead_runs_staging_folder_is_deleted_and_a_live_ones_kept(capsys, old_set):
    # Names without the hash, as mapgen wrote them before it: still cleaned up for a short name.
    dead = Path(".k.mapgen-new-99999-deadbeef")
    dead.mkdir()
    (dead / "fw-map.json").write_text("{half")
    live = Path(".k.mapgen-new-99998-livelive")
    live.mkdir()
    (live / "x").write_text("x")
    fd = os.open(live, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)  # as a run in another process holds it
    try:
        code, out, err = run(SECOND, capsys)
        assert code == 0, err
        assert not dead.exists() and live.exists()
        assert f"deleted {dead.name}, left by a killed run" in out
    finally:
        os.close(fd)
    assert leftovers("k") == [live.name]
    shutil.rmtree(live)


def test_an_old_folder_left_by_a_killed_swap_is_deleted_when_the_swap_had_finished(capsys, old_set):
    aside = Path(".k.mapgen-old-99999-deadbeef")
    shutil.copytree("k", aside)
    assert run(SECOND, capsys)[0] == 0
    assert not aside.exists() and leftovers("k") == []


def _left_by_a_dead_run(folder: Path, kind: str) -> Path:
    """A non-empty staging (``new``) or set-aside (``old``) folder beside ``folder``, as a killed run leaves it."""
    path = Path(tempfile.mkdtemp(prefix=swap_mod.stage_prefix(folder, kind), dir=folder.parent))
    (path / "fw-map.json").write_text("{}")
    return path


def test_siblings_sharing_their_first_100_characters_keep_their_own_leftovers(tmp_path):
    # Staging names keep at most 100 bytes of the folder's name, plus a hash of all of it.
    a, b = tmp_path / ("x" * 100 + "a"), tmp_path / ("x" * 100 + "b")
    b_old, b_new = _left_by_a_dead_run(b, "old"), _left_by_a_dead_run(b, "new")
    assert kit.recover(a) == [] and b_old.exists() and b_new.exists() and not a.exists()
    done = kit.recover(b)
    assert len(done) == 2 and b.is_dir() and not b_old.exists() and not b_new.exists()


def test_a_long_name_in_many_bytes_still_gets_a_staging_folder(tmp_path):
    # 85 three-byte characters are a folder name of 255 bytes, the limit: its staging name must be shorter.
    out = tmp_path / ("\u20ac" * 85)
    kit.write(out, lambda o: o.write_text("notes.md", "x"))
    assert (out / "notes.md").read_text() == "x" and leftovers(out) == []
    leftover = _left_by_a_dead_run(out, "new")
    assert kit.recover(out) == [f"deleted {leftover.name}, left by a killed run"]


# --------------------------------------------------------------------------- a real full filesystem

_TMPFS = """
set -e
mkdir -p fs && mount -t tmpfs -o size=400k tmpfs fs
cd fs
{python} - <<'EOF'
import hashlib, json, os, sys
from mapgen.cli import main

def state():
    files = {{}}
    for root, dirs, names in os.walk("."):
        for n in names:
            p = os.path.join(root, n)[2:]
            files[p] = hashlib.sha256(open(p, "rb").read()).hexdigest()
    return files

def code(argv):
    try:
        main(argv)
    except SystemExit as exc:
        return exc.code or 0
    return 0

first = code(["fw-map", "--seed", "1", "--size", "small", "--formats", "json", "--out", "k"])
before = state()
second = code(["fw-map", "--seed", "2", "--width", "24", "--height", "24", "--formats", "json,svg", "--out", "k"])
print(json.dumps({{"first": first, "second": second, "before": before, "after": state()}}))
EOF
"""


def _in_mount_namespace(script: str, cwd):
    """Run a shell script as root of its own mount namespace (``unshare -rm``), or skip where that
    or its mounts are impossible (no unshare, no user namespaces)."""
    if shutil.which("unshare") is None:
        pytest.skip("no unshare")
    try:
        proc = subprocess.run(["unshare", "-rm", "sh", "-c", script.format(python=sys.executable)], cwd=cwd, capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"cannot run in a mount namespace: {exc}")
    if b"mount:" in proc.stderr or b"unshare:" in proc.stderr:
        pytest.skip(f"cannot mount here: {proc.stderr.decode().strip()}")
    return proc


def test_a_real_full_filesystem_leaves_the_old_set(tmp_path):
    proc = _in_mount_namespace(_TMPFS, tmp_path)
    import json

    result = json.loads(proc.stdout.decode().strip().splitlines()[-1])
    assert result["first"] == 0 and result["second"] == 1, proc.stderr.decode()
    assert b"No space left on device" in proc.stderr
    assert result["after"] == result["before"]
    assert sorted(result["after"]) == [f"k/{MANIFEST}", "k/fw-map.json"]


_MOUNTED = """
set -e
{python} -c 'from mapgen.cli import main; main(["fw-map", "--seed", "1", "--size", "small", "--formats", "json", "--out", "k"])' || true
mkdir -p k/disk k/bound elsewhere
mount -t tmpfs -o size=400k tmpfs k/disk
echo precious > k/disk/data.txt
echo mine > elsewhere/data.txt
mount --bind elsewhere k/bound
set +e
{python} -c 'from mapgen.cli import main; main(["fw-map", "--seed", "2", "--size", "small", "--formats", "json", "--out", "k"])'
echo "second=$?"
cat k/disk/data.txt k/bound/data.txt
ls -a . k
"""


def test_a_filesystem_mounted_inside_out_is_refused(tmp_path):
    # the manual, "Output folders": a mount point inside --out stops the run (exit 2); nothing is
    # copied from it, nothing on it deleted, and --out keeps the old set.
    proc = _in_mount_namespace(_MOUNTED, tmp_path)
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert "second=2" in out, (out, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert "k/disk" in err and "mounted inside the output folder" in err
    assert "precious\nmine\n" in out
    assert ".k.mapgen-" not in out  # no staging folder left beside k
    assert "k" in out.split() and "fw-map.json" in out.split()
