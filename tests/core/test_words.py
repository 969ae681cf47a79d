"""core.words: counts, plurals and cells as every ruleset writes them, and the event text that uses them."""

from core import registry
from core.words import cell, cells, count, place, plural


def test_one_takes_the_singular_and_every_other_number_the_plural():
    assert count(1, "die") == "1 die" and count(2, "die") == "2 dice" and count(0, "die") == "0 dice"
    assert count(1, "success") == "1 success" and count(3, "success") == "3 successes"
    assert count(1, "point") == "1 point" and count(5, "point") == "5 points"
    assert count(1, "square") == "1 square" and count(4, "square") == "4 squares"
    assert count(2, "hex") == "2 hexes" and count(1, "hex") == "1 hex"
    assert count(-1, "point") == "-1 point" and plural(2, "ninja") == "ninja"
    assert count(2, "staff", "staves") == "2 staves"


def test_a_cell_is_column_then_row_in_brackets():
    assert cell(3, 5) == "(3,5)"
    assert cells([(1, 2), (3, 4)]) == "(1,2) (3,4)"


def test_a_place_is_its_word_and_cell_or_here():
    assert place("at", 3, 5) == "at (3,5)" and place("to", 3, 5, (4, 5)) == "to (3,5)"
    assert place("at", 3, 5, (3, 5)) == "here"


def test_an_action_on_the_panels_cell_is_said_here_and_on_any_other_by_its_cell():
    """`describe_action_here` (the odds panel beside the info line) says "here" for the one
    cell an action names when it is the cursor's, and is the log's `describe_action` for
    any other cell: a Commanders order "moves here", every other action's "at" or "to" the
    cell becomes "here". An action naming several cells (a spell on squares) keeps them."""
    import re

    from core.ai import Player

    one_cell = re.compile(r"\((\d+),(\d+)\)")
    for name, scenario in (("statwar", "duel_25"), ("ninja", "ash_vs_vine"), ("commanders", "duel_at_the_ford")):
        ruleset = registry.get(name)
        state = ruleset.new_battle(ruleset.load_scenario(scenario), 3)
        ai, checked = Player("easy", 3), 0
        for _ in range(20):
            if ruleset.outcome(state) is not None:
                break
            side = ruleset.to_act(state)[0]
            for action in ruleset.legal_actions(state, side)[:300]:
                text = ruleset.describe_action(state, action)
                assert ruleset.describe_action_here(state, action, (99, 99)) == text, (name, text)
                named = one_cell.findall(text)
                if len(named) != 1:
                    continue
                c, r = map(int, named[0])
                said = ruleset.describe_action_here(state, action, (c, r))
                if name == "commanders" and type(action).__name__ == "Order":
                    assert said == text.replace(f" to ({c},{r})", " moves here"), (text, said)
                else:
                    assert said == re.sub(rf" (?:at|to) \({c},{r}\)", " here", text), (text, said)
                assert "here" in said and f"({c},{r})" not in said, (text, said)
                checked += 1
            state = ruleset.play(state, ai.choose(ruleset, state, side)).state
        assert checked > 20, (name, checked)


def test_every_ruleset_writes_a_cell_the_same_way():
    for name, scenario in (("statwar", "duel_25"), ("ninja", "ash_vs_vine"), ("commanders", "duel_at_the_ford")):
        ruleset = registry.get(name)
        state = ruleset.new_battle(ruleset.load_scenario(scenario), 3)
        assert ruleset.describe_cell(state, 2, 1).startswith("(2,1)"), name


def test_no_bare_coordinates_in_actions_unit_sheets_or_events():
    """Every cell a ruleset writes is (c,r): in its actions' names, its units' sheets and the
    events of a battle played a while by the AI (a bare "1,4" was left in StatWar's detonate
    and its unit sheet)."""
    import re

    from core.ai import Player

    bare = re.compile(r"(?<![(\d])\d+,\d+(?![\d)])")
    for name, scenario in (("statwar", "duel_25"), ("ninja", "ash_vs_vine"), ("commanders", "duel_at_the_ford")):
        ruleset = registry.get(name)
        state = ruleset.new_battle(ruleset.load_scenario(scenario), 3)
        ai = Player("easy", 3)
        texts: list[str] = []
        for _ in range(30):
            if ruleset.outcome(state) is not None:
                break
            side = ruleset.to_act(state)[0]
            texts += [ruleset.describe_action(state, a) for a in ruleset.legal_actions(state, side)[:400]]
            texts += [line for u in ruleset.board_view(state).units for line in ruleset.unit_details(state, u.uid)]
            played = ruleset.play(state, ai.choose(ruleset, state, side))
            texts += [ruleset.describe_event(state, e) for e in played.events]
            state = played.state
        slips = sorted({t for t in texts if bare.search(t)})
        assert not slips, (name, slips[:5])


def test_one_die_and_one_success_in_a_commanders_spell_line():
    from core.commanders import events as ev

    ruleset = registry.get("commanders")
    state = ruleset.new_battle(ruleset.load_scenario("duel_at_the_ford"), 3)
    result = ev.SpellResult(uid=1, spell="Mute", effect="failed", amount=0, dice=1, successes=1,
                            heed=0, recognition=0, constraint=0)
    line = ruleset.describe_event(state, result)
    assert "(faces 1 die, 1 success)" in line


def test_a_statwar_overkill_reads_as_what_the_hit_was_and_what_was_taken():
    from core.statwar.events import UnitAttacked

    ruleset = registry.get("statwar")
    state = ruleset.new_battle(ruleset.load_scenario("duel_25"), 3)
    # an Archer (Damage 4) against a unit with 3 Health left and Armor 1: 4 - 1 = 3, all of it taken
    exact = ruleset.describe_event(state, UnitAttacked(1, 2, 4, 1, 3, 3, 0, 2, 2))
    assert "Damage 4 - Armor 1 = 3; Health 3 -> 0" in exact
    # Damage 6 against Armor 0 and 5 Health left: the sum is 6, 5 is taken
    over = ruleset.describe_event(state, UnitAttacked(1, 2, 6, 0, 5, 5, 0, 2, 2))
    assert "Damage 6 - Armor 0 = 6, 5 taken (all the Health left); Health 5 -> 0" in over


def test_a_ninja_turning_in_place_is_not_said_to_walk_to_where_it_stands():
    from core.hexgrid import offset_to_hex
    from core.ninja.events import UnitMoved

    ruleset = registry.get("ninja")
    state = ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), 3)
    here = offset_to_hex(0, 4)
    line = ruleset.describe_event(state, UnitMoved(0, "walk", here, here, 1, 1, 5))
    assert "walks from" not in line
    assert line == "Ash Veteran 1 stays at (0,4) and turns to face NE (1/5 points)"


def test_a_noun_takes_the_article_it_is_said_with():
    from core.words import a

    assert a("Bear") == "a Bear" and a("Archer") == "an Archer" and a("imp") == "an imp"
