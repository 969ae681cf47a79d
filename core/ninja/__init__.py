"""Ninja (seed 000): armies of nine schools on a hex grid, sealed simultaneous orders.

Modules by concern: specs and catalogue (data files), armies (rule sets),
state (records), terrain, movement, attacks, effects, jutsu, resolution,
orders (the protocol's turn), setup (scenario to first state), view and
sheet (what players read), ai (planning sealed orders), rules (the Ruleset).
"""

from core.ninja.rules import NinjaRuleset

RULESET = NinjaRuleset()

__all__ = ["RULESET", "NinjaRuleset"]
