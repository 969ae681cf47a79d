"""Square grid facts: both metrics, neighbours, rings and footprints."""

from hypothesis import given, settings, strategies as st

from core.squaregrid import (
    Square,
    chebyshev,
    footprint,
    manhattan,
    neighbours4,
    neighbours8,
    rectangle,
    ring8,
    square,
    within_manhattan,
)

coord = st.integers(-50, 50)
squares = st.builds(Square, coord, coord)
SETTINGS = settings(max_examples=80, deadline=None)


@given(squares, squares)
@SETTINGS
def test_metrics_are_symmetric_and_ordered(a, b):
    assert manhattan(a, b) == manhattan(b, a)
    assert chebyshev(a, b) == chebyshev(b, a)
    assert chebyshev(a, b) <= manhattan(a, b) <= 2 * chebyshev(a, b)
    assert (manhattan(a, b) == 0) == (a == b) == (chebyshev(a, b) == 0)


@given(squares, squares, squares)
@SETTINGS
def test_triangle_inequality(a, b, c):
    assert manhattan(a, c) <= manhattan(a, b) + manhattan(b, c)
    assert chebyshev(a, c) <= chebyshev(a, b) + chebyshev(b, c)


@given(squares)
@SETTINGS
def test_neighbours_are_one_step_away(s):
    four, eight = neighbours4(s), neighbours8(s)
    assert len(set(four)) == 4 and len(set(eight)) == 8
    assert set(four) <= set(eight)
    assert all(manhattan(s, n) == 1 for n in four)
    assert all(chebyshev(s, n) == 1 for n in eight)


@given(squares, st.integers(0, 8))
@SETTINGS
def test_ring8_has_8k_squares_at_chebyshev_k(center, k):
    ring = ring8(center, k)
    assert len(set(ring)) == len(ring) == (8 * k if k else 1)
    assert all(chebyshev(center, s) == k for s in ring)
    assert ring == sorted(ring, key=lambda s: (s.y, s.x))


@given(squares, st.integers(0, 6))
@SETTINGS
def test_within_manhattan_is_a_diamond(center, k):
    area = within_manhattan(center, k)
    assert len(set(area)) == len(area) == 2 * k * (k + 1) + 1
    assert all(manhattan(center, s) <= k for s in area)


@given(squares, st.integers(1, 5))
@SETTINGS
def test_footprint_is_a_size_by_size_block_from_its_corner(origin, size):
    cells = footprint(origin, size)
    assert len(set(cells)) == size * size
    assert cells[0] == origin
    assert max(chebyshev(origin, c) for c in cells) == size - 1
    assert all(c.x >= origin.x and c.y >= origin.y for c in cells)


def test_rectangle_is_row_major():
    assert list(rectangle(2, 2)) == [Square(0, 0), Square(1, 0), Square(0, 1), Square(1, 1)]


@given(coord, coord)
@SETTINGS
def test_square_is_made_once_and_equals_the_square_itself(x, y):
    made = square((x, y))
    assert type(made) is Square and made == Square(x, y) == (x, y)
    assert square(Square(x, y)) is made  # the same object from a tuple or a Square


def test_the_made_squares_are_bounded():
    limit = square.cache_info().maxsize
    for i in range(limit + 10):
        square((i, -1))
    assert square.cache_info().currsize <= limit
    assert square((5, -1)) == (5, -1)
