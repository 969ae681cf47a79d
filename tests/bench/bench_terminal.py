"""Terminal figures, measured over a pseudo-terminal like a player's terminal would see them.

Each app runs as a child process on a pty of a fixed size. The harness reads
everything the app writes: start-up is the time from launch to the last byte
of the first frame (the output has settled); a cursor move is the time from
writing the key to the last byte of the repaint, and the bytes that repaint
wrote. The game is measured next to the bare reference apps of bare_app.py,
so the figures that matter are ratios: for each map and size the bare grid's
cursor moves and the game's are taken in interleaved turns (moves_apart), as are
the two start-ups (starts_apart), so both sides of a ratio meet the machine as it
was in the same minutes. Every app runs with its bytecode cached in the run's
temporary folder, after one start that fills that cache: a player's second
start, and the same footing for both.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

from run import BENCH_DIR, REPO_ROOT, Budget, Report

TUI_BUDGET = Budget(1.5, text="<= 1.5x bare")
#: Bytes a cursor move may cost over the bare grid's (issue "Speed at the floor").
BYTES_BUDGET = Budget(2.0, text="<= 2x bare")
RIGHT, LEFT = b"\x1b[C", b"\x1b[D"
#: Extra environment for the apps: a fresh settings folder and saves folder per run,
#: so a player's own options (keymap, theme) neither change the figures nor get changed.
APP_ENV: dict[str, str] = {}


class PtyApp:
    """One app on a pseudo-terminal of `cols` x `rows`; reads its output with timestamps."""

    def __init__(self, argv: list[str], cols: int, rows: int, cwd: str | None = None) -> None:
        self.argv = argv
        self.cwd = cwd or str(REPO_ROOT)
        self.cols, self.rows = cols, rows
        self.pid = -1
        self.fd = -1
        self.launched = 0.0
        self.transcript = bytearray()

    def start(self) -> None:
        env = dict(os.environ)
        env.update(
            TERM="xterm-256color",
            TEXTUAL_ANIMATIONS="none",
            PYTHONPATH=self.cwd + os.pathsep + env.get("PYTHONPATH", ""),
            COLUMNS=str(self.cols),
            LINES=str(self.rows),
        )
        env.update(APP_ENV)
        if "PYTHONPYCACHEPREFIX" in APP_ENV:  # bytecode cached, as on a player's machine
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.pop("COLORTERM", None)
        env.pop("TEXTUAL", None)  # no devtools
        self.launched = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: size the terminal, then become the app
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
                os.chdir(self.cwd)
                os.execvpe(self.argv[0], self.argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd

    def read_until_quiet(self, quiet: float, timeout: float, marker: bytes | None = None, first: bool = False) -> tuple[bytes, float]:
        """Read until `marker` was seen (if any) and then nothing came for `quiet` seconds.

        With `first`, silence before the first byte does not count (a starting app).
        Returns the bytes read and the perf_counter time of the last byte.
        """
        out = bytearray()
        last = time.perf_counter()
        deadline = last + timeout
        seen = marker is None
        while True:
            now = time.perf_counter()
            if now >= deadline:
                break
            wait = quiet if seen else min(0.5, deadline - now)
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                if seen and out:
                    break
                if seen and not out and not first and time.perf_counter() - last >= quiet:
                    break
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            last = time.perf_counter()
            out += chunk
            if not seen and marker in _plain(bytes(out)):
                seen = True
        self.transcript += out
        return bytes(out), last

    def cpu(self) -> float:
        """CPU seconds the app has used so far, all its threads (Linux /proc; 0.0 elsewhere).

        Unlike the wall clock, this does not grow when other work shares the machine.
        """
        total = 0
        try:
            tasks = os.listdir(f"/proc/{self.pid}/task")
        except OSError:
            return 0.0
        for task in tasks:
            try:
                with open(f"/proc/{self.pid}/task/{task}/schedstat") as f:
                    total += int(f.read().split()[0])
            except (OSError, ValueError, IndexError):
                continue
        return total / 1e9

    def check_drawn(self) -> None:
        """Raise AppFailed unless the app switched to the alternate screen and is still running."""
        text = _plain(bytes(self.transcript)).decode("utf-8", "replace").strip().splitlines()
        if b"\x1b[?1049h" not in self.transcript:
            raise AppFailed(text[-1] if text else "the app wrote nothing")
        done = self.pid <= 0 or os.waitpid(self.pid, os.WNOHANG)[0] != 0
        if done or b"\x1b[?1049l" in self.transcript:  # stopped, or left its screen (to print an error)
            try:
                self.read_until_quiet(quiet=0.5, timeout=3)  # the rest of its message
            except OSError:
                pass
            if done:
                self.pid = -1
            text = _plain(bytes(self.transcript)).decode("utf-8", "replace").strip().splitlines()
            lines = [line.strip(" │╭╮╰╯─") for line in text if "Error" in line or "error" in line]
            raise AppFailed("it stopped: " + (lines[-1] if lines else "no message"))

    def send(self, data: bytes) -> float:
        now = time.perf_counter()
        os.write(self.fd, data)
        return now

    def stop(self) -> None:
        if self.pid <= 0:
            os.close(self.fd)
            return
        try:
            os.write(self.fd, b"\x11")  # ctrl+q: Textual's quit
        except OSError:
            pass
        deadline = time.perf_counter() + 3
        while time.perf_counter() < deadline:
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.1)
                if ready and not os.read(self.fd, 65536):
                    break
            except OSError:
                break
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.pid = -1
                break
        if self.pid > 0:
            os.kill(self.pid, signal.SIGTERM)
            os.waitpid(self.pid, 0)
            self.pid = -1
        os.close(self.fd)

    def __enter__(self) -> PtyApp:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


class AppFailed(RuntimeError):
    """The app did not draw a screen (it printed an error and stopped, say)."""


def _plain(data: bytes) -> bytes:
    """The text of terminal output with escape sequences removed (for finding a marker)."""
    out = bytearray()
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        if b == 0x1B and i + 1 < n and data[i + 1] == ord("["):
            i += 2
            while i < n and not (0x40 <= data[i] <= 0x7E):
                i += 1
            i += 1
        elif b == 0x1B:
            i += 2
        else:
            out.append(b)
            i += 1
    return bytes(out)


def startup_time(argv: list[str], marker: bytes | None, cols: int = 80, rows: int = 24) -> tuple[float, float]:
    """(wall seconds, app CPU seconds) from launch to the last byte of the first frame."""
    with PtyApp(argv, cols, rows) as app:
        _, last = app.read_until_quiet(quiet=0.3, timeout=20, marker=marker, first=True)
        used = app.cpu()
        app.check_drawn()
        return last - app.launched, used


def cursor_moves(argv: list[str], cols: int, rows: int, moves: int, marker: bytes | None = None) -> tuple[list[float], list[int], list[float]]:
    """Wall times (key written to last byte of the repaint), bytes and app CPU seconds of `moves` cursor moves.

    The cursor goes right four times, then left four times, and so on, so it
    stays near where the app put it. Keys that drew nothing are not counted.
    """
    times, sizes, cpus = [], [], []
    with PtyApp(argv, cols, rows) as app:
        app.read_until_quiet(quiet=0.4, timeout=30, marker=marker, first=True)
        app.check_drawn()
        for i in range(moves):
            key = RIGHT if (i // 4) % 2 == 0 else LEFT
            used = app.cpu()
            sent = app.send(key)
            data, last = app.read_until_quiet(quiet=0.15, timeout=5)
            if not data:
                continue
            times.append(last - sent)
            sizes.append(len(data))
            cpus.append(app.cpu() - used)
        app.check_drawn()  # still running, still on its screen: the figures are the app's
    return times, sizes, cpus


def python_app(*args: str) -> list[str]:
    return [sys.executable, *args]


def tui_available() -> bool:
    return (REPO_ROOT / "tui" / "__main__.py").exists()


# --- the suite --------------------------------------------------------------------


def run_terminal(report: Report) -> None:
    in_fresh_home(measure_terminal, report)


def in_fresh_home(measure, report: Report) -> None:
    """Run `measure(report)` with the apps' settings, saves and bytecode in a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="skirmish-bench-") as home:
        # Both apps start as they do on a player's machine from the second start on: with
        # their bytecode cached (here in the temporary folder, never in the source tree). A
        # machine that runs Python with PYTHONDONTWRITEBYTECODE would otherwise compile the
        # game's modules at every start while the bare app's Textual comes precompiled.
        APP_ENV.update(SKIRMISH_CONFIG=os.path.join(home, "config"), SKIRMISH_SAVES=os.path.join(home, "saves"),
                       PYTHONPYCACHEPREFIX=os.path.join(home, "bytecode"))
        try:
            measure(report)
        finally:
            APP_ENV.clear()


def measure_terminal(report: Report) -> None:
    suite = "terminal"
    repeats = 3 if report.quick else 7
    med = statistics.median
    bare_hello = (python_app(str(BENCH_DIR / "bare_app.py"), "hello"), b"bare app")
    game_menu = (python_app("-m", "tui"), None)
    try:
        taken = starts_apart([bare_hello, game_menu] if tui_available() else [bare_hello], repeats)
    except AppFailed as exc:
        report.skip(suite, f"start-up: `python3 -m tui` drew no screen: {exc}")
        taken = starts_apart([bare_hello], repeats)
    runs = taken[0]
    fb = report.add(suite, "start-up: bare Textual app", med(w for w, _ in runs), note=f"median of {repeats}, wall clock")
    fbc = report.add(suite, "start-up CPU: bare Textual app", med(c for _, c in runs), note="the app's CPU time")
    if len(taken) > 1:
        runs = taken[1]
        ft = report.add(suite, "start-up: main menu", med(w for w, _ in runs), note=f"median of {repeats}, wall clock")
        ftc = report.add(suite, "start-up CPU: main menu", med(c for _, c in runs), note="the app's CPU time")
        report.add_ratio(suite, "start-up: main menu / bare app", ft, fb, TUI_BUDGET)
        report.add_ratio(suite, "start-up CPU: main menu / bare app", ftc, fbc, TUI_BUDGET)
    elif not tui_available():
        report.skip(suite, "the TUI (python3 -m tui) is not available yet")
    battles = battle_commands()
    if not battles:
        report.skip(suite, "battle map: `python3 -m tui play RULESET` is not available yet")
        for cols, rows in ((80, 24), (200, 50)):
            bare = python_app(str(BENCH_DIR / "bare_app.py"), "grid", "3")
            add_moves(report, suite, f"bare grid {cols}x{rows}, 3 columns a cell",
                      moves_apart([bare], cols, rows, 1, 12 if report.quick else 40)[0])
        return
    rounds, moves = (2, 6) if report.quick else (4, 12)
    for argv, name, cell in battles:
        for cols, rows in ((80, 24), (200, 50)):
            size = f"{cols}x{rows}"
            bare_app = python_app(str(BENCH_DIR / "bare_app.py"), "grid", str(cell))
            try:
                bare, game = moves_apart([bare_app, argv], cols, rows, rounds, moves)
            except AppFailed as exc:
                report.skip(suite, f"{name} map {size}: the battle screen did not open: {exc}")
                continue
            if not game[0]:
                report.skip(suite, f"{name} map {size}: no repaint seen after a cursor key")
                continue
            bt, bc, bb = add_moves(report, suite, f"bare grid {size}, {cell} columns a cell, beside {name}", bare)
            gt, gc, gb = add_moves(report, suite, f"{name} map {size}", game)
            report.add_ratio(suite, f"key to repaint {size}: {name} map / bare", gt, bt, TUI_BUDGET)
            report.add_ratio(suite, f"CPU a cursor move {size}: {name} map / bare", gc, bc, TUI_BUDGET)
            report.add_ratio(suite, f"bytes a move {size}: {name} map / bare", gb, bb, BYTES_BUDGET)


#: The terminal-parts suite's variants: (label, panels held); the first is the game as it is.
PARTS = (("as it is", ()), ("the unit sheet held", ("sheet",)), ("the sheet and the info line held", ("sheet", "info")))


def run_terminal_parts(report: Report) -> None:
    """What each panel's update costs a cursor move (not run unless named: `--only
    terminal-parts`). Each map at 80x24 is measured beside the bare grid, as the terminal
    suite does, once as it is and once with each set of PARTS' panels held (held_panels.py:
    their update does nothing), all in interleaved turns; the ratios carry no budget."""
    in_fresh_home(measure_parts, report)


def measure_parts(report: Report) -> None:
    suite = "terminal-parts"
    battles = battle_commands()
    if not battles:
        report.skip(suite, "battle map: `python3 -m tui play RULESET` is not available yet")
        return
    cols, rows = 80, 24
    rounds, moves = (2, 6) if report.quick else (4, 12)
    launcher = str(BENCH_DIR / "held_panels.py")
    for argv, name, cell in battles:
        bare = python_app(str(BENCH_DIR / "bare_app.py"), "grid", str(cell))
        games = [argv if not held else python_app(launcher, ",".join(held), *argv[3:]) for _, held in PARTS]
        try:
            taken = moves_apart([bare, *games], cols, rows, rounds, moves)
        except AppFailed as exc:
            report.skip(suite, f"{name} map: the battle screen did not open: {exc}")
            continue
        bt, bc, bb = add_moves(report, suite, f"bare grid 80x24, {cell} columns a cell, beside {name}", taken[0])
        for (label, _), game in zip(PARTS, taken[1:]):
            if not game[0]:
                report.skip(suite, f"{name} map, {label}: no repaint seen after a cursor key")
                continue
            gt, gc, gb = add_moves(report, suite, f"{name} map 80x24, {label}", game)
            report.add_ratio(suite, f"key to repaint 80x24: {name} map, {label} / bare", gt, bt)
            report.add_ratio(suite, f"CPU a cursor move 80x24: {name} map, {label} / bare", gc, bc)
            report.add_ratio(suite, f"bytes a move 80x24: {name} map, {label} / bare", gb, bb)


def starts_apart(apps: list[tuple[list[str], bytes | None]], repeats: int) -> list[list[tuple[float, float]]]:
    """Each app's start-ups (startup_time), `repeats` of each, taken in turns, the order
    reversed every other round, after one start of each that compiles and caches its
    bytecode. Taken one block after the other, the bare app's median alone read 220 to
    294 ms of wall time in two runs of one machine, and the ratio 1.34x and 1.89x; taken in
    turns in the same minutes as the second, 1.21x."""
    for argv, marker in apps:
        startup_time(argv, marker)
    out: list[list[tuple[float, float]]] = [[] for _ in apps]
    for i in in_turns(len(apps), repeats):
        out[i].append(startup_time(*apps[i]))
    return out


def in_turns(count: int, rounds: int):
    """The indexes of `count` apps, `rounds` times, in order and reversed every other round
    (0, 1, 1, 0, 0, 1, ...): neither side of a ratio is always the one that goes first."""
    for r in range(rounds):
        yield from (range(count) if r % 2 == 0 else reversed(range(count)))


def moves_apart(apps: list[list[str]], cols: int, rows: int, rounds: int, moves: int) -> list[tuple[list[float], list[int], list[float]]]:
    """Each app's cursor moves (cursor_moves), taken in `rounds` turns of `moves` moves
    each, the apps' turns interleaved and their order reversed every other round (the bare
    grid, the game, the game, the bare grid, ...). A machine that speeds up or slows down
    over the minutes a suite takes then moves both sides of a ratio alike: measured one
    after the other, the bare grid's reading alone swung 1.5 to 2.3 ms between runs."""
    out: list[tuple[list[float], list[int], list[float]]] = [([], [], []) for _ in apps]
    for i in in_turns(len(apps), rounds):
        for pooled, taken in zip(out[i], cursor_moves(apps[i], cols, rows, moves)):
            pooled.extend(taken)
    return out


def add_moves(report: Report, suite: str, label: str, taken: tuple[list[float], list[int], list[float]]) -> tuple[object, object, object]:
    """Report the medians of one app's pooled cursor moves: key to repaint, CPU, bytes."""
    med = statistics.median
    times, sizes, cpus = taken
    return (
        report.add(suite, f"key to repaint: {label}", med(times), note=f"median of {len(times)}, wall clock"),
        report.add(suite, f"CPU a cursor move: {label}", med(cpus), note="the app's CPU time"),
        report.add(suite, f"bytes a cursor move: {label}", med(sizes), "B"),
    )


def battle_commands() -> list[tuple[list[str], str, int]]:
    """(command, ruleset, columns a map cell) for every ruleset that imports, once the TUI can play."""
    if not tui_available():
        return []
    from core import registry

    out = []
    for name in registry.available():
        ruleset = registry.get(name)
        cell = 4 if ruleset.grid == "hex" else 3  # as tui/widgets/map.py draws cells
        out.append((python_app("-m", "tui", "play", name, "--seed", "1"), name, cell))
    return out


if __name__ == "__main__":
    # Quick manual check of the harness against the bare apps.
    print("start-up", startup_time(python_app(str(BENCH_DIR / "bare_app.py"), "hello"), b"bare app"))
    t, b, c = cursor_moves(python_app(str(BENCH_DIR / "bare_app.py"), "grid"), 80, 24, 8)
    print("moves", [round(x * 1e3, 2) for x in t], b, [round(x * 1e3, 2) for x in c])
