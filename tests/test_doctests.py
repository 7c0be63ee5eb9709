"""The examples in the engine's docstrings run."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "fortress", "fortress.engine.actions", "fortress.engine.board", "fortress.engine.data", "fortress.engine.dice",
    "fortress.engine.game", "fortress.engine.rulesets", "fortress.engine.save", "fortress.engine.schema",
    "fortress.engine.shape", "fortress.rulesets.america.actions", "fortress.rulesets.america.battle",
    "fortress.rulesets.america.dice", "fortress.rulesets.america.positions", "fortress.rulesets.america.state",
    "fortress.rulesets.america.units", "fortress.ai", "fortress.ai.seats", "fortress.cli.options", "fortress.store.store",
    "fortress.rulesets.attack.odds",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0 or name == "fortress"
