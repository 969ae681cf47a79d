"""Every number and key hint readable at 80x24: each ruleset's battle in mid-game with an
attack's odds under the cursor, the end screen, the replay, the load list and the roster,
checked by tests.tui.fit (panel text against the rows it is given, titles, the footer)."""

from __future__ import annotations

import random

import pytest

from core import registry
from core.match import Match
from tests.tui.conftest import cursor_to, make_app, settle
from tests.tui.fit import cut_text_settled, screen_lines
from tui.screens.battle import BattleScreen

ATTACKS = {
    "statwar": lambda a: type(a).__name__ == "Activate" and a.target is not None,
    "commanders": lambda a: type(a).__name__ == "Order" and a.target >= 0,
    "ninja": lambda a: type(a).__name__ == "OrderAction" and a.act in ("melee", "missile"),
}
BATTLES = {"statwar": ("duel_25", 3), "commanders": ("coastal_raid", 5), "ninja": ("ash_vs_vine", 3)}


def battle_with_an_attack(name: str, wanted=lambda legal, attack: True) -> tuple[Match, object]:
    """The ruleset's bundled battle played at random (seed 1) until the side to act may attack
    (and `wanted(legal actions, attack)` holds for one of its attacks)."""
    ruleset = registry.get(name)
    scenario, seed = BATTLES[name]
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), seed))
    rng = random.Random(1)
    for _ in range(400):
        side = match.to_act()[0]
        legal = match.legal_actions(side)
        attacks = [a for a in legal if ATTACKS[name](a) and wanted(legal, a)]
        if attacks:
            return match, attacks[0]
        match.apply(rng.choice(legal))
    raise AssertionError(f"{name}: no attack came up")


async def show_attack_odds(pilot, screen, action) -> None:
    """Select the attacker, pick every stage but the last, and rest the cursor on the target."""
    picker = screen.picker
    picks = screen.ruleset.action_picks(screen.match.state, action)
    placed = {u.uid: u for u in screen.map.view.units}
    await pilot.press("escape", "escape")
    await cursor_to(pilot, screen, tuple(placed[picks.actor].cells[0]))
    await pilot.press("enter")
    for stage in range(len(picks.stages)):
        cell = picker.cells_for(action, picker.stage)[0]
        await cursor_to(pilot, screen, cell)
        if stage < len(picks.stages) - 1:
            await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("name", sorted(BATTLES))
async def test_a_battle_with_attack_odds_fits_80x24(tmp_path, name):
    match, attack = battle_with_an_attack(name)
    side = match.to_act()[0]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {side: "human", 1 - side: "easy"}, {"scenario": BATTLES[name][0], "seed": 1})
        app.push_screen(screen)
        await settle(pilot, screen)
        await show_attack_odds(pilot, screen, attack)
        assert screen.picker.actions_at(screen.map.cursor), "the odds of an attack are shown"
        problems = await cut_text_settled(pilot, app)
        assert not problems, "\n".join(problems + screen_lines(app))


async def test_the_end_screen_fits_80x24(tmp_path):
    from tests.tui.conftest import finished_duel
    from tui.screens.end import EndScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        match = finished_duel()
        app.push_screen(EndScreen(match, match.outcome(), {"seed": 5}))
        for _ in range(3):
            await pilot.pause()
        await pilot.pause(0.1)  # laid out at its final size
        problems = await cut_text_settled(pilot, app)
        assert not problems, "\n".join(problems + screen_lines(app))


def write_a_save(tmp_path) -> None:
    from core import saves

    match, _ = battle_with_an_attack("statwar")
    saves.write_save(tmp_path / "saves" / "a-long-battle-name.json", match, created="2026-11-30 10:00:00 UTC",
                     players=["human", "normal"], scenario="duel_25", seed=3)


@pytest.mark.parametrize("replays", [False, True], ids=["load", "replays"])
async def test_the_saves_lists_fit_80x24(tmp_path, replays):
    from tui.screens.saves import SavesScreen

    write_a_save(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SavesScreen(replays=replays))
        for _ in range(3):
            await pilot.pause()
        await pilot.pause(0.1)  # laid out at its final size, the footer drawn
        problems = await cut_text_settled(pilot, app)
        assert not problems, "\n".join(problems + screen_lines(app))


async def test_the_replay_fits_80x24(tmp_path):
    from tui.screens.replay import open_replay

    write_a_save(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, tmp_path / "saves" / "a-long-battle-name.json")
        await pilot.pause()
        await pilot.press("right", "right", "right")
        for _ in range(3):
            await pilot.pause()
        await pilot.pause(0.1)
        problems = await cut_text_settled(pilot, app)
        assert not problems, "\n".join(problems + screen_lines(app))


async def test_the_roster_fits_80x24(tmp_path):
    from tests.tui.test_builders_roster import open_roster

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        roster = await open_roster(pilot, app)
        assert any(len(e.commander.class_name) > 7 for e in roster.entries), "a class name longer than the old cut"
        problems = await cut_text_settled(pilot, app)
        assert not problems, "\n".join(problems + screen_lines(app))


def attack_numbers(name: str, ruleset, state, action) -> list[str]:
    """The numbers an attack's decision needs, from the core's own odds: the chance (per die
    or per roll), the damage range and the expected damage, the defender's answer, and the
    attacker's own health (and chi and ammunition in ninja)."""
    if name == "ninja":
        from core.ninja.odds import answer_odds, damage_range, expected_damage, melee_odds, missile_odds

        cat, u = ruleset.cat, state.units[action.unit]
        rolls = (melee_odds(state, cat, action.unit, action.targets[0]) if action.act == "melee"
                 else missile_odds(state, cat, action.unit, action.targets))
        low, high = damage_range(rolls)
        answer = answer_odds(state, cat, action.unit, action.targets[0])
        back = [f"melee back {answer[0].chance:.0%}"] if answer else ["no melee back"]
        return [f"{rolls[0].chance:.0%} to hit", f"damage {low}-{high}", f"expected {expected_damage(rolls):.1f}",
                *back, f"health {u.hp}/{u.hp_max}", f"chi {u.chi}/{u.chi_max}", f"ammo {u.ammo}"]
    if name == "statwar":
        from core.statwar.view import answer_damage, hit_damage

        att, tgt = state.design_of(action.unit), state.design_of(action.target)
        dealt, hp = hit_damage(att.damage, tgt.armor), state.units[action.target].health
        back = f"its answer {answer_damage(state, action.unit, action.target)}" if dealt < hp else "no answer"
        return ["Sure hit", f"damage {dealt}", back, f"Health {state.units[action.unit].health}/{att.max_health}"]
    import attrs

    from core.commanders.odds import exchange

    mover = attrs.evolve(state.units[action.uid], pos=action.dest)
    attack, back = exchange(state, mover, state.units[action.target], ruleset.catalogue)
    answer = (["no strike back"] if back is None else
              [f"{'back first' if back.first else 'back'} {'at most ' if attack.first else ''}{back.dice} d10 at "
               f"{back.needed * 10}%", f"damage {back.low}-{back.high}, expected {back.expected:.1f}"])
    return [f"{attack.dice} d10 at {attack.needed * 10}%", f"damage {attack.low}-{attack.high}",
            f"expected {attack.expected:.1f}", *answer, f"{mover.hp}/{mover.hp_max} HP"]


@pytest.mark.parametrize("name", sorted(BATTLES))
async def test_an_attacks_numbers_are_on_screen_unscrolled_at_80x24(tmp_path, name):
    """With the attacker selected and the cursor on its target, the side panels' visible rows
    (no scrolling, no sheet) hold every number the decision needs."""
    from tests.tui.fit import visible_text
    from tui.widgets.panels import OddsPanel, UnitPanel

    match, attack = battle_with_an_attack(name)
    side = match.to_act()[0]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {side: "human", 1 - side: "easy"}, {"scenario": BATTLES[name][0], "seed": 1})
        app.push_screen(screen)
        await settle(pilot, screen)
        await show_attack_odds(pilot, screen, attack)
        await pilot.pause(0.05)
        shown = " ".join(visible_text(app, screen.query_one(kind)) for kind in (OddsPanel, UnitPanel))
        missing = [words for words in attack_numbers(name, screen.ruleset, screen.shown_state(), attack)
                   if words not in shown]
        assert not missing, f"{missing} not on screen:\n" + "\n".join(screen_lines(app))
