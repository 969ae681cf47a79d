"""What a player sees: the board, unit details, log lines and previews, in words and numbers."""

from __future__ import annotations


from core.commanders import events as ev
from core.commanders.actions import Cast, EndTurn, Order, Rally, Regroup
from core.commanders.combat import strike_numbers
from core.commanders.content import Catalogue
from core.commanders.derived import attack_of, attack_range, command_range, defence_of, in_command, speeds, tags_of
from core.commanders.odds import attack_lines, hits_on, summary_line
from core.commanders.paths import cost_line
from core.commanders.state import Battle
from core.errors import IllegalAction
from core.view import BoardView, CellView, UnitView
from core.words import cell, cells, count, place


def name_of(state: Battle, uid: int) -> str:
    if uid < 0 or uid >= len(state.units):
        return "nobody"
    u = state.units[uid]
    if u.role == "commander":
        return f"{state.leaders[u.leader].commander.name} the {u.kind}"
    return f"{state.side_names[u.side]} {u.kind} #{u.uid}"


def unit_glyphs(state: Battle, cat: Catalogue) -> dict[str, str]:
    """One capital letter per unit kind that can stand on this battle's board.

    Kinds share first letters (Merman and Mermaid, Swordsman and Sniper), and a
    letter that stands for two kinds tells the player nothing, so each kind takes
    the first letter of its name still free, else the next of its own letters,
    else the first free letter of the alphabet. The kinds are the troops' in unit
    order, then every creature a spell can summon, so the letters are fixed when
    the battle starts and a summons never renames anybody. Capitals mark side 1,
    small letters the others; `@` and `&` are commanders.
    """
    kinds: list[str] = []
    for u in state.units:
        if u.role == "troop" and u.kind not in kinds:
            kinds.append(u.kind)
    for spell in cat.spells.values():
        for level in spell.level:
            if level.summon and level.summon not in kinds:
                kinds.append(level.summon)
    return dict(_letters(tuple(kinds)))


def _letters(kinds: tuple[str, ...]) -> dict[str, str]:
    taken: dict[str, str] = {}
    for kind in kinds:
        own = [c for c in kind.upper() if "A" <= c <= "Z"]
        free = [c for c in own + [chr(65 + i) for i in range(26)] if c not in taken.values()]
        taken[kind] = free[0] if free else own[0]  # more than 26 kinds: letters repeat
    return taken


def board_view(state: Battle, cat: Catalogue) -> BoardView:
    burn = {(sq[0], sq[1]) for l in state.leaders for sq in l.burn}
    cells = []
    for y in range(state.board.height):
        for x in range(state.board.width):
            t = state.board.terrain_at((x, y))
            cells.append(CellView(t, cat.terrain[t].glyph, state.board.height_at((x, y)), ("burn",) if (x, y) in burn else ()))
    units = []
    letters = unit_glyphs(state, cat)
    for u in state.living():
        glyph = letters.get(u.kind, u.kind[0].upper())
        glyph = glyph if u.side == 0 else glyph.lower()
        if u.role == "commander":
            glyph = "@" if u.side == 0 else "&"
        flags = tuple(s.name for s in u.statuses) + ((u.role,) if u.role != "troop" else ())
        units.append(UnitView(u.uid, u.side, name_of(state, u.uid), glyph, ((u.pos[0], u.pos[1]),), u.hp, u.hp_max, None, flags))
    return BoardView("square", state.board.width, state.board.height, tuple(cells), tuple(units))


def describe_cell(state: Battle, col: int, row: int, cat: Catalogue) -> str:
    if not state.board.inside((col, row)):
        return "off the map"
    t = cat.terrain[state.board.terrain_at((col, row))]
    parts = [f"{cell(col, row)} {t.name}, height {state.board.height_at((col, row))}"]
    if t.leave_extra or t.leave_uphill_extra:
        who = "mounted units" if t.mounted_only else "units"
        extra = t.leave_extra or t.leave_uphill_extra
        parts.append(f"leaving costs {who} {extra} extra" + (" uphill" if t.leave_uphill_extra else ""))
    if t.cap_reduction:
        parts.append(f"attacks here do {t.cap_reduction} less maximum damage")
    if not t.passable:
        parts.append("no one enters" if not t.air_passable else "only flyers cross")
    unit = state.unit_at((col, row))
    if unit is not None:
        parts.append(f"{name_of(state, unit.uid)} {unit.hp}/{unit.hp_max} HP")
    return "; ".join(parts)


def unit_details(state: Battle, uid: int, cat: Catalogue) -> tuple[str, ...]:
    u = state.units[uid]
    leader = state.leaders[u.leader]
    move, land = speeds(state, u, cat)
    rng, penalty = attack_range(state, u, cat)
    lines = [
        name_of(state, uid),
        f"{u.role}, side {state.side_names[u.side]}, HP {u.hp}/{u.hp_max}, types {', '.join(tags_of(u, cat)) or 'none'}",
        f"attack {attack_of(state, u, cat)}, defence {defence_of(state, u, cat)} (magic {defence_of(state, u, cat, magic=True)})",
        f"move {move}" + (f" ({land} on land)" if land != move else "") + f", reach {rng}" + (f" at -{penalty} attack" if penalty else ""),
    ]
    if u.role == "commander":
        lines.append(f"MP {leader.mp}/{leader.mp_max}, command range {command_range(leader.commander, cat)}, initiative {leader.initiative}")
        if state.temperament:
            t = leader.temper
            lines.append(
                f"temperament: Passion attack +{t.attack}, Sympathy defence +{t.defence}, Discretion movement +{t.movement}, "
                f"Heed +{count(t.ally_spell_dice, 'die')} at allies, Recognition +{count(t.debuff_spell_dice, 'die')} on non-attack spells at enemies, "
                f"Constraint -{count(t.dice_against_troop, 'die')} of enemy spells at the troop, Judgement +{count(t.advantage_strikes, 'strike')} with advantage"
            )
    else:
        lines.append("inside command range" if in_command(state, u, cat) else "OUTSIDE command range: no attribute bonuses")
    if u.mp:
        lines.append(f"own MP {u.mp}")
    for s in u.statuses:
        lines.append(f"{s.name} {s.amount} for {s.turns} more")
    return tuple(lines)


def describe_action(state: Battle, action, here: tuple[int, int] | None = None) -> str:
    """The action's name in the log and menus; with `here`, a square of it that is `here`
    is said "here" (core.words.place): "Bear moves here, attacks Wolf"."""
    if isinstance(action, Order):
        u = state.units[action.uid]
        text = f"{name_of(state, action.uid)}"
        if tuple(action.dest) != tuple(u.pos):
            to = place("to", *action.dest, here)
            text += " moves here" if to == "here" else f" {to}"
        else:
            text += " holds"
        if action.target >= 0:
            text += f", attacks {name_of(state, action.target)}"
        return text
    if isinstance(action, Cast):
        where = ""
        if action.target >= 0:
            where = f" on {name_of(state, action.target)}"
        elif action.squares:
            where = " on " + cells(action.squares)
        elif action.square[0] >= 0:
            where = f" {place('at', *action.square, here)}"
        return f"{name_of(state, action.caster)} casts {action.spell} level {action.level}{where}"
    if isinstance(action, Rally):
        return f"{name_of(state, action.uid)} rallies the troop"
    if isinstance(action, Regroup):
        return f"{name_of(state, action.uid)} regroups {place('to', *action.dest, here)}"
    if isinstance(action, EndTurn):
        return "end the turn"
    return type(action).__name__


def explain_action(state: Battle, action, cat: Catalogue) -> tuple[str, ...]:
    if isinstance(action, Order) and action.target >= 0:
        import attrs

        mover = attrs.evolve(state.units[action.uid], pos=action.dest)
        target = state.units[action.target]
        n = strike_numbers(state, mover, target, cat)
        lines = [summary_line(state, mover, target, cat)]
        lines += attack_lines(state, mover, target, cat, lambda uid: name_of(state, uid))
        if n["advantage"]:
            lines.append(f"advantage: +{count(n['advantage'], 'strike')} and the first strike")
        if n["judgement"]:
            lines.append(f"Judgement (temperament): +{count(n['judgement'], 'strike')} with the advantage")
        moving = cost_line(state, action, cat)
        return tuple(lines) + ((moving,) if moving else ())
    if isinstance(action, Cast):
        from core.commanders.spells import check_cast, dice_against, temper_dice

        try:
            caster, spell, level, cost, targets = check_cast(state, action, cat)
        except IllegalAction as exc:  # an illegal preview explains why
            return (exc.reason,)
        lines = [f"costs {cost} MP; range {level.range}; area {level.area}"]
        if level.need_count:
            lines.append(f"needs {level.need_count} d10 of {level.need_min}+")
        if level.dice:
            lines.append(f"the highest d{level.dice} is the amount")
        for t in targets:
            temper = _temper_words(*temper_dice(state, caster, t, spell, cat))
            lines.append(f"{name_of(state, t.uid)}: {count(dice_against(state, caster, t, cat, spell), 'die')}" + (f" ({temper})" if temper else ""))
        return tuple(lines)
    moving = cost_line(state, action, cat)
    return (describe_action(state, action),) + ((moving,) if moving else ())


def _temper_words(heed: int, recognition: int, constraint: int) -> str:
    """The Temperament rule's spell dice, by name."""
    parts = []
    if heed:
        parts.append(f"Heed +{count(heed, 'die')}")
    if recognition:
        parts.append(f"Recognition +{count(recognition, 'die')}")
    if constraint:
        parts.append(f"Constraint -{count(constraint, 'die')}")
    return ", ".join(parts)


def describe_event(state: Battle, e) -> str:
    n = lambda uid: name_of(state, uid)  # noqa: E731
    if isinstance(e, ev.InitiativeRolled):
        return f"{state.leaders[e.leader].commander.name} throws {e.roll} for initiative and acts {e.place + 1}."
    if isinstance(e, ev.TurnBegan):
        return f"Round {e.round}: {state.leaders[e.leader].commander.name}'s turn."
    if isinstance(e, ev.UnitMoved):
        return f"{n(e.uid)} moves from {cell(*e.frm)} to {cell(*e.to)} for {e.cost} movement."
    if isinstance(e, ev.StrikesRolled):
        what = "strikes back at" if e.retaliation else "strikes"
        extra = f" +{count(e.advantage, 'strike')} for the advantage" if e.advantage else ""
        if e.judgement:
            extra += f" +{e.judgement} for Judgement (temperament)"
        first = " first" if e.first_strike else ""
        magic = " (magic)" if e.magic else ""
        return (
            f"{n(e.attacker)}{first} {what} {n(e.defender)}{magic}: {len(e.rolls)} d10{extra} "
            f"[{' '.join(map(str, e.rolls))}], {hits_on(e.needed)} (attack {e.attack} - defence {e.defence}): "
            f"{count(e.successes, 'success')}, maximum {e.cap}" + (f", -{e.reduction} shield" if e.reduction else "") + f" -> {e.damage} damage."
        )
    if isinstance(e, ev.Annihilation):
        return (f"{n(e.attacker)} annihilates {n(e.defender)} (10 or more above its defence); revenge strikes "
                f"[{' '.join(map(str, e.rolls))}] deal {e.damage} (one per 10).")
    if isinstance(e, ev.DamageTaken):
        return f"{n(e.uid)} takes {e.amount} damage ({e.cause}), {e.hp} HP left."
    if isinstance(e, ev.UnitDefeated):
        return f"{n(e.uid)} is defeated" + (" as its commander falls." if e.cause == "commander fell" else ".")
    if isinstance(e, ev.CommanderDefeated):
        tail = f" {count(len(e.regroup), 'victorious unit')} may regroup." if e.regroup else ""
        return f"{state.leaders[e.leader].commander.name} has fallen; the troop perishes.{tail}"
    if isinstance(e, ev.SpellCast):
        need = f", needs {e.need_count} of {e.need_min}+" if e.need_count else ""
        rolls = f": [{' '.join(map(str, e.rolls))}]" if e.rolls else ""
        return f"{n(e.caster)} casts {e.spell} level {e.level} for {e.mp} MP, {count(e.dice, 'die')}{need}{rolls}."
    if isinstance(e, ev.SpellResult):
        faced = f" (faces {count(e.dice, 'die')}, {count(e.successes, 'success')})" if e.dice else ""
        temper = _temper_words(e.heed, e.recognition, e.constraint)
        if temper:
            faced += f" [{temper}]"
        if e.effect == "failed":
            return f"{e.spell} fails on {n(e.uid)}{faced}."
        if e.effect == "immune":
            return f"{n(e.uid)} is immune to {e.spell}."
        return f"{e.spell} on {n(e.uid)}: {e.effect} {e.amount}{faced}."
    if isinstance(e, ev.UnitSummoned):
        return f"{n(e.uid)} is summoned at {cell(*e.at)}."
    if isinstance(e, ev.UnitPlaced):
        return f"{n(e.uid)} moves from {cell(*e.frm)} to {cell(*e.to)}."
    if isinstance(e, ev.BurnPlaced):
        return f"{count(len(e.squares), 'square')} burn for {count(e.turns, 'turn')}."
    if isinstance(e, ev.StatusEnded):
        return f"{n(e.uid)} is no longer under {e.name} ({e.reason})."
    if isinstance(e, ev.Rallied):
        return f"{state.leaders[e.leader].commander.name} rallies: {e.healed} HP healed, {e.mp} MP restored."
    if isinstance(e, ev.MPRestored):
        return f"{state.leaders[e.leader].commander.name} regains {e.amount} MP ({e.source})."
    if isinstance(e, ev.TurnEnded):
        return f"{state.leaders[e.leader].commander.name} ends the turn."
    if isinstance(e, ev.BattleEnded):
        return f"The battle is over: {e.reason}."
    return type(e).__name__


def unit_stats(state: Battle) -> list[dict]:
    """One record per unit for the end summary and batch reports; `name` is the unit's own,
    without its side (the summary names the side): "Footman #5", "Katla Stone the Warrior"."""
    return [
        {"type": u.kind, "side": u.side, "survived": u.hp > 0, "damage_dealt": u.damage_dealt, "role": u.role,
         "group": f"{u.kind} (commander)" if u.role == "commander" else "",
         "name": name_of(state, u.uid) if u.role == "commander" else f"{u.kind} #{u.uid}"}
        for u in state.units
    ]


