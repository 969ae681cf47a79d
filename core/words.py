"""Numbers and places in words, one way for every ruleset and screen.

Pure and free of Textual: the core's event and action text and the terminal's
own lines both say "1 die", "2 dice", "1 point", "(3,5)" through these helpers,
so a count never reads "1 dice" and a cell never reads "3,5" in one ruleset and
"(3,5)" in another.
"""

from __future__ import annotations

# Nouns whose plural is not the noun plus "s".
IRREGULAR: dict[str, str] = {
    "die": "dice",
    "success": "successes",
    "hit": "hits",
    "ninja": "ninja",
    "foot": "feet",
    "enemy": "enemies",
    "ally": "allies",
    "body": "bodies",
    "strike": "strikes",
}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`noun` as it goes with the number `n`: the noun for exactly one, else its plural
    (`many`, the known irregular plural, or the noun plus "s")."""
    if abs(n) == 1:
        return noun
    if many is not None:
        return many
    if noun in IRREGULAR:
        return IRREGULAR[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def count(n: int, noun: str, many: str | None = None) -> str:
    """The number and its noun: count(1, "die") == "1 die", count(3, "die") == "3 dice"."""
    return f"{n} {plural(n, noun, many)}"


def a(noun: str) -> str:
    """The noun with its article as it is said: "a Bear", "an Archer", "an Imp"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def cell(col: int, row: int) -> str:
    """A map cell as every ruleset writes it: column then row, in brackets: "(3,5)"."""
    return f"({col},{row})"


def place(before: str, col: int, row: int, here: tuple[int, int] | None = None) -> str:
    """A map cell an action names, after its word: "at (3,5)", "to (3,5)"; or "here" when
    it is `here`, the cell a panel about the cursor is describing (the info line beside it
    already names that cell, and the panel's line then stays put as the cursor moves)."""
    return "here" if here is not None and (col, row) == (here[0], here[1]) else f"{before} {cell(col, row)}"


def cells(places) -> str:
    """Several cells, one after the other: "(1,2) (3,4)"."""
    return " ".join(cell(c, r) for c, r in places)
