"""The save fuzzer in the suite (hypothesis); the larger run: `python3 -m tests.core.save_fuzz 3000`."""

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from tests.core.hostile import BATTLES
from tests.core.save_fuzz import KINDS, mutate, run_case


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(name=st.sampled_from([b[0] for b in BATTLES]), kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32))
def test_every_mutated_save_replays_faithfully_or_is_one_line(name, kind, seed):
    with tempfile.TemporaryDirectory() as tmp:
        assert run_case(mutate(random.Random(seed), name, kind), Path(tmp)) in ("accepted", "detected")
