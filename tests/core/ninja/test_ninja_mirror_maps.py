"""The free-for-all maps are exact mirror images in both directions, zones included.

A four-army battle is only fair if no corner starts better than another. On an
"odd-r" hex map (odd rows half a hex to the right) two flips are exact isometries:
top to bottom when the map has an odd number of rows (a row keeps its parity), and
left to right when every odd row's last hex is walled (an even row's column c is the
image of column W-1-c, an odd row's of W-2-c). These tests hold the bundled
free-for-all maps to both flips: terrain, elevation, and each zone's hexes in the
order its army deploys, with its facing turned to match.
"""

import pytest

from core.content import read_toml
from core.hexgrid import distance, offset_to_hex
from core.ninja.ruleset import RULESET
from core.ninja.setup import zone_cells

CAT = RULESET.cat
MIRROR_MAPS = ("crossroads", "fords")
#: E, NE, NW, W, SW, SE mirrored left to right, and top to bottom.
FACING_LEFT_RIGHT = (3, 2, 1, 0, 5, 4)
FACING_TOP_BOTTOM = (0, 5, 4, 3, 2, 1)


def load(name: str):
    path = RULESET.content_dir() / "maps" / f"{name}.toml"
    return RULESET.load_document(path, read_toml(path))


def left_right(cell: tuple[int, int], width: int) -> tuple[int, int]:
    c, r = cell
    return (width - 2 - c, r) if r % 2 else (width - 1 - c, r)


def top_bottom(cell: tuple[int, int], height: int) -> tuple[int, int]:
    return (cell[0], height - 1 - cell[1])


def test_the_flips_are_isometries_of_the_hex_grid():
    width, height = 21, 15
    cells = [(c, r) for r in range(height) for c in range(width) if not (r % 2 and c == width - 1)]
    for a in cells[::7]:
        for b in cells[::5]:
            d = distance(offset_to_hex(*a), offset_to_hex(*b))
            for flip in (lambda x: left_right(x, width), lambda x: top_bottom(x, height)):
                assert distance(offset_to_hex(*flip(a)), offset_to_hex(*flip(b))) == d


@pytest.mark.parametrize("name", MIRROR_MAPS)
def test_terrain_and_elevation_mirror_both_ways(name):
    m = load(name)
    width, height = m.width, m.height
    assert height % 2 == 1, "an even number of rows has no exact top-to-bottom flip"
    wall = {key for key, t in CAT.rules.terrain.items() if not t.passable}
    glyphs = CAT.glyph_terrain()
    for r in range(1, height, 2):
        assert glyphs[m.terrain[r][width - 1]] in wall, f"row {r}'s last hex must be impassable"
    for r in range(height):
        for c in range(width - (r % 2)):
            for image in (left_right((c, r), width), top_bottom((c, r), height)):
                assert m.terrain[image[1]][image[0]] == m.terrain[r][c], ((c, r), image)
                assert m.elevation[image[1]][image[0]] == m.elevation[r][c], ((c, r), image)


@pytest.mark.parametrize("name", MIRROR_MAPS)
def test_every_zone_is_the_image_of_the_first_in_deployment_order(name):
    m = load(name)
    first = zone_cells(m, 0, CAT)
    assert len(first) == 8
    images = {
        "left-right": ([left_right(c, m.width) for c in first], FACING_LEFT_RIGHT[m.zones[0].facing]),
        "top-bottom": ([top_bottom(c, m.height) for c in first], FACING_TOP_BOTTOM[m.zones[0].facing]),
        "both": ([top_bottom(left_right(c, m.width), m.height) for c in first],
                 FACING_TOP_BOTTOM[FACING_LEFT_RIGHT[m.zones[0].facing]]),
    }
    found = {}
    for z in range(1, len(m.zones)):
        cells = zone_cells(m, z, CAT)
        for flip, (image, facing) in images.items():
            if cells == image and m.zones[z].facing == facing:
                found[flip] = z
    assert sorted(found) == sorted(images), found
