"""Playback and the story: frames from events, the folded and marked log, round tallies, and
the battle screen's playback (skipped by any key, a view only, the same end with it off).

The battles are the seeded easy AI's up to each ruleset's first death (story_cases).
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from textual import events

from core import registry
from core.ai import Player
from tests.tui.conftest import make_app
from tests.tui.story_cases import before_death
from tui import playback, story
from tui.screens.battle import BattleScreen
from tui.widgets.panels import BattleLog

RULESETS = ["statwar", "ninja", "commanders"]


def deadly_beats(name: str):
    match, deadly = before_death(name)
    ruleset = match.ruleset
    before_view = ruleset.board_view(match.state)
    match.apply(deadly)
    return match, before_view, story.step_beats(match, match.cursor)


# --- pure: frames, log lines, tallies --------------------------------------------------------

@pytest.mark.parametrize("name", RULESETS)
def test_frames_mark_the_death_before_the_unit_goes(name):
    match, before, beats = deadly_beats(name)
    frames = playback.frames(before, beats)
    dead = next(b.target for b in beats if b.kind == "death")
    index = next(i for i, f in enumerate(frames) if f.caption and f.caption[1] == "DEAD")
    death = frames[index]
    assert dead in {u.uid for u in death.view.units}  # still drawn, marked
    assert dict(death.highlights)[death.caption[0]] == "target"
    later = frames[index + 1:]
    assert all(dead not in {u.uid for u in f.view.units} for f in later)
    assert all(f.line.startswith("▶ ") for f in frames)


def test_a_statwar_hit_shows_its_numbers_beside_the_target():
    match, before, beats = deadly_beats("statwar")
    frames = playback.frames(before, beats)
    attack = next(b for b in beats if b.kind == "attack")
    event = next(e for e in match.events_at(match.cursor) if type(e).__name__ == "UnitAttacked")
    hit = next(f for f in frames if f.caption and "armour" in f.caption[1])
    assert hit.caption[1] == f"damage {event.damage}-{event.armor} armour -{event.dealt} ({event.health_before}>{event.health_after})"
    target = next(u for u in hit.view.units if u.uid == attack.target)
    assert target.hp == event.health_after  # the frame shows the health after the blow
    assert hit.caption[0] == tuple(target.cells[0])


def test_ninja_frames_follow_the_resolution_order():
    match, before, beats = deadly_beats("ninja")
    frames = playback.frames(before, beats)
    shown = [b for b in beats if b.kind in ("move", "attack", "death", "spell")]
    lines = [f.line for f in frames]
    # each attack, death and spell has a frame, in the order the rules resolved them
    positions = [next(i for i, line in enumerate(lines) if b.text in line) for b in shown]
    assert positions == sorted(positions)


def test_moves_draw_the_unit_at_its_end_and_the_path_from_its_start():
    match, before, beats = deadly_beats("statwar")
    move = next(b for b in beats if b.kind == "move")
    frame = playback.frames(before, beats)[0]
    unit = next(u for u in frame.view.units if u.uid == move.actor)
    assert tuple(unit.cells[0]) == move.to and frame.path == frozenset({move.frm})
    assert dict(frame.highlights) == {move.frm: "move", move.to: "selected"}


def test_the_log_folds_sealed_orders_and_marks_hits_and_deaths():
    match, _, _ = deadly_beats("ninja")
    names = match.ruleset.side_names(match.state)
    entries = [story.Entry(story.step_beats(match, s)) for s in range(1, match.cursor + 1)]
    lines = story.story_lines(entries, lambda side: names[side])
    assert lines[0].strip() == f"{names[0]} sealed orders for 5 ninja and submitted"
    assert not any("gives" in line and "sealed order" in line for line in lines)
    death = next(b for b in story.step_beats(match, match.cursor) if b.kind == "death")
    assert f" DEAD {death.text}" in lines
    assert any(line.startswith("  HIT ") for line in lines) and any(line.startswith(" miss ") for line in lines)


def test_the_round_tally_counts_the_events():
    # statwar duel_25, seed 3, round 4 so far: Archer #1 moves, hits the Goblin Sapper (4 - 0
    # armour, 1 health left: 1 dealt), the sapper dies and blows up with no one beside it
    match, _, beats = deadly_beats("statwar")
    assert story.round_summary(match, 4) == [
        "Round 4 so far",
        "Rangers:", "  hits given 1, taken 0", "  damage given 1, taken 0", "  killed 1, lost 0",
        "Goblins:", "  hits given 0, taken 1", "  damage given 0, taken 1", "  killed 0, lost 1", "  fell: Goblin Sapper",
        "Ahead: Rangers. Left: Rangers 2 units/7 health, Goblins 1 unit/5 health",
    ]


def test_the_round_summary_names_who_fell():
    # ninja ash_vs_vine, seed 3: the action phase of round 3 kills Vine Initiate 1
    match, _, beats = deadly_beats("ninja")
    round_no = match.ruleset.round_number(match.state) - 1
    lines = story.round_summary(match, round_no)
    dead = [b for b in beats if b.kind == "death"]
    assert [b.text for b in dead] == ["Vine Initiate 1 falls"]
    assert lines[lines.index("Vine 9:") + 4] == "  fell: Vine Initiate 1"
    assert not any(line.startswith("  fell") for line in lines[: lines.index("Vine 9:")])


def test_the_ninja_summary_leads_on_points_alive_as_the_round_limit_decides():
    """ash_vs_vine: Ash fields 10 points in five ninja, Vine 9 in five. Level on ninja and
    behind on health, Ash still leads: at the round limit its 10 points beat 9."""
    assert story.ahead_line(("Ash 10", "Vine 9"), (27, 30), (5, 5), (10, 9)) == (
        "Ahead: Ash 10. Left: Ash 10: 10 points, 5 units/27 health; Vine 9: 9 points, 5 units/30 health")
    assert story.ahead_line(("Ash 10", "Vine 9"), (27, 30), (5, 5)).startswith("Ahead: Vine 9.")  # no points: units, health
    assert story.ahead_line(("Ash 10", "Vine 9"), (30, 30), (5, 4), (9, 9)).startswith("Even.")
    match, _, _ = deadly_beats("ninja")
    points = match.ruleset.limit_points(match.state)
    line = story.round_summary(match, match.ruleset.round_number(match.state) - 1)[-1]
    assert f"Ash 10: {points[0]} points" in line and f"Vine 9: {points[1]} points" in line


def test_the_cli_log_and_the_end_screen_use_the_log_words():
    match, _, _ = deadly_beats("commanders")
    text = "\n".join(story.story_by_round(match, lambda step: ""))
    death = next(b for b in story.step_beats(match, match.cursor) if b.kind == "death")
    assert f" DEAD {death.text}" in text and "Summary:" in text


# --- the battle screen ------------------------------------------------------------------------

async def open_before_death(pilot, app, name, pace="slow"):
    app.apply_settings(dataclasses.replace(app.settings, playback=pace))
    match, deadly = before_death(name)
    screen = BattleScreen(match, {0: "human", 1: "human"}, {"scenario": name, "seed": 0})
    app.push_screen(screen)
    for _ in range(4):
        await pilot.pause()
    if app.screen is not screen:  # ninja's hand-over between two players at one keyboard
        await pilot.press("enter")
    return screen, match, deadly


@pytest.mark.parametrize("name", ["statwar"])
async def test_a_key_skips_the_playback_and_does_nothing_else(tmp_path, monkeypatch, name):
    monkeypatch.setitem(playback.PACES, "slow", 3600.0)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, match, deadly = await open_before_death(pilot, app, name)
        screen.commit(deadly)
        await pilot.pause()
        assert screen.playing
        cursor = screen.map.cursor
        await pilot.press("j")
        assert not screen.playing
        assert screen.map.cursor == cursor  # the key only skipped
        assert screen.map.view == match.ruleset.board_view(screen.shown_state())


@pytest.mark.parametrize("name", ["statwar"])
async def test_a_frame_repaints_cells_and_never_lays_the_screen_out_again(tmp_path, monkeypatch, name):
    from textual._compositor import Compositor

    from tests.tui.fit import screen_lines

    monkeypatch.setitem(playback.PACES, "slow", 3600.0)
    passes = []
    reflow = Compositor.reflow
    monkeypatch.setattr(Compositor, "reflow", lambda self, parent, size: passes.append(1) or reflow(self, parent, size))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, match, deadly = await open_before_death(pilot, app, name)
        screen.commit(deadly)
        await pilot.pause()
        captions = []
        passes.clear()
        while screen.playback.player.queue:  # every frame but the last, which puts the live view back
            screen.playback.player.advance()
            await pilot.pause()
            if screen.map.caption is not None:
                region, text = screen.map.caption_lines()[0]
                row = screen.map.region.y + region.y
                captions.append(text.strip() in screen_lines(app)[row])
        assert captions and all(captions), "the map draws each caption on its own rows"
        assert not passes, "a frame with a new caption or a longer line asks for no layout pass"


@pytest.mark.parametrize("name", ["ninja"])
async def test_during_playback_the_state_is_the_state_after_the_action(tmp_path, monkeypatch, name):
    monkeypatch.setitem(playback.PACES, "slow", 3600.0)
    expected, deadly = before_death(name)
    expected.apply(deadly)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, match, deadly = await open_before_death(pilot, app, name)
        screen.commit(deadly)
        await pilot.pause()
        seen = 0
        while screen.playing:
            assert match.state == expected.state and match.cursor == expected.cursor
            seen += screen.map.view != match.ruleset.board_view(screen.shown_state())  # a frame is drawn
            screen.playback.player.advance()
            await pilot.pause()
        assert seen >= 2
        assert match.state == expected.state


async def final_screen(tmp_path, name, pace):
    app = make_app(tmp_path / pace)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, match, deadly = await open_before_death(pilot, app, name, pace)
        screen.commit(deadly)
        for _ in range(400):
            if not screen.playing:
                break
            await pilot.pause(0.05)
        for _ in range(4):  # the round's summary after a playback that ended a round; a hand-over
            if app.screen is screen:
                break
            await pilot.press("enter")
        await pilot.pause()
        return app.export_screenshot(simplify=True)


@pytest.mark.parametrize("name", ["commanders"])
async def test_playback_off_ends_on_the_same_screen_as_playback_on(tmp_path, monkeypatch, name):
    monkeypatch.setitem(playback.PACES, "fast", 0.01)
    off = await final_screen(tmp_path, name, "off")
    on = await final_screen(tmp_path, name, "fast")
    assert off == on


async def test_the_log_follows_new_lines_again_once_back_at_the_bottom(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, match, deadly = await open_before_death(pilot, app, "statwar", "off")
        log = screen.query_one(BattleLog)
        for i in range(30):
            screen.log_note(f"line {i}")
        await scrolled_down(pilot, log)
        assert log.scroll_y == log.max_scroll_y > 0
        await pilot.press("left_square_bracket", "left_square_bracket")
        held = log.scroll_y
        assert held < log.max_scroll_y
        screen.commit(deadly)
        await pilot.pause()
        assert log.scroll_y == held  # reading back: not pulled away
        for _ in range(40):
            await pilot.press("right_square_bracket")
        assert log.scroll_y == log.max_scroll_y
        screen.log_note("a new line")
        await scrolled_down(pilot, log)
        assert log.scroll_y == log.max_scroll_y and log.written[-1] == "a new line"


async def scrolled_down(pilot, log) -> None:
    """Wait for the log to follow what was written: RichLog scrolls after the next refresh,
    one pause later or more on a busy machine (the first assertion once failed a run in three)."""
    for _ in range(20):
        await pilot.pause()
        if log.scroll_y == log.max_scroll_y:
            return


async def test_random_keys_while_the_ai_plays_with_playback_on(tmp_path, monkeypatch):
    monkeypatch.setitem(playback.PACES, "fast", 0.02)
    rng = random.Random(13)
    keys = "j k h l enter escape a tab z x L R left_square_bracket right_square_bracket space".split()
    app = make_app(tmp_path, ai_factory=lambda level, seed: Player("random", seed))
    async with app.run_test(size=(80, 24)) as pilot:
        app.apply_settings(dataclasses.replace(app.settings, playback="fast"))
        ruleset = registry.get("statwar")
        from core.match import Match

        match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("duel_25"), 4))
        screen = BattleScreen(match, {0: "random", 1: "random"}, {"scenario": "duel_25", "seed": 4})
        app.push_screen(screen)
        await pilot.pause()
        played = 0
        for _ in range(80):
            key = rng.choice(keys)
            event = events.Key(key, None)
            event.set_sender(app)
            app._driver.send_message(event)
            await pilot.pause(0.01)
            played = max(played, match.cursor)
            if app.screen is not screen and not isinstance(app.screen, BattleScreen):
                if type(app.screen).__name__ in ("LogScreen", "RoundSummaryScreen", "HelpDialog"):
                    await pilot.press("escape")
        assert played > 5  # the AI played on between the keys


def test_a_bad_playback_pace_in_the_settings_file_falls_back_and_says_so(tmp_path):
    from tui import settings

    (tmp_path / settings.SETTINGS_FILE).write_text('{"playback": "warp"}')
    loaded, problems = settings.load(tmp_path)
    assert loaded.playback == settings.DEFAULT_PACE
    assert any("playback 'warp'" in p for p in problems)


async def test_the_replay_plays_a_step_on_the_map_and_a_key_skips_it(tmp_path, monkeypatch):
    from tui.screens.replay import ReplayScreen

    monkeypatch.setitem(playback.PACES, "slow", 3600.0)
    match, deadly = before_death("statwar")
    match.apply(deadly)
    match.jump(match.cursor - 1)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.apply_settings(dataclasses.replace(app.settings, playback="slow"))
        screen = ReplayScreen(match, {})
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("right")
        from tui.widgets.map import BattleMap

        live = match.ruleset.board_view(match.state)
        assert screen.playing and match.cursor == match.steps
        assert screen.query_one(BattleMap).view != live  # the first frame: the archer's move
        await pilot.press("right")  # skips; does not step
        assert not screen.playing and match.cursor == match.steps
        assert screen.query_one(BattleMap).view == live
