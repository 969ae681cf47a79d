"""Skirmish's rules engine.

Pure, immutable and deterministic: every state is a frozen attrs object, every
move returns a new state, and randomness lives in the state as a counter-based
generator. Nothing in this package imports textual, rich or tui.
"""

__all__ = ["__version__"]
__version__ = "0.1.0"
