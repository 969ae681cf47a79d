"""The TUI's side of runs, without Textual: where run files live, writing them after every
step, the battle under way, and what Continue run offers.

A run's ironman save is its run file (core.runfile) in the saves folder's `runs/`,
written after every choice and every battle's end and deleted when the run ends.
A run file holds finished battles only, so the battle under way is kept beside it in
`run-RULESET-SEED.battle` (its actions so far, written at the end of each turn, never
while a side's sealed orders are unresolved); Continue replays them onto the battle's
first position and the player goes on from there.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any, Callable

import attrs
import orjson

from core import morgue, registry, run as runs, runfile, serial
from core.morgue import daily_seed
from core.errors import ContentError, IllegalAction, SaveError
from core.files import Unreadable, read_regular, write_atomic
from core.saves import MAX_SAVE_BYTES
from tui.folders import run_files, runs_folder
from tui.saving import now_text

BATTLE_SUFFIX = ".battle"
BATTLE_FORMAT = "skirmish-run-battle"
#: Largest seed a player may type (the seed rule of core.rng takes far more; this keeps it short).
MAX_SEED = 2**31 - 1


def run_path(saves_dir: Path, run: runs.Run) -> Path:
    return runs_folder(saves_dir) / runfile.run_name(run)


def battle_path(path: Path) -> Path:
    """The battle under way beside the run file `path`."""
    return path.with_suffix(BATTLE_SUFFIX)


def ruleset_names() -> list[str]:
    """The rulesets that have runs (their `run_hooks`), in the registry's order."""
    out = []
    for name in registry.names():
        try:
            runs.hooks_for(name)
        except ContentError:
            continue
        out.append(name)
    return out


# --- seeds: what New run offers --------------------------------------------------------------
def random_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


def today() -> str:
    """Today's date in UTC, as the daily run names it ("2026-12-01")."""
    import datetime

    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")


def seed_choices(day: str | None = None) -> list[tuple[str, str, str, Callable[[], int | None]]]:
    """New run's seed choices: (key, label, about, seed maker); `day` is today's date (UTC)
    unless given. A maker returning None asks the player to type a seed."""
    day = day or today()
    return [
        ("daily", f"The daily run ({day})", "Today's seed: the same world for every player until midnight UTC, "
         "to compare morgues.", lambda: daily_seed(day)),
        ("random", "A random seed", "A fresh world nobody has seen.", random_seed),
        ("typed", "A seed I type", "The same seed makes the same map, battles and opponents.", lambda: None),
    ]


def daily_of(session: RunSession) -> str:
    """The date of the daily run `session` is, or "": a run begun on a day with that day's seed."""
    day = session.created[:10]
    try:
        return day if daily_seed(day) == session.run.seed else ""
    except ValueError:  # no date at the start of `created` (a file written by hand)
        return ""


def seed_problem(text: str) -> str | None:
    """Why typed text is not a seed, or None."""
    text = text.strip()
    if not text.isdigit():
        return "A seed is a whole number of 0 or more."
    if int(text) > MAX_SEED:
        return f"A seed is at most {MAX_SEED}."
    return None


# --- writing --------------------------------------------------------------------------------
def config_for(ruleset: str) -> runs.RunConfig:
    """The settings a new run of `ruleset` uses (scenarios/runs/RULESET.toml)."""
    return runs.load_config(ruleset)


@attrs.define
class RunSession:
    """A run being played: the run, where its file is, and when it began (the file's `created`)."""

    run: runs.Run
    path: Path
    created: str
    #: the morgue file written when the run ended (core.morgue), once it is
    morgue: Path | None = None

    @property
    def saves_dir(self) -> Path:
        """The saves folder the run file is in (its runs/ folder's parent)."""
        return self.path.parent.parent

    def save(self) -> Path:
        """Write the run file (after every step). Once the run is over, write its morgue and
        its high-score entry instead (core.morgue) and delete the run file; when the morgue
        cannot be written the run file is written as ever, so nothing of the run is lost, and
        the error (OSError, SaveError) goes on to the caller."""
        if self.run.over:
            try:
                # the morgue records when the run ended; `created` is when it began
                self.morgue = morgue.record_end(self.run, morgue.morgue_dir(self.saves_dir), now_text(), daily_of(self))
            except (OSError, SaveError):
                runfile.write_run(self.path, self.run, self.created)
                raise
            self.delete()
            return self.morgue
        runfile.write_run(self.path, self.run, self.created)
        return self.path

    def delete(self) -> None:
        for path in (self.path, battle_path(self.path)):
            try:
                path.unlink()
            except FileNotFoundError:
                pass

    def step(self, run: runs.Run) -> None:
        """Take the run after a step and write it at once; the battle kept beside it goes."""
        self.run = run
        clear_battle(self.path)
        self.save()


def start(saves_dir: Path, ruleset: str, seed: int, created: str) -> RunSession:
    """A new run and its first file; ContentError when the run's settings are broken."""
    run = runs.new_run(ruleset, seed, config_for(ruleset))
    session = RunSession(run, run_path(saves_dir, run), created)
    clear_battle(session.path)
    session.save()
    return session


# --- the battle under way ---------------------------------------------------------------------
def save_battle(path: Path, run: runs.Run, actions: tuple[Any, ...]) -> Path:
    """Keep the actions of the battle under way beside the run file `path`."""
    codec = registry.get(run.ruleset).codec()
    document = {"format": BATTLE_FORMAT, "steps": len(run.steps),
                "actions": [codec.encode_action(a) for a in actions]}
    return write_atomic(battle_path(path), orjson.dumps(document))


def clear_battle(path: Path) -> None:
    try:
        battle_path(path).unlink()
    except FileNotFoundError:
        pass


def load_battle(path: Path, run: runs.Run) -> tuple[tuple[Any, ...], str]:
    """The actions of the battle under way kept beside `path` (none when there is none), and a
    line for the player when one was there but could not be used (the battle starts again)."""
    where = battle_path(path)
    if run.stage != "battle" or not where.exists():
        return (), ""
    try:
        data = serial.loads(read_regular(where, MAX_SAVE_BYTES))
        if not isinstance(data, dict) or data.get("format") != BATTLE_FORMAT or data.get("steps") != len(run.steps):
            return (), f"{where.name} is not this battle's; it starts again from its first move."
        ruleset = registry.get(run.ruleset)
        codec = ruleset.codec()
        _, _, state = runs.start_battle(run)
        actions = []
        for raw in data.get("actions", []):
            action = codec.decode_action(raw)
            state, _ = ruleset.apply(state, action)
            actions.append(action)
        return tuple(actions), ""
    except (Unreadable, orjson.JSONDecodeError, IllegalAction) as exc:
        return (), f"{where.name} could not be read ({exc}); the battle starts again from its first move."
    except Exception as exc:  # a hostile file can upset a decoder in any way: one line, never a traceback
        return (), f"{where.name} could not be replayed ({type(exc).__name__}); the battle starts again from its first move."


# --- Continue run ---------------------------------------------------------------------------
@attrs.frozen
class Waiting:
    """A run file waiting to be continued, read without playing it again."""

    path: Path
    ruleset: str
    seed: int
    where: str  # "layer 3 of 9, a camp", or "not started"
    problem: str = ""  # why the file cannot be read ("" when it can)
    battles: int = 0  # the battles the file holds (each finished)

    @property
    def label(self) -> str:
        if self.problem:
            return f"Continue run ({self.path.name}: unreadable)"
        return f"Continue run ({self.ruleset}, seed {self.seed}, {self.where})"


def waiting(saves_dir: Path) -> list[Waiting]:
    """The run files in the saves folder's runs/, newest first; one that cannot be read is
    listed with its problem, so Continue run can say what is wrong with it."""
    found = []
    for path in run_files(saves_dir):
        try:
            stamp = os.stat(path).st_mtime
        except OSError:
            continue
        try:
            replay = runfile.read_run(path)
            doc = replay.envelope
            nodes = runs.node_map(doc.seed, doc.config)
        except (SaveError, ContentError, ValueError) as exc:
            found.append((stamp, Waiting(path, "", 0, "", str(exc) or type(exc).__name__)))
            continue
        at = [int(s.choice) for s in doc.steps if s.choice.isdigit() and 0 <= int(s.choice) < len(nodes.nodes)]
        if at:
            node = nodes.nodes[at[-1]]
            where = f"layer {node.depth + 1} of {nodes.depth}, {KIND_WORDS.get(node.kind, node.kind)}"
        else:
            where = "not started"
        battles = sum(1 for s in doc.steps if s.choice == runs.BATTLE)
        found.append((stamp, Waiting(path, doc.ruleset, doc.seed, where, battles=battles)))
    return [w for _, w in sorted(found, key=lambda sw: (-sw[0], str(sw[1].path)))]


def resume(path: Path) -> RunSession:
    """The run in the file at `path`, replayed and proved (core.runfile); SaveError says why not."""
    replay = runfile.read_run(path)
    run = runfile.verify_run(replay)
    return RunSession(run, Path(path), replay.envelope.created)


#: A node's kind in words (the run map and Continue run).
KIND_WORDS = {"battle": "a battle", "elite": "an elite battle", "camp": "a camp", "event": "an event",
              "final": "the final battle"}
