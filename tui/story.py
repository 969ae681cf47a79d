"""The story of a battle in words: what each event means for the map, the log and the summaries.

Textual-free, so the battle log, the playback on the map (tui.playback), the round
summary, the end screen and `skirmish log` tell the same story in the same words.

- `beats` turns one step's events into Beats: what kind of thing happened (a move,
  an attack, damage, a death, a spell, or a routine line), who did it to whom, and
  the log sentence (the ruleset's own describe_event).
- `story_lines` folds a run of steps into log lines: routine lines fold ("Vine 10
  sealed orders for 5 ninja"), and hits, deaths and spells carry a word in front
  (HIT, miss, DMG, DEAD, SPELL), so they stand out without colour.
- `round_summary` counts per side, from the events of one round, the hits given and
  taken, the damage, the deaths and the chi or MP spent.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import attrs

from core import words

Cell = tuple[int, int]


@attrs.frozen
class Beat:
    """One thing that happened, as a viewer sees it."""

    kind: str  # move, attack, damage, death, spell, sealed, submitted, routine, note, round, end
    text: str  # the ruleset's sentence for the event
    actor: int | None = None
    target: int | None = None
    frm: Cell | None = None
    to: Cell | None = None
    hit: bool = False
    amount: int = 0  # damage dealt, chi or MP spent
    caption: str = ""  # the few words shown beside the target during playback
    side: int | None = None  # the side of a sealed order or a submission
    fold: str = ""  # routine lines with the same key in a row fold into one


#: the word in front of a log line, so hits, deaths and spells stand out without colour
TAGS = {"hit": "HIT", "miss": "miss", "damage": "DMG", "death": "DEAD", "spell": "SPELL"}
TAG_WIDTH = 5


def tag_of(beat: Beat) -> str:
    if beat.kind == "attack":
        return TAGS["hit"] if beat.hit else TAGS["miss"]
    return TAGS.get(beat.kind, "")


# --- per ruleset: events to beats ---------------------------------------------------------

def _hex_cell(h: Any) -> Cell:
    from core.hexgrid import hex_to_offset

    return tuple(hex_to_offset(h))  # type: ignore[return-value]


def _square(s: Any) -> Cell:
    return (int(s[0]), int(s[1]))


def _ninja(ev: Any, text: str) -> list[Beat]:
    kind = type(ev).__name__
    if kind == "OrderSealed":
        return [Beat("sealed", text, actor=ev.unit, side=ev.side)]
    if kind == "SideSubmitted":
        return [Beat("submitted", text, side=ev.side)]
    if kind in ("UnitMoved", "UnitPushed"):
        return [Beat("move", text, actor=ev.unit, frm=_hex_cell(ev.start), to=_hex_cell(ev.end))]
    if kind == "AttackRolled":
        verdict = "HIT" if ev.hit else "miss"
        return [Beat("attack", text, actor=ev.attacker, target=ev.target, hit=ev.hit,
                     caption=f"rolled {ev.roll} need {ev.needed}: {verdict}")]
    if kind == "DamageDealt":
        return [Beat("damage", text, target=ev.unit, amount=ev.amount, caption=f"-{ev.amount} ({ev.hp_before}>{ev.hp_after})")]
    if kind == "UnitDied":
        return [Beat("death", text, target=ev.unit, caption="DEAD")]
    if kind == "JutsuCast":
        return [Beat("spell", text, actor=ev.unit, amount=ev.chi_spent, caption="jutsu")]
    if kind == "ChiRegained":
        return [Beat("routine", text, actor=ev.unit, fold="chi")]
    if kind == "PhaseResolved":
        return [Beat("round", text)]
    if kind == "BattleEnded":
        return [Beat("end", text)]
    return [Beat("note", text, actor=getattr(ev, "unit", None))]


def _statwar(ev: Any, text: str) -> list[Beat]:
    kind = type(ev).__name__
    if kind == "UnitDeployed":
        return [Beat("routine", text, actor=ev.unit, side=ev.side, fold="deployed")]
    if kind == "UnitMoved":
        return [Beat("move", text, actor=ev.unit, frm=_square(ev.start), to=_square(ev.end))]
    if kind in ("UnitAttacked", "BlastHit"):
        actor = ev.attacker if kind == "UnitAttacked" else ev.bomb
        hit = ev.dealt > 0
        caption = f"damage {ev.damage}-{ev.armor} armour" + ("" if hit else ": none")
        beats = [Beat("attack", text, actor=actor, target=ev.target, hit=hit, caption=caption)]
        if hit:
            beats.append(Beat("damage", "", actor=actor, target=ev.target, amount=ev.dealt,
                              caption=f"-{ev.dealt} ({ev.health_before}>{ev.health_after})"))
        return beats
    if kind == "BombExploded":
        return [Beat("spell", text, actor=ev.unit, caption="BOOM")]
    if kind == "UnitDied":
        return [Beat("death", text, target=ev.unit, actor=ev.killer if ev.killer >= 0 else None, caption="DEAD")]
    if kind == "RiderSetDown":
        return [Beat("note", text, actor=ev.unit, to=_square(ev.at))]
    if kind == "BattleEnded":
        return [Beat("end", text)]
    return [Beat("note", text, actor=getattr(ev, "unit", None))]


def _commanders(ev: Any, text: str) -> list[Beat]:
    kind = type(ev).__name__
    if kind == "InitiativeRolled":
        return [Beat("routine", text, fold="initiative")]
    if kind in ("UnitMoved", "UnitPlaced"):
        return [Beat("move", text, actor=ev.uid, frm=_square(ev.frm), to=_square(ev.to))]
    if kind == "StrikesRolled":
        hit = ev.successes > 0
        caption = f"{ev.successes}/{len(ev.rolls)} strikes hit"
        return [Beat("attack", text, actor=ev.attacker, target=ev.defender, hit=hit, caption=caption)]
    if kind == "Annihilation":
        return [Beat("attack", text, actor=ev.attacker, target=ev.defender, hit=True, caption="annihilated")]
    if kind == "DamageTaken":
        return [Beat("damage", text, target=ev.uid, amount=ev.amount, caption=f"-{ev.amount} (health {ev.hp})")]
    if kind == "UnitDefeated":
        return [Beat("death", text, target=ev.uid, caption="DEAD")]
    if kind == "SpellCast":
        return [Beat("spell", text, actor=ev.caster, amount=ev.mp, caption=ev.spell)]
    if kind == "SpellResult":
        return [Beat("note", text, target=ev.uid, caption=f"{ev.spell}: {ev.effect}")]
    if kind == "TurnEnded":
        return [Beat("routine", text, fold="turn")]
    if kind == "BattleEnded":
        return [Beat("end", text)]
    return [Beat("note", text)]


READERS: dict[str, Callable[[Any, str], list[Beat]]] = {"ninja": _ninja, "statwar": _statwar, "commanders": _commanders}


def beats(ruleset: Any, state: Any, events: Iterable[Any]) -> tuple[Beat, ...]:
    """The beats of one step's events; `state` is the state after them (the one the
    ruleset words its events in). A ruleset without a reader here gets notes only."""
    read = READERS.get(ruleset.name, lambda ev, text: [Beat("note", text)])
    out: list[Beat] = []
    for event in events:
        out.extend(read(event, ruleset.describe_event(state, event)))
    return tuple(out)


# --- the log --------------------------------------------------------------------------------

@attrs.frozen
class Entry:
    """One item of the log: a step (its action's words, if shown, and its beats) or a note."""

    beats: tuple[Beat, ...] = ()
    action: str = ""  # "· action" line for alternating rulesets; empty when orders are sealed
    note: str = ""  # a line of the screen's own (the header, "undone to step 4")
    round: int = 0
    bullet: str = "· "  # what the action's line starts with


def _line(beat: Beat) -> str:
    tag = tag_of(beat)
    return f"{tag:>{TAG_WIDTH}} {beat.text}"


def _fold_line(key: str, items: list[Beat], side_name: Callable[[int], str]) -> str:
    if key.startswith("sealed"):
        side = items[0].side or 0
        n = sum(1 for b in items if b.kind == "sealed")
        done = any(b.kind == "submitted" for b in items)
        if n == 0:  # a submission with no order before it in the log
            return f"{'':>{TAG_WIDTH}} {items[-1].text}"
        return f"{'':>{TAG_WIDTH}} {side_name(side)} sealed orders for {n} ninja" + (" and submitted" if done else "")
    if key.startswith("deployed"):
        return f"{'':>{TAG_WIDTH}} {side_name(items[0].side or 0)} deployed {len(items)} unit(s)"
    return f"{'':>{TAG_WIDTH}} " + "; ".join(b.text for b in items)


def _fold_key(beat: Beat) -> str:
    if beat.kind in ("sealed", "submitted"):
        return f"sealed{beat.side}"
    if beat.kind == "routine" and beat.fold == "deployed":
        return f"deployed{beat.side}"
    if beat.kind == "routine":
        return beat.fold or "routine"
    return ""


def story_lines(entries: Iterable[Entry], side_name: Callable[[int], str]) -> list[str]:
    """The log's lines: every beat with its word, routine runs folded into one line each."""
    out: list[str] = []
    run_key, run = "", []

    def close() -> None:
        nonlocal run_key, run
        if run:
            out.append(_fold_line(run_key, run, side_name) if len(run) > 1 or run_key.startswith("sealed") else _line(run[0]))
        run_key, run = "", []

    for entry in entries:
        if entry.note:
            close()
            out.append(entry.note)
            continue
        if entry.action:
            close()
            out.append(entry.bullet + entry.action)
        for beat in entry.beats:
            if not beat.text:
                continue  # a beat that only counts (statwar damage is in its attack's sentence)
            if entry.action and beat.kind in ("sealed", "submitted"):
                continue  # the action's own line says it (a replay or a log shows resolved orders)
            key = _fold_key(beat)
            if key and key == run_key and not (beat.kind == "sealed" and any(b.kind == "submitted" for b in run)):
                run.append(beat)
                continue
            close()
            if key:
                run_key, run = key, [beat]
            else:
                out.append(_line(beat))
    close()
    return out


# --- the round summary --------------------------------------------------------------------------

@attrs.frozen
class SideTally:
    hits_given: int = 0
    hits_taken: int = 0
    damage_given: int = 0
    damage_taken: int = 0
    deaths: int = 0
    kills: int = 0
    spent: int = 0  # chi (ninja) or MP (commanders)


def tally(step_beats: Iterable[tuple[Beat, ...]], side_of: Callable[[int | None], int | None], sides: int) -> list[SideTally]:
    """Per side, what the beats of some steps add up to; a step's damage without a named
    actor is put down to the last attacker of that unit in the same step."""
    counts = [dict(attrs.asdict(SideTally())) for _ in range(sides)]

    def add(side: int | None, key: str, n: int = 1) -> None:
        if side is not None and 0 <= side < sides:
            counts[side][key] += n

    for step in step_beats:
        last_attacker: dict[int, int | None] = {}
        for b in step:
            if b.kind == "attack":
                last_attacker[b.target] = b.actor
                if b.hit:
                    add(side_of(b.actor), "hits_given")
                    add(side_of(b.target), "hits_taken")
            elif b.kind == "damage":
                actor = b.actor if b.actor is not None else last_attacker.get(b.target)
                add(side_of(actor), "damage_given", b.amount)
                add(side_of(b.target), "damage_taken", b.amount)
            elif b.kind == "death":
                add(side_of(b.target), "deaths")
                actor = b.actor if b.actor is not None else last_attacker.get(b.target)
                add(side_of(actor), "kills")
            elif b.kind == "spell":
                add(side_of(b.actor), "spent", b.amount)
    return [SideTally(**c) for c in counts]


SPENT_WORD = {"ninja": "chi", "commanders": "MP"}


def summary_lines(ruleset_name: str, title: str, names: tuple[str, ...], tallies: list[SideTally],
                  strength: tuple[int, ...], units_left: tuple[int, ...],
                  fallen: tuple[tuple[str, ...], ...] = (), points: tuple[int, ...] | None = None) -> list[str]:
    """The round summary in words: one block per side (with the names of its units that fell,
    so every death of the round can be told without reading back the log), then who is ahead."""
    spent = SPENT_WORD.get(ruleset_name)
    lines = [title]
    for side, (name, t) in enumerate(zip(names, tallies)):
        lines.append(f"{name}:")
        lines.append(f"  hits given {t.hits_given}, taken {t.hits_taken}")
        lines.append(f"  damage given {t.damage_given}, taken {t.damage_taken}")
        extra = f", {spent} spent {t.spent}" if spent else ""
        lines.append(f"  killed {t.kills}, lost {t.deaths}{extra}")
        if side < len(fallen) and fallen[side]:
            lines.append(f"  fell: {', '.join(fallen[side])}")
    lines.append(ahead_line(names, strength, units_left, points))
    return lines


def ahead_line(names: tuple[str, ...], strength: tuple[int, ...], units_left: tuple[int, ...],
               points: tuple[int, ...] | None = None) -> str:
    """Who leads on what the battle is won by: units left, then health; where the round limit
    decides by points of units alive (ninja), those points, then health."""
    if not names:
        return ""
    lead = (lambda s: (points[s], strength[s])) if points else (lambda s: (units_left[s], strength[s]))
    order = sorted(range(len(names)), key=lead, reverse=True)
    worth = (lambda s: f": {words.count(points[s], 'point')},") if points else (lambda s: "")
    left = ("; " if points else ", ").join(
        f"{names[s]}{worth(s)} {words.count(units_left[s], 'unit')}/{strength[s]} health" for s in range(len(names)))
    best = order[0]
    if len(order) > 1 and lead(order[1]) == lead(best):
        return f"Even. Left: {left}"
    return f"Ahead: {names[best]}. Left: {left}"


# --- a whole match ----------------------------------------------------------------------------

def step_beats(match: Any, step: int) -> tuple[Beat, ...]:
    """The beats of a recorded step (1-based) of a core.match.Match."""
    return beats(match.ruleset, match.state_at(step), match.events_at(step))


def _sides_of(match: Any, steps: Iterable[int], named: dict[int, str] | None = None) -> dict[int, int]:
    """uid -> side of every unit on the board before or after these steps (and, in `named`,
    uid -> its name)."""
    ruleset = match.ruleset
    out: dict[int, int] = {}
    for step in steps:
        for state in (match.state_at(step - 1), match.state_at(step)):
            for unit in ruleset.board_view(state).units:
                out.setdefault(unit.uid, unit.side)
                if named is not None:
                    named.setdefault(unit.uid, unit.name)
    return out


def round_steps(match: Any, upto: int | None = None) -> dict[int, list[int]]:
    """Round number -> the recorded steps (1-based) played in it, up to step `upto`."""
    ruleset = match.ruleset
    last = match.cursor if upto is None else upto
    out: dict[int, list[int]] = {}
    for step in range(1, last + 1):
        out.setdefault(ruleset.round_number(match.state_at(step - 1)), []).append(step)
    return out


def round_summary(match: Any, round_no: int, upto: int | None = None) -> list[str]:
    """The summary of one round in words (see summary_lines), from its events."""
    ruleset = match.ruleset
    steps = round_steps(match, upto).get(round_no, [])
    names = tuple(ruleset.side_names(match.state))
    if not steps:
        return [f"Round {round_no}: nothing has happened yet."]
    unit_names: dict[int, str] = {}
    sides = _sides_of(match, [steps[0], steps[-1]] + [s for s in steps if match.events_at(s)], unit_names)
    beats = [step_beats(match, s) for s in steps]
    tallies = tally(beats, lambda uid: sides.get(uid) if uid is not None else None, len(names))
    shared = {name for name in unit_names.values() if list(unit_names.values()).count(name) > 1}
    unit_names = {uid: f"{name} #{uid}" if name in shared else name for uid, name in unit_names.items()}
    fallen = tuple(tuple(unit_names.get(b.target, "?") for bs in beats for b in bs
                         if b.kind == "death" and b.target is not None and sides.get(b.target) == side)
                   for side in range(len(names)))
    last = match.state_at(steps[-1])
    end = ruleset.board_view(last)
    strength = tuple(sum(max(u.hp, 0) for u in end.units if u.side == s) for s in range(len(names)))
    left = tuple(sum(1 for u in end.units if u.side == s) for s in range(len(names)))
    done = ruleset.round_number(last) > round_no
    title = f"Round {round_no}" + ("" if done else " so far")
    return summary_lines(ruleset.name, title, names, tallies, strength, left, fallen, ruleset.limit_points(last))


def match_entries(match: Any, action_words: Callable[[int], str], upto: int | None = None) -> dict[int, list[Entry]]:
    """Round number -> the log entries of its steps; `action_words(step)` words each action
    (empty when the ruleset's sealed orders say it in their events)."""
    out: dict[int, list[Entry]] = {}
    for round_no, steps in round_steps(match, upto).items():
        out[round_no] = [Entry(step_beats(match, s), action_words(s), round=round_no) for s in steps]
    return out


def story_by_round(match: Any, action_words: Callable[[int], str], upto: int | None = None) -> list[str]:
    """The whole battle's story: per round a heading, the folded log lines and a one-line tally."""
    names = tuple(match.ruleset.side_names(match.state))
    name = lambda side: names[side] if 0 <= side < len(names) else f"side {side + 1}"  # noqa: E731
    out: list[str] = []
    for round_no, entries in match_entries(match, action_words, upto).items():
        out.append(f"Round {round_no}")
        out.extend("  " + line for line in story_lines(entries, name))
        summary = round_summary(match, round_no, upto)
        out.append("  " + tally_line(match, round_no, upto))
    return out


def tally_line(match: Any, round_no: int, upto: int | None = None) -> str:
    """A round's summary on one line: per side hits given/taken, damage, losses; who leads."""
    lines = round_summary(match, round_no, upto)
    if len(lines) < 2:
        return lines[0]
    parts, side = [], ""
    for line in lines[1:-1]:
        if not line.startswith("  "):
            side = line.rstrip(":")
            parts.append(side + ":")
        else:
            parts[-1] += " " + line.strip() + ";"
    return "Summary: " + " ".join(p.rstrip(";") + "." for p in parts) + " " + lines[-1]
