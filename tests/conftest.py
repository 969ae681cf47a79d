"""Shared test set-up: animations off, no user settings, saves in a temporary folder."""

import os

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")


import pytest

from core import registry


@pytest.fixture(scope="module")
def toy_registered():
    """The tests' toy ruleset, known to the registry only while a module that asks for it runs.

    Registered for the whole session it would appear in every screen that lists rulesets.
    """
    registry.register("toy", "tests.toy_ruleset")
    yield
    registry.unregister("toy")
