"""An output folder holds one run's complete set of files, or the previous set untouched.

Replacing the files of a folder one by one is never one step: a full disk or a
kill in the middle leaves the new map beside the old drawing.  So a run writes
its whole set into a *staging folder*, a hidden sibling of the output folder
(``.<name>.mapgen-new-<pid>-<random>``: a sibling, not ``/tmp``, so that it is
on the same filesystem and a rename can move it), and only then swaps it in:

* on Linux with ``renameat2(RENAME_EXCHANGE)``, one system call that exchanges
  the two folders atomically; the old set, now under the staging name, is
  then deleted;
* elsewhere (or on a filesystem without it) with two renames, the old folder
  first to ``.<name>.mapgen-old-...`` and the staging folder to its place,
  renaming the old one back if the second rename fails.

Files of other programs in the output folder are kept: they are hard-linked
(copied where links are impossible) into the staging folder before the swap.
Files that an earlier mapgen run wrote there and this run does not write are
left out, so a folder never mixes two runs; a small manifest
(``.mapgen-files.json``) records what mapgen wrote.

SIGTERM and SIGHUP raise :class:`Terminated` while a set is staged, so the
clean-up that runs on any error also runs for them; the swap itself runs with
these signals held.  Only SIGKILL (or a power cut) can leave a staging folder
behind: the next run into the same folder finds it unlocked (each run holds an
``flock`` on its staging folder while it lives), deletes it, and puts back an
old folder that a killed two-rename swap had moved aside.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path, PurePosixPath

from ..errors import MapgenError

try:  # POSIX only: the lock that tells a live run's staging folder from a dead one's
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

#: What mapgen wrote in a folder, so that the next run can tell its files from other programs'.
MANIFEST = ".mapgen-files.json"
MANIFEST_SCHEMA = "mapgen/outputs"
#: Longest part of the output folder's name repeated in its staging folder's name.
_NAME_CHARS = 100
_STAGE_NAME = re.compile(r"^\.(?P<name>.*)\.mapgen-(?P<kind>new|old)-(?P<pid>\d+)-[0-9a-z_]+$")
#: An unlocked, empty staging folder younger than this may be a run that has not locked it yet.
_FRESH_SECONDS = 60.0
_HELD_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, n))
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


class OutputFolderError(MapgenError):
    """The folder given for the output cannot take a set of files (a usage error)."""


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived while files were staged; raised so that the clean-up runs.

    A ``BaseException`` like ``KeyboardInterrupt``: ``except Exception`` does not swallow it.
    """

    def __init__(self, signum: int):
        self.signum = signum
        super().__init__(f"terminated by signal {signum}")


def target_folder(out) -> Path:
    """The absolute folder a run into ``out`` replaces; refuses what cannot be replaced whole.

    A symbolic link to a folder is followed (the folder is replaced, the link kept).
    """
    text = os.fspath(out)
    if not str(text).strip():
        raise OutputFolderError("the output folder cannot be empty")
    folder = Path(os.path.abspath(text))
    if folder.is_symlink():
        folder = folder.resolve()
    if folder.exists() and not folder.is_dir():
        raise OutputFolderError(f"{out} is a file, not a folder")
    if folder.parent == folder:
        raise OutputFolderError(f"{out} is the root of a filesystem: give a folder inside it")
    real, cwd = folder.resolve(), Path.cwd().resolve()
    if real == cwd or real in cwd.parents:
        raise OutputFolderError(
            f"{out} holds the current folder, and mapgen replaces its output folder as a whole: "
            "give a folder inside it (e.g. maps)"
        )
    return folder


def read_manifest(folder: Path) -> set[str]:
    """The files an earlier mapgen run wrote in ``folder`` (empty when there is no readable manifest)."""
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    files = data.get("files") if isinstance(data, dict) and data.get("schema") == MANIFEST_SCHEMA else None
    if not isinstance(files, list):
        return set()
    return {f for f in files if isinstance(f, str) and _safe_name(f)}


def _safe_name(name: str) -> bool:
    rel = PurePosixPath(name)
    parts = rel.parts
    return bool(parts) and not rel.is_absolute() and ".." not in parts and "\\" not in name and parts[0] != MANIFEST


def _stage_prefix(folder: Path, kind: str) -> str:
    return f".{folder.name[:_NAME_CHARS]}.mapgen-{kind}-{os.getpid()}-"


# --------------------------------------------------------------------------
# staging folders left by killed runs
# --------------------------------------------------------------------------


def _lock(path: Path, blocking: bool = True) -> int | None:
    """An open descriptor of folder ``path`` holding an exclusive flock; None if another process holds it."""
    if fcntl is None:  # pragma: no cover - Windows: no lock, the pid decides
        return None
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
    except BlockingIOError:
        os.close(fd)
        return None
    except BaseException:
        os.close(fd)
        raise
    return fd


def _abandoned(path: Path, pid: int) -> bool:
    """Is the staging folder ``path`` (made by process ``pid``) left by a run that is gone?"""
    if fcntl is None:  # pragma: no cover - Windows: os.kill(pid, 0) would terminate the process
        return time.time() - path.stat().st_mtime > 24 * 3600
    fd = _lock(path, blocking=False)
    if fd is None:
        return False  # a live run holds it
    os.close(fd)
    # A run locks its folder right after making it: spare an empty one for a moment.
    try:
        fresh = not any(path.iterdir()) and time.time() - path.stat().st_mtime < _FRESH_SECONDS
    except OSError:
        return False
    return not fresh or pid == os.getpid()


def recover(out) -> list[str]:
    """Clean up beside ``out`` after runs killed with SIGKILL: returns what was done, one line each.

    A staging folder nobody holds is deleted; an old folder that a two-rename swap
    moved aside is renamed back when ``out`` is missing (the swap was killed
    between its renames), else deleted.
    """
    folder = Path(os.path.abspath(os.fspath(out)))
    parent, done = folder.parent, []
    try:
        entries = [e for e in os.scandir(parent) if e.name.startswith(f".{folder.name[:_NAME_CHARS]}.mapgen-")]
    except OSError:
        return done
    for entry in sorted(entries, key=lambda e: e.name):
        m = _STAGE_NAME.match(entry.name)
        path = Path(entry.path)
        if not m or m["name"] != folder.name[:_NAME_CHARS] or not entry.is_dir(follow_symlinks=False):
            continue
        try:
            if not _abandoned(path, int(m["pid"])):
                continue
            if m["kind"] == "old" and not os.path.lexists(folder):
                os.rename(path, folder)
                done.append(f"put back {folder.name}, which a killed run had moved aside")
                continue
        except OSError:
            continue
        shutil.rmtree(path, ignore_errors=True)
        done.append(f"deleted {entry.name}, left by a killed run")
    return done


# --------------------------------------------------------------------------
# signals
# --------------------------------------------------------------------------


def _raise_terminated(signum, frame):
    raise Terminated(signum)


class _TerminationGuard:
    """SIGTERM/SIGHUP raise :class:`Terminated` instead of killing the process outright.

    Only where the default action (die at once) is in force, and only in the main
    thread: an application that handles these signals itself keeps its handlers.
    """

    SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))

    def __init__(self):
        self.installed: list[int] = []

    def install(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in self.SIGNALS:
            if signal.getsignal(sig) == signal.SIG_DFL:
                signal.signal(sig, _raise_terminated)
                self.installed.append(sig)

    def restore(self) -> None:
        while self.installed:
            signal.signal(self.installed.pop(), signal.SIG_DFL)


@contextlib.contextmanager
def _signals_held():
    """Defer SIGTERM, SIGHUP and SIGINT while the folders are swapped; they act right after.

    Blocking them with ``pthread_sigmask`` would not do: a signal sent to the process goes
    to any thread that does not block it (numpy's threads do not), and Python then runs
    the handler in the main thread all the same.  So the handlers only take note.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []
    saved = {sig: signal.signal(sig, lambda signum, frame: pending.append(signum)) for sig in _HELD_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        if pending:
            handler = saved[pending[0]]
            if callable(handler):
                handler(pending[0], None)  # e.g. Terminated, or KeyboardInterrupt for SIGINT
            elif handler in (signal.SIG_DFL, None):
                signal.raise_signal(pending[0])


# --------------------------------------------------------------------------
# the swap
# --------------------------------------------------------------------------


def _renameat2():
    if not sys.platform.startswith("linux"):
        return None
    try:
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):  # glibc before 2.28, musl
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    return fn


def exchange(a: Path, b: Path) -> bool:
    """Swap folders ``a`` and ``b`` in one step; False where the system or filesystem cannot."""
    fn = _renameat2()
    if fn is None:
        return False
    if fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _two_renames(staging: Path, folder: Path) -> None:
    """The swap without ``RENAME_EXCHANGE``: old aside, new in, old back if the second rename fails."""
    backup = Path(tempfile.mkdtemp(prefix=_stage_prefix(folder, "old"), dir=folder.parent))
    os.rmdir(backup)  # only its unique name is wanted
    fd = _lock(folder)  # so that a run beside this one does not take it for a dead run's
    try:
        os.rename(folder, backup)
        try:
            os.rename(staging, folder)
        except BaseException:
            os.rename(backup, folder)
            raise
    finally:
        if fd is not None:
            os.close(fd)
    shutil.rmtree(backup, ignore_errors=True)


def swap_in(staging: Path, folder: Path) -> None:
    """Make ``staging`` the folder ``folder``; the old ``folder`` ends up under ``staging``'s name, or gone."""
    with _signals_held():
        if not os.path.lexists(folder):
            os.rename(staging, folder)
        elif not exchange(staging, folder):
            _two_renames(staging, folder)


# --------------------------------------------------------------------------
# other programs' files
# --------------------------------------------------------------------------


def _link_or_copy(src: str, dest: Path) -> None:
    try:
        os.link(src, dest, follow_symlinks=False)
    except OSError:
        if os.path.islink(src):
            os.symlink(os.readlink(src), dest)
        else:
            shutil.copy2(src, dest)


def _make_dirs(rel: PurePosixPath, src_root: Path, dest_root: Path) -> None:
    """Create ``dest_root/rel`` and its missing parents with the modes they have under ``src_root``."""
    for part in reversed((rel, *rel.parents)):
        if str(part) == ".":
            continue
        dest = dest_root / part
        if dest.is_dir():
            continue
        if os.path.lexists(dest):
            raise OutputFolderError(f"{src_root / part} is a folder of other files, and mapgen writes a file there")
        dest.mkdir()
        shutil.copymode(src_root / part, dest)


def carry_over(folder: Path, staging: Path, ours: set[str]) -> None:
    """Link into ``staging`` every file of ``folder`` that is not mapgen's (not in ``ours``) nor rewritten."""
    for dirpath, dirnames, filenames in os.walk(folder):
        rel_dir = PurePosixPath(Path(dirpath).relative_to(folder).as_posix())
        entries = list(filenames)
        for d in list(dirnames):  # a link to a folder is kept as a link, not followed
            if os.path.islink(os.path.join(dirpath, d)):
                dirnames.remove(d)
                entries.append(d)
        if not entries and not dirnames and str(rel_dir) != "." and not (staging / rel_dir).exists():
            _make_dirs(rel_dir, folder, staging)  # an empty folder of another program
        for name in entries:
            rel = rel_dir / name
            key = rel.as_posix()
            if key == MANIFEST or key in ours or os.path.lexists(staging / rel) and not (staging / rel).is_dir():
                continue  # mapgen's own file, from this run or an earlier one
            if (staging / rel).is_dir():
                raise OutputFolderError(f"{folder / rel} is a file of another program, and mapgen writes a folder there")
            _make_dirs(rel.parent, folder, staging)
            _link_or_copy(os.path.join(dirpath, name), staging / rel)


# --------------------------------------------------------------------------
# one run's files
# --------------------------------------------------------------------------


class Outputs:
    """The files of one run, staged beside ``out`` and swapped in whole by :meth:`commit`.

    Use it as a context manager: the set is committed when the block ends
    normally, and the staging folder is deleted in every case.

    Examples
    --------
    >>> with Outputs(tmp / "kit") as outputs:          # doctest: +SKIP
    ...     outputs.write_text("notes.md", "# Notes\\n")
    >>> outputs.files, outputs.removed                  # doctest: +SKIP
    (['notes.md'], [])
    """

    def __init__(self, out):
        self.out = Path(out)
        self.folder = target_folder(out)
        self.files: list[str] = []
        self.notes: list[str] = []
        #: Lines printed after the file list, e.g. the countries' settlements and taxes.
        self.summary: list[str] = []
        #: Files of an earlier mapgen run that this run's set no longer has (filled by :meth:`commit`).
        self.removed: list[str] = []
        #: What was cleaned up after killed runs before this one started.
        self.recovered: list[str] = []
        self.staging: Path | None = None
        self._lock_fd: int | None = None
        self._made: list[Path] = []
        self._guard = _TerminationGuard()
        self._guard.install()
        try:
            self.recovered = recover(self.folder)
            self._made = _make_parents(self.folder.parent)
            self.staging = Path(tempfile.mkdtemp(prefix=_stage_prefix(self.folder, "new"), dir=self.folder.parent))
            self._lock_fd = _lock(self.staging)
        except BaseException:
            self.discard()
            raise

    def __enter__(self) -> "Outputs":
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        try:
            if exc_type is None:
                self.commit()
        finally:
            self.discard()
        return False

    def path(self, name: str) -> Path:
        """Where to write ``name`` (which may contain subfolders, e.g. ``battlefields/x.json``)."""
        if self.staging is None:
            raise MapgenError(f"the files for {self.out} are already committed or discarded")
        if not _safe_name(name):
            raise ValueError(f"not a file name inside the output folder: {name!r}")
        if name not in self.files:
            self.files.append(name)
        target = self.staging / name
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def write_text(self, name: str, text: str) -> None:
        self.path(name).write_text(text, encoding="utf-8", newline="\n")

    def commit(self) -> list[str]:
        """Swap the staged set in as the output folder; returns the earlier run's files it dropped."""
        if self.staging is None:
            raise MapgenError(f"the files for {self.out} are already committed or discarded")
        folder, staging = self.folder, self.staging
        ours = read_manifest(folder) if folder.is_dir() else set()
        new = set(self.files)
        manifest = {"schema": MANIFEST_SCHEMA, "version": 1, "files": sorted(new)}
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        if folder.is_dir():
            carry_over(folder, staging, ours | new)
            shutil.copymode(folder, staging)
        else:
            os.chmod(staging, 0o777 & ~_umask())  # mkdtemp makes 0700; a map is for sharing
        self.removed = sorted(f for f in ours - new if os.path.lexists(folder / f))
        swap_in(staging, folder)
        self._made = []  # the folder now exists: its parents stay
        self.discard()  # the old set, now under the staging name
        return self.removed

    def discard(self) -> None:
        """Delete the staging folder (and parent folders this run made, if nothing went in them)."""
        staging, self.staging = self.staging, None
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None
        for made in reversed(self._made):
            with contextlib.suppress(OSError):
                made.rmdir()
        self._made = []
        self._guard.restore()


def _make_parents(parent: Path) -> list[Path]:
    """Create ``parent`` and its missing ancestors; returns those it made, outermost first."""
    missing = [p for p in (parent, *parent.parents) if not p.exists()]
    parent.mkdir(parents=True, exist_ok=True)
    return list(reversed(missing))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write(out, produce) -> Outputs:
    """Stage the files ``produce(outputs)`` writes, then swap them in as ``out``; returns the Outputs."""
    with Outputs(out) as outputs:
        produce(outputs)
    return outputs
