"""The campaign folder as a boundary: read, write and delete only real files and folders inside it.

A folder may come from an opponent.  A symbolic link planted in it
(``battles/`` pointing at the home folder, ``battle.md`` at ``~/.ssh/id_rsa``)
must never make a command read a file outside it into a page, write there
or delete there.  So every path under the folder is checked component by
component with ``lstat`` (a symlink anywhere below the folder is refused),
files are opened with ``O_NOFOLLOW``, and ``..`` or an absolute path is
never accepted.  The folder itself is the user's choice and may be a link.

Examples
--------
>>> import tempfile, os
>>> d = Path(tempfile.mkdtemp())
>>> _ = (d / "a.txt").write_text("x")
>>> read_text(d, "a.txt")
'x'
>>> os.symlink("/etc/passwd", d / "b.txt")
>>> read_text(d, "b.txt")
Traceback (most recent call last):
...
mapgen.safefs.OutsideFolderError: ...b.txt: a symbolic link; mapgen reads and writes only real files inside the campaign folder
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path, PurePath

from .errors import BadFileError

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class OutsideFolderError(BadFileError):
    """A path under a campaign folder that is a symbolic link or leads outside it."""


def _parts(rel: str | os.PathLike) -> tuple[str, ...]:
    parts = PurePath(rel).parts
    if not parts or PurePath(rel).is_absolute() or any(p in ("..", "") for p in parts):
        raise OutsideFolderError(f"{rel}: not a path inside the campaign folder")
    return tuple(p for p in parts if p != ".")


def inside(folder: str | os.PathLike, rel: str | os.PathLike) -> Path:
    """``folder / rel`` once no existing component below ``folder`` is a symbolic link.

    Components that do not exist yet are fine (the caller may create them);
    anything already there must be a real file or folder.
    """
    path = Path(folder)
    for part in _parts(rel):
        path = path / part
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            return Path(folder).joinpath(*_parts(rel))
        if stat.S_ISLNK(st.st_mode):
            raise OutsideFolderError(f"{path}: a symbolic link; mapgen reads and writes only real files inside the campaign folder")
    return path


def read_bytes(folder: str | os.PathLike, rel: str | os.PathLike, limit: int | None = None) -> bytes:
    """A regular file's bytes, never through a link; ``limit`` refuses a larger file before reading it."""
    path = inside(folder, rel)
    fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OutsideFolderError(f"{path}: not a regular file")
        if limit is not None and st.st_size > limit:
            raise BadFileError(f"{path}: {st.st_size} bytes, more than the {limit} mapgen reads here")
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            return fh.read()
    finally:
        if fd >= 0:
            os.close(fd)


def read_text(folder: str | os.PathLike, rel: str | os.PathLike, limit: int | None = None) -> str:
    data = read_bytes(folder, rel, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadFileError(f"{Path(folder) / rel}: not UTF-8 text (byte {exc.start})") from None


def is_file(folder: str | os.PathLike, rel: str | os.PathLike) -> bool:
    """Whether ``rel`` is a real regular file inside the folder (a link, or a link on the way, is not)."""
    try:
        return stat.S_ISREG(os.lstat(inside(folder, rel)).st_mode)
    except (OSError, OutsideFolderError):
        return False


def is_dir(folder: str | os.PathLike, rel: str | os.PathLike) -> bool:
    """Whether ``rel`` is a real folder inside the folder (a link, or a link on the way, is not)."""
    try:
        return stat.S_ISDIR(os.lstat(inside(folder, rel)).st_mode)
    except (OSError, OutsideFolderError):
        return False


def make_dirs(folder: str | os.PathLike, rel: str | os.PathLike) -> Path:
    """Create ``rel`` and its parents as real folders inside ``folder``; an existing link on the way is refused."""
    path = Path(folder)
    for part in _parts(rel):
        path = path / part
        try:
            os.mkdir(path)
        except FileExistsError:
            if not stat.S_ISDIR(os.lstat(path).st_mode):
                raise OutsideFolderError(f"{path}: a symbolic link or a file where mapgen keeps a folder") from None
    return path


def remove_tree(folder: str | os.PathLike, rel: str | os.PathLike) -> bool:
    """Delete a real folder inside ``folder`` and what it holds; a link is never followed or removed.

    ``shutil.rmtree`` itself removes links inside the tree without following them.
    Returns whether something was removed.
    """
    if not is_dir(folder, rel):
        return False
    shutil.rmtree(inside(folder, rel))
    return True


def new_folder_target(folder: str | os.PathLike, rel: str | os.PathLike) -> Path:
    """Where to write a new folder ``rel`` (a battle's) whole: its parents made real folders, nothing a link.

    For a writer that stages the folder and swaps it in (:func:`mapgen.kit.write`),
    which would follow a linked ``battles/`` or a dangling link left where the
    folder goes: this refuses both with :class:`OutsideFolderError`, before anything is written.
    """
    inside(folder, rel)
    if PurePath(rel).parent.parts:
        os.makedirs(folder, exist_ok=True)  # the folder itself is the caller's choice
        make_dirs(folder, PurePath(rel).parent)
    return inside(folder, rel)


def real_file(folder: str | os.PathLike, rel: str | os.PathLike) -> Path | None:
    """``folder / rel`` when it is a real regular file inside the folder; None when nothing is there.

    For readers that take a path (a map's reader): a link, or a link on the way,
    is :class:`OutsideFolderError` rather than "missing", so a planted
    ``campaign.json`` link is refused, never quietly replaced by another file.
    """
    path = inside(folder, rel)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(st.st_mode):
        raise OutsideFolderError(f"{path}: not a regular file")
    return path


def real_files(folder: str | os.PathLike, suffix: str) -> list[str]:
    """Every real regular file under ``folder`` whose name ends with ``suffix``, relative and '/'-separated, sorted.

    Linked folders are not entered (``os.walk``) and linked files are left out; hidden folders are skipped.
    """
    found = []
    for dirpath, dirnames, filenames in os.walk(folder, onerror=lambda err: None):  # an unreadable folder is skipped
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        rel_dir = Path(dirpath).relative_to(folder)
        for name in filenames:
            if name.endswith(suffix):
                try:
                    if stat.S_ISREG(os.lstat(os.path.join(dirpath, name)).st_mode):
                        found.append((rel_dir / name).as_posix())
                except OSError:
                    continue
    return sorted(found)
