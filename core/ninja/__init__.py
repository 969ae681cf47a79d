"""Ninja (seed 000): armies of nine schools on a hex grid, sealed simultaneous orders.

The same module names as every ruleset package:
ruleset (the Ruleset and RULESET), state (the battle's records), actions (the
orders and ACTION_TYPES), events (what happened and EVENT_TYPES), turn (who
orders, the legal orders, taking one), view (what a person sees), picks (how
an order is picked on the board), content (loading the content folder into
specs and the catalogue), specs (the file records), setup (scenario to first
state), muster (armies for a battle), sheet (character sheets), ai (valuing
orders).
Rule modules by concern: armies (army rule sets), terrain, movement, attacks,
effects, jutsu, resolution (a phase resolved), stakes and planning (the AI's
judgement of a whole battle and a whole plan).
"""
