"""The ninja army builder: a point budget under one of seed 000's four rule sets.

Units are added by school and point value (1 to 4), named, and given their
jutsu (one per chi point, none dearer than the unit's points). Every change
re-runs core.ninja.armies.army_problems, so each violation is shown with its
reason as it happens. The three-school alliance is a battle option, not part
of the roster file: it only changes what the builder accepts.
"""

from __future__ import annotations

from pathlib import Path

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.list_sheet import ListSheetScreen, compose_list_sheet, list_sheet_css

from core.content import display_path
from core.errors import ContentError
from core.files import write_atomic
from core.ninja.ruleset import RULESET
from core.ninja.armies import army_problems
from core.ninja.content import load_army
from core.ninja.sheet import unit_numbers
from core.ninja.specs import RULE_SETS, ArmySpec, UnitEntry
from core.words import count
from tui.screens.builder_files import list_files, player_folder, slug, toml_text, unprintable

RULE_SET_NAMES = {
    "unrestricted": ("Unrestricted", "spend the points any way you want"),
    "level_cap": ("Level cap", "no ninja worth more than the cap"),
    "balanced": ("Balanced", "at most 25% of the points on 4-point and 50% on 3-point ninja"),
    "population": ("Population limit", "no more ninja than the limit"),
}
RANKS = ("Initiate", "Adept", "Veteran", "Master")


def army_data(spec: ArmySpec) -> dict:
    data = {"ruleset": "ninja", "kind": "army", "name": spec.name, "rule_set": spec.rule_set, "points": spec.points}
    if spec.rule_set == "level_cap":
        data["level_cap"] = spec.level_cap
    if spec.rule_set == "population":
        data["population"] = spec.population
    data["units"] = [{"name": u.name, "school": u.school, "points": u.points, "jutsu": list(u.jutsu)} for u in spec.units]
    return data


def roster_summary(path: Path) -> str:
    """One line about a roster file for the open dialog, or why it cannot be read."""
    try:
        a = load_army(path)
    except ContentError as exc:
        return f"cannot read: {exc}"
    schools = ", ".join(dict.fromkeys(u.school for u in a.units))
    return f"{a.name}: {RULE_SET_NAMES.get(a.rule_set, (a.rule_set,))[0]}, {count(a.points, 'point')}, {len(a.units)} ninja ({schools})"


class NinjaArmyScreen(ListSheetScreen):
    HELP_TITLE = "Ninja army builder"
    SHEET_PREFIX = "nj"
    DEFAULT_CSS = list_sheet_css("nj", list_width=36, status_lines=5, head_lines=2)
    BINDINGS = [
        Binding("a", "add", "Add ninja", id="nj.add"),
        Binding("j", "jutsu", "Jutsu", id="nj.jutsu"),
        Binding("n", "rename_unit", "Name", show=False, id="nj.name"),
        Binding("plus,equals_sign", "points(1)", "+pt", show=False, id="nj.more"),
        Binding("minus", "points(-1)", "-pt", show=False, id="nj.less"),
        Binding("d,delete", "remove", "Remove", show=False, id="nj.remove"),
        Binding("r", "rule_set", "Rule set", id="nj.rules"),
        Binding("b", "budget", "Budget", show=False, id="nj.budget"),
        Binding("c", "limit", "Cap/limit", show=False, id="nj.limit"),
        Binding("l", "alliance", "Alliance", show=False, id="nj.alliance"),
        Binding("m", "rename_army", "Army name", show=False, id="nj.army_name"),
        Binding("s", "save", "Save", id="nj.save"),
        Binding("o", "open", "Open", id="nj.open"),
        Binding("p", "play", "Battle", id="nj.play"),
        Binding("escape", "back", "Back", id="nj.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.cat = RULESET.cat
        self.spec = ArmySpec(ruleset="ninja", kind="army", name="My ninja", rule_set="balanced", points=10,
                             units=(), level_cap=3, population=6)
        self.alliance = False
        self.saved_path: Path | None = None
        self.kept = self.spec  # the army as last saved or opened: leaving asks when it differs

    @property
    def folder(self) -> Path:
        return player_folder(self.app.saves_dir, "ninja", "army")

    def help_guide(self) -> str:
        return ("a adds a ninja (school, then 1 to 4 points); j chooses its jutsu; n names it; + and -\n"
                "change its points; d removes it. r picks the rule set, b the point budget, c the level\n"
                "cap or population limit, l allows a three-school alliance, m names the army.\n"
                "Every broken rule is listed at the bottom with its reason. s saves, o opens a saved or\n"
                "premade roster, p takes the army into a battle.")

    def compose(self) -> ComposeResult:
        yield from compose_list_sheet("nj", Static("", id="nj-head", markup=False), "nj-unit")

    def on_mount(self) -> None:
        self.refresh_all(0)
        self.query_one("#nj-list", OptionList).focus()

    # --- drawing ---------------------------------------------------------------------
    def problems(self) -> list[str]:
        return [f"{f}: {r}" for f, r in army_problems(self.spec, self.cat, self.alliance)]

    def refresh_all(self, highlight: int | None = None) -> None:
        s = self.spec
        spent = sum(u.points for u in s.units)
        limit = {"level_cap": f" {s.level_cap}", "population": f" {s.population}"}.get(s.rule_set, "")
        where = f"  [{self.saved_path.name}]" if self.saved_path else "  [not saved]"
        self.query_one("#nj-head", Static).update(
            f"Ninja army: {s.name}{where}\n"
            f"{RULE_SET_NAMES[s.rule_set][0]}{limit} (r,c)  budget {s.points} (b)  alliance "
            f"{'on' if self.alliance else 'off'} (l)  {spent}/{s.points} points, {len(s.units)} ninja")
        options = self.query_one("#nj-list", OptionList)
        old = options.highlighted if highlight is None else highlight
        options.clear_options()
        for i, u in enumerate(s.units, 1):
            school = self.cat.schools[u.school].name if u.school in self.cat.schools else u.school
            options.add_option(Option(Text(f"{i:2}. {u.name[:15]:<15} {school[:9]:<9}{u.points}p"), id=str(i - 1)))
        if s.units:
            options.highlighted = min(max(0, old or 0), len(s.units) - 1)
        else:
            options.add_option(Option(Text("(empty: press a to add a ninja)"), disabled=True))
        problems = self.problems()
        status = self.query_one("#nj-status", Static)
        status.set_class(not problems, "ok")
        status.update("\n".join(problems) if problems else "The army keeps every rule: s saves it, p takes it to battle.")
        self.show_unit()

    def current(self) -> int | None:
        options = self.query_one("#nj-list", OptionList)
        if not self.spec.units or options.highlighted is None:
            return None
        return min(options.highlighted, len(self.spec.units) - 1)

    def show_unit(self) -> None:
        index = self.current()
        if index is None:
            text = (f"Rule set {RULE_SET_NAMES[self.spec.rule_set][0]}: {RULE_SET_NAMES[self.spec.rule_set][1]}.\n"
                    "Each ninja is worth 1 to 4 points; its school sets its weapons and jutsu.\n"
                    "a adds a ninja; o opens a premade roster to start from.")
        else:
            u = self.spec.units[index]
            n = unit_numbers(self.cat, u.school, u.points)
            school = self.cat.schools[u.school]
            weapons = ", ".join(f"{w} {d}" for w, d in n["weapon_damage"].items())
            lines = [
                f"{u.name}: {n['school']} ({n['style']}), {count(u.points, 'point')}",
                f"Health {n['health']}   Chi {n['chi']}   to hit {n['to_hit']}+   to be hit {n['to_be_hit']}+ (d10, 0-9)",
                f"Damage: melee {n['melee_damage']}, missile {n['missile_damage']} ({weapons})",
                f"{n['ammo']} {n['missile']}, range {n['missile_range']}; walk {n['movement']['walk']}, "
                f"run {n['movement']['run']}, jump {n['movement']['jump']}",
                f"Jutsu ({len(u.jutsu)} of at most {n['chi']}, none above {u.points} chi):",
            ]
            for key in u.jutsu:
                j = school.jutsu.get(key)
                lines.append(f"  {j.name} ({j.cost}{j.kind}): {j.text}" if j else f"  {key}: unknown to {school.name}")
            if not u.jutsu:
                lines.append("  none yet: press j")
            lines.append("n names it, + and - change its points, d removes it.")
            text = "\n".join(lines)
        self.query_one("#nj-unit", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_unit()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_jutsu()

    # --- editing ----------------------------------------------------------------------
    def set_units(self, units: list[UnitEntry], highlight: int | None = None) -> None:
        self.spec = attrs.evolve(self.spec, units=tuple(units))
        self.refresh_all(highlight)

    def action_add(self) -> None:
        from tui.dialogs.builder_pick import PickDialog

        schools = [(k, f"{s.name:<10} {s.style:<10} {s.specialty}",
                    f"Jutsu: {', '.join(f'{j.name} ({j.cost})' for j in s.jutsu.values())}")
                   for k, s in sorted(self.cat.schools.items())]

        def school_chosen(school: str | None) -> None:
            if school is None:
                return
            entries = []
            for p in range(1, 5):
                n = unit_numbers(self.cat, school, p)
                entries.append((str(p), f"{p} point{'s' if p > 1 else ''}: {RANKS[p - 1]}",
                                f"Health {n['health']}, chi {n['chi']}, melee {n['melee_damage']}, missile {n['missile_damage']}"))
            self.app.push_screen(PickDialog(f"{self.cat.schools[school].name}: point value", entries),
                                 lambda p: p and self.add_unit(school, int(p)))

        self.app.push_screen(PickDialog("Add a ninja: school", schools), school_chosen)

    def add_unit(self, school: str, points: int) -> None:
        base = f"{self.cat.schools[school].name} {RANKS[points - 1]}"
        taken = {u.name for u in self.spec.units}
        number = 1
        while f"{base} {number}" in taken:
            number += 1
        units = list(self.spec.units) + [UnitEntry(f"{base} {number}", school, points, ())]
        self.set_units(units, len(units) - 1)

    def action_jutsu(self) -> None:
        from tui.dialogs.builder_jutsu import JutsuDialog

        index = self.current()
        if index is None:
            return
        u = self.spec.units[index]

        def done(known: tuple[str, ...] | None) -> None:
            if known is not None:
                units = list(self.spec.units)
                units[index] = attrs.evolve(u, jutsu=known)
                self.set_units(units, index)

        self.app.push_screen(JutsuDialog(u.name, self.cat.schools[u.school], u.points, self.cat.chi(u.points), u.jutsu), done)

    def action_rename_unit(self) -> None:
        from tui.dialogs.builder_ask import AskDialog

        index = self.current()
        if index is None:
            return

        def done(text: str | None) -> None:
            if text:
                units = list(self.spec.units)
                units[index] = attrs.evolve(units[index], name=text)
                self.set_units(units, index)

        self.app.push_screen(AskDialog("Name of this ninja", self.spec.units[index].name), done)

    def action_points(self, step: int) -> None:
        index = self.current()
        if index is None:
            return
        u = self.spec.units[index]
        points = min(4, max(1, u.points + step))
        units = list(self.spec.units)
        units[index] = attrs.evolve(u, points=points)
        self.set_units(units, index)

    def action_remove(self) -> None:
        index = self.current()
        if index is not None:
            units = list(self.spec.units)
            del units[index]
            self.set_units(units, index)

    def action_rule_set(self) -> None:
        from tui.dialogs.builder_pick import PickDialog

        entries = [(k, RULE_SET_NAMES[k][0], RULE_SET_NAMES[k][1]) for k in RULE_SETS]

        def done(key: str | None) -> None:
            if key:
                self.spec = attrs.evolve(self.spec, rule_set=key)
                self.refresh_all()

        self.app.push_screen(PickDialog("Army rule set", entries, self.spec.rule_set), done)

    def ask_number(self, prompt: str, value: int, field: str) -> None:
        from tui.dialogs.builder_ask import AskDialog

        def done(text: str | None) -> None:
            if text is not None:
                self.spec = attrs.evolve(self.spec, **{field: max(1, int(text))})
                self.refresh_all()

        self.app.push_screen(AskDialog(prompt, str(value), number=True), done)

    def action_budget(self) -> None:
        self.ask_number("Point budget (every army in the battle gets the same)", self.spec.points, "points")

    def action_limit(self) -> None:
        if self.spec.rule_set == "population":
            self.ask_number("Population limit: most ninja in the army", self.spec.population, "population")
        elif self.spec.rule_set == "level_cap":
            self.ask_number("Level cap: most points one ninja may be worth", self.spec.level_cap, "level_cap")
        else:
            self.notify("Only the Level cap and Population limit rule sets have a limit to set.")

    def action_alliance(self) -> None:
        self.alliance = not self.alliance
        self.refresh_all()

    def action_rename_army(self) -> None:
        from tui.dialogs.builder_ask import AskDialog

        def done(text: str | None) -> None:
            if text:
                self.spec = attrs.evolve(self.spec, name=text)
                self.refresh_all()

        self.app.push_screen(AskDialog("Name of the army", self.spec.name), done)

    # --- files and battle ---------------------------------------------------------------
    def action_save(self) -> Path | None:
        problems = self.problems() + unprintable(army_data(self.spec))
        if problems:
            self.app.show_error("The army breaks its rules", "\n".join(problems))
            return None
        path = write_atomic(self.folder / f"{slug(self.spec.name)}.toml", toml_text(army_data(self.spec)))
        self.saved_path = path
        self.kept = self.spec
        self.notify(f"Saved {display_path(path)}")
        self.refresh_all()
        return path

    def action_open(self) -> None:
        from tui.dialogs.builder_pick import PickDialog

        premade = Path(self.cat.root) / "armies"
        entries = [(str(p), f"yours: {p.stem}", display_path(p)) for p in list_files(self.folder)]
        entries += [(str(p), f"premade: {p.stem}", f"bundled: scenarios/ninja/armies/{p.name}") for p in list_files(premade)]
        entries = [(key, label, roster_summary(Path(key)) + "\n" + about) for key, label, about in entries]
        self.app.push_screen(PickDialog("Open a roster", entries), lambda path: path and self.load(Path(path)))

    def load(self, path: Path) -> None:
        try:
            spec = load_army(path)
        except ContentError as exc:
            self.app.show_error(f"Cannot open {path.name}", str(exc))
            return
        self.spec = attrs.evolve(spec, level_cap=spec.level_cap or 3, population=spec.population or max(1, len(spec.units)))
        self.alliance = len({u.school for u in spec.units}) > 1
        self.saved_path = path if path.parent == self.folder else None
        self.kept = self.spec
        self.refresh_all(0)

    def action_play(self) -> None:
        self.app.battle_with("ninja", self.spec, "army", self.spec.name)

    def action_back(self) -> None:
        if self.spec == self.kept:
            self.dismiss(None)
            return
        from tui.dialogs.confirm import ConfirmDialog

        self.app.push_screen(ConfirmDialog("Leave the army builder? Its changes are not saved (s saves them).",
                                           yes="Leave", no="Stay"),
                             lambda yes: self.dismiss(None) if yes else None)
