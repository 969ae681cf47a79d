"""A hypothesis state machine over StatWar battles drawing only from legal_actions.

StatWar's own invariants after every step: no two footprints overlap, Health
stays within 0..max, riders are never a target, and a malformed Activate,
Deploy, Mount or Detonate raises and leaves the state as it was. The contract
every ruleset keeps (codec, undo, replays, determinism, views) is checked for
StatWar by tests/core/test_conformance.py.
"""

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from core.errors import IllegalAction
from core.match import Match
from core.squaregrid import Square
from core.statwar.ruleset import RULESET as R
from core.statwar.actions import Activate, Deploy, Detonate, Mount
from core.statwar.geometry import cells
from core.statwar.state import NO_UNIT, OVER

SCENARIOS = ("duel_25", "border_50", "goblin_ford_50", "pass_100")
SETUPS = {name: R.load_scenario(name) for name in SCENARIOS}
CODEC = R.codec()


class StatWarMachine(RuleBasedStateMachine):
    @initialize(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**32))
    def start(self, scenario, seed):
        self.match = Match(R, R.new_battle(SETUPS[scenario], seed), undo="practice")

    @property
    def state(self):
        return self.match.state

    @rule(pick=st.integers(0, 10**6), special=st.booleans())
    def take_a_legal_action(self, pick, special):
        if self.state.phase == OVER:
            assert R.to_act(self.state) == ()
            return
        side = R.to_act(self.state)[0]
        actions = R.legal_actions(self.state, side)
        assert actions, "a battle that is not over always offers an action"
        if special:
            rich = [a for a in actions if isinstance(a, (Mount, Detonate)) or getattr(a, "target", None) is not None]
            actions = rich or actions
        before = self.state
        chosen = actions[pick % len(actions)]
        event(type(chosen).__name__)
        self.match.apply(chosen)
        assert self.match.state_at(self.match.cursor - 1) is before

    @rule(x=st.integers(-2, 25), y=st.integers(-2, 25), victim=st.integers(-1, 40), kind=st.integers(0, 3))
    def an_illegal_action_changes_nothing(self, x, y, victim, kind):
        side = 0 if not R.to_act(self.state) else R.to_act(self.state)[0]
        uid = next((u.uid for u in self.state.units if u.side == side), 0)
        t = None if victim < 0 else victim
        action = [
            Activate(side, uid, Square(x, y), t),
            Deploy(side, uid, Square(x, y)),
            Mount(side, uid, victim, None),
            Detonate(1 - side, uid, None),
        ][kind]
        if action in R.legal_actions(self.state, side):
            return
        before = CODEC.state_hash(self.state)
        snapshot = self.state
        try:
            R.apply(self.state, action)
        except IllegalAction as err:
            assert err.reason
        else:
            raise AssertionError(f"{action} was applied although it is not legal")
        assert self.state is snapshot and CODEC.state_hash(self.state) == before

    @invariant()
    def footprints_never_overlap(self):
        seen = {}
        for u in self.state.units:
            if u.on_board:
                for c in cells(u.x, u.y, self.state.designs[u.design].size):
                    assert c not in seen, f"units {seen.get(c)} and {u.uid} share {c}"
                    assert self.state.board.passable(*c)
                    seen[c] = u.uid

    @invariant()
    def health_stays_within_bounds(self):
        for u in self.state.units:
            assert 0 <= u.health <= self.state.designs[u.design].max_health

    @invariant()
    def riders_are_never_targets(self):
        riders = {u.uid for u in self.state.units if u.riding != NO_UNIT and u.health > 0}
        for u in self.state.units:
            if u.riding != NO_UNIT and u.health > 0:
                mount = self.state.units[u.riding]
                assert mount.on_board and self.state.design_of(mount.uid).ridable
        for side in R.to_act(self.state):
            for a in R.legal_actions(self.state, side):
                assert getattr(a, "target", None) not in riders


StatWarMachine.TestCase.settings = settings(
    max_examples=30, stateful_step_count=100, deadline=None, suppress_health_check=list(HealthCheck)
)
TestStatWarMachine = StatWarMachine.TestCase
