"""The benchmark harness (tests/bench/run.py) keeps its books right.

No timing is asserted here: only that the floor is measured, that figures
carry their multiple of the floor and their budget verdict, and that the
report serialises. The benchmarks themselves run apart (tests/bench/run.py).
"""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

RUN_PY = Path(__file__).resolve().parent / "bench" / "run.py"


def load_run():
    spec = importlib.util.spec_from_file_location("bench_run", RUN_PY)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_run", module)
    spec.loader.exec_module(module)
    return module


run = load_run()


def test_the_floor_is_a_small_positive_time():
    floor = run.measure_floor(repeats=2, number=2_000)
    assert floor > 0


def test_the_floor_takes_the_best_reading_spread_over_its_seconds(monkeypatch):
    """A slow spell at the start (every reading 50) must not be the floor when a reading
    taken later within `spread` seconds is faster."""
    readings = iter([50.0, 50.0, 31.0, 29.0, 30.0])
    clock = iter([0.0, 0.5, 1.0, 1.5, 2.0, 2.5])

    class Timer:
        def __init__(self, *args, **kwargs):
            pass

        def timeit(self, number):
            return next(readings) * number

    monkeypatch.setattr(run.timeit, "Timer", Timer)
    monkeypatch.setattr(run.time, "perf_counter", lambda: next(clock))
    assert run.measure_floor(repeats=2, number=10, spread=1.8) == 29.0  # read at 0.5, 1.0 and 1.5 s; 2.0 s ends it


def test_a_time_is_reported_in_floor_units_and_checked_against_its_budget(capsys):
    report = run.Report(floor=2e-8)
    fig = report.add("engine x", "apply: a move", 4e-6, budget=run.Budget(500, in_c=True))
    assert round(fig.in_c) == 200
    assert fig.status == "PASS"
    over = report.add("engine x", "apply: an attack", 4e-5, budget=run.Budget(1000, in_c=True))
    assert round(over.in_c) == 2000
    assert over.status == "OVER"
    assert "OVER" in capsys.readouterr().out


def test_a_budgeted_time_taken_while_the_machine_ran_slow_is_marked_and_counted(capsys):
    """The floor is read again beside each budgeted time; a figure whose floor beside it is
    1.25 times the run's or more keeps its C and its verdict, and carries "slow" with the
    ratio in the table and the Markdown. A figure without a budget reads no floor."""
    readings = iter([1.1e-8, 1.6e-8])
    report = run.Report(floor=1e-8, beside=lambda: next(readings))
    steady = report.add("engine x", "apply: a move", 4e-6, budget=run.Budget(500, in_c=True))
    slow = report.add("engine x", "apply: an attack", 4e-5, budget=run.Budget(1000, in_c=True))
    report.add("engine x", "apply: a whole round", 9e-5)  # no budget: the readings are not asked again
    assert steady.extra["floor_beside"] == 1.1e-8 and report.slowed(steady) is None
    assert round(slow.in_c) == 4000 and slow.status == "OVER" and round(report.slowed(slow), 2) == 1.6
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].endswith("PASS") and rows[1].endswith("OVER (slow 1.6x)")
    table = run.format_markdown(report)
    assert "| OVER (slow 1.6x) |" in table and "| PASS |" in table
    assert json.loads(json.dumps(report.as_dict()))["figures"][1]["extra"]["floor_beside"] == 1.6e-8


def test_a_slow_reading_is_measured_again_and_the_steadiest_reading_is_kept(capsys):
    """A budgeted time given a way to measure it again is retaken while its floor beside it
    reads slow, at most RETAKES times: the figure is the reading taken nearest the
    machine's own speed, and the row, the Markdown and the JSON say how many retakes."""
    floors = iter([1.9e-8, 1.05e-8, 1.0e-8])  # slow, then steady: one retake
    report = run.Report(floor=1e-8, beside=lambda: next(floors))
    again = iter([4e-6])
    fig = report.add("engine x", "apply: a move", 9e-6, budget=run.Budget(500, in_c=True), retake=lambda: next(again))
    assert fig.value == 4e-6 and fig.status == "PASS" and report.slowed(fig) is None
    assert fig.extra["retakes"] == 1 and fig.extra["readings"] == [[9e-6, 1.9e-8], [4e-6, 1.05e-8]]
    steady = report.add("engine x", "apply: an attack", 8e-6, budget=run.Budget(1000, in_c=True), retake=lambda: 1 / 0)
    assert steady.value == 8e-6 and "retakes" not in steady.extra  # steady at once: never measured again
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].endswith("PASS (1 retake)") and rows[1].endswith("PASS")
    assert "| PASS (1 retake) |" in run.format_markdown(report)
    assert json.loads(json.dumps(report.as_dict()))["figures"][0]["extra"]["retakes"] == 1

    slow_floors = iter([1.6e-8, 1.5e-8, 1.4e-8, 1.45e-8, 1.0e-8])  # slow every time: RETAKES retakes, no more
    report = run.Report(floor=1e-8, beside=lambda: next(slow_floors))
    values = iter([3e-5, 2e-5, 2.5e-5])
    fig = report.add("engine x", "apply: an attack", 4e-5, budget=run.Budget(1000, in_c=True), retake=lambda: next(values))
    assert run.RETAKES == 3 and fig.extra["retakes"] == 3
    assert fig.value == 2e-5 and round(report.slowed(fig), 2) == 1.4  # the least slow reading, still marked
    assert capsys.readouterr().out.splitlines()[0].endswith("OVER (slow 1.4x, 3 retakes)")


def test_sizes_and_ratios_have_no_floor_multiple_and_use_their_raw_value():
    report = run.Report(floor=1e-8)
    small = report.add("terminal", "bytes: bare", 60, "B")
    big = report.add("terminal", "bytes: map", 120, "B")
    assert small.in_c is None
    ratio = report.add_ratio("terminal", "bytes: map / bare", big, small, run.Budget(1.5))
    assert ratio.value == 2.0
    assert ratio.status == "OVER"
    at_least = report.add("sim", "speed-up", 1.9, "x", run.Budget(1.8, op=">="))
    assert at_least.status == "PASS"
    assert report.add_ratio("sim", "missing", None, small) is None


def test_time_call_counts_its_calls_and_the_report_serialises():
    calls = []
    timing = run.time_call(lambda: calls.append(1), repeats=2, min_time=0.0, max_loops=5)
    assert timing.best <= timing.median
    assert len(calls) == 1 + timing.calls
    report = run.Report(floor=1e-8, quick=True)
    report.add_timing("engine x", "legal actions", timing)
    report.skip("engine y", "not available yet")
    data = json.loads(json.dumps(report.as_dict()))
    assert data["quick"] is True
    assert data["figures"][0]["extra"]["calls"] == timing.calls
    assert data["skipped"] == [{"suite": "engine y", "reason": "not available yet"}]
    assert "| engine x | legal actions |" in run.format_markdown(report)


def test_only_splits_suite_names_from_ruleset_names():
    suites = ("engine", "ai", "terminal")
    assert run.select([], suites) == (["engine", "ai", "terminal"], [])
    assert run.select(["terminal"], suites) == (["terminal"], [])
    assert run.select(["statwar"], suites) == (["engine", "ai"], ["statwar"])
    assert run.select(["ai", "ninja"], suites) == (["ai"], ["ninja"])


def test_an_opt_in_suite_runs_only_when_named():
    suites = ("engine", "terminal", "terminal-parts")
    assert run.OPT_IN == ("terminal-parts",)
    assert run.select([], suites) == (["engine", "terminal"], [])
    assert run.select(["terminal-parts"], suites) == (["terminal-parts"], [])
    assert "terminal-parts" in run.suites()


def load_held_panels():
    spec = importlib.util.spec_from_file_location("held_panels", RUN_PY.parent / "held_panels.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_held_panel_shows_nothing_new_and_an_unknown_panel_is_refused(monkeypatch, capsys):
    from tui.widgets.panels import InfoLine, UnitPanel

    held_panels = load_held_panels()
    monkeypatch.setattr(UnitPanel, "show", UnitPanel.show)  # put back after the test
    monkeypatch.setattr(InfoLine, "show_text", InfoLine.show_text)
    shown = InfoLine.show_text
    held_panels.hold(["sheet"])
    assert UnitPanel.show is held_panels.held and InfoLine.show_text is shown
    panel = UnitPanel()
    assert panel.show("Gale Veteran", ["health 13/13"]) is False and panel.text == ""
    with pytest.raises(ValueError, match="no panel map; choose from sheet, info"):
        held_panels.hold(["map"])
    assert held_panels.main(["map", "play", "ninja"]) == 2
    assert "no panel map" in capsys.readouterr().err
    assert held_panels.main([]) == 2


def test_the_reference_work_is_the_same_work_in_every_run():
    """Runs compare across machines through it: a change to it (or to what it computes)
    breaks every comparison with earlier runs, so its answer is pinned."""
    assert run.reference_work() == 24892
    assert run.reference_work(8) == run.reference_work(8) > 0
    assert run.measure_reference(repeats=2) > 0


def test_the_action_record_measured_is_made_as_the_rulesets_actions_are():
    """The figure "one action record made" stands for the least a legal action costs, so the record it
    times is built as the actions are: a frozen, slotted attrs record of four fields, like
    StatWar's Activate and Commanders' Order."""
    import attrs

    from core.commanders.actions import Order
    from core.statwar.actions import Activate

    record = run._Order(0, 3, (4, 5), None)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.side = 1
    for action in (run._Order, Activate, Order):
        assert attrs.has(action) and "__slots__" in vars(action) and len(attrs.fields(action)) == 4
        assert attrs.fields(action)[0].name == "side"
    assert run.measure_record(repeats=2, number=1000) > 0
