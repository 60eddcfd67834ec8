"""Part of a kit written beside the rest: in a forked child process, on the machine's other processor.

``mapgen new`` writes a map, a battlefield per holding and a campaign's counters:
independent sets of files.  With two processors the battlefields go to a child
while the parent writes the rest (about 40 % of the run saved).  Both write into
the same staging folder, each its own files; the child sends back the names it
wrote, its notes and its result, and :meth:`Beside.join` files them where a
one-process run would have, so the printed list and the files are the same
either way.  Work both sides can do (the battlefields) is shared out with
:class:`Shares`: whichever process is free takes the next battlefield.

Where a fork is unsafe or gains nothing (not Linux, one processor, or other
threads running, which a fork may deadlock) the part simply runs in
:meth:`Beside.join`, as it would have without this module.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys

from .. import dataclass_code
from ..errors import MapgenError

#: Set to 1 to write every part in one process (for a profile or a debugger).
ONE_PROCESS = "MAPGEN_ONE_PROCESS"


def can_fork() -> bool:
    """True where a forked child is safe and has a processor of its own."""
    if not sys.platform.startswith("linux") or os.environ.get(ONE_PROCESS) == "1":
        return False
    try:
        return len(os.sched_getaffinity(0)) > 1 and len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


class Beside:
    """``job(outputs)`` run beside the caller's own writing into the same :class:`~.folder.Outputs`.

    Use it as a context manager (a child still running when the block fails is
    killed before the staging folder is deleted), and call :meth:`join` with the
    :meth:`mark` where the job's files belong.
    """

    def __init__(self, outputs, job, before_fork=None):
        """``before_fork()`` loads what both processes use (modules, fonts), once instead of in each."""
        self.outputs, self.job = outputs, job
        self.pid: int | None = None
        self._ending: int | None = None  # a child that sent its result and is exiting, reaped by __exit__
        self._pipe: int | None = None
        if can_fork():
            if before_fork is not None:
                before_fork()
            self._start()

    def _start(self) -> None:
        read, write = os.pipe()
        start = self.mark()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            os.close(read)
            _child(write, self.outputs, self.job, start)
        os.close(write)
        self.pid, self._pipe = pid, read

    def mark(self) -> tuple[int, int, int]:
        """Where the next file, note and summary line go: pass it to :meth:`join`."""
        o = self.outputs
        return len(o.files), len(o.notes), len(o.summary)

    def join(self, at: tuple[int, int, int]):
        """Wait for the job (or run it now), file its output at ``at``, and return its result."""
        if self.pid is None:
            start = self.mark()
            result = self.job(self.outputs)
            added = _added(self.outputs, start)
            for name, start_at in zip(("files", "notes", "summary"), start):
                del getattr(self.outputs, name)[start_at:]
        else:
            added, result = self._wait()
        for name, items, where in zip(("files", "notes", "summary"), added, at):
            getattr(self.outputs, name)[where:where] = items
        return result

    def _wait(self):
        with os.fdopen(self._pipe, "rb") as pipe:
            self._pipe = None
            data = pipe.read()
        try:
            kind, payload = pickle.loads(data)
        except Exception:  # noqa: BLE001 - nothing, or half a message: the child stopped, and its status says how
            _, status = os.waitpid(self.pid, 0)
            self.pid = None
            raise MapgenError(f"the process writing part of the kit stopped ({_how(status)}): nothing was written") from None
        # The whole message came, after every file it names was written: the child is only ending now (taking
        # down a process as big as this one costs a few milliseconds), and is reaped when the block ends.
        self._ending, self.pid = self.pid, None
        if kind == "error":
            raise payload
        return payload

    def __enter__(self) -> "Beside":
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if self.pid is not None:  # the caller failed (or never joined): stop the child before its folder goes
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.pid = None
        if self._ending is not None:
            os.waitpid(self._ending, 0)
            self._ending = None
        if self._pipe is not None:
            os.close(self._pipe)
            self._pipe = None
        return False


class Shares:
    """Items ``0 .. n-1`` shared out between the two processes: each takes the next one not yet taken, so the one
    that finishes its own part first takes more (``mapgen new``'s battlefields, eight of about 30 ms each).

    The numbers wait in a pipe made before the fork, four bytes each, all written at once (at most 1,024 of them,
    a page, which any pipe holds); a read of a pipe is never split between two readers, so nothing is taken twice.
    Past 1,024 items each number stands for a run of consecutive items.
    """

    SIZE = 4
    MOST = 1024

    def __init__(self, n: int):
        self.n = n
        self.run = max(1, -(-n // self.MOST))  # items a number stands for
        self._read, write = os.pipe()
        try:
            os.write(write, b"".join(i.to_bytes(self.SIZE, "little") for i in range(-(-n // self.run))))
        finally:
            os.close(write)
        os.set_blocking(self._read, False)

    def take(self):
        """The items this process takes, one at a time and in order, until none is left."""
        while self._read is not None:
            try:
                data = os.read(self._read, self.SIZE)
            except BlockingIOError:
                return
            if len(data) != self.SIZE:
                return
            first = int.from_bytes(data, "little") * self.run
            yield from range(first, min(self.n, first + self.run))

    def close(self) -> None:
        if self._read is not None:
            os.close(self._read)
            self._read = None

    def __enter__(self) -> "Shares":
        return self

    def __exit__(self, *exc) -> bool:
        self.close()
        return False


def _added(outputs, start) -> tuple[list, list, list]:
    return outputs.files[start[0]:], outputs.notes[start[1]:], outputs.summary[start[2]:]


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"


def _child(pipe: int, outputs, job, start) -> None:
    """Run ``job`` and send what it wrote (or its error) to the parent; exit without unwinding the parent's frames."""
    code = 0
    try:
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(sig, signal.SIG_DFL)  # the parent handles a stop, and kills this child
        try:
            result = job(outputs)
            message = ("ok", (_added(outputs, start), result))
        except Exception as error:  # sent to the parent, which raises it as its own
            message = ("error", _picklable(error))
        data = pickle.dumps(message)
        with os.fdopen(pipe, "wb") as out:
            out.write(data)
        dataclass_code.keep()  # the classes only this child declared (its exit skips the exit functions)
    except BaseException:
        code = 1
    finally:
        os._exit(code)


def _picklable(error: Exception) -> Exception:
    try:
        pickle.loads(pickle.dumps(error))
        return error
    except Exception:
        return MapgenError(f"{type(error).__name__}: {error}")
