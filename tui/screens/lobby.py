"""The lobby of hosted play: your matches to resume, open matches to join, running ones to
watch, and `n` to open a new one. It is the first screen of a game started by
`skirmish host` for an SSH connection, and reads the host's match store.

The list follows the store live (a cheap poll of its data version); Enter does
what the highlighted match allows: resume your seat, join a free one, or watch.
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core import registry
from core.hosting import HOSTED_UNDO, TIME_LIMITS, limit_words, seat_of
from tui.battles import fresh_seed, scenario_choices
from tui.dialogs.builder_pick import PickDialog
from tui.host import matches
from tui.host.store import HostError, MatchRecord
from tui.widgets.footer import Footer
from tui.widgets.menu_list import AnySizeOptionList

#: How often the lobby looks at the store for changes, in seconds.
POLL = 0.25
UNDO_ABOUT = {
    "fair": "A side may take back only its own latest moves that revealed nothing.",
    "ironman": "Nothing can be taken back.",
}


def seats_words(record: MatchRecord) -> str:
    """"alice v bob", with "(free)" for a seat nobody has taken."""
    return " v ".join(record.names.get(side, "(free)") for side in sorted(record.seats))


def state_words(record: MatchRecord, player: str) -> str:
    """What the match is doing, as the list says it for `player`."""
    mine = seat_of(record.seats, player) is not None
    if record.status == "open":
        return "waiting for players" if mine else "open: join"
    if record.status == "running":
        return f"step {record.steps}: " + ("resume" if mine else "watch")
    result = record.result or {}
    if "winner" not in result:  # ended without a result of the rules (none is written so)
        return "over"
    winner = result["winner"]
    if winner is None:
        return "over: a draw"
    who = "you" if record.seats.get(winner) == player else record.names.get(winner, f"side {winner + 1}")
    return f"over: {who} won"


def sections(records: list[MatchRecord], player: str) -> list[tuple[str, list[MatchRecord]]]:
    """The lobby's lists: yours (not finished), open to join, running to watch, finished."""
    yours = [r for r in records if seat_of(r.seats, player) is not None and r.status != "finished"]
    rest = [r for r in records if r not in yours]
    return [
        ("Your matches", yours),
        ("Open matches", [r for r in rest if r.status == "open"]),
        ("Being played", [r for r in rest if r.status == "running"]),
        ("Finished", [r for r in rest if r.status == "finished"]),
    ]


class LobbyScreen(Screen[None]):
    HELP_TITLE = "Lobby"
    #: Over SSH the lobby is the first screen: a finished battle returns here (SkirmishApp.back_to_menu).
    HOME_WORDS = "the lobby"
    DEFAULT_CSS = """
    #lobby-box { height: 1fr; padding: 0 1; }
    #lobby-title { text-style: bold; height: 1; margin-bottom: 1; }
    #lobby-list { height: 1fr; }
    #lobby-about { height: 2; color: $text-muted; }
    """
    BINDINGS = [
        Binding("n", "new_match", "New match", id="lobby.new"),
        Binding("w", "watch", "Watch", id="lobby.watch"),
        Binding("r", "refresh", "Refresh", show=False, id="lobby.refresh"),
        Binding("q", "quit_game", "Quit", id="lobby.quit"),
    ]

    def __init__(self, identity: Any) -> None:
        super().__init__()
        self.identity = identity
        self.store = identity.store
        self.records: dict[int, MatchRecord] = {}
        self._version: int | None = None
        self._signature: tuple[Any, ...] | None = None

    def help_guide(self) -> str:
        return (
            "Up/Down picks a match, Enter resumes yours, joins an open one or watches one\n"
            "being played; w watches any match (yours too). n opens a new match: the\n"
            "ruleset, the scenario, each side's army, the undo mode and a time limit per\n"
            "turn. Your seat is kept for you: leave and come back with the same key."
        )

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            yield Static(f"Skirmish lobby: you are {self.identity.name}", id="lobby-title", markup=False)
            yield AnySizeOptionList(id="lobby-list")
            yield Static("", id="lobby-about", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.reload()
        self.query_one(OptionList).focus()
        self.set_interval(POLL, self.poll)

    def on_screen_resume(self) -> None:
        self.reload()

    # --- the list -----------------------------------------------------------
    def poll(self) -> None:
        if self.store.data_version() != self._version:
            self.reload()

    def reload(self) -> None:
        self._version = self.store.data_version()
        records = self.store.matches()
        self.records = {r.id: r for r in records}
        player = self.identity.player
        signature = tuple((r.id, r.status, r.steps, tuple(r.names.items())) for r in records)
        if signature == self._signature:
            return
        self._signature = signature
        options = self.query_one(OptionList)
        highlighted = options.highlighted_option.id if options.highlighted_option is not None else None
        options.clear_options()
        entries: list[Option] = []
        for title, group in sections(records, player):
            if not group and title == "Finished":
                continue
            entries.append(Option(Text(f"{title}", style="bold"), disabled=True))
            if not group:
                entries.append(Option(Text("  none", style="dim"), disabled=True))
            for record in group:
                label = f"  {matches.match_title(record):<26.26} {seats_words(record):<20.20} {state_words(record, player):.24}"
                entries.append(Option(Text(label), id=f"m{record.id}"))
        options.add_options(entries)
        self.call_after_refresh(self._highlight, [o.id for o in entries], highlighted)

    def _highlight(self, ids: list[str | None], wanted: str | None) -> None:
        """Keep the highlight on the same match, else on the first match listed."""
        options = self.query_one(OptionList)
        if wanted is not None and wanted in ids:
            options.highlighted = ids.index(wanted)
        else:
            first = next((i for i, key in enumerate(ids) if key), None)
            if first is not None:
                options.highlighted = first
        self.describe()

    def selected(self) -> MatchRecord | None:
        option = self.query_one(OptionList).highlighted_option
        if option is None or not option.id:
            return None
        return self.records.get(int(option.id[1:]))

    def describe(self) -> None:
        record = self.selected()
        about = self.query_one("#lobby-about", Static)
        if record is None:
            about.update("n opens a new match; the others' open matches appear here to join.")
            return
        mine = seat_of(record.seats, self.identity.player) is not None and record.status != "finished"
        verb = "goes to your seat" if mine else ("joins it" if record.status == "open" else "watches it")
        ended = ""
        if record.status == "finished" and record.result and record.result.get("reason"):
            ended = f" {record.result['reason']}."
        about.update(f"{matches.match_title(record)}: {seats_words(record)}; {record.undo} undo, "
                     f"{limit_words(record.time_limit)}.{ended} Enter {verb}.")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.describe()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        record = self.selected()
        if record is not None:
            self.enter(record)

    # --- going in -------------------------------------------------------------
    def enter(self, record: MatchRecord) -> None:
        """Resume your seat, join an open match, or watch."""
        player = self.identity.player
        side = seat_of(record.seats, player)
        if side is not None and record.status != "finished":
            self.play(record.id, side)
        elif record.status == "open":
            try:
                side = self.store.join(record.id, player)
            except HostError as exc:
                self.notify(str(exc), severity="warning")
                self.reload()
                return
            self.play(record.id, side)
        else:
            self.watch(record.id)

    def play(self, match_id: int, side: int) -> None:
        from tui.screens.hosted_battle import HostedBattleScreen

        try:
            record, hosted = matches.load(self.store, match_id)
        except Exception as exc:  # a match the rules cannot rebuild (content changed): say why
            self.app.show_error(f"Cannot open match {match_id}", str(exc))
            return
        self.app.push_screen(HostedBattleScreen(self.identity, record, hosted, side))

    def watch(self, match_id: int) -> None:
        from tui.screens.hosted_watch import WatchScreen

        try:
            record, hosted = matches.load(self.store, match_id)
        except Exception as exc:
            self.app.show_error(f"Cannot open match {match_id}", str(exc))
            return
        self.app.push_screen(WatchScreen(self.identity, record, hosted))

    def action_watch(self) -> None:
        record = self.selected()
        if record is None:
            self.notify("Pick a match to watch.")
            return
        self.watch(record.id)

    def action_refresh(self) -> None:
        self._signature = None
        self.reload()

    def action_quit_game(self) -> None:
        self.app.action_request_quit()

    # --- a new match ------------------------------------------------------------
    def action_new_match(self) -> None:
        entries = [(name, name, registry.get(name).title) for name in registry.names()]
        self.app.push_screen(PickDialog("New match: which rules?", entries), self._ruleset_chosen)

    def _ruleset_chosen(self, name: str | None) -> None:
        if name is None:
            return
        ruleset = registry.get(name)
        entries = [(info.name, info.title, f"{info.summary} ({info.sides} sides)")
                   for info in scenario_choices(ruleset, fresh_seed())]
        self.app.push_screen(PickDialog(f"New {name} match: which scenario?", entries),
                             lambda scenario: self._scenario_chosen(ruleset, scenario))

    def _scenario_chosen(self, ruleset: Any, scenario: str | None) -> None:
        if scenario is None:
            return
        try:
            setup = ruleset.load_scenario(scenario)
            sides = len(ruleset.side_names(ruleset.new_battle(setup, 1)))
        except Exception as exc:  # a broken scenario file says why
            self.app.show_error(f"Cannot use {scenario}", str(exc))
            return
        self._pick_army(ruleset, scenario, setup, sides, 0, {})

    def _pick_army(self, ruleset: Any, scenario: str, setup: Any, sides: int, side: int, armies: dict[int, Any]) -> None:
        """Each side's army in turn (the scenario's own first); then the undo mode."""
        from tui.screens.army_choices import choices

        if side >= sides or not ruleset.setup_armies(setup):
            self._pick_undo(ruleset, scenario, sides, armies)
            return
        offered = choices(ruleset, setup, side, self.app.saves_dir)
        entries = [(str(i), f"{c.name} ({c.origin_words()})", c.summary) for i, c in enumerate(offered)]
        refused = {str(i): c.problem for i, c in enumerate(offered) if c.problem is not None}

        def chosen(key: str | None) -> None:
            if key is None:
                return
            choice = offered[int(key)]
            picked = dict(armies)
            if choice.key != "scenario":
                picked[side] = choice.army
            self._pick_army(ruleset, scenario, setup, sides, side + 1, picked)

        names = ruleset.side_names(ruleset.new_battle(setup, 1))
        self.app.push_screen(PickDialog(f"Army of {names[side]} (side {side + 1})", entries, refused=refused), chosen)

    def _pick_undo(self, ruleset: Any, scenario: str, sides: int, armies: dict[int, Any]) -> None:
        entries = [(mode, mode, UNDO_ABOUT[mode]) for mode in HOSTED_UNDO]
        self.app.push_screen(PickDialog("Undo", entries),
                             lambda undo: undo and self._pick_limit(ruleset, scenario, sides, armies, undo))

    def _pick_limit(self, ruleset: Any, scenario: str, sides: int, armies: dict[int, Any], undo: str) -> None:
        entries = [(str(limit or 0), limit_words(limit),
                    "A side whose turn lasts longer loses the match, connected or not." if limit else
                    "A turn may take as long as it takes; the match waits for whoever left.")
                   for limit in TIME_LIMITS]
        self.app.push_screen(PickDialog("Time limit per turn", entries),
                             lambda key: key is not None and self._open(ruleset, scenario, sides, armies, undo, int(key) or None))

    def _open(self, ruleset: Any, scenario: str, sides: int, armies: dict[int, Any], undo: str, limit: int | None) -> None:

        documents = [{"side": side, "army": ruleset.army_document(army)} for side, army in sorted(armies.items())]
        match_id = self.store.open_match(
            ruleset=ruleset.name, scenario=scenario, seed=fresh_seed(), armies=documents, undo=undo,
            time_limit=limit, sides=sides, player=self.identity.player, now=time.time(),
        )
        self.notify(f"Match #{match_id} is open: it starts when another player joins it.")
        self.play(match_id, 0)
