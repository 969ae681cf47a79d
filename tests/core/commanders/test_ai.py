"""A small fixed-seed sample that proves the AI ordering (the full measure: core.commanders.strength)."""

from core.commanders.strength import match_up


def test_normal_beats_random():
    result = match_up("normal", "random", 10, seed=11, scenarios=["duel_at_the_ford", "fort_siege", "sky_duel", "coastal_raid", "masters"])
    assert result["wins"] >= 9, result
