"""Commanders (seed 002): quiz-made commanders leading troops on a square grid.

Modules by concern: catalogue (data specs), commander (the commander file),
state (battle records and actions), derived (numbers), movement, combat,
spells (rules), spell_effects and targets, skills, initiative, turn (legal actions and apply),
setup (maps and scenarios), ai (with strength, the AI match-up script), view and sheet; ruleset ties them
together.
"""

from core.commanders.ruleset import CommandersRuleset

RULESET = CommandersRuleset()

__all__ = ["RULESET", "CommandersRuleset"]
