"""[Cards], [Card Rules] and standing permissions [Explanations]."""
from __future__ import annotations

from typing import Any

import pytest

from tests.rulesets.attack.conftest import cleared, put, ships, start, to_winter, with_capital


def test_a_card_is_played_only_with_its_action_and_once() -> None:
    g, s, side = with_capital()
    s.hands[side] = ["five-year-plan", "five-year-plan", "royal-marriage"]
    s.production[side] = 0
    start(g, "build")
    assert "played with negotiate" in g.explain("play royal-marriage")
    before = s.production[side]
    g.apply("play five-year-plan")
    favoured = s.government[side] == "communism"
    assert s.production[side] == before + (4 if favoured else 2)
    assert "one card per action" in g.explain("play five-year-plan")
    assert s.hands[side] == ["five-year-plan", "royal-marriage"]


def test_railway_mobilisation_lengthens_the_transport() -> None:
    g = cleared()
    side = g.side
    for r in ("new-england", "midwest", "great-plains"):
        put(g, side, r, infantry=2)
    g.state.hands[side] = ["railway-mobilisation"]
    start(g, "transport")
    assert g.explain("transport 1 infantry new-england great-plains") is not None
    g.apply("play railway-mobilisation")
    assert g.explain("transport 1 infantry new-england great-plains") is None


def test_the_hand_holds_five_cards() -> None:
    g = cleared()
    side = g.side
    s = g.state
    put(g, side, "new-england", infantry=1)
    s.neutral["midwest"] = s.government[side]
    s.hands[side] = ["armor-raid"] * 5
    start(g, "negotiate")
    g.apply("negotiate midwest")
    g.apply("influence")
    assert len(s.hands[side]) == 5 and s.discard[-1] == "armor-raid"


def test_shock_troops_reach_the_battle_engine() -> None:
    from fortress.rulesets.attack import combat
    g = cleared()
    side = g.side
    s = g.state
    put(g, side, "new-england", infantry=6)
    s.hands[side] = ["shock-troops"]
    start(g, "move")
    g.apply("play shock-troops")
    assert combat.options(g.ctx).shock_troops == (2 if s.government[side] == "monarchy" else 1)


def test_permission_is_a_standing_grant_set_in_winter() -> None:
    g = cleared()
    s = g.state
    for i, side in enumerate(s.sides):
        put(g, side, ("new-england", "great-britain")[i], infantry=1)
    to_winter(g)
    side = g.side
    other = next(x for x in s.sides if x != side)
    g.apply(f"grant {other}")
    assert f"{side}>{other}" in s.grants and s.permits(side, other)
    assert "already has" in g.explain(f"grant {other}")
    g.apply(f"revoke {other}")
    assert not s.permits(side, other)


def test_annexation_and_code_breaking_take_more_levels_in_one_research() -> None:
    g = cleared()
    side = g.side
    s = g.state
    put(g, side, "new-england", infantry=20, artillery=6)
    s.tech[side] = {"rail": 0, "factories": 0, "minerals": 0, "oil": 0}
    s.hands[side] = ["code-breaking", "annexation"]
    start(g, "research")
    g.apply("research rail artillery new-england")
    assert "1 level(s) of rail" in g.explain("research rail artillery new-england")
    g.apply("play code-breaking")
    g.apply("research rail artillery new-england")  # level 2: two artillery
    assert s.tech[side]["rail"] == 2 and s.army(side, "new-england")["artillery"] == 3
    g.apply("research population infantry new-england")
    assert "1 level(s) of population" in g.explain("research population infantry new-england")
    assert "one card per action" in g.explain("play annexation")


@pytest.mark.parametrize("gov", ["democracy", "communism"])
def test_secret_treaty_draws_two_and_keeps_one(gov: str) -> None:
    """Secret Treaty: draw 2, discard 1; Communism keeps both."""
    g = cleared()
    side = g.side
    s = g.state
    s.government[side] = gov
    put(g, side, "new-england", infantry=1)
    s.neutral["midwest"] = gov
    s.hands[side] = ["secret-treaty"]
    start(g, "negotiate")
    g.apply("play secret-treaty")
    g.apply("negotiate midwest")
    g.apply("influence")
    assert len(s.hands[side]) == 2
    if gov == "communism":
        assert g.phase != "negotiate"
        return
    assert "discard one of the two" in g.explain("end")
    g.apply(f"discard {s.hands[side][0]}")
    assert len(s.hands[side]) == 1 and g.phase != "negotiate"


@pytest.mark.parametrize("card", ["convoy-system", "wolf-pack"])
def test_convoy_system_and_wolf_pack_give_ships_two_steps(card: str) -> None:
    g = cleared()
    side = g.side
    s = g.state
    put(g, side, "new-england", infantry=1)
    ships(g, side, "coast:new-england", destroyer=1, submarine=1)
    s.hands[side] = [card]
    start(g, "navigate")
    g.apply("navigate submarine coast:new-england north-atlantic")
    assert "may still move" in g.explain("navigate submarine north-atlantic caribbean")
    g.apply(f"play {card}")
    g.apply("navigate submarine north-atlantic caribbean")
    assert "may still move" in g.explain("navigate submarine caribbean north-atlantic")  # two steps at most
    g.apply("navigate destroyer coast:new-england north-atlantic")
    second = g.explain("navigate destroyer north-atlantic caribbean")
    assert (second is None) == (card == "convoy-system")  # Wolf Pack: submarines only


def test_bombing_run_attacks_a_second_region() -> None:
    g = cleared()
    side = g.side
    s = g.state
    s.government[side] = "fascism"
    put(g, side, "new-england", infantry=4)
    s.hands[side] = ["bombing-run"]
    start(g, "attack")
    g.apply("attack 1 infantry new-england ontario")
    assert "single region" in g.explain("attack 1 infantry new-england midwest")
    g.apply("play bombing-run")
    g.apply("attack 1 infantry new-england midwest")
    assert "single region" in g.explain("attack 1 infantry new-england quebec-maritimes")  # two, not three
    assert s.act["targets"] == ["ontario", "midwest"]
