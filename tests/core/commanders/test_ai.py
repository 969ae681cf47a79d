"""A small fixed-seed sample that proves the AI ordering.

The full measure is `skirmish sim commanders --ai normal,random --games 100`
(and `--ai hard,normal`); docs/RULES.md records the figures.
"""

from core.sim import run_batch


def test_normal_beats_random():
    result = run_batch("commanders", games=10, seed=11, ai=("normal", "random"))
    assert result["wins"][0] >= 9, result
