"""The player's guide (docs/guide): its worked examples say what the game computes.

Each page's example is worked out here from the bundled scenario with the core's
own functions; the sentences the guide prints must carry those very numbers.
"""

from pathlib import Path

from core import registry

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "guide"


def page(name: str) -> str:
    return " ".join((GUIDE / f"{name}.md").read_text(encoding="utf-8").split())  # lines joined


def test_the_statwar_example_is_damage_minus_armor_on_duel_25():
    from core.statwar.combat import hit_damage

    ruleset = registry.get("statwar")
    state = ruleset.new_battle(ruleset.load_scenario("duel_25"), 3)
    units = {(state.units[u].side, state.design_of(u).name): u for u in range(len(state.units))}
    archer = state.design_of(units[(0, "Archer")])
    sapper, enemy_archer = state.design_of(units[(1, "Goblin Sapper")]), state.design_of(units[(1, "Archer")])
    health = state.units[units[(1, "Goblin Sapper")]].health
    to_sapper, to_archer = hit_damage(archer.damage, sapper.armor), hit_damage(archer.damage, enemy_archer.armor)
    text = page("statwar")
    assert f"your Archer has Damage {archer.damage}" in text
    assert f"Goblin Sapper has Armor {sapper.armor} and Health {health}" in text
    assert f"An arrow deals {archer.damage} - {sapper.armor} = {to_sapper}" in text
    assert f"drops from Health {health} to {health - to_sapper}" in text
    assert f"has Armor {enemy_archer.armor}, so the same arrow deals {archer.damage} - {enemy_archer.armor} = {to_archer}" in text
    assert f"`Damage {archer.damage} - Armor {sapper.armor} = {to_sapper}`" in text
    assert sapper.suicide_bomb and "Suicide Bomb" in text


def test_the_ninja_example_is_the_roll_the_core_needs_and_its_chance():
    from core.ninja.attacks import hit_chance, modifiers, needed

    ruleset = registry.get("ninja")
    cat = ruleset.cat
    state = ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), 3)
    by_name = {u.name: u for u in state.units}
    ash, vine = by_name["Ash Veteran 1"], by_name["Vine Adept 1"]
    assert ash.mode == vine.mode == "stand"  # both stood still
    mods = modifiers(state, cat, ash.uid, vine.uid)
    need = needed(cat, mods)
    chance = hit_chance(cat, need)
    damage = cat.melee_damage(ash.school, ash.points)
    text = page("ninja")
    assert f"Start from {cat.rules.dice.base_needed};" in text
    assert ", ".join(f"{name} {value:+d}" for name, value in mods) in text
    assert f"it needs **{need}+**" in text
    assert f"8 of 10: an **{chance:.0%}** chance" in text and chance == 0.8
    assert f"melee damage, {damage}: Vine Adept 1 goes from health {vine.hp} to {vine.hp - damage}" in text
    style = cat.schools[ash.school].style
    assert f"Ash Veteran 1 (an {style} school, {ash.points} points)" in text


def test_the_commanders_example_is_the_strike_numbers_of_the_core():
    import attrs

    from core.commanders.actions import Order
    from core.commanders.combat import strike_numbers
    from core.commanders.derived import command_range, in_command
    from core.commanders.view import explain_action
    from core.squaregrid import Square

    ruleset = registry.get("commanders")
    cat = ruleset.catalogue
    state = ruleset.new_battle(ruleset.load_scenario("duel_at_the_ford"), 3)
    cavalry = next(u for u in state.units if u.kind == "Cavalry" and u.side == 0)
    pikeman = next(u for u in state.units if u.kind == "Pikeman" and u.side == 1)
    near = strike_numbers(state, cavalry, pikeman, cat)  # where it stands, by its commander
    assert in_command(state, cavalry, cat)
    beside = Square(pikeman.pos.x - 1, pikeman.pos.y)  # the charge: next to the Pikeman
    charge = Order(0, cavalry.uid, beside, pikeman.uid)
    assert not in_command(state, attrs.evolve(cavalry, pos=beside), cat)
    far = strike_numbers(state, attrs.evolve(cavalry, pos=beside), pikeman, cat)
    leader = state.leaders[cavalry.leader].commander
    base_attack, base_defence = cat.units["Cavalry"].attack, cat.units["Pikeman"].defence
    text = page("commanders")
    assert leader.name == "Alwin Mere" and "Alwin Mere's troop" in text
    assert far["attack"] == base_attack
    assert f"Cavalry has attack {base_attack}, +{near['attack'] - base_attack} from its commander" in text
    assert f"command range ({command_range(leader, cat)} squares): {near['attack']}" in text
    assert f"defence is {base_defence}, +{near['defence'] - base_defence} from its own commander: {near['defence']}" in text
    for n in (near, far):
        assert f"{n['attack']} - {n['defence']} = {n['needed']}" in text
        assert f"**hits on 1-{n['needed']} ({n['needed'] * 10}% each)**" in text
        assert f"{n['dice'] * n['needed'] // 10} damage on average" in text
    assert f"Cavalry rolls **{near['dice']} strikes**" in text and f"at most {near['cap']}" in text
    summary, strikes = explain_action(state, charge, cat)[:2]  # the odds panel's own first lines
    assert f"`{summary}`" in text and f"`{strikes}`" in text
    answer = strike_numbers(state, pikeman, attrs.evolve(cavalry, pos=beside), cat)  # the Pikeman's first strike
    assert answer["advantage"] == cat.rules.advantage_strikes
    assert f"strikes first, with {answer['advantage']} extra strikes: {answer['dice']} strikes that hit on " \
           f"1-{answer['needed']} (attack {answer['attack']} - defence {answer['defence']})" in text
