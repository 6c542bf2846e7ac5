"""Learners' bots in worker processes of their own: a bot can hang, crash or cheat only itself.

``IsolatedBot(source)`` stands in for a learner's bot wherever a bot goes (``Match``, ``al.tournament``):
its ``choose(state)`` sends the position to a worker process, which asks the real bot and answers
with the action's JSON.  ``source`` is a file (``ada.py`` defining ``class Bot``, loaded *in the
worker*, never in your process) or an object with ``choose(state)`` (a learner's class in a notebook).

What the worker gets: only the copy ``choose`` is given (the referee makes it with ``determinize``:
what the seat may know), as a save, plus a seed.  What comes back: at most ``MAX_REPLY`` bytes of
JSON, read as an action of the game and checked by the referee against the real position.  So the
referee (rules, scores, results) stays in your process and nothing the bot does in its process
changes it.  A move fails (``BotForfeit``, with the bot's name and the reason) when the bot

* takes longer than ``time_limit`` seconds (the worker is stopped);
* exits (``sys.exit``, ``os._exit``), or its process dies;
* raises, or exceeds ``memory_limit`` MiB (a ``MemoryError``: an address-space limit, where the
  operating system has one);
* answers something that is not an action of the game, or an action the rules refuse;
* changes the engine in its process (replaces a function or class attribute of ``archeo_lab``):
  that changes nothing here, but it is cheating, and is reported so.

Before the bot's code runs, the worker turns on a guard (``_guard``).  On Linux, kernel layers a process
cannot take back (``kernel``: Landlock, a seccomp filter, no capabilities): it reads only Python's and the
libraries' files and its own, writes nowhere, has no network and no new processes, reaches no other process,
and dies with the referee; the referee freezes it between its moves (``_Worker.pause``).  Everywhere, an
audit hook: no signals to other processes, no new processes, no native code, no network, no writing or
deleting files, no reading another process's ``/proc`` entries or the teacher's, the bots' and the home
folders (the bot's own file and Python's excepted).  Its prints are discarded, and its move is timed by a
clock bound before it loads.  ``docs/howto/class_tournament.md`` says
what this protects on each system and what it does not, and how to go further (a container).

Files start in a fresh interpreter (``python -m archeo_lab.bots.isolation``): nothing of your
session is in their memory.  Objects are forked from your process (the only way to hand over a
class defined in a notebook), so they can read a copy of its memory: give students' bots as files.
Where there are no processes (JupyterLite, Pyodide), the bot runs in your process
(``isolated`` is False, ``note`` says so) and only the time is checked, after the move.

>>> import archeo_lab as al
>>> class FirstMove:
...     def choose(self, state):
...         return state.legal_actions()[0]
>>> bot = IsolatedBot(FirstMove(), name="first", time_limit=5)
>>> state = al.get_game("cibola").new_state(players=2, seed=1)
>>> bot.choose(state) == state.legal_actions()[0]
True
>>> bot.close()
"""

from __future__ import annotations

import ast
import copy
import json
import math
import os
import queue
import random
import signal
import struct
import subprocess
import sys
import threading
import time
import unicodedata   # here, not when a forfeit is worded: by then a file named like it could shadow it
from pathlib import Path, PurePath, PurePosixPath
from typing import Any

__all__ = ["IsolatedBot", "BotForfeit", "REASONS", "processes_available", "MAX_REPLY"]

#: The most bytes a worker may answer with (an action is under 200).
MAX_REPLY = 64 * 1024
#: Seconds a worker may take to start and load its bot (a fresh interpreter imports the game).
START_LIMIT = 20.0
#: Environment variables a worker starts with (the others, the teacher's, are not passed on).
_ENVIRONMENT = frozenset({"PATH", "LANG", "LC_ALL", "LC_CTYPE", "LD_LIBRARY_PATH", "SYSTEMROOT", "TMPDIR", "TEMP",
                          "TMP", "PYTHONIOENCODING", "PYTHONUTF8"})
#: The most answers a worker may have waiting unread (one is the move asked for): more is a flood.
MAX_WAITING = 4
#: Seconds of the referee's own clock a move may take beyond ``time_limit`` (the position's trip to the worker
#: and back): it times each move as well, so that a worker writing its own answers cannot look quicker.
TRANSPORT = 0.1
#: Seconds a bot's own loading may take (its file's import and ``Bot()``), at least: ``5 * time_limit`` if more.
#: Over it, the bot is out of the tournament, not restarted (a slow import paid again after every forfeit
#: would cost the class that much a game).
LOAD_LIMIT = 5.0
#: The largest bot file read (bytes): parsing is done in the teacher's process.
MAX_FILE = 256 * 1024
#: Files a worker may have open at once (its pipes, Python's, a library's as it loads: about 10).
OPEN_FILES = 64
#: How many times ``LOAD_LIMIT`` a bot's loads may take in all: it is loaded again after a forfeit that stops its
#: worker (its time, its exit), so a slow import would otherwise cost the class that much a game.
LOAD_BUDGET = 3
#: Seconds beyond ``time_limit`` the referee waits for an answer before it stops the worker: the move's
#: time itself is measured in the worker, around ``choose``; this covers sending the position.
GRACE = 0.25
TIMEOUT = object()
#: Why a bot forfeits, in words a learner reads.
REASONS = {
    "time": "took too long",
    "exit": "stopped its process",
    "crash": "raised an error",
    "memory": "used too much memory",
    "garbage": "answered something that is not an action",
    "illegal": "chose a move the rules refuse",
    "tampering": "changed the engine",
    "load": "could not be loaded",
}


class BotForfeit(Exception):
    """A bot lost the game by failing to move: ``bot`` (its name), ``reason`` (a key of ``REASONS``),
    and the message (what happened, with the bot's own error where there is one)."""

    def __init__(self, bot: str, reason: str, message: str):
        message = _printable(message)           # the bot's own words: one line, no control characters
        super().__init__(f"{bot} {REASONS[reason]}: {message}")
        self.bot, self.reason, self.detail = bot, reason, message


def processes_available() -> bool:
    """Whether worker processes can run here (not in JupyterLite/Pyodide)."""
    return sys.platform not in ("emscripten", "wasi") and "pyodide" not in sys.modules


def _can_fork() -> bool:
    return hasattr(os, "fork") and processes_available()


# -- the wire: length-prefixed JSON frames ------------------------------------------------------------

def _frame(message: dict, _dumps: Any = json.dumps, _pack: Any = struct.pack, _len: Any = len) -> bytes:
    """One frame: the message's JSON after its length.  What it uses is bound as defaults: in a worker, a bot
    replacing ``json.dumps`` or ``len`` cannot rewrite what the worker sends (its move's time, a tampering report)."""
    data = _dumps(message).encode()
    return _pack(">I", _len(data)) + data


def _send(fd: int, message: dict, _frame: Any = _frame, _write: Any = os.write, _view: Any = memoryview) -> None:
    view = _view(_frame(message))
    while view:
        view = view[_write(fd, view):]


def _read_exact(fd: int, n: int) -> bytes | None:
    chunks, left = [], n
    while left:
        chunk = os.read(fd, min(left, 1 << 16))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _receive(fd: int, limit: int | None) -> dict | None:
    """The next frame (None at the end of the stream); a frame over ``limit`` bytes is refused."""
    head = _read_exact(fd, 4)
    if head is None:
        return None
    (size,) = struct.unpack(">I", head)
    if limit is not None and size > limit:
        raise ValueError(f"an answer of more than {limit:,} bytes")
    body = _read_exact(fd, size)
    if body is None:
        return None
    return json.loads(body)


# -- the worker side ------------------------------------------------------------------------------------

#: Class attributes that appear by themselves on first use, not by a bot's doing: the actions' parsing caches
#: (``Action._fields``, ``Action._regex``) and what ``copy`` and ``pickle`` note on a class with slots.
_SELF_MADE = frozenset({"_field_cache", "_regex_cache", "__slotnames__"})


def _engine_fingerprint(games: list[str]) -> dict[str, Any]:
    """``{"module.Class.attr": value}`` for the engine, the bots and the games' modules loaded now (this
    worker's own module included), and their classes, and the built-in functions (what a bot could patch to
    rig its view of the rules, or the worker's checks); ``_tampered`` compares the values by identity.  A
    class's own entry is ``{"module.Class.": None}`` as well, so that ``_tampered`` sees a member added to it.
    (No ``id()``: under the guard, each call is an audit event, and there are about 1,500.)"""
    import builtins

    watched = ("archeo_lab.engine", "archeo_lab.bots", *(f"archeo_lab.games.{key}" for key in games))
    marks = {f"builtins.{attr}": value for attr, value in vars(builtins).items()}
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        this = name == "__main__" and getattr(spec, "name", None) == "archeo_lab.bots.isolation"
        if module is None or not (name == "archeo_lab" or name.startswith(watched) or this):
            continue
        for attr, value in list(vars(module).items()):
            marks[f"{name}.{attr}"] = value
            if isinstance(value, type) and value.__module__ == name:
                marks[f"{name}.{attr}."] = None
                for key, member in list(vars(value).items()):
                    marks[f"{name}.{attr}.{key}"] = member
    return marks


def _tampered(write_fd: int, before: dict[str, Any], games: list[str], what: str,
              fingerprint: Any = _engine_fingerprint, send: Any = _send) -> bool:
    """Report (and say so) if the engine differs from its fingerprint ``before``: ``what`` replaced an
    attribute, or added one to a class (a method that hides the inherited one: ``type(state).winners = ...``).
    ``fingerprint`` and ``send`` are bound when the worker starts, so a bot cannot swap them."""
    after = fingerprint(games)
    changed = sorted(k for k, v in before.items() if after.get(k, v) is not v)
    added = sorted(k for k in after.keys() - before.keys()
                   if k.rpartition(".")[0] + "." in before and k.rpartition(".")[2] not in _SELF_MADE)
    if changed:
        send(write_fd, {"error": "tampering", "message": f"{what} replaced {changed[0]}"})
    elif added:
        send(write_fd, {"error": "tampering", "message": f"{what} added {added[0]}"})
    return bool(changed or added)


#: Audit events (PEP 578) a bot's worker refuses outright: new processes, native code, the network, and
#: changes to files and folders.  ``os.kill``, ``open``, ``import`` and ``object.__setattr__`` are refused
#: case by case.
_REFUSED_EVENTS = frozenset({
    "os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.exec", "os.system", "os.startfile",
    "subprocess.Popen", "pty.spawn", "ctypes.dlopen", "ctypes.dlsym", "ctypes.dlsym/handle", "ctypes.cdata",
    "ctypes.cdata/buffer", "ctypes.call_function", "ctypes.addressof", "ctypes.string_at", "ctypes.wstring_at",
    "socket.connect", "socket.bind", "socket.sendto", "socket.sendmsg", "socket.getaddrinfo",
    "socket.gethostbyname", "os.remove", "os.rename", "os.rmdir", "os.truncate", "os.chmod", "os.chown",
    "os.chflags", "os.link", "os.symlink", "os.mkdir", "os.utime", "os.setxattr", "os.removexattr",
    "shutil.rmtree", "gc.get_referrers", "gc.get_referents", "gc.get_objects", "sqlite3.connect",
    "os.mkfifo", "os.mknod", "fcntl.flock", "fcntl.lockf",     # a lock on a file everybody reads: a channel
    "os.getxattr", "os.listxattr",                             # more of the teacher's files than size and date
})
#: Low-level modules a bot may not load afresh (a new copy would have back what the guard took out).
#: (And modules that open files or terminals in C, where the hook cannot see the path: readline's history
#: files, sqlite, ssl's certificates, curses, dbm, shared memory.)
_REFUSED_IMPORTS = frozenset({"posix", "nt", "_signal", "_posixsubprocess", "_ctypes", "ctypes", "_winapi",
                              "readline", "_sqlite3", "sqlite3", "_ssl", "ssl", "_curses", "curses", "_dbm",
                              "_gdbm", "_posixshmem", "_multiprocessing", "multiprocessing", "termios", "pty"})
#: Devices a bot may read (not a terminal: with one open, ``TIOCSTI`` types into the teacher's shell).
_DEVICES = frozenset({"/dev/null", "/dev/zero", "/dev/random", "/dev/urandom", "/dev/full"})
#: Files of ``/proc/self`` a library may read (the others lead elsewhere: ``cwd``, ``root``, ``fd``...).
_PROC_SELF = frozenset({"stat", "statm", "status", "limits", "cgroup", "maps", "cmdline"})
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
#: Besides Python's own folders, what Landlock lets a worker read (``kernel.landlock``): the system's libraries
#: (an extension module loads them as it is imported), the processor's description (numpy's threads).
_SYSTEM_FOLDERS = ("/usr/lib", "/usr/lib64", "/usr/lib32", "/lib", "/lib64", "/lib32", "/usr/share/zoneinfo",
                   "/sys/devices/system/cpu")
_SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/localtime", "/proc/cpuinfo")


class Refused(PermissionError):
    """What a bot's worker does not let it do (``_guard``)."""


def _guard(bot_file: str | None, private: list[str]) -> None:
    """From now on, refuse in this worker what reaches beyond it, before the bot's code runs.

    First the kernel's layers, where the system has them (``kernel``: Linux; ``_serve`` has already had the
    kernel end the worker with the referee): Landlock lets it read only Python's folders, the folders of
    ``sys.path`` outside the closed ones, the system's libraries and the bot's own file, and write nowhere;
    a seccomp filter refuses new processes and programs, the network, changes to files,
    and signals, limits or tracing aimed at other processes.  A process cannot take these back, whatever
    it does to its own memory.

    Then an audit hook (PEP 578, which cannot be removed once added), the only layer on other systems and
    a second one on Linux, refuses: new processes, native code (``ctypes``), the network; writing,
    deleting or renaming files; reading another process's ``/proc`` entries (its command line, its open
    files), and reading files under ``private`` (the referee's folder, the bots' folder, the home folder)
    other than the bot's own file and Python's and archeo_lab's own; a path that is not a full text path (a
    relative one could be read from another folder, a path object could change between the check and the
    opening); finding the worker's objects through ``gc``; loading a fresh copy of a low-level module;
    choosing who gets a file's signals (``F_SETOWN``: SIGIO would kill the referee as it reads the worker's
    pipe); locking files or leaving write hints on them, and reading their extended attributes (channels
    between bots, and more of the teacher's files than their size and date); changing the code of the
    engine's functions.  The hook looks nothing up when it runs (every name it
    uses is bound here), so a bot that replaces a built-in or a module's attribute does not change what it
    refuses.  A bot that writes to its own memory can switch it off: the how-to says what is and is not
    protected on each system, and how to go further (a container).
    """
    import ctypes  # noqa: F401  (imported now: it opens the process's own symbols as it loads, which numpy needs)
    import site

    from . import kernel

    os.environ.clear()              # the teacher's environment (a forked worker has it all): nothing a bot needs
    _one_thread_for_libraries()
    try:
        os.setsid()                 # no controlling terminal: /dev/tty cannot be opened to type into the teacher's
    except (AttributeError, OSError):
        pass
    for module_name, name in (("os", "pidfd_open"), ("posix", "pidfd_open"), ("signal", "pidfd_send_signal"),
                              ("_signal", "pidfd_send_signal"), ("_posixsubprocess", "fork_exec")):
        module = sys.modules.get(module_name)
        if module is not None and hasattr(module, name):
            delattr(module, name)
    realpath = os.path.realpath

    python = [sys.prefix, sys.base_prefix, sys.exec_prefix, str(Path(__file__).resolve().parents[1])]
    try:
        python += [*site.getsitepackages(), site.getusersitepackages()]
    except AttributeError:      # a virtualenv's old site module
        pass
    def roots(paths: list[str]) -> tuple[str, ...]:
        """Each folder as given and with its links resolved (files are checked by the text of their path)."""
        found = {q.rstrip(os.sep) + os.sep for p in paths if p for q in (os.path.abspath(p), realpath(p))}
        return tuple(sorted(found))

    closed = roots([*private, os.path.expanduser("~")])
    # Folders of sys.path (a .pth file's, an editable install's) neither inside nor around a closed one, nor the
    # one holding archeo_lab when it is a checkout (the course's repository: its notebooks, its .git).
    checkout = roots([str(Path(__file__).resolve().parents[2])])
    code = [r for r in roots([p for p in sys.path if p and os.path.isabs(p) and os.path.isdir(p)])
            if r not in checkout and not any(r.startswith(c) or c.startswith(r) for c in closed)]
    readable = tuple(sorted({*roots(python), *code}))
    own = realpath(bot_file) if bot_file else None
    me = os.getpid()
    proc_files = [f"/proc/{me}/{name}" for name in _PROC_SELF]
    kernel.landlock([*readable, *_SYSTEM_FOLDERS], [*([own] if own else []), *_DEVICES, *_SYSTEM_FILES, *proc_files])
    kernel.drop_capabilities()         # before the filter, which refuses capset
    kernel.seccomp_filter(me)
    hook = _make_hook(me, own, readable, closed, sys.getfilesystemencoding())
    sys.addaudithook(hook)


#: What numerical libraries read to choose their number of threads: one, since a worker starts no thread (a
#: worker of an ordinary user has a process limit of 0, which counts threads; the kernel's filter refuses them).
_ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
#: The functions by which an OpenBLAS already loaded (numpy in a forked worker) is told to use one thread.
_OPENBLAS_THREADS = ("openblas_set_num_threads", "openblas_set_num_threads64_", "scipy_openblas_set_num_threads64_",
                     "scipy_openblas_set_num_threads_64_")


def _one_thread_for_libraries() -> None:
    """Have numpy's OpenBLAS use one thread: it would start one per core on its first use, fail, and raise
    SIGINT (``KeyboardInterrupt`` in the bot).  Its environment variables, for a library loaded later; a call to
    an OpenBLAS already loaded (a worker forked from a notebook that uses numpy), found in the process's map."""
    import ctypes

    os.environ.update(_ONE_THREAD)
    try:
        with open("/proc/self/maps") as maps:
            loaded = {line.split()[-1] for line in maps if "openblas" in line.rsplit("/", 1)[-1].lower()}
    except OSError:                 # not Linux
        return
    for path in sorted(loaded):
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for name in _OPENBLAS_THREADS:
            if hasattr(library, name):
                getattr(library, name)(1)
                break


_FUNCTION = type(lambda: None)


def _by_folder(where: str, sep: str, own: str | None, readable: tuple[str, ...], closed: tuple[str, ...]) -> bool:
    """The bot's own file, or under Python's folders, or not under the closed ones (roots end in ``sep``)."""
    if where == own:
        return True
    for root in readable:
        if where.startswith(root) or where + sep == root:
            return True
    for root in closed:
        if where.startswith(root) or where + sep == root:
            return False
    return True


def _may_read(path: Any, policy: tuple, *, _type: type = type, _str: type = str, _bytes: type = bytes,
              _int: type = int, _len: Any = len, _fspath: Any = os.fspath,
              _paths: tuple = (Path, type(Path()), PurePosixPath),
              _path_methods: tuple = (PurePath.__fspath__, PurePath.__str__), _by_folder: Any = _by_folder,
              _system_files: frozenset = frozenset(_SYSTEM_FILES)) -> bool:
    """The hook's rule for reading ``path``; ``policy`` is ``_make_hook``'s tuple of the worker's folders."""
    own, readable, closed, encoding, proc_me, devices, proc_self, windows = policy
    kind = _type(path)
    if kind is _int:
        return True                                   # an open file descriptor, given before
    if kind in _paths and kind.__fspath__ is _path_methods[0] and kind.__str__ is _path_methods[1]:
        path, kind = _fspath(path), _str             # pathlib's own, as it came: its text is what opens
    if kind is _bytes:
        path = path.decode(encoding, "surrogateescape")
    elif kind is not _str:
        return False                                  # another path object: its text could change after the check
    if windows:
        path = path.replace("/", "\\").lower()
        if not (path[1:3] == ":\\" or path.startswith("\\\\")) or "\\..\\" in path + "\\":
            return False                              # relative, or climbing
        return _by_folder(path, "\\", own, readable, closed)
    if not path.startswith("/"):
        return False                                  # relative: to the folder, or to a dir_fd not shown here
    parts = []
    for part in path.split("/"):
        if part == "..":
            return False
        if part and part != ".":
            parts.append(part)
    where = "/" + "/".join(parts)
    if where.startswith("/dev/"):
        return where in devices
    if where.startswith("/proc/"):
        if where.startswith(("/proc/self/", "/proc/thread-self/")):
            where = proc_me + where.split("/", 3)[3]
            parts = where.split("/")[1:]
        part = parts[1] if _len(parts) > 1 else ""
        if not part.isdigit():
            return where in _system_files             # cpuinfo; not the machine's memory, load or counts
        return where.startswith(proc_me) and _len(parts) == 3 and parts[2] in proc_self
    return _by_folder(where, "/", own, readable, closed)


def _make_hook(me: int, own: str | None, readable: tuple[str, ...], closed: tuple[str, ...], encoding: str,
               windows: bool = os.name == "nt") -> Any:
    """The audit hook of ``_guard``.

    It holds no state a bot could change: no closure (a closure's cells can be rewritten from a frame a
    traceback reaches), only default arguments, each an immutable value or a function, which are bound
    when the hook is made: replacing one is an ``object.__setattr__`` on the engine's functions, which the
    hook refuses.  What it compares with, it first checks to be exactly a ``str`` or an ``int`` (a
    subclass's ``__eq__`` or ``__hash__`` would run the bot's code inside the hook).
    """
    if windows:                           # paths compared without case, with one kind of separator
        own = own.lower() if own else own
        readable = tuple(r.lower() for r in readable)
        closed = tuple(r.lower() for r in closed)
    policy = (own, readable, closed, encoding, f"/proc/{me}/", _DEVICES, _PROC_SELF, windows)
    from .kernel import WRITE_HINTS

    try:
        import fcntl
        owners = frozenset(getattr(fcntl, name) for name in ("F_SETOWN", "F_SETOWN_EX") if hasattr(fcntl, name))
        locks = frozenset([*(getattr(fcntl, name) for name in ("F_GETLK", "F_SETLK", "F_SETLKW", "F_OFD_GETLK",
                                                                "F_OFD_SETLK", "F_OFD_SETLKW") if hasattr(fcntl, name)),
                           *WRITE_HINTS])
    except ImportError:                   # Windows: no fcntl.fcntl to refuse
        owners = locks = frozenset()

    def hook(event: str, args: tuple, *, _me: int = me, _policy: tuple = policy, _may_read: Any = _may_read,
             _owners: frozenset = owners, _locks: frozenset = locks,
             _refused: frozenset = _REFUSED_EVENTS, _imports: frozenset = _REFUSED_IMPORTS,
             _write_flags: int = _WRITE_FLAGS, _str: type = str, _bytes: type = bytes, _int: type = int,
             _type: type = type, _Refused: type = Refused, _function: type = _FUNCTION,
             _engine: tuple = ("archeo_lab", "archeo_lab.bots.isolation", "__main__")) -> None:
        if event in _refused:
            raise _Refused(f"a bot may not do this ({event})")
        if event == "open":
            path, mode, flags = args
            writing = (_type(mode) is _str and ("w" in mode or "a" in mode or "x" in mode or "+" in mode)) or \
                (_type(flags) is _int and flags & _write_flags)
            if writing:
                raise _Refused("a bot may not write to files")
            if not _may_read(path, _policy):
                shown = path if _type(path) is _str or _type(path) is _bytes else _type(path).__name__
                raise _Refused(f"a bot may not read {shown!r} (open its own files by their full text path)")
        elif event == "os.listdir" or event == "os.scandir":
            if not _may_read(args[0] if args[0] is not None else ".", _policy):
                raise _Refused("a bot may not list that folder")
        elif event == "os.kill" or event == "os.killpg":
            if event == "os.killpg" or _type(args[0]) is not _int or args[0] != _me:
                raise _Refused("a bot may not send signals to other processes")
        elif event == "fcntl.fcntl":
            if _type(args[1]) is not _int or args[1] in _owners:
                raise _Refused("a bot may not choose who gets a file's signals")
            if args[1] in _locks:
                raise _Refused("a bot may not lock files or leave hints on them")
        elif event == "resource.prlimit":
            if _type(args[0]) is not _int or (args[0] != 0 and args[0] != _me):
                raise _Refused("a bot may not read or change another process's limits")
        elif event == "import":
            if _type(args[0]) is not _str or args[0] in _imports:
                raise _Refused("a bot may not load that module afresh" if _type(args[0]) is not _str
                               else f"a bot may not load {args[0]} afresh")
        elif event == "object.__setattr__" and _type(args[0]) is _function:
            module = args[0].__module__
            if _type(module) is _str and module.startswith(_engine):
                raise _Refused("a bot may not change the engine's functions")

    return hook


def _printable(text: str, limit: int = 400) -> str:
    """``text`` on one line, without control characters (a bot's message must not draw on the teacher's
    screen: no new lines, colours or bidirectional overrides), at most ``limit`` characters."""
    out = []
    for ch in str(text)[:limit]:
        if ch in "\n\r\t":
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            out.append(ch.encode("unicode_escape").decode("ascii"))
        else:
            out.append(ch)
    return "".join(out)


def _put_back(builtins_then: dict[str, Any]) -> str | None:
    """Put the built-in functions back as they were (the worker's own code needs ``len`` and the others) and
    name the first one the bot replaced, added or removed, or None."""
    import builtins

    now = vars(builtins)
    changed = sorted(k for k in now.keys() | builtins_then.keys() if now.get(k) is not builtins_then.get(k))
    if changed:
        now.clear()
        now.update(builtins_then)
    return f"builtins.{changed[0]}" if changed else None


def _seed_bot(bot: Any, seed: int) -> None:
    """Seed Python's ``random``, numpy's global generator if the bot loaded numpy, and the bot's own generator
    (``reseed``, as the built-in bots have): a bot drawing from any of them plays the same game again."""
    random.seed(seed)
    numpy = sys.modules.get("numpy")
    if numpy is not None and hasattr(numpy, "random"):
        numpy.random.seed(seed % 2**32)
    if callable(getattr(bot, "reseed", None)):
        bot.reseed(seed)


def _limit_resources(memory_limit: float | None) -> None:
    """The operating system's limits, where it has them, soft and hard (so the bot cannot lift them):
    no core files, no file writes, no new processes, ``OPEN_FILES`` open files (pipes and sockets hold
    kernel memory that the address space does not count), no queued signals or timers and no locked memory
    or message queues (each counted for the teacher's whole account, not the worker), and an address space
    of ``memory_limit`` MiB beyond what the worker uses now."""
    try:
        import resource
    except ImportError:        # Windows: only the time limit applies
        return

    def cap(limit: int, value: int) -> None:
        try:
            _, hard = resource.getrlimit(limit)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            resource.setrlimit(limit, (value, value))
        except (ValueError, OSError):
            pass

    cap(resource.RLIMIT_CORE, 0)
    cap(resource.RLIMIT_FSIZE, 0)
    cap(resource.RLIMIT_NOFILE, OPEN_FILES)
    for name in ("RLIMIT_NPROC", "RLIMIT_SIGPENDING", "RLIMIT_MEMLOCK", "RLIMIT_MSGQUEUE"):
        if hasattr(resource, name):     # queued signals and timers count for the whole account (read-through 6)
            cap(getattr(resource, name), 0)
    if memory_limit is not None and hasattr(resource, "RLIMIT_AS"):
        try:
            with open("/proc/self/statm") as f:
                used = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError):
            return
        cap(resource.RLIMIT_AS, used + int(memory_limit * 1024 * 1024))


def _cpu_limit(seconds: float) -> None:
    """Stop the worker (SIGXCPU) if this move uses more than ``seconds`` of CPU beyond what it used."""
    try:
        import resource
    except ImportError:
        return
    used = sum(resource.getrusage(resource.RUSAGE_SELF)[:2])
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    want = int(math.ceil(used + seconds))
    if hard == resource.RLIM_INFINITY or want <= hard:
        try:
            resource.setrlimit(resource.RLIMIT_CPU, (want, hard))
        except (ValueError, OSError):
            pass


def _quiet_standard_streams() -> None:
    """A bot's prints and input() must not reach the protocol or flood the teacher's terminal."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    sys.stdin = open(os.devnull)
    sys.stdout = sys.stderr = open(os.devnull, "w")


def _watch_parent(parent: int) -> None:
    """End the worker when the referee's process is gone (it would otherwise spin on, orphaned)."""
    def watch(getppid: Any = os.getppid, sleep: Any = time.sleep, leave: Any = os._exit) -> None:
        while True:            # its functions bound now: a bot replacing os.getppid does not keep it alive
            sleep(0.5)
            if getppid() != parent:
                leave(3)

    threading.Thread(target=watch, daemon=True).start()


def _error_text(exc: BaseException, bot_file: str | None = None) -> str:
    """``ZeroDivisionError: division by zero (choose, line 7)``: the bot's own last frame (in ``bot_file``, or
    else outside Python's and archeo_lab's files), read from the traceback without opening any file."""
    try:
        text = f"{type(exc).__name__}: {exc}"[:300]
    except Exception:                      # an exception whose str() raises is still the bot's error
        text = type(exc).__name__
    frames, tb = [], exc.__traceback__
    while tb is not None:
        frames.append((tb.tb_frame.f_code.co_filename, tb.tb_frame.f_code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    library = (sys.prefix, sys.base_prefix, str(Path(__file__).resolve().parents[1]), "<frozen")
    own = [f for f in frames if (f[0] == bot_file if bot_file else not f[0].startswith(library))]
    if own or frames:
        _, name, line = (own or frames)[-1]
        text += f" ({name}, line {line})"
    return text


def _load_file(path: str):
    """The class ``Bot`` of a learner's file, executed here (in the worker) as a module of its own."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"learner_bot_{abs(hash(path))}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    cls = getattr(module, "Bot", None)
    if not isinstance(cls, type):
        raise TypeError(f"{Path(path).name} defines no class Bot")
    return cls


def _as_wire(action: Any) -> Any:
    """What ``choose`` returned, as JSON the referee reads (an action, its text or its JSON), or
    ``TypeError`` saying what it was instead."""
    from archeo_lab.engine import Action

    if isinstance(action, Action):
        return action.to_json()
    if isinstance(action, str) and len(action) <= 1000:
        return action
    if isinstance(action, dict):
        try:
            text = json.dumps(action)
        except Exception:        # not JSON, or nested too deep (RecursionError)
            text = None
        if text is not None and len(text) <= 4000:
            return json.loads(text)
    shown = str(action)[:60] if isinstance(action, (str, int, float, list, tuple, dict, type(None))) else "..."
    raise TypeError(f"choose() returned {type(action).__name__} {shown!r}, not an action")


def _copier(source: Any):
    """A fresh copy of ``source`` per game (the object itself if it cannot be copied)."""
    def fresh() -> Any:
        try:
            return copy.deepcopy(source)
        except Exception:
            return source
    return fresh


def _serve(read_fd: int, write_fd: int, make, time_limit: float, memory_limit: float | None,
           parent: int, bot_file: str | None = None, private: list[str] | None = None) -> None:
    """The worker's loop: load the bot, then answer ``move`` requests until ``quit`` or the end of input.

    ``make()`` returns the bot's factory (a class, or a function giving a fresh copy of an object);
    it runs after the engine's fingerprint is taken and the guard is on (``_guard``: ``bot_file`` is the
    bot's own file, ``private`` the folders it may not read), so a file that patches the engine on import
    is caught too.  What the loop needs (the pipe's functions, the clock, the tampering check) is bound
    here first: a bot that replaces ``time.perf_counter`` or a function of this module changes nothing.
    """
    send, receive, clock, tampered, fingerprint, put_back = (_send, _receive, time.perf_counter, _tampered,
                                                             _engine_fingerprint, _put_back)
    _quiet_standard_streams()
    sys.dont_write_bytecode = True
    import archeo_lab.games  # noqa: F401  (the engine and the games' registry, before the limits and the bot)
    from archeo_lab.engine import get_game

    hello = receive(read_fd, None)
    games = list(hello.get("games", []))
    for key in games:
        get_game(key)
    marks = fingerprint(games)
    import builtins

    builtins_then = dict(vars(builtins))
    from .kernel import die_with_parent

    if not die_with_parent(parent):  # Linux: the kernel ends the worker with the referee; elsewhere a thread does
        _watch_parent(parent)        # (started before the limits: with no new processes, no new thread starts)
    _limit_resources(memory_limit)
    _guard(bot_file, private or [])
    send(write_fd, {"booted": True})       # the referee times the bot's loading from here
    load_limit = max(LOAD_LIMIT, 5 * time_limit)
    start = clock()
    try:
        try:
            factory = make()
            bot = factory()
        finally:
            replaced = put_back(builtins_then)
        if replaced:
            send(write_fd, {"error": "tampering", "message": f"loading it replaced {replaced}"})
            return
        if not callable(getattr(bot, "choose", None)):
            raise TypeError("the bot has no choose(state) method")
    except MemoryError:
        send(write_fd, {"error": "load", "message": "MemoryError while loading"})
        return
    except BaseException as exc:       # SystemExit and KeyboardInterrupt too: it is the bot's doing
        send(write_fd, {"error": "load", "message": _error_text(exc, bot_file)})
        return
    if clock() - start > load_limit:
        send(write_fd, {"error": "load", "message": f"loading it took more than {load_limit:g} s (its import "
                                                    "and Bot()): it would cost every game that much again"})
        return
    if tampered(write_fd, marks, games, "loading it", fingerprint, send):
        return
    send(write_fd, {"ready": True, "seconds": clock() - start})
    while True:
        request = receive(read_fd, None)
        if request is None or request.get("op") == "quit":
            return
        replaced = None
        try:
            if request.get("fresh"):
                bot = factory()
            if request.get("seed") is not None:
                _seed_bot(bot, request["seed"])
            state = get_game(request["game"]).state_from_json(request["state"])
            _cpu_limit(time_limit + GRACE + 1)
            start = clock()
            try:
                action = bot.choose(state)
            finally:
                replaced = put_back(builtins_then)       # first: the worker's own code needs them
            seconds = clock() - start
        except MemoryError:             # its memory is freed as the error unwinds: the worker goes on
            action = None
            send(write_fd, {"error": "memory", "message": "MemoryError (the memory limit was reached)"})
            continue
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) or exc.code is None else repr(str(exc.code)[:40])
            send(write_fd, {"error": "exit", "message": f"it called sys.exit({code})"})
            continue
        except BaseException as exc:
            if replaced:                # what broke is likely the built-in it replaced: say that
                send(write_fd, {"error": "tampering", "message": f"in its process, it replaced {replaced}"})
                return
            send(write_fd, {"error": "crash", "message": _error_text(exc, bot_file)})
            continue
        if replaced:
            send(write_fd, {"error": "tampering", "message": f"in its process, it replaced {replaced}"})
            return
        if tampered(write_fd, marks, games, "in its process, it", fingerprint, send):
            return
        try:
            wire = _as_wire(action)
            send(write_fd, {"action": wire, "seconds": seconds})
        except Exception as exc:        # not an action, or an action whose JSON is not JSON
            send(write_fd, {"error": "garbage", "message": str(exc)[:300]})


def main() -> None:
    """Entry of a worker started as ``python -m archeo_lab.bots.isolation`` (a learner's file)."""
    read_fd, write_fd = os.dup(0), os.dup(1)
    config = _receive(read_fd, None)
    path = config["path"]
    try:
        _serve(read_fd, write_fd, lambda: _load_file(path), config["time_limit"], config["memory_limit"],
               config["parent"], path, config.get("private"))
    finally:
        os._exit(0)


# -- the referee's side ---------------------------------------------------------------------------------

def check_file(path: Path) -> str | None:
    """Why a bot file cannot be a bot, read without running it: not a plain file (a link, a device), larger
    than ``MAX_FILE`` bytes, unreadable, a syntax error, no ``class Bot``.  Nothing in the file can make
    this raise: a file parsing it would exhaust (a sum of 100,000 terms) is reported too."""
    import stat

    try:
        mode = path.lstat()
        if stat.S_ISLNK(mode.st_mode) or not stat.S_ISREG(mode.st_mode):
            return f"{path.name} is not a plain file (a link or a device): hand in the file itself"
        if mode.st_size > MAX_FILE:
            return f"{path.name} is larger than {MAX_FILE // 1024} KiB: a bot's file is its code, not its data"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (SyntaxError, ValueError, UnicodeDecodeError) as exc:
        where = f" (line {exc.lineno})" if getattr(exc, "lineno", None) else ""
        return f"{type(exc).__name__}: {getattr(exc, 'msg', exc)}{where}"
    except OSError as exc:
        return f"cannot read the file: {exc.strerror or type(exc).__name__}"
    except (RecursionError, MemoryError):
        return "Python cannot parse it: an expression nested or chained too deeply"
    if not any(_names_bot(node) for node in tree.body):
        return f"{path.name} defines no class Bot (write: class Bot: ... def choose(self, state): ...)"
    return None


def _names_bot(node: ast.stmt) -> bool:
    """Whether a top-level statement gives the module a ``Bot``: ``class Bot``, ``Bot = Mine``, or an import
    ``as Bot`` (whether it is a class is checked when the file loads, in its worker)."""
    if isinstance(node, ast.ClassDef):
        return node.name == "Bot"
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return any(isinstance(t, ast.Name) and t.id == "Bot" for t in targets)
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return any((alias.asname or alias.name) == "Bot" for alias in node.names)
    return False


#: The signals that freeze a worker between its moves and let it run again: on Linux only, where the kernel
#: kills a frozen worker with its referee (``kernel.die_with_parent``); elsewhere that is a thread's job, and a
#: frozen thread would leave a frozen worker behind a referee that was killed.
_PAUSE, _RESUME = (signal.SIGSTOP, signal.SIGCONT) if sys.platform.startswith("linux") else (None, None)


class _Worker:
    """One running worker: its process, its pipes and a thread that reads its answers."""

    def __init__(self, pid: int, popen: subprocess.Popen | None, read_fd: int, write_fd: int):
        self.pid, self.popen, self.read_fd, self.write_fd = pid, popen, read_fd, write_fd
        self.returncode: int | None = None          # once reaped (a forked worker's pid is then free)
        self.answers: queue.Queue = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                frame = _receive(self.read_fd, MAX_REPLY)
            except Exception as exc:        # too long, not JSON, nested too deep: the worker is not ours
                self.answers.put({"error": "garbage", "message": f"{type(exc).__name__}: {str(exc)[:200]}",
                                  "fatal": True})
                return
            if frame is not None and not isinstance(frame, dict):
                self.answers.put({"error": "garbage", "message": "an answer that is not a JSON object",
                                  "fatal": True})
                return
            if self.answers.qsize() >= MAX_WAITING:       # answers nobody asked for: a flood, not a bot's move
                self.answers.put({"error": "garbage", "message": "it answered without being asked", "fatal": True})
                return
            self.answers.put(frame)
            if frame is None:
                return

    def send(self, message: dict, timeout: float = START_LIMIT) -> bool:
        """Send a frame, False if the worker is gone or does not take it within ``timeout`` seconds (a worker
        that stops reading, with its pipe full, would otherwise block the referee for good)."""
        import select

        if os.name == "nt":            # no select() on pipes there: a plain write (the time limit still holds)
            try:
                _send(self.write_fd, message)
                return True
            except OSError:
                return False
        view = memoryview(_frame(message))
        end = time.monotonic() + timeout
        try:
            os.set_blocking(self.write_fd, False)
            while view:
                left = end - time.monotonic()
                if left <= 0 or not select.select([], [self.write_fd], [], left)[1]:
                    return False
                try:
                    view = view[os.write(self.write_fd, view):]
                except BlockingIOError:
                    continue
            return True
        except (OSError, ValueError):
            return False

    def pause(self) -> None:
        """Freeze the worker between two of its moves (SIGSTOP, which no process can catch or ignore): a bot
        that writes its answer itself and keeps computing cannot take the core from the bots that play next.
        Its next move starts with ``resume``; the worker, still in its old move, never reads it and forfeits."""
        self._signal(_PAUSE)

    def resume(self) -> None:
        """Let the worker run again (SIGCONT), before a request."""
        self._signal(_RESUME)

    def _signal(self, number: int | None) -> None:
        """Send a signal to the worker while it is ours: never once it has been reaped (its number may then be
        another process's; ``Popen.send_signal`` checks that for a file's worker)."""
        if number is None:
            return
        try:
            if self.popen is not None:
                self.popen.send_signal(number)
            elif self.returncode is None:
                os.kill(self.pid, number)
        except OSError:
            pass

    def answer(self, timeout: float) -> Any:
        """The next answer, ``TIMEOUT`` if none came in time, None if the worker's output ended."""
        try:
            return self.answers.get(timeout=timeout)
        except queue.Empty:
            return TIMEOUT

    def exit_status(self, timeout: float = 1.0) -> int | None:
        """The exit code (negative: the signal that ended it), or None if it is still running."""
        end = time.monotonic() + timeout
        while True:
            if self.popen is not None:
                code = self.popen.poll()
            elif self.returncode is not None:
                code = self.returncode
            else:
                try:
                    pid, status = os.waitpid(self.pid, os.WNOHANG)
                except ChildProcessError:
                    return -9
                code = None if pid == 0 else os.waitstatus_to_exitcode(status)
                self.returncode = code
            if code is not None or time.monotonic() > end:
                return code
            time.sleep(0.01)

    def stop(self) -> None:
        """Kill the process (if still alive) and close the pipes.

        The answers' pipe is closed only once the reader thread has seen its end: closed earlier, its
        number could be reused by the next worker's pipe while the old thread still reads from it.
        """
        try:
            os.close(self.write_fd)
        except OSError:
            pass
        try:
            if self.popen is not None:
                self.popen.kill()
                self.popen.wait(timeout=5)
            elif self.returncode is None:
                os.kill(self.pid, signal.SIGKILL)
                self.returncode = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
        except (OSError, ChildProcessError, subprocess.TimeoutExpired):
            pass
        self.reader.join(timeout=5)
        if not self.reader.is_alive():
            try:
                os.close(self.read_fd)
            except OSError:
                pass


class IsolatedBot:
    """A learner's bot (a file or an object) that plays from a worker process of its own.

    Parameters
    ----------
    source : str, Path or object
        A ``.py`` file defining ``class Bot`` with ``choose(state)``, or an object with ``choose``.
    name : str, optional
        How results and errors name it (default: the file's stem, or the object's ``name``).
    time_limit : float
        Seconds per move (default 1).
    memory_limit : float or None
        MiB of memory the worker may add (default 512; ``None``: no limit).
    isolate : bool
        ``False`` runs an object in this process (a trusted bot: faster; its time is still checked,
        after each move).  A file is always loaded in a worker where processes exist.

    ``choose(state)`` returns the action (checked against ``state``) or raises ``BotForfeit``;
    ``new_game(seed)`` starts the next game with a fresh bot (a new ``Bot()``, or a copy of the
    object) whose ``random`` module is seeded; ``close()`` stops the worker.
    """

    def __init__(self, source: Any, *, name: str | None = None, time_limit: float = 1.0,
                 memory_limit: float | None = 512, isolate: bool = True, check: bool = True):
        if isinstance(source, (str, os.PathLike)):
            self.path: Path | None = Path(source)
            self.source = None
            default = self.path.stem
        elif callable(getattr(source, "choose", None)):
            self.path, self.source = None, source
            default = getattr(source, "name", None) or type(source).__name__
        else:
            raise TypeError(f"a bot is a .py file or an object with choose(state), not {type(source).__name__}")
        self.name = str(name or default)
        if not (isinstance(time_limit, (int, float)) and time_limit > 0):
            raise ValueError(f"time_limit must be a number of seconds > 0, not {time_limit!r}")
        self.time_limit, self.memory_limit = float(time_limit), memory_limit
        #: Why it cannot play at all (a file that does not load): every move forfeits with it.
        self.broken: tuple[str, str] | None = None
        if self.path is not None and check:
            problem = check_file(self.path)
            if problem:
                self.broken = ("load", problem)
        self.isolated = processes_available() and (self.path is not None or (isolate and _can_fork()))
        #: A sentence for the teacher when the bot is not isolated (JupyterLite, or no way to hand it over).
        self.note: str | None = None
        if not isolate and self.path is None:
            pass                          # the caller's choice: a trusted bot
        elif not processes_available():
            self.note = ("no worker processes here (JupyterLite/Pyodide): the bot runs in this process, "
                         "so a bot that hangs cannot be stopped and one that cheats cannot be kept out; "
                         "only its time is checked, after each move")
        elif not self.isolated:
            self.note = ("this system cannot hand an object to a worker process (no fork): the bot runs in "
                         "this process and only its time is checked, after each move; give it as a file "
                         "to isolate it")
        self._worker: _Worker | None = None
        self._game: str | None = None
        self._local: Any = None
        self._fresh, self._seed = True, None
        #: Seconds its loads took so far (the file's import and ``Bot()``, as its worker measured them).
        self.loading = 0.0

    # -- the bot interface -----------------------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        """The next ``choose`` starts a game: a fresh bot, its ``random`` seeded with ``seed``."""
        self._fresh, self._seed = True, seed

    def ready(self, game: str) -> tuple[str, str] | None:
        """Load the bot for a game of ``game`` now, before its first move; why it cannot play, or None.

        A tournament asks every learner's seat before a game starts: a file that does not load forfeits
        there, even when another seat would have been asked to move first (``broken`` keeps the reason).
        """
        if not self.broken:
            try:
                if not self.isolated:
                    self._load_here()
                elif self._worker is None or self._game != game:
                    self._start(game)
            except BotForfeit:
                pass                      # loading failed: ``broken`` says why
        return self.broken

    def reseed(self, seed: int) -> None:
        """Seed the bot's ``random`` (and its ``reseed``) before the next move (``Match`` calls it)."""
        self._seed = seed

    def choose(self, state) -> Any:
        """The bot's move for ``state`` (what its seat may know), checked against ``state``."""
        if self.broken:
            raise BotForfeit(self.name, *self.broken)
        if not self.isolated:
            return self._choose_here(state)
        key = state.game.key
        if self._worker is None or self._game != key:
            self._start(key)
        request = {"op": "move", "game": key, "state": state.to_dict(), "fresh": self._fresh, "seed": self._seed}
        self._fresh, self._seed = False, None
        worker = self._worker
        if not worker.answers.empty():               # something came in between two moves
            early = worker.answers.get_nowait()
            if early is None:
                return self._died("its process ended")
            self._stop()
            raise BotForfeit(self.name, "garbage", "it answered without being asked")
        sent = time.monotonic()
        worker.resume()
        if not worker.send(request, self.time_limit + GRACE):
            return self._died("its process ended, or stopped reading its requests")
        answer = worker.answer(self.time_limit + GRACE)
        elapsed = time.monotonic() - sent
        worker.pause()                               # until its next move (a forfeit below stops it anyway)
        if answer is TIMEOUT:
            self._stop()
            raise BotForfeit(self.name, "time", f"no move after {self.time_limit + GRACE:g} s "
                                                f"(the limit is {self.time_limit:g} s a move): stopped")
        if answer is None:
            return self._died("its process ended")
        if "error" in answer:
            return self._failed(answer)
        seconds = answer.get("seconds")
        if not isinstance(seconds, (int, float)) or seconds > self.time_limit or \
                elapsed > self.time_limit + TRANSPORT:
            # No measured figure in the message: it would differ from one run of the same tournament to the next.
            raise BotForfeit(self.name, "time", f"took more than the limit of {self.time_limit:g} s to move")
        return self._resolve(state, answer.get("action"))

    # -- helpers -------------------------------------------------------------------------------------------
    def _resolve(self, state, action: Any) -> Any:
        from archeo_lab.engine import IllegalAction
        from archeo_lab.engine.errors import quote

        try:
            return state.resolve(action)
        except IllegalAction as exc:
            reason = "garbage" if type(exc).__name__ == "UnreadableAction" else "illegal"
            raise BotForfeit(self.name, reason, f"{quote(action)}: {exc}") from None

    def _choose_here(self, state) -> Any:
        """No processes (Pyodide): the bot runs here; its time is checked after the move."""
        self._load_here()
        if self._seed is not None:
            _seed_bot(self._local, self._seed)
            self._seed = None
        start = time.perf_counter()
        try:
            action = self._local.choose(state)
        except KeyboardInterrupt:
            raise
        except MemoryError:
            raise BotForfeit(self.name, "memory", "MemoryError") from None
        except SystemExit as exc:
            raise BotForfeit(self.name, "exit", f"it called sys.exit({exc.code!r})") from None
        except BaseException as exc:
            raise BotForfeit(self.name, "crash", _error_text(exc)) from None
        seconds = time.perf_counter() - start
        if seconds > self.time_limit:
            raise BotForfeit(self.name, "time", f"took more than the limit of {self.time_limit:g} s to move")
        return self._resolve(state, action)

    def _load_here(self) -> None:
        """The bot of this game, made in this process (a fresh one at each ``new_game``)."""
        if self._local is None or self._fresh:
            self._local = self._make_local()
            self._fresh = False

    def _make_local(self) -> Any:
        try:
            if self.path is not None:
                return _load_file(str(self.path))()
            return _copier(self.source)()
        except (KeyboardInterrupt, MemoryError):
            raise
        except BaseException as exc:
            if self.path is None:          # an object that cannot be copied plays as it is
                return self.source
            self.broken = ("load", _error_text(exc))
            raise BotForfeit(self.name, *self.broken) from None

    def _start(self, key: str) -> None:
        self._stop()
        self._game = key
        parent = os.getpid()
        try:
            worker = self._spawn(parent) if self.path is not None else self._fork(parent)
        except OSError as exc:         # the system has no process left for it (another user's threads, say)
            raise BotForfeit(self.name, "load", f"its worker could not start ({exc.strerror or exc})") from None
        worker.send({"games": [key]})
        self._worker = worker
        limit = max(LOAD_LIMIT, 5 * self.time_limit)
        # Two answers: "booted" once the interpreter, the engine and the guard are up, before any of the bot's
        # code has run (so no bot can write it), then "ready" once the bot is loaded.
        for step, wait in (("booted", START_LIMIT), ("ready", limit + GRACE)):
            answer = worker.answer(wait)
            if answer is TIMEOUT:
                self._stop()
                self.broken = ("load", f"{'not started' if step == 'booted' else 'still loading'} after "
                                       f"{wait:g} s: stopped")
                raise BotForfeit(self.name, *self.broken)
            if answer is None:
                self._died("its process ended while loading", loading=True)
            if "error" in answer:
                self._failed(answer, loading=True)
            if step == "booted":
                started = time.monotonic()
        # What the load cost: the worker's figure, or the referee's own since "booted" if more (a bot can write a
        # "ready" of its own, with any figure, long before its import ends).
        seconds = answer.get("seconds")
        seconds = seconds if isinstance(seconds, (int, float)) and 0 <= seconds < math.inf else START_LIMIT
        seconds = max(seconds, time.monotonic() - started)
        self.loading += seconds
        if seconds > limit or self.loading > LOAD_BUDGET * limit:
            self._stop()
            self.broken = ("load", f"loading it took more than {limit:g} s" if seconds > limit else
                           f"its loads took more than {LOAD_BUDGET * limit:g} s in all (it is loaded again after "
                           "each forfeit that stops its worker): out of the tournament")
            raise BotForfeit(self.name, *self.broken)
        worker.pause()                # until its first move
        self._fresh = False           # the worker made a fresh bot while loading

    def _spawn(self, parent: int) -> _Worker:
        """A fresh interpreter for a file: nothing of this session is in its memory."""
        # Only what an interpreter needs to start: the teacher's environment (tokens, passwords) stays here.
        env = {k: v for k, v in os.environ.items() if k in _ENVIRONMENT}
        env["PYTHONHASHSEED"] = "0"   # sets of strings iterate in the same order in every run of the tournament
        # The worker imports this very archeo_lab, and starts where no learner file can shadow a module
        # (a student's random.py in the folder would otherwise be imported as random).
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        popen = subprocess.Popen([sys.executable, "-m", "archeo_lab.bots.isolation"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=root)
        read_fd, write_fd = os.dup(popen.stdout.fileno()), os.dup(popen.stdin.fileno())
        popen.stdout.close()
        popen.stdin.close()
        worker = _Worker(popen.pid, popen, read_fd, write_fd)
        worker.send({"path": str(self.path.resolve()), "time_limit": self.time_limit,
                     "memory_limit": self.memory_limit, "parent": parent,
                     "private": _private_folders(self.path)})
        return worker

    def _fork(self, parent: int) -> _Worker:
        """A copy of this process for an object (a class defined in a notebook cannot be sent)."""
        request_r, request_w = os.pipe()      # referee -> worker
        answer_r, answer_w = os.pipe()        # worker -> referee
        pid = os.fork()
        if pid == 0:                      # the worker: keep only its two pipe ends
            try:
                for low, high in _gaps(3, sorted((request_r, answer_w)), 1 << 16):
                    os.closerange(low, high)
                source = self.source
                _serve(request_r, answer_w, lambda: _copier(source), self.time_limit, self.memory_limit, parent,
                       None, _private_folders(None))
            finally:
                os._exit(0)
        os.close(request_r)
        os.close(answer_w)
        return _Worker(pid, None, answer_r, request_w)

    def _failed(self, answer: dict, loading: bool = False):
        reason = answer.get("error")
        reason = reason if isinstance(reason, str) and reason in REASONS else "garbage"
        message = answer.get("message")
        message = message[:400] if isinstance(message, str) else "an answer whose message is not text"
        if reason == "tampering" or loading or answer.get("fatal"):   # the next game gets a clean worker
            self._stop()
        if loading:
            self.broken = (reason, message)
        raise BotForfeit(self.name, reason, message)

    def _died(self, what: str, loading: bool = False):
        code = self._worker.exit_status() if self._worker is not None else None
        self._stop()
        if code is not None and code < 0:
            try:
                signal_name = signal.Signals(-code).name
            except ValueError:
                signal_name = f"signal {-code}"
            reason = {"SIGXCPU": "time", "SIGSEGV": "crash"}.get(signal_name, "exit")
            why = {"SIGXCPU": "its CPU time ran out", "SIGKILL": "killed: the system does so when memory runs out",
                   "SIGSEGV": "a crash in native code"}.get(signal_name)
            message = f"{what} ({signal_name}{': ' + why if why else ''})"
        else:
            reason, message = "exit", f"{what} (exit code {code})" if code is not None else what
        if loading:
            self.broken = ("load", message)
            reason = "load"
        raise BotForfeit(self.name, reason, message)

    def _stop(self) -> None:
        if self._worker is not None:
            self._worker.send({"op": "quit"}, 0.1)
            self._worker.stop()
            self._worker = None
        self._fresh = True

    def close(self) -> None:
        """Stop the worker (it also stops by itself when this process ends)."""
        self._stop()

    def __del__(self):
        try:
            self._stop()
        except Exception:
            pass

    def __getstate__(self):
        raise TypeError("an IsolatedBot is not copied between processes; give its file or object instead")

    def __repr__(self) -> str:
        where = str(self.path) if self.path is not None else type(self.source).__name__
        return f"<IsolatedBot {self.name!r} ({where}), {self.time_limit:g} s a move>"


def _private_folders(bot_file: Path | None) -> list[str]:
    """Folders a bot may not read in: the referee's (the teacher's notebook), and the bots' folder and the
    one above it (the other students' bots, the course) unless that is the root of the file system."""
    folders = [os.getcwd()]
    if bot_file is not None:
        for here in {bot_file.absolute().parent, bot_file.resolve().parent}:    # as named, and with links resolved
            folders += [str(here)] + ([str(here.parent)] if here.parent != here.parent.parent else [])
    return folders


def _gaps(start: int, keep: list[int], end: int) -> list[tuple[int, int]]:
    """The ranges of file descriptors from ``start`` to ``end`` other than ``keep`` (sorted)."""
    out, low = [], start
    for fd in keep:
        if fd > low:
            out.append((low, fd))
        low = max(low, fd + 1)
    out.append((low, end))
    return out


if __name__ == "__main__":
    main()
