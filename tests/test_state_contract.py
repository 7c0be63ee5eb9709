"""The typed contract of a ruleset's state (fortress/engine/state.py): every installed ruleset's
state, fresh and after a few random actions, has each field of :class:`GameState` with a value
of its declared type, copies to an equal independent state and gives plain JSON data; a state
with units gives :class:`UnitsState` too."""
from __future__ import annotations

import json
import random
import types
import typing

import pytest

import fortress
from fortress.engine import rulesets
from fortress.engine.state import GameState, Unit, UnitsState

HINTS = typing.get_type_hints(GameState)


def holds(value: object, hint: object) -> bool:
    """Whether ``value`` is of the simple type ``hint`` (int, str, list[str], X | None)."""
    if isinstance(hint, types.UnionType):
        return any(holds(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    if origin is list:
        (item,) = typing.get_args(hint)
        return isinstance(value, list) and all(holds(v, item) for v in value)
    return isinstance(value, hint) and not (hint is int and isinstance(value, bool))  # type: ignore[arg-type]


def played(name: str, actions: int) -> fortress.Game:
    game = fortress.new_game(3, ruleset=name)
    rng = random.Random(3)
    for _ in range(actions):
        if game.is_over:
            break
        side = sorted(game.to_move)[0]
        game.apply(rng.choice(game.legal_actions(side)), side)
    return game


@pytest.mark.parametrize("name", rulesets.names())
@pytest.mark.parametrize("actions", [0, 12])
def test_every_rulesets_state_keeps_the_contract(name, actions):
    state = played(name, actions).state
    assert isinstance(state, GameState)
    wrong = {f: getattr(state, f) for f, hint in HINTS.items() if not holds(getattr(state, f), hint)}
    assert not wrong, f"{name}: fields not of their declared type: {wrong}"
    copied = state.copy()
    assert copied is not state and copied.to_dict() == state.to_dict()
    copied.out.append("nobody")
    assert "nobody" not in state.out, "the copy shares its list of sides out with the original"
    assert json.loads(json.dumps(state.to_dict())) == state.to_dict()


def test_a_state_with_units_gives_the_unit_views_what_they_read():
    state = fortress.new_game(1).state
    assert isinstance(state, UnitsState)
    assert state.units and all(isinstance(u, Unit) for u in state.units.values())
    assert set(state.control) == set(fortress.new_game(1).board.ids)


def test_holds_tells_types_apart():
    assert holds(None, HINTS["winner"]) and holds("us", HINTS["winner"]) and not holds(3, HINTS["winner"])
    assert holds(["a"], HINTS["out"]) and not holds([1], HINTS["out"]) and not holds(True, HINTS["round"])
