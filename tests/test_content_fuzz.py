"""The content fuzzer in the suite (tests/content_fuzz.py): every kind of bundled TOML file,
mutated, loads or is refused with `file: field: reason` lines; never a traceback, a hang, or
a file read from outside the content folders. Sized to run in well under 30 s on 2 cores;
docs/RELIABILITY.md ("Content files") has the long run and its command."""

from hypothesis import HealthCheck, given, settings, strategies as st

from tests import content_fuzz


def test_a_fixed_batch_of_mutated_content_files(tmp_path):
    report = content_fuzz.run(cases=500, seed=0, tmp=tmp_path)
    assert report["failures"] == []
    assert report["kinds"] == 23 and set(report["per_kind"]) == set(content_fuzz.kinds())
    assert set(report["outcomes"]) <= {"loaded", "refused"}
    assert report["outcomes"].get("loaded", 0) > 0 and report["outcomes"].get("refused", 0) > 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 2**40))
def test_any_mutated_content_file(tmp_path, seed):
    if content_fuzz.DECOY is None or not content_fuzz.DECOY.exists():
        content_fuzz.run(cases=0, seed=0, tmp=tmp_path)  # lays out the decoy folder outside the content
    kind, outcome, detail = content_fuzz.run_case(seed, tmp_path, content_fuzz.kinds())
    assert outcome in ("loaded", "refused"), f"{kind}: {outcome}: {detail}"
