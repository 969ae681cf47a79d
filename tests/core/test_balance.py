"""The balance lab's statistics: Wilson intervals against published values, and its report."""

import math

import attrs
import pytest

from core import balance, sim
from core.sim import GameRecord

pytestmark = pytest.mark.usefixtures("toy_registered")


@pytest.mark.parametrize("successes, trials, low, high", [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_matches_the_published_intervals(successes, trials, low, high):
    got = balance.wilson(successes, trials)
    assert got == (pytest.approx(low, abs=5e-5), pytest.approx(high, abs=5e-5))


def test_wilson_edges():
    assert balance.wilson(0, 0) == (0.0, 1.0)
    assert balance.wilson(10, 10)[1] == 1.0 and balance.wilson(10, 10)[0] > 0.69
    low, high = balance.wilson(100, 200)
    assert low < 0.5 < high and math.isclose(0.5 - low, high - 0.5)
    with pytest.raises(ValueError):
        balance.wilson(3, 2)


def test_mean_and_its_interval():
    assert balance.mean_sd([2, 4, 4, 4, 5, 5, 7, 9]) == (5.0, pytest.approx(2.13809, abs=1e-5))
    mean, low, high = balance.mean_interval([1.0, 3.0])
    assert mean == 2.0 and high - mean == pytest.approx(balance.Z95 * math.sqrt(2) / math.sqrt(2))
    assert balance.mean_interval([]) == (0.0, 0.0, 0.0)


def record(index, winner, rounds, units=(), groups=()):
    return GameRecord(index, "s", 1, ("normal", "normal"), winner, None, rounds, 10, tuple(units), None, tuple(groups))


def test_a_scenario_row_counts_sides_draws_length_and_short_games():
    # 60 wins for side 1, 30 for side 2, 10 draws; 20 games over by round 2
    records = ([record(i, 0, 2 if i < 20 else 6) for i in range(60)] + [record(60 + i, 1, 8) for i in range(30)]
               + [record(90 + i, None, 10) for i in range(10)])
    row = balance.scenario_row(records, 2)
    assert row["games"] == 100
    assert [s["count"] for s in row["sides"]] == [60, 30] and row["draws"]["count"] == 10
    assert (row["sides"][0]["low"], row["sides"][0]["high"]) == balance.wilson(60, 100)
    assert row["side1_share"]["of"] == 90 and row["side1_share"]["rate"] == pytest.approx(60 / 90)
    assert row["short_games"]["count"] == 20
    assert row["rounds"]["mean"] == pytest.approx((20 * 2 + 40 * 6 + 30 * 8 + 10 * 10) / 100)
    assert row["rounds"]["min"] == 2 and row["rounds"]["max"] == 10
    assert not balance.is_even(row)  # 67% of decided games, interval well above 60%


def test_even_needs_an_interval_holding_half_within_the_bounds():
    even = balance.scenario_row([record(i, i % 2, 5) for i in range(400)], 2)
    assert balance.is_even(even)
    few = balance.scenario_row([record(i, i % 2, 5) for i in range(20)], 2)
    assert not balance.is_even(few)  # holds 50%, but 20 games leave it wider than 40-60%


def test_unit_groups_give_fielded_survival_and_damage():
    rows = balance.group_rows([("Footman", True, 4), ("Footman", False, 2), ("Knight", True, 10), ("", True, 1)])
    assert set(rows) == {"Footman", "Knight"}
    assert rows["Footman"]["fielded"] == 2 and rows["Footman"]["survival"]["count"] == 1
    assert rows["Footman"]["damage"]["mean"] == 3.0


def test_the_lab_plays_every_scenario_both_seat_orders():
    rep = sim.run_balance("toy", games=4, seed=3, ai=["normal", "random"])
    names = set(rep["scenarios"])
    assert len(names) > 1
    for row in rep["scenarios"].values():
        assert row["games"] == 4
        assert sum(s["count"] for s in row["sides"]) + row["draws"]["count"] == 4
        assert row["seats"]["side 1 by AI entry"] == [2, 2]  # each AI entry plays side 1 twice
    assert rep["unit_types"] and "damage" in next(iter(rep["unit_types"].values()))
    text = balance.table(rep)
    assert text.startswith("toy: 4 games a scenario, AI normal vs random")
    assert all(name[:19] in text for name in names)


def test_with_four_sides_even_means_a_quarter():
    rows = [record(i, i % 4, 5) for i in range(1600)]
    four = balance.scenario_row([attrs.evolve(r, seats=("normal",) * 4) for r in rows], 4)
    assert four["side1_share"]["rate"] == 0.25 and balance.is_even(four)


def test_with_four_sides_every_side_must_be_near_a_quarter():
    """Side 1 fair at 25% is not enough when side 3 wins half the games (four_schools had side 1
    at a fair share while Tortoise won most of the rest)."""
    winners = [0] * 50 + [1] * 25 + [2] * 100 + [3] * 25  # side 1 wins 50 of 200: a quarter
    four = balance.scenario_row([record(i, w, 20) for i, w in enumerate(winners)], 4)
    assert four["side1_share"]["rate"] == 0.25
    assert [s["count"] for s in four["shares"]] == [50, 25, 100, 25]
    assert not balance.is_even(four)


def test_a_scenario_meant_to_be_uneven_says_so_in_the_table_and_the_report():
    """A scenario file's `uneven` reason reaches the lab: its row carries the reason, and the
    table's even column says "uneven" instead of judging it by the 40%-60% rule."""
    rows = [record(i, 1 if i % 10 else 0, 5) for i in range(200)]  # side 2 wins 9 of 10
    siege = {"fort": rows, "field": [record(i, i % 2, 5) for i in range(200)]}
    rep = balance.report("commanders", ["normal", "normal"], 0, 200, siege, {"fort": 2, "field": 2}, 1.0,
                         {"fort": "a siege: the stormers win about 4 in 5"})
    assert rep["scenarios"]["fort"]["meant_uneven"] == "a siege: the stormers win about 4 in 5"
    assert rep["scenarios"]["field"]["meant_uneven"] == ""
    assert not rep["scenarios"]["fort"]["even"] and rep["scenarios"]["field"]["even"]
    lines = {line.split()[0]: line for line in balance.table(rep).splitlines() if line.startswith(("fort", "field"))}
    assert " uneven " in lines["fort"] and " yes " in lines["field"]


def test_the_bundled_scenarios_meant_to_be_uneven_give_their_reason():
    """Every ruleset reads the field; the bundled ones that use it are the siege, the three
    counter duels of Commanders and ninja's alliance against Claw."""
    from core import registry

    uneven = {(info.ruleset, info.name) for name in registry.names() for info in registry.get(name).scenarios() if info.uneven}
    assert uneven == {("commanders", "fort_siege"), ("commanders", "duel_at_the_ford"), ("commanders", "pass_duel"),
                      ("commanders", "sky_duel"), ("ninja", "alliance")}
