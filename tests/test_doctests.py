"""The examples in the engine's docstrings run."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "fortress", "fortress.board", "fortress.rules.actions", "fortress.rules.shape", "fortress.rules.units", "fortress.rules.dice", "fortress.rules.battle",
    "fortress.rules.game", "fortress.rules.save", "fortress.rules.positions", "fortress.rules.rulesets", "fortress.ai",
    "fortress.rules.state",
    "fortress.rules.schema", "fortress.cli.options", "fortress.store.store",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0 or name == "fortress"
