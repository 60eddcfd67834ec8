"""An output folder holds one run's complete set of files, or the previous set untouched.

Replacing the files of a folder one by one is never one step: a full disk or a
kill in the middle leaves the new map beside the old drawing.  So a run writes
its whole set into a staging folder beside the output folder and only then
swaps it in whole (:mod:`.swap`, which also cleans up after killed runs).

Files of other programs in the output folder are kept: they are hard-linked
(copied where links are impossible) into the staging folder before the swap.
A filesystem mounted inside the output folder is refused, not walked into:
it would be copied whole, then emptied with the old set.
Files that an earlier mapgen run wrote there and this run does not write are
left out, so a folder never mixes two runs; a small manifest
(``.mapgen-files.json``) records what mapgen wrote.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath

from ..errors import MapgenError
from .swap import Terminated, TerminationGuard, lock, recover, signals_held, stage_prefix, swap_in

__all__ = [
    "MANIFEST", "OutputFolderError", "Outputs", "Terminated", "check_input_outside", "read_manifest", "recover",
    "target_folder", "write",
]

#: What mapgen wrote in a folder, so that the next run can tell its files from other programs'.
MANIFEST = ".mapgen-files.json"
MANIFEST_SCHEMA = "mapgen/outputs"


class OutputFolderError(MapgenError):
    """The folder given for the output cannot take a set of files (a usage error)."""


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


def check_input_outside(path, out, option: str) -> None:
    """Refuse an input file (or campaign folder) in the folder a run into ``out`` replaces.

    Replacing that folder removes the earlier run's files, the input's kit among them:
    ``counters --campaign output/new-7 --out output/new-7`` would leave only counters.
    ``option`` names the input in the message (``--map``).
    """
    folder = target_folder(out).resolve()
    given = Path(os.path.abspath(os.fspath(path)))
    places = [given.resolve()] if given.is_dir() else [given.parent.resolve(), given.resolve().parent]
    if any(place == folder or folder in place.parents for place in places):
        raise OutputFolderError(
            f"{option} {path} is inside --out {out}, which mapgen replaces as a whole (the files an earlier "
            f"run wrote there would be removed): give another --out, e.g. a new folder inside {out}"
        )


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


# --------------------------------------------------------------------------
# other programs' files
# --------------------------------------------------------------------------


def _mounted(path) -> OutputFolderError:
    return OutputFolderError(
        f"{path} is on another filesystem mounted inside the output folder, and mapgen replaces that folder "
        "as a whole (it would copy the mount and delete across it): unmount it or give another --out"
    )


def _link_or_copy(src: str, dest: Path) -> None:
    try:
        os.link(src, dest, follow_symlinks=False)
    except OSError as exc:
        if exc.errno == errno.EXDEV:  # a mount point between them, e.g. a bind mount of the same disk
            raise _mounted(src) from None
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
    device = os.stat(folder).st_dev

    def unreadable(err: OSError) -> None:
        # a subfolder skipped would be deleted with the old set: stop before anything is swapped
        raise OutputFolderError(f"cannot read {err.filename} inside the output folder: {err.strerror}") from err

    for dirpath, dirnames, filenames in os.walk(folder, onerror=unreadable):
        rel_dir = PurePosixPath(Path(dirpath).relative_to(folder).as_posix())
        entries = list(filenames)
        for d in list(dirnames):  # a link to a folder is kept as a link, not followed
            path = os.path.join(dirpath, d)
            if os.path.islink(path):
                dirnames.remove(d)
                entries.append(d)
            elif os.lstat(path).st_dev != device:
                raise _mounted(path)
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
        self._folders: set[Path] = set()  # the staging folder's subfolders made so far: made once each
        self._guard = TerminationGuard()
        self._guard.install()
        try:
            self.recovered = recover(self.folder)
            self._made = _make_parents(self.folder.parent)
            self.staging = Path(tempfile.mkdtemp(prefix=stage_prefix(self.folder, "new"), dir=self.folder.parent))
            self._lock_fd = lock(self.staging)
        except BaseException as error:
            self._discard_after(error)
            raise

    def __enter__(self) -> "Outputs":
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is None:
            try:
                self.commit()
            except BaseException as error:
                self._discard_after(error)
                raise
        self._discard_after(exc)
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
        if target.parent not in self._folders:  # asked again for each of a kit's 40-odd files otherwise
            target.parent.mkdir(parents=True, exist_ok=True)
            self._folders.add(target.parent)
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
        """Delete the staging folder (and parent folders this run made, if nothing went in them).

        Signals wait for the delete (a SIGTERM in the middle would leave half a
        folder beside ``out``) and then act, as during the swap.
        """
        try:
            with signals_held():
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
        finally:
            self._guard.restore()

    def _discard_after(self, error: BaseException | None) -> None:
        """:meth:`discard`; a signal that came meanwhile still terminates, carrying the run's ``error``."""
        try:
            self.discard()
        except Terminated as term:
            if error is not None and not isinstance(error, Terminated) and term.error is None:
                term.error = error
            raise


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
