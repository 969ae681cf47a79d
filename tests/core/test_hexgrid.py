"""Hex grid facts, checked as properties over many hexes."""

from hypothesis import given, settings, strategies as st

from core.hexgrid import (
    DIRECTIONS,
    Hex,
    arcs_containing,
    direction_between,
    distance,
    hex_to_offset,
    in_arc,
    line,
    neighbour,
    neighbours,
    offset_to_hex,
    opposite,
    rectangle,
    ring,
    turn_steps,
    within,
)

coord = st.integers(-40, 40)
hexes = st.builds(Hex, coord, coord)
facings = st.integers(0, 5)
SETTINGS = settings(max_examples=80, deadline=None)


def rotate_ccw(h: Hex) -> Hex:
    """One step counter-clockwise about the origin: E -> NE, cube (q, r, s) -> (-s, -q, -r)."""
    return Hex(-h.s, -h.q)


@given(hexes, hexes)
@SETTINGS
def test_distance_is_symmetric_and_zero_only_on_itself(a, b):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
@SETTINGS
def test_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, st.integers(0, 8))
@SETTINGS
def test_ring_has_6k_distinct_hexes_at_distance_k(center, k):
    hexes_on_ring = ring(center, k)
    assert len(hexes_on_ring) == (6 * k if k else 1)
    assert len(set(hexes_on_ring)) == len(hexes_on_ring)
    assert all(distance(center, h) == k for h in hexes_on_ring)


@given(hexes, st.integers(0, 6))
@SETTINGS
def test_within_holds_every_hex_up_to_the_radius(center, k):
    area = within(center, k)
    assert len(set(area)) == len(area) == 3 * k * (k + 1) + 1
    assert all(distance(center, h) <= k for h in area)


@given(hexes)
@SETTINGS
def test_neighbours_are_at_distance_one_in_direction_order(h):
    around = neighbours(h)
    assert len(set(around)) == 6
    for i, n in enumerate(around):
        assert distance(h, n) == 1
        assert n == neighbour(h, i) == h + DIRECTIONS[i]
        assert direction_between(h, n) == i
        assert direction_between(n, h) == opposite(i)
    assert direction_between(h, h) is None
    assert direction_between(h, neighbour(neighbour(h, 0), 0)) is None


@given(hexes, hexes)
@SETTINGS
def test_line_is_continuous_and_as_long_as_the_distance(a, b):
    path = line(a, b)
    assert len(path) == distance(a, b) + 1
    assert path[0] == a and path[-1] == b
    assert all(distance(p, q) == 1 for p, q in zip(path, path[1:]))
    assert all(type(p) is Hex and all(type(c) is int for c in p) for p in path)


@given(st.integers(-30, 30), st.integers(-30, 30))
@SETTINGS
def test_offset_and_axial_round_trip(col, row):
    assert hex_to_offset(offset_to_hex(col, row)) == (col, row)
    h = Hex(col, row)
    assert offset_to_hex(*hex_to_offset(h)) == h


def test_odd_rows_are_shifted_right():
    # odd-r layout: the east neighbour keeps the row, the south-east one of an odd row is one column right
    assert hex_to_offset(neighbour(offset_to_hex(2, 1), 5)) == (3, 2)
    assert hex_to_offset(neighbour(offset_to_hex(2, 2), 5)) == (2, 3)
    assert [hex_to_offset(h) for h in rectangle(2, 2)] == [(0, 0), (1, 0), (0, 1), (1, 1)]


def test_the_arc_ahead_of_east():
    origin = Hex(0, 0)
    assert in_arc(origin, 0, Hex(1, 0))
    assert not in_arc(origin, 0, Hex(1, -1))  # the north-east neighbour is beside, not ahead
    assert not in_arc(origin, 0, Hex(-1, 0))
    assert not in_arc(origin, 0, origin)
    assert sorted(h for h in ring(origin, 2) if in_arc(origin, 0, h)) == [Hex(1, 1), Hex(2, -1), Hex(2, 0)]


@given(st.integers(1, 7), facings)
@SETTINGS
def test_the_arc_widens_by_two_hexes_every_second_ring(k, facing):
    # The boundaries run along hex diagonals, which cross only every second ring:
    # rings 1, 2, 3, 4 hold 1, 3, 3, 5 hexes of the arc.
    origin = Hex(3, -2)
    assert sum(in_arc(origin, facing, h) for h in ring(origin, k)) == 2 * (k // 2) + 1
    assert in_arc(origin, facing, origin + tuple(k * c for c in DIRECTIONS[facing]))


@given(hexes, facings)
@SETTINGS
def test_arcs_turn_with_the_facing(offset, facing):
    origin = Hex(5, 5)
    target = origin + offset
    turned = origin + rotate_ccw(offset)
    assert in_arc(origin, facing, target) == in_arc(origin, (facing + 1) % 6, turned)


@given(hexes, hexes)
@SETTINGS
def test_six_arcs_cover_every_other_hex_once_or_on_a_boundary_twice(origin, target):
    arcs = arcs_containing(origin, target)
    if origin == target:
        assert arcs == ()
    else:
        assert 1 <= len(arcs) <= 2
        if len(arcs) == 2:
            assert turn_steps(*arcs) == 1


@given(facings, facings)
def test_turn_steps_is_the_short_way_round(a, b):
    assert turn_steps(a, b) == turn_steps(b, a)
    assert 0 <= turn_steps(a, b) <= 3
    assert turn_steps(a, opposite(a)) == 3
    assert turn_steps(a, (a + 1) % 6) == 1
