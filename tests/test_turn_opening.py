"""Opening steps (``[[turn.opening]]``): steps played once, before the first round, each
``repeat`` times; a sealed one collects every side's order each time. Shown on Council's
pieces with its sealed bid made an opening step played twice."""
from __future__ import annotations

import pytest

import fortress
from fortress.engine import rulesets
from fortress.engine.rulesets import Ruleset, teams_of
from fortress.engine.turn import Turn

council = pytest.importorskip("fortress_council", reason="scripts/test.sh installs tests/council")


@pytest.fixture()
def opening_council():
    turn = dict(council.RULES["turn"]) | {"opening": [{"name": "bid", "sealed": True, "repeat": 2}]}
    base = council.ruleset()
    rules = Ruleset(name="council-opening", title="Council", data_dir=base.data_dir, data=council.RULES,
                    turn=Turn.from_data(turn, council.STEPS, teams_of(council.RULES)), board=base.board,
                    new_state=base.new_state, parse=base.parse, end_turn=base.end_turn, chance=base.chance,
                    mask=base.mask, hide_from=base.hide_from, scores=base.scores)
    rulesets.register("council-opening", rules)
    yield "council-opening"
    rulesets.unregister("council-opening")


def test_a_sealed_opening_step_is_played_repeat_times_before_the_first_round(opening_council):
    game = fortress.new_game(seed=1, ruleset=opening_council)
    sides = ("amber", "birch", "cedar", "dune")
    assert game.phase == "bid" and game.to_move == set(sides) and game.round == 0
    assert game.round_label == "Before Spring 812"
    for time in range(2):
        for side in sides:
            assert game.phase == "bid" and side in game.to_move
            game.apply("bid 0", side)
        assert sum(" ordered: bid 0." in line for line in game.log) == 4 * (time + 1)
    assert game.phase == "deeds" and game.round == 1 and game.round_label == "Spring 812"
    again = fortress.Game.from_json(game.to_json())
    assert again.log == game.log and again.phase == "deeds"


def test_a_ruleset_without_opening_steps_starts_its_first_round_as_before():
    game = fortress.new_game(seed=1, ruleset="council")
    assert game.phase == "deeds" and game.round == 1
