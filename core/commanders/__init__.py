"""Commanders (seed 002): quiz-made commanders leading troops on a square grid.

The ruleset object `RULESET` (ruleset.py) speaks the kernel protocol
(core.ruleset.Ruleset); the rules live in the modules beside it:
state (battle records), actions (what a side may do, `ACTION_TYPES`),
events (what happened, `EVENT_TYPES`), turn (who acts, legal actions, apply,
outcome), view (what a person sees), picks (the pick stages of an action),
content (catalogue files into specs, the `Catalogue`), commander (the
commander file), setup (maps and scenarios into the first state), ai, muster
(commanders as armies), sheet (character sheets); the rule modules derived,
movement, paths, combat, spells, spell_effects, targets, skills, effects,
initiative, quiz, quiz_result, temperament, progression and experience.
"""
