"""The examples in the engine's docstrings run."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "fortress", "fortress.engine.board", "fortress.rulesets.america.actions", "fortress.engine.shape", "fortress.rulesets.america.units", "fortress.engine.dice", "fortress.rulesets.america.battle",
    "fortress.engine.game", "fortress.engine.save", "fortress.rulesets.america.positions", "fortress.engine.rulesets", "fortress.ai",
    "fortress.rulesets.america.state", "fortress.ai.seats",
    "fortress.engine.schema", "fortress.cli.options", "fortress.store.store",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0 or name == "fortress"
