"""StatWar (seed 001): point-buy units on a symmetric square board, alternating activation.

The registry loads `core.statwar.ruleset.RULESET`; this package file imports nothing, so a
module of the package never imports the package back.

Modules: ruleset (the Ruleset object and RULESET), state (records), actions,
events, turn (to_act, legal_actions, apply, outcome), view (words and map),
picks (picking actions on the map), specs (file shapes and unit designs),
content (loading files), setup (a scenario to the first state), muster
(armies), sheet (character sheets), ai (evaluation); the rules themselves in
geometry (movement, zones, reach) and combat (hits, deaths, blasts).
"""
