"""Saves and batch simulation: write, load and verify of a long battle; battles per second.

Saves (core.saves) are replays: writing one encodes the initial state and the
actions; loading one decodes them and re-applies every action, checking the
state hashes. Batch simulation (core.sim) plays AI-vs-AI battles, in one
process or in a pool.
"""

from __future__ import annotations

import importlib
from typing import Any

from run import Report


def module_or_skip(report: Report, suite: str, name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        report.skip(suite, f"{name} not available yet")
        return None


def run_saves(report: Report) -> None:
    saves = module_or_skip(report, "saves", "core.saves")
    if saves is None:
        return
    raise LookupError("core.saves imports but the bench does not know its API yet")


def run_sim(report: Report) -> None:
    sim = module_or_skip(report, "sim", "core.sim")
    if sim is None:
        return
    raise LookupError("core.sim imports but the bench does not know its API yet")
