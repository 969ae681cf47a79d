"""Counter-based dice carried inside the game state.

SplitMix64 over (seed, counter): the n-th draw of a seed is a pure function of
the two numbers, so the same state always rolls the same dice on every machine
and Python version, undo cannot re-roll, and a replay needs nothing but the
initial state and the actions. Never use the `random` module in core/.

Two rules of use (docs/RULES.md, General, "The dice"):
- per action (every battle started since save format 2): the battle's dice are
  `Dice(seed, step, per_action=True)`, and each action rolls from its own
  stream, `for_action(key)`, drawn from (battle seed, step, the action). The
  same action at the same step rolls the same dice (undo cannot re-roll); any
  other action rolls unrelated dice (a roll seen and undone cannot be handed to
  another action).
- one stream (`per_action=False`): draws are read in order from (seed,
  counter). Saves written before format 2 replay with it, and the AI imagines
  futures with it on reseeded copies.
"""

from __future__ import annotations

import attrs

from core.choices import SEED_MAX, parse_seed, seed_problem  # noqa: F401  (the seed rule, kept here by name)

MASK64 = (1 << 64) - 1

GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def splitmix64(seed: int, counter: int) -> int:
    """The 64-bit output number `counter` of the SplitMix64 stream of `seed`."""
    z = (seed + (counter + 1) * GOLDEN_GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


@attrs.frozen(slots=True)
class Dice:
    """An immutable dice stream: each draw returns the value and the next Dice."""

    seed: int
    counter: int = 0  # the next draw of one stream; with per_action, the battle's step
    per_action: bool = False

    @classmethod
    def from_seed(cls, seed: int) -> Dice:
        return cls(seed & MASK64, 0)

    @classmethod
    def for_battle(cls, dice: Dice) -> Dice:
        """The per-action dice of a battle whose set-up rolled with `dice` (step 0)."""
        return cls(dice.seed, 0, True)

    def for_action(self, key: int) -> Dice:
        """The one-stream dice an action with `key` rolls at this step (per_action dice only)."""
        return Dice(splitmix64(splitmix64(self.seed, self.counter) ^ (key & MASK64), 0), 0)

    def next_step(self) -> Dice:
        return Dice(self.seed, self.counter + 1, True)

    def next_u64(self) -> tuple[int, Dice]:
        return splitmix64(self.seed, self.counter), Dice(self.seed, self.counter + 1)

    def roll(self, sides: int) -> tuple[int, Dice]:
        """A fair-enough die from 1 to `sides` (multiply-shift; bias below 2**-58)."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        value = splitmix64(self.seed, self.counter)
        return ((value * sides) >> 64) + 1, Dice(self.seed, self.counter + 1)

    def rolls(self, count: int, sides: int) -> tuple[tuple[int, ...], Dice]:
        """`count` dice of `sides` sides, in order."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        seed, start = self.seed, self.counter
        values = []
        add = values.append
        z = seed + (start + 1) * GOLDEN_GAMMA  # splitmix64(seed, start + i), written out: a strike rolls a die a hit point
        for _ in range(count):
            x = z & MASK64
            x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
            add((((x ^ (x >> 31)) * sides) >> 64) + 1)
            z += GOLDEN_GAMMA
        return tuple(values), Dice(seed, start + count)

    def coin(self) -> tuple[bool, Dice]:
        value, nxt = self.roll(2)
        return value == 1, nxt

    def choice_index(self, length: int) -> tuple[int, Dice]:
        """An index in range(length), for seeded tie-breaks and shuffles."""
        value, nxt = self.roll(length)
        return value - 1, nxt

    def shuffled(self, items: tuple) -> tuple[tuple, Dice]:
        """A Fisher-Yates shuffle of `items` driven by this stream."""
        out = list(items)
        dice = self
        for i in range(len(out) - 1, 0, -1):
            j, dice = dice.choice_index(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), dice
