"""The `skirmish` command line: the TUI, batches, and tools for saves and data files.

Every command is documented in docs/COMMANDS.md. Exit codes: 0 success, 1 a
user error (bad file, unknown ruleset, failed check) told in plain lines and
never as a traceback, 2 a usage error (argparse), 130 interrupted. Textual is
imported only by the commands that start the TUI.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

from core import registry
from core.choices import DEFAULT_UNDO, LEVELS, SEED_MAX, UNDO_MODES, parse_seed
from core.errors import ContentError, Problem, SaveError, SkirmishError
from core.files import default_saves_dir
from core.text import display_path, printable

OPPONENTS = ("easy", "normal", "hard", "hotseat")


class UserError(Exception):
    """A mistake the user can fix; printed as one line, exit code 1."""


#: Bounds on the numbers a command line may ask for: a batch is built and played in full,
#: so its size is capped before any work starts. Seeds have one range everywhere
#: (core.choices.SEED_MAX), checked as they are parsed (`seed_arg`).
MAX_GAMES = 100_000
MAX_JOBS = 64
MAX_SEAT = 64


#: (command, option attribute, flag, lowest, highest) checked before any command runs.
BOUNDS = (
    ("sim", "games", "--games", 1, MAX_GAMES),
    ("sim", "jobs", "--jobs", 1, MAX_JOBS),
    ("balance", "games", "--games", 1, MAX_GAMES),
    ("balance", "jobs", "--jobs", 1, MAX_JOBS),
    ("sim-run", "runs", "--runs", 1, MAX_GAMES),
    ("sim-run", "jobs", "--jobs", 1, MAX_JOBS),
    ("log", "seat", "--seat", 1, MAX_SEAT),
)


def check_bounds(command: str, args: argparse.Namespace) -> None:
    """Refuse a number outside its range in one line (UserError) before any work starts."""
    for where, attr, flag, low, high in BOUNDS:
        value = getattr(args, attr, None) if command == where else None
        if value is None:
            continue
        if value < low:
            raise UserError(f"{flag} must be at least {low} (up to {high})")
        if value > high:
            raise UserError(f"{flag} must be at most {high}")


# --- the parser -------------------------------------------------------------------
def seed_arg(text: str) -> int:
    """A seed on the command line: one range everywhere (core.choices.SEED_MAX), else a usage error."""
    try:
        return parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    # The global options may come before or after the command; after it they override.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--saves-dir", type=Path, metavar="DIR", default=argparse.SUPPRESS,
                        help="where saves go (default: $SKIRMISH_SAVES, else saves/)")
    common.add_argument("--mouse", action="store_true", default=argparse.SUPPRESS,
                        help="let the TUI use the mouse (off by default, for SSH)")
    parser = argparse.ArgumentParser(
        prog="skirmish",
        description="A keyboard-driven tactics game for the terminal. Without a command, starts the game.",
        epilog="See docs/COMMANDS.md for every command with examples.",
    )
    parser.add_argument("--saves-dir", type=Path, metavar="DIR", default=None,
                        help="where saves go (default: $SKIRMISH_SAVES, else saves/)")
    parser.add_argument("--mouse", action="store_true", default=False,
                        help="let the TUI use the mouse (off by default, for SSH)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("play", parents=[common], help="start a battle in the TUI")
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument("--scenario", metavar="S", help="bundled scenario name or a scenario file")
    p.add_argument("--seed", type=seed_arg, metavar="N", help=f"battle seed, 0 to {SEED_MAX} (default: a random one)")
    p.add_argument("--opponent", choices=OPPONENTS, default="normal", help="AI level, or hotseat (default: normal)")
    p.add_argument("--army", type=Path, metavar="FILE",
                   help="side 1 brings this army (commanders: this commander) instead of the scenario's")
    p.add_argument("--undo", choices=UNDO_MODES, default=DEFAULT_UNDO,
                   help="fair: take back only your own moves that revealed nothing; practice: anything; "
                        f"ironman: nothing (default: {DEFAULT_UNDO})")

    p = sub.add_parser("replay", parents=[common], help="watch a save file, or a run file's battles, in the TUI")
    p.add_argument("file", metavar="FILE", type=Path)
    p.add_argument("--battle", type=int, metavar="N", help="a run file's battle N (from 1; default: the list of its battles)")

    # what every batch of AI games takes (sim and the balance lab)
    batch = argparse.ArgumentParser(add_help=False)
    batch.add_argument("--seed", type=seed_arg, default=0, metavar="S", help=f"batch seed, 0 to {SEED_MAX} (default: 0)")
    batch.add_argument("--jobs", type=int, default=1, metavar="J",
                       help=f"worker processes, 1 to {MAX_JOBS} (default: 1)")
    batch.add_argument("--json", action="store_true", help="print one JSON object instead of the table")

    p = sub.add_parser("sim", parents=[common, batch], help="headless AI-vs-AI battles with a summary")
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument("--scenario", metavar="NAME|PATH", help="one scenario for every game (default: cycle the bundled ones)")
    p.add_argument("--games", type=int, default=10, metavar="N",
                   help=f"how many games, 1 to {MAX_GAMES} (default: 10)")
    p.add_argument("--ai", default="normal,normal", metavar="A,B",
                   help=f"AI levels by seat, comma-separated, from {', '.join(LEVELS)} (default: normal,normal)")
    p.add_argument("--save-dir", type=Path, metavar="DIR", help="save every game as a replay in DIR")

    p = sub.add_parser("balance", parents=[common, batch],
                       help="the balance lab: win rates, game length and unit figures with 95%% intervals")
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument("--scenario", metavar="NAME|PATH", help="one scenario (default: every bundled one)")
    p.add_argument("--games", type=int, default=200, metavar="N",
                   help=f"games of each scenario, 1 to {MAX_GAMES} (default: 200)")
    p.add_argument("--ai", default="normal,normal", metavar="A,B",
                   help=f"AI levels, seats alternating every game, from {', '.join(LEVELS)} (default: normal,normal)")

    p = sub.add_parser("sim-run", parents=[common, batch],
                       help="whole runs played by the AI: win rate with its 95%% interval, length, how runs end")
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument("--runs", type=int, default=20, metavar="N", help=f"how many runs, 1 to {MAX_GAMES} (default: 20)")
    p.add_argument("--ai", default="normal", choices=LEVELS, metavar="LEVEL",
                   help=f"the AI level playing the warband, from {', '.join(LEVELS)} (default: normal)")
    p.add_argument("--daily", nargs="?", const="today", metavar="DATE",
                   help="every run on the daily seed of DATE (YYYY-MM-DD; default today, UTC), each along its own path")

    p = sub.add_parser("runs", parents=[common], help="past runs from the morgue, best first")
    p.add_argument("--json", action="store_true", help="one JSON object instead of the list")

    p = sub.add_parser("verify", parents=[common], help="re-apply save files (and run files) and check their hashes")
    p.add_argument("files", metavar="FILE", nargs="+", type=Path)

    p = sub.add_parser("check", parents=[common], help="validate scenario, army, unit, commander and save files")
    p.add_argument("files", metavar="FILE", nargs="*", type=Path)
    p.add_argument("--generated", metavar="RULESET", help="also check the map RULESET generates from --seed (and --size)")
    p.add_argument("--seed", type=seed_arg, metavar="S", help=f"the generated map's seed, 0 to {SEED_MAX}")
    p.add_argument("--size", metavar="WxH", help="the generated map's size (default: the ruleset's)")

    p = sub.add_parser("map", parents=[common], help="print a generated battlefield")
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument("--seed", type=seed_arg, required=True, metavar="S", help=f"the map's seed, 0 to {SEED_MAX}")
    p.add_argument("--size", metavar="WxH", help="width x height (default: the ruleset's; bounds per ruleset)")
    p.add_argument("--toml", action="store_true", help="print the map file instead of the text view")

    p = sub.add_parser("log", parents=[common], help="the battle report of a save file")
    p.add_argument("file", metavar="FILE", type=Path)
    p.add_argument("--json", action="store_true", help="JSON lines of events instead of text")
    p.add_argument("--seat", type=int, metavar="N",
                   help="what side N may know (default: the public view; everything once the battle has ended)")

    p = sub.add_parser("sheet", parents=[common], help="the character sheet of an army, unit or commander file")
    p.add_argument("file", metavar="FILE", type=Path)
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")

    p = sub.add_parser("scenarios", parents=[common], help="list the bundled scenarios")
    p.add_argument("ruleset", metavar="RULESET", nargs="?")

    from tui.host.command import add_parser as add_host_parser

    add_host_parser(sub, common)
    return parser


class Escaping:
    """A text stream that shows every control character written to it as an escape
    (core.text.printable), keeping only newlines: names and reasons read from files
    reach the terminal as text, never as terminal commands."""

    def __init__(self, stream) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(printable(text, keep="\n"))

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


#: Commands whose output repeats text read from files; the TUI and `sim` (whose progress
#: bar draws with a carriage return) write their own.
ESCAPED = ("verify", "check", "log", "sheet", "scenarios", "map", "runs")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: 2 for usage errors, 0 for --help
        return exc.code if isinstance(exc.code, int) else 2
    command = args.command or "tui"
    if command not in ESCAPED:
        return run_command(command, args)
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Escaping(out), Escaping(err)
    try:
        return run_command(command, args)
    finally:
        sys.stdout, sys.stderr = out, err


def run_command(command: str, args: argparse.Namespace) -> int:
    try:
        check_bounds(command, args)
        return COMMANDS[command](args)
    except ContentError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    except (UserError, SkirmishError, ValueError) as exc:
        print(f"skirmish: {exc}", file=sys.stderr)
        return 1
    except KeyError as exc:  # the registry's unknown-ruleset message
        print(f"skirmish: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (`skirmish log FILE | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as exc:
        where = f"{display_path(exc.filename)}: " if exc.filename else ""
        print(f"skirmish: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("skirmish: interrupted", file=sys.stderr)
        return 130


# --- helpers --------------------------------------------------------------------------
def saves_dir(args: argparse.Namespace) -> Path:
    return args.saves_dir if args.saves_dir is not None else default_saves_dir()


def ruleset_by_name(name: str):
    try:
        return registry.get(name)
    except ImportError:
        raise UserError(f"ruleset {name!r} is not installed in this build") from None


def start_tui(args: argparse.Namespace, **extra: Any) -> int:
    try:
        from tui.app import run
    except ImportError as exc:
        raise UserError(f"the game screen cannot start: {exc}") from None
    return int(run(saves_dir=saves_dir(args), mouse=bool(args.mouse), **extra) or 0)


def document_ruleset(path: Path, data: dict[str, Any]):
    """The ruleset a TOML file names in its top-level `ruleset` key, or a ContentError."""
    file = display_path(path)
    name = data.get("ruleset")
    if name is None:
        raise ContentError([Problem(file, "ruleset", f"missing; every Skirmish file names its ruleset ({', '.join(registry.names())})")])
    if not isinstance(name, str):
        raise ContentError([Problem(file, "ruleset", "expected text")])
    try:
        return registry.get(name)
    except KeyError as exc:
        raise ContentError([Problem(file, "ruleset", exc.args[0])]) from None
    except ImportError:
        raise ContentError([Problem(file, "ruleset", f"{name!r} is not installed in this build")]) from None


def load_toml_document(path: Path):
    from core.content import read_toml

    data = read_toml(path)
    ruleset = document_ruleset(path, data)
    try:
        return ruleset, ruleset.load_document(path, data)
    except (ValueError, TypeError, KeyError) as exc:  # a document the ruleset could not take apart
        raise ContentError([Problem(display_path(path), "(file)", str(exc) or type(exc).__name__)]) from None


def player_names(replay) -> str:
    sides = replay.ruleset.side_names(replay.initial)
    players = replay.meta.players
    return " vs ".join(f"{side} ({players[i]})" if i < len(players) else side for i, side in enumerate(sides))


def result_line(ruleset, state) -> str:
    outcome = ruleset.outcome(state)
    if outcome is None:
        return "Unfinished."
    if outcome.winner is None:
        return f"Draw: {outcome.reason}."
    return f"{ruleset.side_names(state)[outcome.winner]} wins: {outcome.reason}."


# --- commands ---------------------------------------------------------------------------
def cmd_tui(args: argparse.Namespace) -> int:
    return start_tui(args)


def cmd_play(args: argparse.Namespace) -> int:
    ruleset = ruleset_by_name(args.ruleset)
    if args.scenario is not None or args.army is not None:
        infos = ruleset.scenarios()
        setup = ruleset.load_scenario(args.scenario if args.scenario is not None else infos[0].name)
        if args.army is not None:  # refused here, with every reason, before the screen opens
            ruleset.with_army(setup, 0, ruleset.load_army(args.army), display_path(args.army))
    play = {"ruleset": ruleset.name, "scenario": args.scenario, "seed": args.seed, "opponent": args.opponent,
            "undo": args.undo}
    if args.army is not None:
        play["army"] = str(args.army)
    return start_tui(args, play=play)


def cmd_replay(args: argparse.Namespace) -> int:
    from core.runfile import is_run_file, read_run
    from core.saves import load_match

    if is_run_file(args.file):  # the whole run is proved before the screen opens, as a save is
        from core.runbattles import battles

        held = len(battles(read_run(args.file)))
        if not held:
            raise UserError(f"{display_path(args.file)}: the run has fought no battle yet: there is nothing to watch")
        if args.battle is not None and not 1 <= args.battle <= held:
            raise UserError(f"{display_path(args.file)}: battle {args.battle}: the run holds battles 1 to {held}")
        return start_tui(args, replay=args.file, replay_battle=args.battle)
    if args.battle is not None:
        raise UserError(f"{display_path(args.file)}: --battle picks a battle of a run file; this is not one")
    load_match(args.file)
    return start_tui(args, replay=args.file)


class Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, stream, what: str = "games") -> None:
        self.stream = stream
        self.what = what

    def __call__(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {self.what}")
        if done == total:
            self.stream.write("\r" + " " * (width + 24) + "\r")
        self.stream.flush()


def cmd_sim(args: argparse.Namespace) -> int:
    from core.sim import run_batch

    ai = [level.strip() for level in args.ai.split(",") if level.strip()]
    ruleset_by_name(args.ruleset)
    progress = Progress(sys.stderr) if sys.stderr.isatty() else None
    created = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    report = run_batch(
        args.ruleset, games=args.games, seed=args.seed, ai=ai, scenario=args.scenario,
        jobs=args.jobs, save_dir=args.save_dir, created=created, progress=progress,
    )
    if args.json:
        print(json.dumps(report))
    else:
        print(sim_table(report, args.save_dir))
    return 0


def cmd_balance(args: argparse.Namespace) -> int:
    from core import balance
    from core.sim import run_balance

    ai = [level.strip() for level in args.ai.split(",") if level.strip()]
    ruleset_by_name(args.ruleset)
    progress = Progress(sys.stderr) if sys.stderr.isatty() else None
    report = run_balance(args.ruleset, games=args.games, seed=args.seed, ai=ai, scenario=args.scenario,
                         jobs=args.jobs, progress=progress)
    if args.json:
        print(json.dumps(report))
    else:
        words = {"ninja": "school", "commanders": "commander class"}
        print(balance.table(report, words.get(args.ruleset, "school or class")))
    return 0


def today() -> str:
    """Today's date in UTC, as the daily seed takes it."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%d")


def cmd_sim_run(args: argparse.Namespace) -> int:
    from core.runsim import run_runs, table

    ruleset_by_name(args.ruleset)
    daily = today() if args.daily == "today" else (args.daily or "")
    if daily:
        from core.morgue import daily_seed

        daily_seed(daily)  # a bad date is refused in one line before any run
    progress = Progress(sys.stderr, "runs") if sys.stderr.isatty() else None
    report = run_runs(args.ruleset, count=args.runs, seed=args.seed, level=args.ai, daily=daily, jobs=args.jobs,
                      progress=progress)
    print(json.dumps(report) if args.json else table(report))
    return 0


def cmd_runs(args: argparse.Namespace) -> int:
    from core.morgue import CONVERTER, high_scores, morgue_dir

    folder = morgue_dir(saves_dir(args))
    entries = high_scores(folder)
    if args.json:
        print(json.dumps({"folder": str(folder), "runs": [CONVERTER.unstructure(e) for e in entries]}))
        return 0
    if not entries:
        print(f"No runs recorded yet in {display_path(folder)}.")
        return 0
    print(f"{'#':>3}  {'score':>6}  {'ruleset':<11}{'seed':<21}{'layer':>7}  {'won':>4}  {'lost':>4}  {'ended':<20}  how")
    for rank, e in enumerate(entries, 1):
        seed = f"daily {e.daily}" if e.daily else str(e.seed)
        print(f"{rank:>3}  {e.score:>6}  {e.ruleset:<11}{seed:<21}{f'{e.layer}/{e.depth}':>7}  {e.victories:>4}  {e.fallen:>4}"
              f"  {e.created[:20]:<20}  {e.end}")
    print(f"\nMorgue files: {display_path(folder)}/ (each run as .json and .txt)")
    return 0


def sim_table(report: dict[str, Any], save_dir: Path | None) -> str:
    games = report["games"]
    scenario = report["scenario"] if isinstance(report["scenario"], str) else ", ".join(report["scenario"])
    lines = [
        f"{report['ruleset']}: {games} games on {scenario} (seed {report['seed']}), {report['seconds']:.1f} s",
        "",
        f"{'AI (by --ai order)':<22}{'wins':>6}{'share':>8}",
    ]
    for i, (level, won) in enumerate(zip(report["ai"], report["wins"])):
        lines.append(f"{f'{i + 1}. {level}':<22}{won:>6}{won / games:>8.0%}")
    lines.append(f"{'draws':<22}{report['draws']:>6}{report['draws'] / games:>8.0%}")
    results = report.get("scenario_results", {})
    if len(results) > 1:
        lines += ["", f"{'scenario':<22}{'games':>6}  wins per AI entry, then draws"]
        for name, row in results.items():
            lines.append(f"{name[:21]:<22}{row['games']:>6}  {' / '.join(str(w) for w in row['wins'])}, {row['draws']}")
    lines += ["", f"rounds per game (mean): {report['rounds_mean']}", ""]
    lines.append(f"{'unit type':<24}{'fielded':>8}{'survived':>10}{'damage dealt':>14}")
    for kind, row in report["units"].items():
        lines.append(f"{kind[:23]:<24}{row['fielded']:>8}{row['survived']:>10}{row['damage_dealt']:>14}")
    if save_dir is not None:
        lines += ["", f"{len(report['saves'])} replays saved in {display_path(save_dir)}"]
    return "\n".join(lines)


def cmd_verify(args: argparse.Namespace) -> int:
    from core.runfile import is_run_file, load_run
    from core.saves import load_match

    failed = 0
    for path in args.files:
        try:
            if is_run_file(path):  # a run file replays a whole run (core/runfile.py)
                run = load_run(path)
                print(f"{display_path(path)}: ok (a run of {len(run.steps)} steps and {len(run.battles)} battles reproduces its hashes)")
                continue
            match = load_match(path)
        except SaveError as exc:
            print(exc)
            failed += 1
            continue
        print(f"{display_path(path)}: ok ({match.steps} actions reproduce their hashes)")
    return 1 if failed else 0


def generated_map(args: argparse.Namespace, name: str):
    """The ruleset named `name` and the map it generates from --seed and --size, in bounds."""
    ruleset = ruleset_by_name(name)
    generation = ruleset.generation()
    if generation is None:
        raise UserError(f"{ruleset.title} generates no battlefields")
    size = generation.size(args.size) if args.size is not None else generation.default_size
    return ruleset, size, ruleset.generate_map(args.seed, size)


def map_toml(ruleset, spec) -> str:
    """A generated map as the text of a map file (core.content.dump_toml)."""
    from core.content import dump_toml
    from core.serial import new_converter

    return dump_toml(new_converter().unstructure(spec))


def check_generated(args: argparse.Namespace) -> bool:
    """`check --generated`: the map written as a file and read back as any map file is, equal
    to the map generated, and keeping the generator's promises. One line; True when valid."""
    import tempfile

    if args.seed is None:
        raise UserError("check --generated needs --seed S")
    ruleset, size, spec = generated_map(args, args.generated)
    label = f"generated:{args.seed}:{size[0]}x{size[1]} ({ruleset.name} map)"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"generated-{args.seed}.toml"
        path.write_text(map_toml(ruleset, spec), encoding="utf-8")
        try:
            _, document = load_toml_document(path)
        except ContentError as exc:
            for problem in exc.problems:
                print(f"{label}: {problem.field}: {problem.reason}")
            return False
    problems = ruleset.map_problems(document)
    if document != spec:
        problems.insert(0, "the map file reads back different from the map generated")
    for problem in problems:
        print(f"{label}: {problem}")
    if not problems:
        print(f"{label}: ok (its file reads back equal; every movement mode reaches every square; room to deploy)")
    return not problems


def cmd_map(args: argparse.Namespace) -> int:
    ruleset, _, spec = generated_map(args, args.ruleset)
    if args.toml:
        print(map_toml(ruleset, spec), end="")
        return 0
    sheet = ruleset.map_sheet(spec)
    print(sheet.title)
    print("=" * len(sheet.title))
    for line in sheet.lines:
        print(line)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from core.saves import load_match

    if not args.files and args.generated is None:
        raise UserError("check needs a FILE, or --generated RULESET --seed S")
    if args.generated is None and (args.seed is not None or args.size is not None):
        raise UserError("--seed and --size go with --generated RULESET")
    failed = 0 if args.generated is None or check_generated(args) else 1
    for path in args.files:
        try:
            if path.suffix.lower() == ".json":
                match = load_match(path)
                what = f"save of {match.ruleset.name}, {match.steps} actions"
            else:
                ruleset, document = load_toml_document(path)
                what = f"{ruleset.name} {type(document).__name__}"
        except ContentError as exc:
            for problem in exc.problems:
                print(problem)
            failed += 1
            continue
        except SaveError as exc:
            print(exc)
            failed += 1
            continue
        except OSError as exc:  # a file name the system refuses, a folder it cannot read: this file only
            print(Problem(display_path(path), "(file)", f"cannot read: {exc.strerror or exc}"))
            failed += 1
            continue
        print(f"{display_path(path)}: ok ({what})")
    return 1 if failed else 0


def cmd_log(args: argparse.Namespace) -> int:
    from core.saves import read_save, verify
    from core.seats import SPECTATOR, action_text, secret_steps

    replay = read_save(args.file)
    match = verify(replay)
    ruleset = match.ruleset
    names = ruleset.side_names(match.state)
    seat = SPECTATOR
    if args.seat is not None:
        if not 1 <= args.seat <= len(names):
            raise UserError(f"--seat: this battle has sides 1 to {len(names)}")
        seat = args.seat - 1
    secret = secret_steps(match, seat)
    codec = ruleset.codec()
    if args.json:
        for step, _action, events in match.history():  # events are public: no seat hides one
            after = match.state_at(step)
            for event in events:
                fields = codec.encode_event(event)
                fields.pop("kind", None)
                line = {"step": step, "round": ruleset.round_number(match.state_at(step - 1)),
                        "type": type(event).__name__, **fields,
                        "text": ruleset.describe_event(after, event)}
                print(json.dumps(line))
        return 0
    meta = replay.meta
    print(f"{ruleset.title}: {meta.scenario}")
    print(player_names(replay))
    seed = "" if meta.seed is None else f", seed {meta.seed}"
    print(f"{meta.steps} actions{seed}, undo: {meta.undo}" + (f", saved {meta.created}" if meta.created else ""))
    if secret:
        view = "the public view" if seat is None else f"{names[seat]}'s view"
        print(f"Shown as {view}: orders sealed in the phase still open stay hidden until they resolve.")
    from tui import story  # the same story, in the same words, as the battle's log

    names = ruleset.side_names(match.state)
    name = lambda side: names[side] if 0 <= side < len(names) else f"side {side + 1}"  # noqa: E731
    for round_now, steps in story.round_steps(match).items():
        print(f"\nRound {round_now}")
        entries = [story.Entry(story.step_beats(match, step), f"{step:>4}. {action_text(match, step, seat, secret)}", bullet="")
                   for step in steps]
        for line in story.story_lines(entries, name):
            print(line if line[:4].strip().isdigit() else "   " + line)
        print("   " + story.tally_line(match, round_now))
    print(f"\n{result_line(ruleset, match.state)}")
    return 0


def cmd_sheet(args: argparse.Namespace) -> int:
    if args.file.suffix.lower() == ".json":
        raise UserError(f"{display_path(args.file)}: sheet reads army, unit or commander files (TOML), not saves")
    ruleset, document = load_toml_document(args.file)
    try:
        sheet = ruleset.sheet(document)
    except ContentError as exc:  # a kind without a sheet: said of this file, not of "(document)"
        file = display_path(args.file)
        raise ContentError([Problem(file if p.file == "(document)" else p.file, p.field, p.reason) for p in exc.problems]) from None
    if args.json:
        print(json.dumps({"title": sheet.title, "lines": list(sheet.lines), "data": sheet.data}))
    else:
        print(sheet.title)
        print("=" * len(sheet.title))
        for line in sheet.lines:
            print(line)
    return 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    names = [args.ruleset] if args.ruleset else list(registry.available())
    if not names:
        raise UserError("no ruleset is installed in this build")
    for name in names:
        ruleset = ruleset_by_name(name)
        for info in ruleset.scenarios():
            print(f"{info.ruleset:<11} {info.name:<22} {info.sides} sides  {info.title}: {info.summary}")
    return 0


def cmd_host(args: argparse.Namespace) -> int:
    from tui.host.command import cmd_host as host

    return host(args)


COMMANDS = {
    "tui": cmd_tui,
    "play": cmd_play,
    "replay": cmd_replay,
    "sim": cmd_sim,
    "balance": cmd_balance,
    "sim-run": cmd_sim_run,
    "runs": cmd_runs,
    "verify": cmd_verify,
    "check": cmd_check,
    "log": cmd_log,
    "sheet": cmd_sheet,
    "scenarios": cmd_scenarios,
    "map": cmd_map,
    "host": cmd_host,
}
