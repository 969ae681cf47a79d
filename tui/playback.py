"""Playback: the events of an action or a resolved phase shown on the map one at a time.

A view of events already applied, never a change of state: the battle (or the
replay) has its new position before the first frame is drawn; the frames only
draw, in turn, the board as it was with each event added - the acting unit and
the path it took, its target marked, the roll and damage beside the target, a
death marked before the unit is taken off. Ninja resolves simultaneous orders in
the rules' own order (fastest first) and its events come in that order, so the
frames are numbered in that order too.

`frames` (pure, no Textual) turns a board view and tui.story beats into Frames;
`Player` runs frames on any Textual widget with its timers (set_timer), one at a
time, and skips to the end on request; `MapPlayback` is the glue the battle and
replay screens share: it draws a frame on their BattleMap, with the caption beside
the target, and the line under the map, keeps the viewport on the action and puts the
player's view back at the end.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import attrs

from core.view import BoardView
from tui.story import Beat

Cell = tuple[int, int]

#: seconds per frame for each pace of the Options screen ("off" shows no frames)
PACES: dict[str, float] = {"off": 0.0, "fast": 0.3, "normal": 0.7, "slow": 1.4}


@attrs.frozen
class Frame:
    view: BoardView  # the board as this frame shows it
    highlights: tuple[tuple[Cell, str], ...]  # map marks: "selected" the actor, "target", "move"
    path: frozenset = frozenset()  # the cells the actor came from (drawn as a path)
    caption: tuple[Cell, str] | None = None  # the words beside a cell (roll, damage, DEAD)
    focus: Cell | None = None  # the cell the viewport keeps in sight
    line: str = ""  # the event's sentence, numbered in the order of play


def _cell_of(view: BoardView, uid: int | None) -> Cell | None:
    for unit in view.units:
        if unit.uid == uid and unit.cells:
            return tuple(unit.cells[0])  # type: ignore[return-value]
    return None


def _moved(view: BoardView, uid: int, frm: Cell, to: Cell) -> BoardView:
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    units = tuple(
        attrs.evolve(u, cells=tuple((c[0] + dx, c[1] + dy) for c in u.cells)) if u.uid == uid else u
        for u in view.units
    )
    return attrs.evolve(view, units=units)


def _hurt(view: BoardView, uid: int, amount: int) -> BoardView:
    units = tuple(attrs.evolve(u, hp=max(0, u.hp - amount)) if u.uid == uid else u for u in view.units)
    return attrs.evolve(view, units=units)


def _removed(view: BoardView, uid: int) -> BoardView:
    return attrs.evolve(view, units=tuple(u for u in view.units if u.uid != uid))


def frames(before: BoardView, beats: Iterable[Beat]) -> list[Frame]:
    """The frames of a playback: `before` is the board as the viewer saw it before the
    events. A beat about a unit the viewer cannot see is told in words only when it has
    a cell to show; an attack and the damage it did to the same target share a frame."""
    out: list[Frame] = []
    view = before
    shown = [b for b in beats if b.kind in ("move", "attack", "damage", "death", "spell") or (b.kind == "note" and b.caption)]
    last_attack: tuple[int | None, int] | None = None  # (target, index of its frame in out)
    doomed: list[int] = []
    for beat in shown:
        line = beat.text
        for uid in doomed:  # a death is marked in its own frame, the unit goes in the next
            view = _removed(view, uid)
        doomed = []
        if beat.kind == "move":
            if beat.actor is None or beat.frm is None or beat.to is None or _cell_of(view, beat.actor) is None:
                continue
            view = _moved(view, beat.actor, beat.frm, beat.to)
            marks = ((beat.frm, "move"), (beat.to, "selected")) if beat.frm != beat.to else ((beat.to, "selected"),)
            out.append(Frame(view, marks, frozenset({beat.frm}) - {beat.to}, None, beat.to, line))
            last_attack = None
            continue
        if beat.kind == "damage":
            target_cell = _cell_of(view, beat.target)
            if target_cell is None:
                continue
            view = _hurt(view, beat.target, beat.amount)
            if last_attack is not None and last_attack[0] == beat.target:
                prev = out[last_attack[1]]
                words = f"{prev.caption[1]} {beat.caption}" if prev.caption else beat.caption
                out[last_attack[1]] = attrs.evolve(prev, view=view, caption=(target_cell, words))
                continue
            out.append(Frame(view, ((target_cell, "target"),), frozenset(), (target_cell, beat.caption), target_cell, line))
            last_attack = None
            continue
        target = beat.target if beat.target is not None else beat.actor
        target_cell = _cell_of(view, target)
        if target_cell is None:
            continue
        marks: list[tuple[Cell, str]] = []
        actor_cell = _cell_of(view, beat.actor) if beat.actor is not None and beat.actor != target else None
        if actor_cell is not None:
            marks.append((actor_cell, "selected"))
        marks.append((target_cell, "selected" if beat.kind == "spell" else "target"))
        out.append(Frame(view, tuple(marks), frozenset(), (target_cell, beat.caption), target_cell, line))
        last_attack = (beat.target, len(out) - 1) if beat.kind == "attack" else None
        if beat.kind == "death" and beat.target is not None:
            doomed.append(beat.target)
    # numbered in the order of play: ninja's simultaneous orders resolve fastest first
    return [attrs.evolve(f, line=f"▶ {i}/{len(out)} {f.line}") for i, f in enumerate(out, 1)]


class Player:
    """Shows frames one at a time on a Textual widget's timers; more frames queue behind.

    `show` draws one frame, `done` puts the live view back; `skip` jumps to the end
    at once. Nothing here touches a game state.
    """

    def __init__(self, host: Any, show: Callable[[Frame], None], done: Callable[[], None]) -> None:
        self.host = host
        self.show = show
        self.done = done
        self.queue: list[Frame] = []
        self.seconds = PACES["normal"]
        self._timer: Any = None
        self.running = False

    def play(self, more: Iterable[Frame], seconds: float) -> None:
        more = list(more)
        if seconds <= 0 or not more:
            return
        self.seconds = seconds
        self.queue.extend(more)
        if not self.running:
            self.running = True
            self._next()

    def _next(self) -> None:
        self._timer = None
        if not self.queue:
            self._finish()
            return
        self.show(self.queue.pop(0))
        self._timer = self.host.set_timer(self.seconds, self._next)

    def advance(self) -> None:
        """The next frame now (its full time follows): to look at one frame at leisure."""
        if self._timer is not None:
            self._timer.stop()
        if self.running:
            self._next()

    def skip(self) -> None:
        """To the end of everything queued, now."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.queue.clear()
        if self.running:
            self._finish()

    def _finish(self) -> None:
        self.running = False
        self.queue.clear()
        self.done()


class MapPlayback:
    """A Player drawing on a screen's BattleMap (the caption too: the map draws it, so a
    frame is a repaint of the cells it changes, never a layout pass) and its info line.

    The screen says how to put the live view back (`restore`); the map's scroll
    position is remembered at the start and restored at the end.
    """

    def __init__(self, screen: Any, battle_map: Any, info: Any, restore: Callable[[], None]) -> None:
        self.map = battle_map
        self.info = info
        self.restore = restore
        self.player = Player(screen, self._show, self._done)
        self._scroll: tuple[int, int] | None = None

    @property
    def running(self) -> bool:
        return self.player.running

    def play(self, more: list[Frame], pace: str) -> None:
        if not more or PACES.get(pace, 0) <= 0:
            return
        if not self.player.running:
            self._scroll = (int(self.map.scroll_x), int(self.map.scroll_y))
        # the line under the map keeps the height of its longest line while frames play:
        # a frame then repaints what changed and never asks for a layout pass
        lines = [frame.line for frame in (*self.player.queue, *more)]
        self.info.hold(max(self.info.size.height, self.info.rows_for(lines)))
        self.player.play(more, PACES[pace])

    def skip(self) -> None:
        self.player.skip()

    def _show(self, frame: Frame) -> None:
        self.map.set_view(frame.view)
        self.map.set_highlights(dict(frame.highlights))
        self.map.set_path(frame.path)
        if frame.focus is not None:
            self.map.follow_cell(frame.focus)
        self.info.show_text(frame.line)
        self.map.set_caption(frame.caption)

    def _done(self) -> None:
        self.map.set_caption(None)
        self.info.hold(None)
        if self._scroll is not None:
            self.map.scroll_to(*self._scroll, animate=False, force=True, immediate=True)
        self._scroll = None
        self.restore()
