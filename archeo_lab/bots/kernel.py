"""The kernel's layers of a bot's worker (Linux): what holds even when the bot gets round Python.

``isolation._guard`` turns these on in a worker before the learner's code runs.  Python's own guard (an
audit hook) can be switched off from inside the process: a bot that writes to its own memory (numpy's
``as_strided``, a hand-made code object) rewrites the hook's tables.  These layers live in the kernel,
which a process cannot change once they are on (and it can start no thread that would be free of them):

* ``seccomp_filter``: a seccomp filter refusing (EPERM) system calls aimed at other processes (signals,
  limits, scheduling, tracing, their memory), running programs and new processes or threads (as for a
  worker of an ordinary user, whose process limit is 0; a root worker's threads could fill the system's),
  the network (no sockets), changing files or their metadata (opening for writing, removing, renaming,
  linking, ``chmod``, ``chown``, times, extended attributes), watching files, shared memory and message
  queues, asynchronous I/O contexts (counted for the whole machine), devices, mounts, namespaces,
  io_uring (whose operations the filter would not see), the page cache's hints and probes, file locks, the
  machine's free memory, any call newer than the filter (``NEWEST_REVIEWED``), the machine's
  settings (clock, host name, reboot, modules: a worker may run as root), real-time scheduling, the
  choice of cores, changing its user or group, and taking the last two layers back;
* ``landlock``: Landlock (Linux 5.13+), which lets the worker read only the folders and files it is given
  (Python's, the libraries', the bot's own file), write nowhere, open no TCP connection (Linux 6.7+), and
  signal or trace no process outside it, its siblings and the referee included (Linux 6.12+ for signals);
* ``drop_capabilities``: a worker started by root keeps none of root's powers (rebooting, mounting, reading
  any file, raising its own limits...), so even a call the filter does not know is only an ordinary user's;
* ``die_with_parent``: the kernel kills the worker when the referee's process ends, and other processes
  of the same user cannot read its memory (``PR_SET_DUMPABLE``).

Each returns whether it is on; elsewhere (macOS, Windows, an older or a locked-down kernel) they do
nothing and Python's guard is what is left (``docs/howto/class_tournament.md`` says what that means).
The numbers below are the kernel's own (``asm/unistd_64.h`` and ``asm-generic/unistd.h``; Landlock's
``linux/landlock.h``).
"""

from __future__ import annotations

import ctypes
import functools
import os
import platform
import sys

__all__ = ["seccomp_filter", "landlock", "landlock_version", "drop_capabilities", "die_with_parent", "REFUSED_CALLS",
           "OWN_CALLS", "NUMBERS", "NEWEST_REVIEWED", "WRITE_HINTS"]

#: System calls refused outright.
REFUSED_CALLS = (
    # other processes: tracing, their memory, their priorities; programs; new processes
    "tkill", "ptrace", "process_vm_readv", "process_vm_writev", "execve", "execveat", "pidfd_send_signal",
    "pidfd_getfd", "setpriority", "ioprio_set", "fork", "vfork", "clone", "clone3",
    # the network and sockets of any kind (a socket's buffers are kernel memory no limit counts)
    "socket", "socketpair",
    # changing files, folders and their metadata (opening for writing: see ``seccomp_filter``)
    "creat", "openat2", "memfd_create", "unlink", "unlinkat", "rename", "renameat", "renameat2", "link", "linkat",
    "symlink", "symlinkat", "mkdir", "mkdirat", "rmdir", "truncate", "ftruncate", "chmod", "fchmod", "fchmodat",
    "fchmodat2", "chown", "fchown", "lchown", "fchownat", "utime", "utimes", "utimensat", "futimesat", "setxattr",
    "lsetxattr", "fsetxattr", "removexattr", "lremovexattr", "fremovexattr", "mknod", "mknodat",
    "open_by_handle_at", "name_to_handle_at",
    # mounts, namespaces, the kernel's own facilities
    "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "fsopen", "fsmount", "move_mount", "open_tree",
    "mount_setattr", "fsconfig", "fspick", "bpf", "perf_event_open", "userfaultfd", "io_uring_setup",
    "io_uring_enter", "io_uring_register", "keyctl", "add_key", "request_key",
    # the machine's settings, which a worker running as root could change
    "reboot", "sethostname", "setdomainname", "clock_settime", "clock_adjtime", "settimeofday", "adjtimex", "syslog",
    "acct", "swapon", "swapoff", "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
    "iopl", "ioperm", "quotactl", "quotactl_fd", "lookup_dcookie", "vhangup", "uselib", "_sysctl",
    # watching files (their names as the teacher opens them), channels between processes that outlive them, and
    # asynchronous I/O contexts (a count shared by the whole machine)
    "fanotify_init", "fanotify_mark", "inotify_init", "inotify_init1", "inotify_add_watch", "shmget", "shmat",
    "shmctl", "shmdt", "semget", "semop", "semctl", "semtimedop", "msgget", "msgsnd", "msgrcv", "msgctl", "mq_open",
    "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify", "mq_getsetattr", "io_setup", "io_submit",
    # the page cache, which two bots could load and probe to signal each other (a channel timing alone leaves),
    # and file locks, which one bot could take on a file everybody reads and another test (both read-through 6)
    "fadvise64", "readahead", "mincore", "preadv2", "pwritev2", "cachestat", "flock",
    # extended attributes and file flags by the newer calls (read-through 7: world-writable ACLs set on the teacher's
    # files, with the hook switched off), a detached mount; and the machine's free memory, which one bot could
    # change and another read (read-through 7 read it in /proc/meminfo, which Landlock no longer opens)
    "setxattrat", "removexattrat", "file_setattr", "open_tree_attr", "sysinfo",
    # reading extended attributes: what the teacher keeps in them is more than a file's size and date (read-through 8)
    "getxattr", "lgetxattr", "fgetxattr", "listxattr", "llistxattr", "flistxattr", "getxattrat", "listxattrat",
    # other processes by other ways; real-time scheduling, which would starve the referee's core
    "kcmp", "process_madvise", "process_mrelease", "sched_setparam", "sched_setscheduler", "sched_setattr",
    "sched_setaffinity",                                   # the cores the teacher chose (``taskset``) stay its own
    # changing its user or group (which also clears the parent's death signal: the worker would outlive the referee)
    "setuid", "setgid", "setreuid", "setregid", "setresuid", "setresgid", "setfsuid", "setfsgid", "setgroups",
    "capset",
)
#: System calls allowed only on the worker itself (their first argument is a process id; 0 is "this one").
OWN_CALLS = ("kill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo", "pidfd_open", "move_pages", "migrate_pages")
#: The calls from Linux 5.1 on (number 424 and up): both machines number them alike.
_SHARED_NUMBERS = {
    "pidfd_send_signal": 424, "pidfd_getfd": 438, "openat2": 437, "fchmodat2": 452, "fsopen": 430, "fsmount": 432,
    "move_mount": 429, "open_tree": 428, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
    "mount_setattr": 442, "fsconfig": 431, "fspick": 433, "quotactl_fd": 443, "process_madvise": 440,
    "process_mrelease": 448, "cachestat": 451, "setxattrat": 463, "removexattrat": 466, "open_tree_attr": 467,
    "file_setattr": 469, "getxattrat": 464, "listxattrat": 465, "pidfd_open": 434, "clone3": 435,
}
#: Per machine (``platform.machine()``): the architecture's tag in ``seccomp_data``, and the calls' numbers
#: (a call the architecture does not have, such as ``open`` on ARM64, is left out).
NUMBERS = {
    "x86_64": (0xC000003E, {
        "tkill": 200, "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311, "execve": 59, "execveat": 322,
        "setpriority": 141, "ioprio_set": 251, "fork": 57, "vfork": 58, "socket": 41, "socketpair": 53, "creat": 85,
        "memfd_create": 319, "unlink": 87, "unlinkat": 263, "rename": 82, "renameat": 264, "renameat2": 316, "link": 86,
        "linkat": 265, "symlink": 88, "symlinkat": 266, "mkdir": 83, "mkdirat": 258, "rmdir": 84, "truncate": 76,
        "ftruncate": 77, "chmod": 90, "fchmod": 91, "fchmodat": 268, "chown": 92, "fchown": 93, "lchown": 94,
        "fchownat": 260, "utime": 132, "utimes": 235, "utimensat": 280, "futimesat": 261, "setxattr": 188,
        "lsetxattr": 189, "fsetxattr": 190, "removexattr": 197, "lremovexattr": 198, "fremovexattr": 199, "mknod": 133,
        "mknodat": 259, "open_by_handle_at": 304, "name_to_handle_at": 303, "mount": 165, "umount2": 166,
        "pivot_root": 155, "chroot": 161, "unshare": 272, "setns": 308, "bpf": 321, "perf_event_open": 298,
        "userfaultfd": 323, "keyctl": 250, "add_key": 248, "request_key": 249, "reboot": 169, "sethostname": 170,
        "setdomainname": 171, "clock_settime": 227, "clock_adjtime": 305, "settimeofday": 164, "adjtimex": 159,
        "syslog": 103, "acct": 163, "swapon": 167, "swapoff": 168, "init_module": 175, "finit_module": 313,
        "delete_module": 176, "kexec_load": 246, "kexec_file_load": 320, "iopl": 172, "ioperm": 173, "quotactl": 179,
        "lookup_dcookie": 212, "vhangup": 153, "uselib": 134, "_sysctl": 156, "fanotify_init": 300,
        "fanotify_mark": 301, "inotify_init": 253, "inotify_init1": 294, "inotify_add_watch": 254, "shmget": 29,
        "shmat": 30, "shmctl": 31, "shmdt": 67, "semget": 64, "semop": 65, "semctl": 66, "semtimedop": 220,
        "msgget": 68, "msgsnd": 69, "msgrcv": 70, "msgctl": 71, "mq_open": 240, "mq_unlink": 241, "mq_timedsend": 242,
        "mq_timedreceive": 243, "mq_notify": 244, "mq_getsetattr": 245, "kcmp": 312, "move_pages": 279,
        "migrate_pages": 256, "setuid": 105, "setgid": 106, "setreuid": 113, "setregid": 114, "setresuid": 117,
        "setresgid": 119, "setfsuid": 122, "setfsgid": 123, "setgroups": 116, "capset": 126, "io_setup": 206,
        "io_submit": 209, "fadvise64": 221, "readahead": 187, "mincore": 27, "preadv2": 327, "pwritev2": 328,
        "flock": 73, "madvise": 28, "sysinfo": 99, "getxattr": 191, "lgetxattr": 192, "fgetxattr": 193,
        "listxattr": 194, "llistxattr": 195, "flistxattr": 196, "kill": 62, "tgkill": 234, "rt_sigqueueinfo": 129,
        "rt_tgsigqueueinfo": 297, "sched_setparam": 142, "sched_setscheduler": 144, "sched_setaffinity": 203,
        "sched_setattr": 314, "prlimit64": 302, "setrlimit": 160, "clone": 56, "prctl": 157, "fcntl": 72, "ioctl": 16,
        "open": 2, "openat": 257,
        **_SHARED_NUMBERS,
    }),
    "aarch64": (0xC00000B7, {
        "tkill": 130, "ptrace": 117, "process_vm_readv": 270, "process_vm_writev": 271, "execve": 221, "execveat": 281,
        "setpriority": 140, "ioprio_set": 30, "socket": 198, "socketpair": 199, "memfd_create": 279, "unlinkat": 35,
        "renameat": 38, "renameat2": 276, "linkat": 37, "symlinkat": 36, "mkdirat": 34, "truncate": 45, "ftruncate": 46,
        "fchmod": 52, "fchmodat": 53, "fchown": 55, "fchownat": 54, "utimensat": 88, "setxattr": 5, "lsetxattr": 6,
        "fsetxattr": 7, "removexattr": 14, "lremovexattr": 15, "fremovexattr": 16, "mknodat": 33,
        "open_by_handle_at": 265, "name_to_handle_at": 264, "mount": 40, "umount2": 39, "pivot_root": 41, "chroot": 51,
        "unshare": 97, "setns": 268, "bpf": 280, "perf_event_open": 241, "userfaultfd": 282, "keyctl": 219,
        "add_key": 217, "request_key": 218, "reboot": 142, "sethostname": 161, "setdomainname": 162,
        "clock_settime": 112, "clock_adjtime": 266, "settimeofday": 170, "adjtimex": 171, "syslog": 116, "acct": 89,
        "swapon": 224, "swapoff": 225, "init_module": 105, "finit_module": 273, "delete_module": 106, "kexec_load": 104,
        "kexec_file_load": 294, "quotactl": 60, "lookup_dcookie": 18, "vhangup": 58, "fanotify_init": 262,
        "fanotify_mark": 263, "inotify_init1": 26, "inotify_add_watch": 27, "shmget": 194, "shmat": 196, "shmctl": 195,
        "shmdt": 197, "semget": 190, "semop": 193, "semctl": 191, "semtimedop": 192, "msgget": 186, "msgsnd": 189,
        "msgrcv": 188, "msgctl": 187, "mq_open": 180, "mq_unlink": 181, "mq_timedsend": 182, "mq_timedreceive": 183,
        "mq_notify": 184, "mq_getsetattr": 185, "kcmp": 272, "move_pages": 239, "migrate_pages": 238, "setuid": 146,
        "setgid": 144, "setreuid": 145, "setregid": 143, "setresuid": 147, "setresgid": 149, "setfsuid": 151,
        "setfsgid": 152, "setgroups": 159, "capset": 91, "io_setup": 0, "io_submit": 2, "fadvise64": 223,
        "readahead": 213, "mincore": 232, "preadv2": 286, "pwritev2": 287, "flock": 32, "madvise": 233, "sysinfo": 179,
        "getxattr": 8, "lgetxattr": 9, "fgetxattr": 10, "listxattr": 11, "llistxattr": 12, "flistxattr": 13,
        "kill": 129, "tgkill": 131, "rt_sigqueueinfo": 138, "rt_tgsigqueueinfo": 240, "sched_setparam": 118,
        "sched_setscheduler": 119, "sched_setaffinity": 122, "sched_setattr": 274, "prlimit64": 261, "setrlimit": 164,
        "clone": 220, "prctl": 167, "fcntl": 25, "ioctl": 29, "openat": 56,
        **_SHARED_NUMBERS,
    }),
}
_O_WRITING = 0o1 | 0o2 | 0o100 | 0o1000 | 0o2000      # O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND
_RLIMIT_CPU = 0                                       # the one limit the worker sets per move (its time)
_F_SETPIPE_SZ = 1031                                  # a pipe's buffer made larger: kernel memory
_F_SETOWN, _F_SETOWN_EX = 8, 15                       # who gets SIGIO for a file: the referee would die of it
_F_SETLEASE, _F_NOTIFY = 1024, 1026                   # a lease holds the teacher's writes back; a folder's watch
_F_LOCKS = (5, 6, 7, 36, 37, 38)                      # F_GETLK F_SETLK F_SETLKW F_OFD_GETLK F_OFD_SETLK F_OFD_SETLKW
#: Write-life hints, kept on a file while the kernel caches it, set and read from a read-only descriptor: a channel
#: between two bots that outlived the tournament (read-through 8).  F_GET/SET_RW_HINT, F_GET/SET_FILE_RW_HINT.
WRITE_HINTS = (1035, 1036, 1037, 1038)
#: ``madvise`` advice refused: the page cache's (RANDOM and SEQUENTIAL turn read-around off and on, WILLNEED and
#: POPULATE load pages, COLD and PAGEOUT evict them: a channel between two bots) and, as root, poisoning pages.
_MADVISE_REFUSED = (1, 2, 3, 20, 21, 22, 23, 100, 101)
#: The only ``ioctl`` requests a worker may make: close-on-exec and blocking flags, bytes waiting, and what
#: ``isatty`` and the terminal's size ask (others set a file immutable, freeze a file system, type on a terminal).
_IOCTLS = (0x5451, 0x5450, 0x5421, 0x541B, 0x5401, 0x5413)     # FIOCLEX FIONCLEX FIONBIO FIONREAD TCGETS TIOCGWINSZ
_PR_SET_PDEATHSIG, _PR_SET_DUMPABLE = 1, 4
_EPERM, _ENOSYS = 1, 38
#: The last call this filter was reviewed against (``file_setattr``, Linux 6.17).  A later one is answered "no such
#: call", as an older kernel would: the C library then does without it, and a bot cannot use what nobody reviewed.
NEWEST_REVIEWED = 469
_ALLOW, _ERRNO = 0x7FFF0000, 0x00050000               # SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO (| the errno)
_PR_SET_NO_NEW_PRIVS = 38


@functools.cache
def _libc() -> ctypes.CDLL:
    """The C library, its ``syscall`` answering a ``long`` (a file descriptor, an ABI version, -1)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc


def _no_new_privs() -> bool:
    """No privilege gained by running a program from now on: what seccomp and Landlock need without root."""
    return _libc().prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0


def seccomp_filter(me: int) -> bool:
    """Turn on the worker's seccomp filter (module docstring) for this thread (the worker has no other).

    Beyond the calls of ``REFUSED_CALLS``, refused by their arguments: ``open``/``openat`` for writing,
    ``prctl`` taking back the parent's death signal or undumpability, ``setrlimit``/``prlimit64`` setting any
    limit but CPU time (a root worker could raise its own), a larger pipe buffer, ``F_SETOWN`` (which would have
    the kernel send SIGIO, deadly by default, to the referee when it reads the worker's pipe), a lease or a
    folder's watch, a file lock or write-life hint, an ``ioctl`` outside ``_IOCTLS``, the ``madvise`` advice of
    ``_MADVISE_REFUSED``; and the calls of ``OWN_CALLS`` aimed at another process.
    """
    table = NUMBERS.get(platform.machine())
    if table is None or not sys.platform.startswith("linux"):
        return False
    arch, nr = table
    ld, jeq, jge, jset, ret = 0x20, 0x15, 0x35, 0x45, 0x06
    arg = [16 + 8 * i for i in range(6)]                   # seccomp_data.args[i], its low 32 bits (little-endian)
    # (code, label if true, label if false, k); a label is a place's name or a number of lines to skip.
    refuse, unknown = (ret, 0, 0, _ERRNO | _EPERM), (ret, 0, 0, _ERRNO | _ENOSYS)
    # A refusal returns at once: its test, then the return, skipped when the test fails (a jump is one byte, so
    # one return at the end would be out of reach of the first tests as the list grows).
    lines: list[tuple[int, str | int, str | int, int]] = [(ld, 0, 0, 4), (jeq, 1, 0, arch), refuse, (ld, 0, 0, 0)]
    if arch == 0xC000003E:
        lines += [(jge, 0, 1, 0x40000000), refuse]         # the x32 calls: another numbering
    lines += [(jge, 0, 1, NEWEST_REVIEWED + 1), unknown]
    for name in REFUSED_CALLS:
        if name in nr:
            lines += [(jeq, 0, 1, nr[name]), refuse]
    lines += [(jeq, "own", 0, nr[name]) for name in OWN_CALLS]
    checked = ("prlimit64", "setrlimit", "prctl", "fcntl", "ioctl", "open", "openat", "madvise")  # a block each
    lines += [(jeq, name, 0, nr[name]) for name in checked if name in nr]
    lines.append((ret, 0, 0, _ALLOW))
    places: dict[str, int] = {}

    def block(name: str, *code: tuple[int, str | int, str | int, int]) -> None:
        places[name] = len(lines)
        lines.extend(code)

    block("own", (ld, 0, 0, arg[0]), (jeq, "allow", 0, me), (jeq, "allow", "deny", 0))
    block("prlimit64", (ld, 0, 0, arg[0]), (jeq, 1, 0, me), (jeq, 0, "deny", 0),           # this process,
          (ld, 0, 0, arg[2]), (jeq, 0, "cpu", 0), (ld, 0, 0, arg[2] + 4), (jeq, "allow", "cpu", 0))  # reading
    block("cpu", (ld, 0, 0, arg[1]), (jeq, "allow", "deny", _RLIMIT_CPU))
    block("setrlimit", (ld, 0, 0, arg[0]), (jeq, "allow", "deny", _RLIMIT_CPU))
    block("prctl", (ld, 0, 0, arg[0]), (jeq, "deny", 0, _PR_SET_PDEATHSIG), (jeq, "deny", "allow", _PR_SET_DUMPABLE))
    refused_fcntl = (_F_SETPIPE_SZ, _F_SETOWN, _F_SETLEASE, _F_NOTIFY, *_F_LOCKS, *WRITE_HINTS)
    block("fcntl", (ld, 0, 0, arg[1]), *((jeq, "deny", 0, k) for k in refused_fcntl),
          (jeq, "deny", "allow", _F_SETOWN_EX))
    block("ioctl", (ld, 0, 0, arg[1]), *((jeq, "allow", 0, k) for k in _IOCTLS[:-1]),
          (jeq, "allow", "deny", _IOCTLS[-1]))
    block("madvise", (ld, 0, 0, arg[2]), *((jeq, "deny", 0, k) for k in _MADVISE_REFUSED[:-1]),
          (jeq, "deny", "allow", _MADVISE_REFUSED[-1]))
    block("open", (ld, 0, 0, arg[1]), (jset, "deny", "allow", _O_WRITING))
    block("openat", (ld, 0, 0, arg[2]), (jset, "deny", "allow", _O_WRITING))
    block("deny", refuse)
    block("allow", (ret, 0, 0, _ALLOW))

    def hop(here: int, to: str | int) -> int:
        step = to if isinstance(to, int) else places[to] - here - 1
        if not 0 <= step <= 255:                           # (not an assert: ``python -O`` would wrap it silently)
            raise ValueError(f"a seccomp jump is one byte: {step} lines is too far (line {here})")
        return step

    class Filter(ctypes.Structure):
        _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte), ("k", ctypes.c_uint)]

    class Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(Filter))]

    code = (Filter * len(lines))(*(Filter(c, hop(i, t), hop(i, f), k & 0xFFFFFFFF)
                                   for i, (c, t, f, k) in enumerate(lines)))
    program = Program(len(lines), code)
    return _no_new_privs() and _libc().prctl(22, 2, ctypes.byref(program), 0, 0) == 0   # PR_SET_SECCOMP, FILTER


#: Landlock's rights on files and folders, by the ABI version that brought them (``linux/landlock.h``).
_FS_RIGHTS = {1: (1 << 13) - 1, 2: 1 << 13, 3: 1 << 14, 5: 1 << 15}
_EXECUTE, _READ_FILE, _READ_DIR = 1 << 0, 1 << 2, 1 << 3
_NET_TCP = 3                                            # bind and connect (ABI 4)
_SCOPES = 3                                             # abstract Unix sockets and signals (ABI 6)
_CREATE, _ADD, _RESTRICT = 444, 445, 446                # the same numbers on x86-64 and ARM64


def landlock_version() -> int:
    """Landlock's ABI version on this kernel (0: none), without turning it on."""
    if not sys.platform.startswith("linux"):
        return 0
    return max(0, _libc().syscall(ctypes.c_long(_CREATE), None, ctypes.c_size_t(0), ctypes.c_uint32(1)))


def landlock(folders: list[str], files: list[str]) -> int:
    """Let this thread (and those it starts) read only under ``folders`` and the ``files``, write nowhere,
    connect nowhere by TCP, and signal or trace no process outside it.  Returns Landlock's ABI version in
    force, 0 if the kernel has none (nothing changed then).  Paths that do not exist are skipped."""
    abi = landlock_version()
    if abi < 1:
        return 0
    syscall = _libc().syscall

    class Ruleset(ctypes.Structure):
        _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]

    class Beneath(ctypes.Structure):
        _pack_ = 1
        _fields_ = [("allowed", ctypes.c_uint64), ("fd", ctypes.c_int32)]

    handled = sum(bits for version, bits in _FS_RIGHTS.items() if version <= abi)
    rules = Ruleset(handled, _NET_TCP if abi >= 4 else 0, _SCOPES if abi >= 6 else 0)
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    ruleset = syscall(ctypes.c_long(_CREATE), ctypes.byref(rules), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        return 0
    try:
        for paths, rights in ((folders, _EXECUTE | _READ_FILE | _READ_DIR), (files, _EXECUTE | _READ_FILE)):
            for path in paths:
                try:
                    fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
                except OSError:
                    continue
                try:
                    allowed = rights if os.path.isdir(path) else rights & (_EXECUTE | _READ_FILE)
                    syscall(ctypes.c_long(_ADD), ctypes.c_int(ruleset), ctypes.c_int(1),
                            ctypes.byref(Beneath(allowed, fd)), ctypes.c_uint32(0))
                finally:
                    os.close(fd)
        if not _no_new_privs():
            return 0
        if syscall(ctypes.c_long(_RESTRICT), ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            return 0
        return abi
    finally:
        os.close(ruleset)


_PR_CAPBSET_DROP, _PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL = 24, 47, 4
_CAPABILITY_VERSION_3 = 0x20080522                    # capset's header: two 32-bit words per set


def drop_capabilities() -> bool:
    """Give up every capability for good: the bounding set (so no program run could bring one back), the
    ambient set, then the effective, permitted and inheritable sets.  A worker of an ordinary user has none
    already; one started by root is left with root's files and none of its powers.  False where that
    cannot be done (not Linux, or a kernel refusing it)."""
    if not sys.platform.startswith("linux"):
        return False
    libc = _libc()
    cap = 0
    while libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0) == 0 or ctypes.get_errno() != 22:     # EINVAL: past the last
        cap += 1
        if cap > 63:
            break
    libc.prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    header = (ctypes.c_uint32 * 2)(_CAPABILITY_VERSION_3, 0)        # this process
    sets = (ctypes.c_uint32 * 6)()                                   # effective, permitted, inheritable: none
    return libc.capset(header, sets) == 0


def die_with_parent(parent: int) -> bool:
    """Have the kernel kill this process (SIGKILL) when the thread of ``parent`` that started it ends, and
    make its memory unreadable to other processes of the same user.  False where the kernel has neither;
    if ``parent`` is already gone, this process exits."""
    if not sys.platform.startswith("linux"):
        return False
    libc = _libc()
    on = libc.prctl(_PR_SET_PDEATHSIG, 9, 0, 0, 0) == 0 and libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0) == 0
    if os.getppid() != parent:                 # it ended before the signal was asked for
        os._exit(3)
    return on
