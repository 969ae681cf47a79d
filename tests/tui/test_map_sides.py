"""Four armies on one map stay apart without colour: letter case and underline differ per side."""

from itertools import combinations

from core.view import BoardView, CellView, UnitView
from tui.widgets.map import SIDE_MARKS, BattleMap


def four_sides_view() -> BoardView:
    cells = tuple(CellView("open", ".") for _ in range(4))
    units = tuple(UnitView(uid=s, side=s, name=f"n{s}", glyph="a", cells=((s, 0),), hp=5, hp_max=5, facing=0) for s in range(4))
    return BoardView(grid="hex", width=4, height=1, cells=cells, units=units)


def test_every_pair_of_four_sides_differs_in_case_or_underline():
    assert len(set(SIDE_MARKS)) == 4


def test_the_map_draws_four_sides_four_ways_in_monochrome():
    battle_map = BattleMap(four_sides_view())
    battle_map.colour = False
    looks = []
    for side in range(4):
        glyph = battle_map._cell_segments(side, 0)[1]
        looks.append((glyph.text, bool(glyph.style and glyph.style.underline)))
    assert looks == [("A", False), ("a", True), ("A", True), ("a", False)]
    assert all(a != b for a, b in combinations(looks, 2))


def test_seen_by_a_side_its_own_units_are_upper_case_and_every_enemy_lower_case():
    battle_map = BattleMap(four_sides_view())
    battle_map.colour = False
    for viewer in range(4):
        battle_map.set_viewer(viewer)
        looks = []
        for side in range(4):
            glyph = battle_map._cell_segments(side, 0)[1]
            looks.append((glyph.text, bool(glyph.style.underline), bool(glyph.style.italic)))
        assert looks[viewer] == ("A", False, False)
        enemies = [look for side, look in enumerate(looks) if side != viewer]
        assert all(text == "a" for text, _, _ in enemies)
        assert len(set(enemies)) == 3, "the three enemy sides differ from each other too"


async def test_four_armies_show_the_seats_own_units_apart_in_every_theme(tmp_path):
    """Four-army ninja with the human on the second side: its units upper case, all others lower
    case, in every theme; the help's legend says so, by name."""
    import dataclasses

    from core import registry
    from core.match import Match
    from tests.tui.conftest import make_app, settle
    from tui.screens.battle import BattleScreen
    from tui.settings import THEMES

    ruleset = registry.get("ninja")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("four_schools"), 3))
    names = ruleset.side_names(match.state)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "easy", 1: "human", 2: "easy", 3: "easy"}, {"seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        assert screen.viewer() == 1
        for theme in THEMES:
            app.apply_settings(dataclasses.replace(app.settings, theme=theme))
            await pilot.pause()
            battle_map = screen.map
            for unit in battle_map.view.units:
                col, row = unit.cells[0]
                glyph = battle_map._cell_segments(col, row)[1]
                if unit.side == 1:
                    assert glyph.text.isupper() and not glyph.style.underline and not glyph.style.italic, theme
                else:
                    assert glyph.text.islower(), (theme, unit.name)
        await pilot.press("question_mark")
        await pilot.pause()
        guide = str(app.screen.query_one("#help-guide").render())
        flat = " ".join(guide.split())
        assert f"Your units ({names[1]}) are UPPER case; every enemy's are lower case: {names[0]} lower case underlined;" in flat


def test_a_marked_cells_terrain_is_bold_like_its_marks_so_a_repaint_switches_only_the_colour():
    """The cursor's and a highlighted cell's terrain glyph is bold, as their marks are: the
    cell stands out, and going from mark to glyph and back changes the colour alone (a
    StatWar cursor move wrote 150 bytes with a bold switch each way, 123 without). A cell
    without marks keeps its plain terrain."""
    from rich.style import Style

    view = BoardView(grid="square", width=3, height=1, cells=tuple(CellView("water", "~") for _ in range(3)), units=())
    battle_map = BattleMap(view)
    battle_map.cursor = (0, 0)
    battle_map.highlights = {(1, 0): "move"}
    cursor, move, plain = (battle_map._cell_segments(col, 0) for col in range(3))
    for left, glyph, right in (cursor, move):
        assert (left.text, right.text) in (("[", "]"), ("(", ")"))
        assert glyph.style.bold and glyph.style.color != left.style.color
        assert left.style + Style(color=glyph.style.color) == glyph.style, (left.style, glyph.style)
        assert right.style == left.style
    assert plain[1].style.bold is not True and plain[1].style.color == move[1].style.color
