"""Shared test set-up: animations off, no user settings, saves in a temporary folder."""

import os

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")


import pytest
import textual._wait

from core import registry

# Textual's test pilot waits for the app to go idle after every key and pause by
# sleeping in slices of 1/50 s until a slice passes with under 1 ms of CPU. Most
# of the suite's wall time was those slices, not work; slices of 1/250 s with the
# same CPU threshold per unit of time tell "idle" just as surely (the AI thread's
# CPU counts as work), five times sooner.
textual._wait.SLEEP_GRANULARITY = 1 / 250
textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20


@pytest.fixture(autouse=True)
def playback_off(monkeypatch):
    """A fresh settings file plays no events on the map, so a test sees each result at once;
    the tests of playback turn it on."""
    from tui import settings

    monkeypatch.setattr(settings, "DEFAULT_PACE", "off")


@pytest.fixture(scope="module")
def toy_registered():
    """The tests' toy ruleset, known to the registry only while a module that asks for it runs.

    Registered for the whole session it would appear in every screen that lists rulesets.
    """
    registry.register("toy", "tests.toy_ruleset")
    yield
    registry.unregister("toy")


def pytest_addoption(parser):
    parser.addoption(
        "--monkey-seeds", default="1", metavar="S,S,...",
        help="seeds of tests/tui/test_monkey.py's every-screen monkey (default 1; docs/RELIABILITY.md's "
             "figures are from 1,2)",
    )


def pytest_generate_tests(metafunc):
    if "monkey_seed" in metafunc.fixturenames:
        seeds = [int(s) for s in metafunc.config.getoption("--monkey-seeds").split(",") if s.strip()]
        metafunc.parametrize("monkey_seed", seeds)
