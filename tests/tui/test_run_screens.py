"""A run played from the main menu: New run, its battles (ironman), the camp, quitting and
Continue run, the run file after every step, and the end (tui/screens/run.py)."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import Any

import attrs
import orjson

from core import registry, run as runs, runfile
from tests.tui.conftest import make_app, settle
from tui import runs as run_files
from tui.screens.end import EndScreen
from tui.screens.menu import MainMenu
from tui.screens.run import CampScreen, RunEndScreen, RunMapScreen, map_lines
from tui.screens.run_battle import RunBattleScreen

RULESET, SEED = "statwar", 10


def tiny_config() -> runs.RunConfig:
    """Three layers of one node each: a battle, a camp, the final battle; every opponent easy."""
    return attrs.evolve(runs.load_config(RULESET), depth=(3, 3), width=(1, 1), ai=(runs.AiStep(0, "easy"),))


class Script:
    """Both sides' actions of the run's battles, by the position they are taken in (seat 0 as
    the test's keys, seat 1 as the app's AI)."""

    def __init__(self) -> None:
        self.next: dict[str, Any] = {}

    def learn(self, run: runs.Run, actions: tuple[Any, ...]) -> None:
        ruleset = registry.get(run.ruleset)
        _, _, state = runs.start_battle(run)
        for action in actions:
            self.next[ruleset.codec().state_hash(state)] = action
            state, _ = ruleset.apply(state, action)

    def action(self, ruleset: Any, state: Any) -> Any:
        return self.next[ruleset.codec().state_hash(state)]


class ScriptedAI:
    def __init__(self, script: Script) -> None:
        self.script = script

    def choose(self, ruleset: Any, state: Any, side: int) -> Any:
        return self.script.action(ruleset, state)


@functools.lru_cache(maxsize=1)
def planned_run() -> tuple[Script, runs.Run]:
    """The run the test plays, worked out in core: the first battle won, the final one lost."""
    script = Script()
    run = runs.choose(runs.new_run(RULESET, SEED, tiny_config()), "0")
    first = runs.auto_battle(run, "hard")
    script.learn(run, first)
    run = runs.finish_battle(run, first)
    assert run.battles[-1].winner == 0 and run.stage == "choose"
    run = runs.choose(runs.choose(runs.choose(run, "1"), runs.LEAVE), "2")
    script.learn(run, runs.auto_battle(run, "random"))  # short: the warband falls fast
    return script, run


def steps_on_file(saves: Path) -> list[str]:
    data = orjson.loads((saves / "runs" / f"run-{RULESET}-{SEED}.json").read_bytes())
    return [step["choice"] for step in data["steps"]]


async def fight(pilot, script: Script) -> None:
    """Play the battle on screen to its end: seat 0 by commits, seat 1 by the app's AI."""
    screen = pilot.app.screen
    assert isinstance(screen, RunBattleScreen) and screen.match.undo_mode == "ironman"
    for _ in range(500):
        await settle(pilot, screen)
        if screen.match.outcome() is not None:
            break
        if screen.human_side() is not None:
            assert screen.commit(script.action(screen.ruleset, screen.match.state))
    for _ in range(5):
        await pilot.pause()


async def test_new_run_battle_camp_quit_continue_and_end(tmp_path: Path, monkeypatch) -> None:
    script, _ = planned_run()
    monkeypatch.setattr(run_files, "config_for", lambda ruleset: tiny_config())
    app = make_app(tmp_path, ai_factory=lambda level, seed: ScriptedAI(script))
    saves = tmp_path / "saves"
    async with app.run_test(size=(80, 24)) as pilot:
        app.apply_settings(dataclasses.replace(app.settings, playback="off"))
        assert "run_continue" not in [key for key, _ in app.screen.entries()]
        app.screen.open_entry("run")
        await pilot.pause()
        await pilot.press("home", *["down"] * run_files.ruleset_names().index(RULESET), "enter")  # the ruleset
        await pilot.pause()
        await pilot.press("down", "down", "enter", *str(SEED), "enter")  # "A seed I type", then the seed
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, RunMapScreen)
        assert steps_on_file(saves) == []
        await pilot.press("enter")  # the first battle
        await pilot.pause()
        assert steps_on_file(saves) == ["0"]
        assert app.screen.seats == {0: "human", 1: "easy"}
        await fight(pilot, script)
        assert steps_on_file(saves) == ["0", "battle"]  # written before the end screen shows
        assert isinstance(app.screen, EndScreen) and "the run map" in str(app.screen.query_one("#end-hint").render())
        await pilot.press("q")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, RunMapScreen)
        assert app.screen.run.points == tiny_config().reward_battle
        await pilot.press("enter")  # the camp
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, CampScreen)
        assert steps_on_file(saves) == ["0", "battle", "1"]
        at_camp = app.screen.session.run
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)

        # Continue run names the run and, read again from its file, resumes at the camp
        entries = dict(app.screen.entries())
        assert entries["run_continue"] == f"Continue run ({RULESET}, seed {SEED}, layer 2 of 3, a camp)"
        app.screen.open_entry("run_continue")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, CampScreen)
        assert app.screen.session.run == at_camp
        labels = [str(app.screen.query_one("#camp-choices").get_option_at_index(i).prompt)
                  for i in range(app.screen.query_one("#camp-choices").option_count)]
        assert labels[-1].strip() == "Break camp and go on"
        await pilot.press("end", "enter")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, RunMapScreen)
        assert steps_on_file(saves) == ["0", "battle", "1", "leave"]
        await pilot.press("enter")  # the final battle
        await pilot.pause()
        await fight(pilot, script)
        assert not (saves / "runs" / f"run-{RULESET}-{SEED}.json").exists()  # the run is over
        # its story is in the morgue, and its score in the table `skirmish runs` reads
        from core import morgue

        (kept,) = morgue.high_scores(saves / "morgue")
        assert (kept.ruleset, kept.seed, kept.won, kept.daily) == (RULESET, SEED, False, "")
        assert [p.suffix for p in sorted((saves / "morgue").glob("morgue-*"))] == [".json", ".txt"]
        await pilot.press("q")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, RunEndScreen)
        body = str(app.screen.query_one("#end-run-body Static").render())
        assert "Path: 1 battle > 2 camp > 3 final" in body
        assert app.screen.session.run.end == "the whole warband fell"
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert "run_continue" not in [key for key, _ in app.screen.entries()]


async def test_leaving_a_battle_keeps_it_and_continue_resumes_it(tmp_path: Path, monkeypatch) -> None:
    """Quitting mid-battle keeps its actions beside the run file; Continue run reopens the
    battle at the same position."""
    script, _ = planned_run()
    monkeypatch.setattr(run_files, "config_for", lambda ruleset: tiny_config())
    session = run_files.start(tmp_path / "saves", RULESET, SEED, "2026-12-01")
    session.step(runs.choose(session.run, "0"))
    app = make_app(tmp_path, ai_factory=lambda level, seed: ScriptedAI(script))
    async with app.run_test(size=(80, 24)) as pilot:
        app.apply_settings(dataclasses.replace(app.settings, playback="off"))
        app.screen.open_entry("run_continue")
        for _ in range(5):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RunBattleScreen) and screen.match.cursor == 0
        for _ in range(3):  # a few turns, each kept as it completes
            await settle(pilot, screen)
            if screen.human_side() is not None:
                screen.commit(script.action(screen.ruleset, screen.match.state))
        await settle(pilot, screen)
        played = screen.match.actions
        assert played
        await pilot.press("q", "y")  # leave, confirmed: the position is kept
        await pilot.pause()
        assert isinstance(app.screen, RunMapScreen)
        assert run_files.battle_path(session.path).exists()
        await pilot.press("q")
        await pilot.pause()
        app.screen.open_entry("run_continue")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, RunBattleScreen)
        assert app.screen.match.actions == played


def test_run_map_marks_kinds_and_where_the_run_stands() -> None:
    run = runs.new_run(RULESET, SEED, tiny_config())
    assert map_lines(run) == ["Layer   1  2  3", "       >B  C  F"]
    run = runs.choose(run, "0")
    assert map_lines(run)[1] == "       @B  C  F"


def test_a_broken_battle_file_starts_the_battle_again(tmp_path: Path) -> None:
    session = run_files.start(tmp_path, RULESET, SEED, "2026-12-01")
    session.step(runs.choose(session.run, "0"))
    run_files.battle_path(session.path).write_text('{"format": "skirmish-run-battle", "steps": 1, "actions": [{"kind": "Nonsense"}]}')
    actions, problem = run_files.load_battle(session.path, session.run)
    assert actions == () and "starts again" in problem
    assert runfile.load_run(session.path) == session.run


async def test_an_event_tells_its_text_and_the_camp_refuses_what_points_lack(tmp_path: Path) -> None:
    from tui.dialogs.message import MessageDialog

    config = attrs.evolve(tiny_config(), depth=(4, 4), weights={"event": 1})  # battle, event, camp, final
    run = runs.choose(runs.new_run(RULESET, 4, config), "0")
    run = runs.finish_battle(run, runs.auto_battle(run, "easy"))
    assert run.stage == "choose" and run.points == config.reward_battle
    session = run_files.RunSession(run, run_files.run_path(tmp_path / "saves", run), "2026-12-01")
    session.save()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RunMapScreen(session))
        await pilot.pause()
        await pilot.press("enter")  # the event
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        event = next(e for e in config.events if f"{e.name}. {e.text}" in session.run.log[-1])
        assert event.text in str(app.screen.query_one("#message-body").render())
        assert session.run.points == config.reward_battle + event.points
        on_file = orjson.loads(session.path.read_bytes())
        assert [s["choice"] for s in on_file["steps"]] == ["0", "battle", "1"]
        await pilot.press("enter")  # closes the message
        await pilot.press("enter")  # the camp
        await pilot.pause()
        camp = app.screen
        assert isinstance(camp, CampScreen)
        keys = [key for key, _, _ in camp.entries()]
        refused = next(i for i, key in enumerate(keys) if key in camp.refused)
        before = session.run
        await take_camp_entry(pilot, keys[refused])
        assert session.run == before  # nothing bought, nothing written
        affordable = next(key for key in keys if key not in camp.refused and key.startswith("add:"))
        offer = next(o for o in runs.hooks_for(RULESET).offers(before) if o.key == affordable)
        await take_camp_entry(pilot, affordable)
        assert session.run.points == before.points - offer.cost
        assert len(session.run.members) == len(before.members) + 1
        assert orjson.loads(session.path.read_bytes())["steps"][-1]["choice"] == affordable


async def test_a_typed_seed_that_is_not_one_is_refused(tmp_path: Path) -> None:
    from tui.dialogs.message import MessageDialog

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.open_entry("run")
        await pilot.pause()
        await pilot.press("enter", "down", "down", "enter", "minus", "5", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        assert "whole number of 0 or more" in str(app.screen.query_one("#message-body").render())
        assert not run_files.runs_folder(tmp_path / "saves").exists()


async def test_an_unreadable_run_file_is_named_not_hidden(tmp_path: Path) -> None:
    from tui.dialogs.message import MessageDialog

    folder = run_files.runs_folder(tmp_path / "saves")
    folder.mkdir(parents=True)
    (folder / "run-ninja-5.json").write_text('{"format": "skirmish-run", "format_version": 1}')
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert dict(app.screen.entries())["run_continue"] == "Continue run (run-ninja-5.json: unreadable)"
        app.screen.open_entry("run_continue")
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        body = str(app.screen.query_one("#message-body").render())
        assert "run-ninja-5.json" in body and "The file stays where it is" in body


def saved_session(tmp_path: Path, run: runs.Run) -> run_files.RunSession:
    """`run` as a session whose file is written in the test's saves folder."""
    session = run_files.RunSession(run, run_files.run_path(tmp_path / "saves", run), "2026-12-01")
    session.save()
    return session


async def take_camp_entry(pilot, key: str) -> None:
    """Highlight the camp's entry `key` from the top of its list and press Enter on it."""
    keys = [k for k, _, _ in pilot.app.screen.entries()]
    await pilot.press("home", *["down"] * keys.index(key), "enter")
    await pilot.pause()


async def test_a_statwar_camp_adds_a_unit_the_player_designs(tmp_path: Path, monkeypatch) -> None:
    from tui.screens.builder_statwar_unit import UnitDesignerScreen

    monkeypatch.delenv("SKIRMISH_ARMIES", raising=False)
    run = runs.choose(runs.new_run(RULESET, SEED, tiny_config()), "0")
    run = runs.choose(runs.finish_battle(run, runs.auto_battle(run, "hard")), "1")  # won (planned_run)
    assert run.stage == "camp"
    session = saved_session(tmp_path, run)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CampScreen(session))
        await pilot.pause()
        await take_camp_entry(pilot, "design")
        designer = app.screen
        assert isinstance(designer, UnitDesignerScreen)
        for field, value in (("name", "Pike"), ("description", "A long spear"), ("glyph", "p"), ("damage", 3), ("move", 2)):
            designer.set_field(field, value)
        cost = designer.spec.cost
        assert cost <= run.points
        designer.action_save()
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, CampScreen)
        added = session.run.members[-1]
        assert added.unit.name == "Pike" and (added.unit.damage, added.unit.move) == (3, 2)
        assert session.run.points == run.points - cost
        assert orjson.loads(session.path.read_bytes())["steps"][-1]["choice"] == "design:Pike:3,0,0,2,0,0,0,0"


def test_the_daily_run_is_the_days_seed_and_its_morgue_says_so(tmp_path: Path, monkeypatch) -> None:
    """New run offers the day's seed first; a run begun that day with that seed is recorded
    as the day's run, another seed is not."""
    from core import morgue

    choices = run_files.seed_choices("2026-12-01")
    key, label, _, make = choices[0]
    assert key == "daily" and "2026-12-01" in label and make() == morgue.daily_seed("2026-12-01")
    monkeypatch.setattr(run_files, "config_for", lambda ruleset: tiny_config())
    daily = run_files.start(tmp_path / "saves", RULESET, make(), "2026-12-01 10:00:00 UTC")
    assert run_files.daily_of(daily) == "2026-12-01"
    other = run_files.start(tmp_path / "saves", RULESET, make() ^ 1, "2026-12-01 10:00:00 UTC")
    assert run_files.daily_of(other) == ""
    late = run_files.start(tmp_path / "saves", RULESET, make(), "2026-12-02 00:00:01 UTC")
    assert run_files.daily_of(late) == ""  # yesterday's seed, begun today


async def test_a_commanders_class_change_asks_its_unit_and_spell_and_esc_buys_nothing(tmp_path: Path) -> None:
    from core.commanders.progression import offer
    from tests.core.test_run import class_change_camp
    from tui.dialogs.offer_questions import QuestionsDialog

    run = class_change_camp()  # Commanders seed 7 at its camp, level 11 (a class change) waiting
    o = offer(run.members[0].unit, registry.get("commanders").catalogue)
    new = next(c for c in o.classes if len(c.units) > 1)
    key = f"level:class:{new.name}"
    session = saved_session(tmp_path, run)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CampScreen(session))
        await pilot.pause()
        await take_camp_entry(pilot, key)
        assert isinstance(app.screen, QuestionsDialog)
        await pilot.press("j", "tab", "j", "escape")  # Esc: back to the camp, nothing bought
        await pilot.pause()
        assert isinstance(app.screen, CampScreen)
        assert session.run == run and [s["choice"] for s in orjson.loads(session.path.read_bytes())["steps"]] == ["0", "battle", "1"]
        await pilot.press("enter")  # the same offer, still highlighted
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, QuestionsDialog)
        await pilot.press("down", "enter")  # the second unit; Enter goes on to the spells
        assert dialog.lists()[1].has_focus
        await pilot.press("j", "j", "k", "j", "h", "l")  # vi keys: the third spell; over to the units and back
        assert dialog.answers() == (new.units[1], o.spells[2])
        assert f"unit {new.units[1]}, spell {o.spells[2]}" in str(dialog.query_one("#questions-summary").render())
        await pilot.press("enter")  # on the last list: takes the class change
        await pilot.pause()
        assert isinstance(app.screen, CampScreen)
        lead = session.run.members[0].unit
        assert lead.class_name == new.name and run.members[0].unit.class_name in lead.class_history
        assert new.units[1] in lead.recruitable and new.units[0] not in lead.recruitable and o.spells[2] in lead.spells
        chosen = runs.answered(key, (new.units[1], o.spells[2]))
        assert orjson.loads(session.path.read_bytes())["steps"][-1]["choice"] == chosen
        assert runfile.load_run(session.path) == session.run  # the run file replays the choice


async def test_a_class_change_with_nothing_to_pick_is_bought_at_once(tmp_path: Path) -> None:
    from core.commanders.progression import offer
    from tests.core.test_run import class_change_camp

    run = class_change_camp()
    cat = registry.get("commanders").catalogue
    lead = run.members[0]
    spells = tuple(cat.spells)[:-1]  # every spell but the last known: the level offers that one alone
    run = attrs.evolve(run, members=(attrs.evolve(lead, unit=attrs.evolve(lead.unit, spells=spells)),) + run.members[1:])
    o = offer(run.members[0].unit, cat)
    single = next(c for c in o.classes if len(c.units) == 1)
    assert o.spells == (tuple(cat.spells)[-1],)
    session = saved_session(tmp_path, run)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CampScreen(session))
        await pilot.pause()
        await take_camp_entry(pilot, f"level:class:{single.name}")
        assert isinstance(app.screen, CampScreen)
        after = session.run.members[0].unit
        assert after.class_name == single.name and single.units[0] in after.recruitable and o.spells[0] in after.spells
        assert session.run.steps[-1] == f"level:class:{single.name}"


def test_a_morgue_records_when_the_run_ended_not_when_it_began(tmp_path: Path, monkeypatch) -> None:
    from core import morgue

    monkeypatch.setattr(run_files, "config_for", lambda ruleset: tiny_config())
    session = run_files.start(tmp_path / "saves", RULESET, SEED, "2026-12-01 10:00:00 UTC")
    monkeypatch.setattr(run_files, "now_text", lambda: "2026-12-01 11:30:00 UTC")
    run = session.run
    while not run.over:
        run = runs.finish_battle(run, runs.auto_battle(run)) if run.stage == "battle" else runs.choose(run, runs.auto_choice(run))
    session.step(run)
    (kept,) = morgue.high_scores(tmp_path / "saves" / "morgue")
    assert kept.created == "2026-12-01 11:30:00 UTC"
    assert "Ended 2026-12-01 11:30:00 UTC." in session.morgue.with_suffix(".txt").read_text()
