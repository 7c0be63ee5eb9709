"""Shared helpers: the packaged tables, a state with flags placed by hand."""
from __future__ import annotations

from dataclasses import replace

import pytest

from fortress.rulesets.aif.politics import Flag, Politics, start
from fortress.rulesets.aif.tables import Tables, load


@pytest.fixture(scope="session")
def t() -> Tables:
    return load()


def placed(t: Tables, points: dict[str, int] | None = None, **flags: Flag) -> Politics:
    """The start, with these flags and points (a power not named has 0)."""
    state = start(t)
    return replace(state, flags={**state.flags, **flags}, points={**state.points, **(points or {})})
