"""The keeper of one outside program and of every process it starts.

arena/agent_process.py runs it as a script, never imports it:

    python -I -S _agent_keeper.py CONTROL STATUS UID GID COMMAND...

It starts COMMAND in a session of its own, with the keeper's stdin, stdout
and stderr (the host's pipes), as user UID and group GID unless they are
"-", and with the keeper's environment (the host made it clean). On Linux
the keeper is first made the subreaper of its descendants
(PR_SET_CHILD_SUBREAPER): a process of the tree whose parent dies becomes
the keeper's child, not init's, so no process COMMAND starts leaves its
care, not even one that calls setsid or forks twice.

On the pipe STATUS it writes one line per event: `started PID` or
`failed WHY`, then `exited CODE` when COMMAND exits (a negative code is the
signal that ended it), and `ended` once the tree is gone. When the pipe
CONTROL reaches its end -- the host closed it, or the host died -- or the
keeper gets SIGTERM, it ends the tree: SIGTERM to COMMAND's process group
and to every process of the tree, then, after GRACE seconds, SIGKILL to
whatever is left, until nothing is.

Only the standard library, and little of it: it starts with every game.
"""

import os
import select
import signal
import sys
import time

GRACE = 0.5        # seconds the tree is given to exit after SIGTERM
KILL_TIME = 5.0    # the most seconds spent killing a tree that forks as fast as it is killed
PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h


def main(argv: list[str]) -> int:
    control, status = int(argv[0]), int(argv[1])
    uid = None if argv[2] == "-" else int(argv[2])
    gid = None if argv[3] == "-" else int(argv[3])
    command = argv[4:]
    for fd in (control, status):
        os.set_inheritable(fd, False)  # the program gets neither
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the host's to handle
    signal.signal(signal.SIGHUP, signal.SIG_IGN)  # so is a closed terminal
    # SIGTERM writes a byte that _watch sees, whenever it comes: the tree is
    # then ended, never left half-watched by a handler that interrupts.
    terminated, woken = os.pipe()
    os.set_blocking(woken, False)
    signal.set_wakeup_fd(woken)
    signal.signal(signal.SIGTERM, lambda *_: None)
    _become_subreaper()
    agent, why = _start(command, uid, gid)
    _silence_own_streams()  # the pipes' only holders are now the program's processes
    if agent is None:
        _say(status, f"failed {why}")
        return 0
    _say(status, f"started {agent}")
    _watch(agent, control, status, terminated)
    _end_tree(agent)
    _say(status, "ended")
    return 0


def _say(status: int, line: str) -> None:
    try:
        os.write(status, (line.replace("\n", " ") + "\n").encode("utf-8", "replace"))
    except OSError:
        pass  # the host is gone: the tree is ended all the same


def _become_subreaper() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _start(command: list[str], uid: int | None, gid: int | None):
    """(pid, None) once COMMAND runs, or (None, why) when it can't be started."""
    failed_read, failed_write = os.pipe()  # closed on exec: no word means it started
    pid = os.fork()
    if pid == 0:
        try:
            os.close(failed_read)
            for number in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM, signal.SIGPIPE,
                           signal.SIGXFSZ):
                signal.signal(number, signal.SIG_DFL)  # as a program starts, not as the keeper
            os.setsid()
            if gid is not None:
                os.setgroups([])
                os.setgid(gid)
            if uid is not None:
                os.setuid(uid)
            os.execvp(command[0], command)
        except BaseException as error:  # anything: the child must never run the keeper's code
            why = getattr(error, "strerror", None) or str(error) or type(error).__name__
            os.write(failed_write, why.encode("utf-8", "replace")[:500])
        finally:
            os._exit(127)
    os.close(failed_write)
    chunks = []
    while True:
        chunk = os.read(failed_read, 512)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(failed_read)
    if chunks:
        os.waitpid(pid, 0)
        return None, b"".join(chunks).decode("utf-8", "replace")
    return pid, None


def _silence_own_streams() -> None:
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)


def _watch(agent: int, control: int, status: int, terminated: int) -> None:
    """Until CONTROL ends or SIGTERM comes: say when the program exits."""
    exited = None
    try:
        exit_signal = os.pidfd_open(agent)  # readable once the program exits
    except (AttributeError, OSError):
        exit_signal = None
    while True:
        watched = [control, terminated]
        if exit_signal is not None and exited is None:
            watched.append(exit_signal)
        timeout = None if exited is not None or exit_signal is not None else 0.05
        ready, _, _ = select.select(watched, [], [], timeout)
        if terminated in ready or (control in ready and not os.read(control, 512)):
            return
        if exited is None:
            exited = _exit_code(agent)
            if exited is not None:
                _say(status, f"exited {exited}")


def _exit_code(pid: int):
    """The exit code of child `pid` if it has exited, left unreaped (so
    that its pid, which is its group's id, is not given to another process
    while the keeper may still signal that group); None while it runs."""
    try:
        info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return -1
    if info is None or info.si_pid == 0:
        return None
    return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status


def _children(agent: int, zombies: bool) -> list[int]:
    """The keeper's children that have exited but are not reaped (`zombies`)
    or that have not exited. Linux lists them in /proc; without it, only
    the program is known."""
    me = os.getpid()
    try:
        with open(f"/proc/{me}/task/{me}/children", "rb") as listed:
            candidates = [int(pid) for pid in listed.read().split()]
    except OSError:  # a kernel without the list: every process's parent, then
        try:
            candidates = [int(entry) for entry in os.listdir("/proc") if entry.isdigit()]
        except OSError:
            running = _exit_code(agent) is None
            return [agent] if running != zombies else []
    found = []
    for pid in candidates:
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me and (fields[0] in (b"Z", b"X")) == zombies:
            found.append(pid)
    return found


def _signal_tree(agent: int, number: int) -> list[int]:
    """Send signal `number` to the program's process group and to every
    living child of the keeper; return those children."""
    try:
        os.killpg(agent, number)
    except OSError:
        pass  # the group is empty
    children = _children(agent, zombies=False)
    for child in children:
        try:
            os.kill(child, number)
        except OSError:
            pass
    return children


def _reap_others(agent: int) -> None:
    """Reap every exited child but the program, whose pid stays reserved
    (a zombie) until the end, so that its group's id is never another's."""
    for child in _children(agent, zombies=True):
        if child != agent:
            _reap(child)


def _reap(pid: int) -> None:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass


def _end_tree(agent: int) -> None:
    """SIGTERM to the whole tree, GRACE seconds to exit, then SIGKILL until
    no process of it is left (a process whose parent dies becomes the
    keeper's child, so a tree with no living child of the keeper is gone)."""
    _signal_tree(agent, signal.SIGTERM)
    deadline = time.monotonic() + GRACE
    while time.monotonic() < deadline:
        _reap_others(agent)
        if not _children(agent, zombies=False):
            break
        time.sleep(0.01)
    deadline = time.monotonic() + KILL_TIME
    while _signal_tree(agent, signal.SIGKILL) and time.monotonic() < deadline:
        time.sleep(0.005)
        _reap_others(agent)
    _reap_others(agent)
    _reap(agent)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
