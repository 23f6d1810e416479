"""A program running in a pseudo-terminal, watched through /proc: the pty driver of `make bench`.

Python standard library only. The child is started with posix_spawn in a new session whose
controlling terminal is the pty's slave side, at a fixed window size, so it sees a real terminal
exactly as it would in a terminal emulator. The driver reads everything the child writes (so the
child never blocks on a full pty buffer) and looks for marker strings in that byte stream: no
terminal emulator is involved, a marker either appears in the output or it does not.
"""

import fcntl
import glob
import os
import select
import signal
import struct
import termios
import time

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class Timeout(Exception):
    """The child did not write what was expected in time."""


class PtyProc:
    """One child process on a fresh pty, started at construction."""

    def __init__(self, argv, env, cols=80, rows=24):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        tty = os.ttyname(slave)
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, tty, os.O_RDWR, 0),
            (os.POSIX_SPAWN_DUP2, 0, 1),
            (os.POSIX_SPAWN_DUP2, 0, 2),
        ]
        self.output = bytearray()
        self.exit_status = None
        self.started = time.perf_counter()
        self.pid = os.posix_spawn(argv[0], argv, env, file_actions=actions, setsid=True)
        os.close(slave)

    # MARK: - output

    def _read(self, timeout):
        """Reads what is available within `timeout` seconds; returns the bytes (b"" on none)."""
        if self.master is None:
            return b""
        ready, _, _ = select.select([self.master], [], [], max(timeout, 0))
        if not ready:
            return b""
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if not data:
            os.close(self.master)
            self.master = None
            return b""
        self.output += data
        return data

    def wait_for(self, marker, timeout, start=0):
        """Waits until `marker` appears in the output at or after offset `start`.

        Returns the perf_counter time at which the chunk holding it was read.
        """
        deadline = time.perf_counter() + timeout
        while True:
            if self.output.find(marker, start) >= 0:
                return time.perf_counter()
            left = deadline - time.perf_counter()
            if left <= 0 or (self.master is None and self.exit_status is not None):
                raise Timeout(f"{marker!r} not seen within {timeout:.1f} s")
            if not self._read(min(left, 0.5)) and self.master is None:
                self._poll_exit()
                if self.exit_status is not None:
                    raise Timeout(f"exited ({self.exit_status}) before writing {marker!r}")

    def settle(self, first_wait, quiet):
        """Waits up to `first_wait` s for output, then reads until `quiet` s pass with none.

        Returns True when any output came.
        """
        if not self._read(first_wait):
            return False
        while self._read(quiet):
            pass
        return True

    def drain(self, seconds):
        """Reads whatever arrives during `seconds`."""
        deadline = time.perf_counter() + seconds
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                return
            self._read(left)

    def send(self, data):
        """Writes keys to the child, reading its output meanwhile so neither side blocks."""
        view = memoryview(data)
        while view:
            _, writable, _ = select.select([], [self.master], [], 1.0)
            if writable:
                n = os.write(self.master, view[:1024])
                view = view[n:]
            self._read(0)

    # MARK: - /proc

    def cpu_seconds(self):
        """utime + stime of the whole process (every thread, live or gone), from /proc/PID/stat."""
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def run_ns(self):
        """Nanoseconds on CPU summed over live threads, from /proc/PID/task/*/schedstat."""
        return sum(self.thread_ns().values())

    def thread_ns(self):
        """Nanoseconds on CPU of each live thread, by thread id (schedstat's first field)."""
        times = {}
        for path in glob.glob(f"/proc/{self.pid}/task/*/schedstat"):
            try:
                with open(path) as f:
                    times[path.split("/")[4]] = int(f.read().split()[0])
            except (OSError, ValueError, IndexError):
                pass
        return times

    def thread_switches(self):
        """Voluntary + involuntary context switches of each live thread: each is a wake-up."""
        counts = {}
        for path in glob.glob(f"/proc/{self.pid}/task/*/status"):
            try:
                with open(path) as f:
                    counts[path.split("/")[4]] = sum(int(line.split()[1]) for line in f if line.startswith(
                        ("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))
            except OSError:
                pass
        return counts

    def threads(self):
        return len(glob.glob(f"/proc/{self.pid}/task/*"))

    def status_kib(self, field):
        """A `VmXXX:` value of /proc/PID/status in KiB (VmHWM is the peak resident set)."""
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return None

    # MARK: - ending

    def _poll_exit(self):
        if self.exit_status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.exit_status = os.waitstatus_to_exitcode(status)
        return self.exit_status

    def wait_exit(self, timeout):
        """Waits for the child to exit, draining its output; True when it did."""
        deadline = time.perf_counter() + timeout
        while self._poll_exit() is None:
            if time.perf_counter() > deadline:
                return False
            if self.master is not None:
                self._read(0.01)
            else:
                time.sleep(0.005)
        return True

    def quit(self, keys=b"\x03", timeout=5.0):
        """Sends the quit keys and waits; kills the child if it does not go. True on a clean exit."""
        if self._poll_exit() is None and self.master is not None:
            try:
                self.send(keys)
            except OSError:
                pass
        clean = self.wait_exit(timeout)
        if not clean:
            self.kill()
        self.close()
        return clean

    def kill(self):
        if self._poll_exit() is None:
            os.kill(self.pid, signal.SIGKILL)
            self.wait_exit(5.0)

    def close(self):
        if self.master is not None:
            os.close(self.master)
            self.master = None
