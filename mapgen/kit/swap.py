"""Swapping a staged set in, and what a killed run leaves behind.

A run's staging folder is a hidden sibling of the output folder,
``.<name>.mapgen-new-<hash>-<pid>-<random>`` (a sibling, not ``/tmp``: on the
same filesystem, so a rename moves it).  ``<name>`` is the folder's name cut to
100 bytes, so the whole stays under the 255-byte limit of a name; ``<hash>``,
8 hex digits of the full name's SHA-256, keeps two folders whose names share
those 100 bytes from taking each other's staging folders for their own.  It is
swapped in

* on Linux with ``renameat2(RENAME_EXCHANGE)``, one system call that exchanges
  the two folders atomically; the old set, now under the staging name, is
  then deleted;
* elsewhere (or on a filesystem without it) with two renames, the old folder
  first to ``.<name>.mapgen-old-<hash>-<pid>-<random>`` and the staging folder
  to its place, renaming the old one back if the second rename fails.

SIGTERM and SIGHUP raise :class:`Terminated` while a set is staged, so the
clean-up that runs on any error also runs for them; during the swap and the
deletes of the clean-up they (and Ctrl-C) only take effect once that is done.
Only SIGKILL (or a power cut) can leave a staging folder behind: the next run
into the same folder finds it unlocked (each run holds an ``flock`` on its
staging folder while it lives), deletes it, and puts back an old folder that a
killed two-rename swap had moved aside.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import hashlib
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

try:  # POSIX only: the lock that tells a live run's staging folder from a dead one's
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

#: Longest part (in bytes) of the output folder's name repeated in its staging folder's name.
_NAME_BYTES = 100
#: Hex digits of the SHA-256 of the output folder's full name in its staging folder's name.
_HASH_CHARS = 8
#: Before the hash, staging names kept the first 100 characters of the name and nothing else.
_LEGACY_NAME_CHARS = 100
#: A staging folder's name; compiled (by re.match) only when a folder has something beside it to recover.
_STAGE_NAME = r"^\.(?P<name>.*)\.mapgen-(?P<kind>new|old)-(?:(?P<hash>[0-9a-f]{%d})-)?(?P<pid>\d+)-[0-9a-z_]+$" % _HASH_CHARS
#: An unlocked, empty staging folder younger than this may be a run that has not locked it yet.
_FRESH_SECONDS = 60.0
_HELD_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, n))
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived while files were staged; raised so that the clean-up runs.

    A ``BaseException`` like ``KeyboardInterrupt``: ``except Exception`` does not swallow it.
    ``error`` is the error the run had already failed with when the signal came
    during its clean-up, so that the signal does not hide it.
    """

    def __init__(self, signum: int):
        self.signum = signum
        self.error: BaseException | None = None
        super().__init__(f"terminated by signal {signum}")


def _short_name(name: str) -> str:
    """``name`` cut to :data:`_NAME_BYTES` bytes on the disk, at a whole character."""
    while len(os.fsencode(name)) > _NAME_BYTES:
        name = name[:-1]
    return name


def _name_hash(name: str) -> str:
    return hashlib.sha256(os.fsencode(name)).hexdigest()[:_HASH_CHARS]


def stage_prefix(folder: Path, kind: str) -> str:
    """The start of the name of a staging (``new``) or set-aside (``old``) folder beside ``folder``."""
    return f".{_short_name(folder.name)}.mapgen-{kind}-{_name_hash(folder.name)}-{os.getpid()}-"


def _is_beside(match: re.Match, name: str) -> bool:
    """Was the staging or old folder ``match`` parsed made for an output folder called ``name``?

    A name without the hash was written by a mapgen before it: it holds the first 100
    characters of the folder's name, which tell only a shorter name apart from its siblings'.
    """
    if match["hash"] is not None:
        return match["hash"] == _name_hash(name) and match["name"] == _short_name(name)
    return len(name) < _LEGACY_NAME_CHARS and match["name"] == name


# --------------------------------------------------------------------------
# staging folders left by killed runs
# --------------------------------------------------------------------------


def lock(path: Path, blocking: bool = True) -> int | None:
    """An open descriptor of folder ``path`` holding an exclusive flock; None if another process holds it."""
    if fcntl is None:  # pragma: no cover - Windows: no lock, the age decides
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
    fd = lock(path, blocking=False)
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
    starts = (f".{_short_name(folder.name)}.mapgen-", f".{folder.name}.mapgen-")
    try:
        entries = [e for e in os.scandir(parent) if e.name.startswith(starts)]
    except OSError:
        return done
    for entry in sorted(entries, key=lambda e: e.name):
        m = re.match(_STAGE_NAME, entry.name)
        path = Path(entry.path)
        if not m or not _is_beside(m, folder.name) or not entry.is_dir(follow_symlinks=False):
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


class TerminationGuard:
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
def signals_held():
    """Defer SIGTERM, SIGHUP and SIGINT while the folders are swapped or a folder deleted; they act right after.

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
    backup = Path(tempfile.mkdtemp(prefix=stage_prefix(folder, "old"), dir=folder.parent))
    os.rmdir(backup)  # only its unique name is wanted
    fd = lock(folder)  # so that a run beside this one does not take it for a dead run's
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
    with signals_held():
        if not os.path.lexists(folder):
            os.rename(staging, folder)
        elif not exchange(staging, folder):
            _two_renames(staging, folder)
