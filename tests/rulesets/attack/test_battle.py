"""ATTACK! Deluxe's battles, rule by rule, on small positions (rulebook [Battles],
[Dice&Cards]; the rulings of docs/rules-attack-battle.md)."""
from __future__ import annotations

import itertools
import json

import pytest

from fortress.engine.dice import Rng
from fortress.engine.game import IllegalAction
from fortress.rulesets.attack.battle import (Battle, BattleOptions, FrontChoice, coastal_attack, neutral_army,
                                             neutral_front)
from fortress.rulesets.attack.battle_dice import match_hits, step_table, tables


class Script:
    """Dice that show the given faces in order, each named on its die (("army", "tank"), ...)."""

    def __init__(self, *faces: tuple[str, str]) -> None:
        self.values = [tables().faces[kind].index(face) for kind, face in faces]
        self.calls = 0

    def below(self, n: int) -> int:
        assert n == 6, "battle dice have six faces"
        self.calls += 1
        return self.values.pop(0)


def army(*faces: str) -> list[tuple[str, str]]:
    return [("army", f) for f in faces]


def naval(*faces: str) -> list[tuple[str, str]]:
    return [("naval", f) for f in faces]


def fought(b: Battle, *faces: tuple[str, str]) -> list[str]:
    """One fire step of ``b`` with exactly these faces (every one used)."""
    dice = Script(*faces)
    events = b.roll(dice)
    assert not dice.values, "every scripted die was rolled"
    return events


# -- the dice [Dice&Cards] ---------------------------------------------------------------------
def test_the_dice_have_the_rulebooks_faces():
    assert tables().faces["army"] == ("tank", "infantry", "artillery", "aircraft", "aircraft", "blank")
    assert tables().faces["naval"] == ("submarine", "battleship", "battleship", "destroyer", "carrier", "blank")


def test_the_rulebooks_hit_example():
    """[Battles] Step 3: 1 tank and 3 infantry; two infantry faces score 2, two tank faces 1."""
    front = {"tank": 1, "infantry": 3}
    assert match_hits({"infantry": 2, "blank": 1, "aircraft": 1}, front) == 2
    assert match_hits({"tank": 2, "aircraft": 2}, front) == 1
    b = Battle.start("army", "a", {"infantry": 9}, "d", front)
    assert b.active == "defender" and b.front["defender"] == front
    assert "2 hits" in fought(b, *army("infantry", "infantry", "aircraft", "blank"))[0]
    b = Battle.start("army", "a", {"infantry": 9}, "d", front)
    assert "1 hit" in fought(b, *army("tank", "tank", "aircraft", "artillery"))[0]
    assert b.units("attacker") == {"infantry": 8}  # one lost; the front refilled to 5



def test_each_die_is_told_with_the_unit_it_matched():
    """roll_dice: the text of roll() with its dice; a face matches one firing unit of its type,
    a second tank face against one tank misses; a carrier's air-support die matches on aircraft."""
    b = Battle.start("army", "a", {"infantry": 9}, "d", {"tank": 1, "infantry": 3})
    told = b.roll_dice(Script(*army("tank", "tank", "infantry", "blank")))
    assert told[0][0] == "defender rolls tank, tank, infantry, blank: 2 hits"
    assert told[0][1] == (("tank", "army", "tank"), ("", "army", "tank"), ("infantry", "army", "infantry"),
                          ("", "army", "blank"))
    assert told[-1] == ("attacker loses 2 infantry", ())
    b = Battle.start("naval", "a", {"destroyer": 1}, "d", {"carrier": 1})
    (text, dice), _lost = b.roll_dice(Script(*naval("carrier"), ("army", "aircraft")))
    assert text == "defender rolls carrier; air support aircraft: 2 hits"
    assert dice == (("carrier", "naval", "carrier"), ("carrier", "army", "aircraft"))
    c = Battle.start("army", "a", {"infantry": 2}, "d", {"infantry": 2})
    assert c.roll(Script(*army("infantry", "blank"))) == ["defender rolls infantry, blank: 1 hit", "attacker loses 1 infantry"]

# -- deploy [Battles] Step 1 ---------------------------------------------------------------------
def test_fronts_of_four_the_defender_choosing_first():
    b = Battle.start("army", "a", {"infantry": 3, "tank": 3}, "d", {"infantry": 2, "aircraft": 3})
    c = b.decision()
    assert c is not None and (c.role, c.size, dict(c.available)) == ("defender", 4, {"aircraft": 3, "infantry": 2})
    with pytest.raises(IllegalAction, match="roll"):
        b.roll(Rng(1))
    b.choose({"aircraft": 3, "infantry": 1})
    c = b.decision()
    assert c is not None and (c.role, c.size) == ("attacker", 4)
    b.choose({"infantry": 2, "tank": 2})
    assert b.decision() is None and b.front == {"attacker": {"infantry": 2, "tank": 2},
                                                "defender": {"aircraft": 3, "infantry": 1}}
    assert b.reserve == {"attacker": {"infantry": 1, "tank": 1}, "defender": {"infantry": 1}}


def test_with_fewer_than_four_units_all_deploy():
    b = Battle.start("army", "a", {"infantry": 2, "tank": 1}, "d", {"aircraft": 1, "infantry": 1})
    assert b.decision() is None
    assert b.front == {"attacker": {"infantry": 2, "tank": 1}, "defender": {"aircraft": 1, "infantry": 1}}


def test_a_choice_with_one_answer_is_made_at_once():
    b = Battle.start("army", "a", {"infantry": 7}, "d", {"tank": 6})
    assert b.decision() is None and b.front == {"attacker": {"infantry": 4}, "defender": {"tank": 4}}


def test_a_wrong_front_is_refused_with_the_rule():
    b = Battle.start("army", "a", {"infantry": 5}, "d", {"tank": 3, "infantry": 3})
    before = b.to_dict()
    with pytest.raises(IllegalAction, match="exactly 4 units"):
        b.choose({"tank": 3})
    with pytest.raises(IllegalAction, match="only 3 tank"):
        b.choose({"tank": 4})
    with pytest.raises(IllegalAction, match="whole number"):
        b.choose({"tank": -1, "infantry": 5})
    with pytest.raises(IllegalAction, match="unit type -> count"):
        b.choose([("tank", 4)])  # type: ignore[arg-type]
    assert b.to_dict() == before


def test_legal_fronts_are_every_way_to_fill_the_front():
    c = FrontChoice("defender", 2, {"infantry": 2, "tank": 1, "aircraft": 1})
    assert sorted(json.dumps(x, sort_keys=True) for x in c.legal()) == sorted(json.dumps(x, sort_keys=True) for x in [
        {"infantry": 2}, {"infantry": 1, "tank": 1}, {"infantry": 1, "aircraft": 1}, {"tank": 1, "aircraft": 1}])
    assert all(c.reason(x) is None for x in c.legal())


def test_start_refuses_units_of_the_other_kind_and_an_empty_attack():
    with pytest.raises(ValueError, match="cannot fight in an army battle"):
        Battle.start("army", "a", {"destroyer": 1}, "d", {"infantry": 1})
    with pytest.raises(ValueError, match="at least one unit"):
        Battle.start("naval", "a", {}, "d", {"destroyer": 1})


# -- who fires first: the opening salvo and ruling 4 ---------------------------------------------
def test_without_a_salvo_the_defender_is_active_first():
    """Ruling 4."""
    b = Battle.start("army", "a", {"infantry": 2, "tank": 1}, "d", {"infantry": 2})
    assert (b.active, b.salvo) == ("defender", False)
    fought(b, *army("blank", "blank"))
    assert b.active == "attacker"


def test_an_attacker_with_artillery_fires_first_with_its_deployed_artillery_only():
    b = Battle.start("army", "a", {"artillery": 1, "infantry": 3}, "d", {"infantry": 3})
    assert (b.active, b.salvo) == ("attacker", True)
    assert b.next_outcomes()[0][0] == pytest.approx(5 / 6)  # one die: the artillery's
    events = fought(b, *army("artillery"))
    assert "1 hit" in events[0] and b.front["defender"] == {"infantry": 2}
    assert b.active == "defender"
    fought(b, *army("blank", "blank"))
    fought(b, *army("blank", "blank", "blank", "blank"))  # now its whole front


def test_artillery_left_in_reserve_fires_no_salvo():
    b = Battle.start("army", "a", {"artillery": 1, "infantry": 4}, "d", {"infantry": 1})
    b.choose({"infantry": 4})
    assert b.salvo and b.active == "attacker"
    assert "no dice" in fought(b)[0]


def test_a_naval_attacker_with_a_submarine_fires_a_salvo_of_submarines():
    b = Battle.start("naval", "a", {"submarine": 2, "battleship": 1}, "d", {"destroyer": 2})
    assert (b.active, b.salvo) == ("attacker", True)
    fought(b, *naval("submarine", "battleship"))  # two dice for two submarines
    assert b.front["defender"] == {"destroyer": 1}


def test_the_defender_gets_no_salvo():
    b = Battle.start("army", "a", {"infantry": 2}, "d", {"artillery": 2})
    assert (b.active, b.salvo) == ("defender", False)


# -- reorganisation ------------------------------------------------------------------------------
def test_the_front_grows_by_one_per_reorganisation_a4_d4_a5_d5_a6_d6():
    b = Battle.start("army", "a", {"infantry": 9}, "d", {"tank": 9})
    sizes = [(sum(b.front["attacker"].values()), sum(b.front["defender"].values()))]
    for _ in range(4):
        fought(b, *army(*["blank"] * sum(b.front[b.active].values())))
        sizes.append((sum(b.front["attacker"].values()), sum(b.front["defender"].values())))
    assert sizes == [(4, 4), (5, 4), (5, 5), (6, 5), (6, 6)] and b.round == 5
    assert b.reorganised == {"attacker": 2, "defender": 2}


def test_the_new_active_side_closes_gaps_as_fully_as_it_can():
    b = Battle.start("army", "a", {"infantry": 5}, "d", {"tank": 2})
    fought(b, *army("tank", "tank"))  # the defender's two tanks kill two of the attacker's front
    assert b.front["attacker"] == {"infantry": 3} and b.reserve["attacker"] == {}
    c = Battle.start("army", "a", {"infantry": 4, "tank": 4}, "d", {"tank": 1})
    c.choose({"infantry": 2, "tank": 2})
    fought(c, *army("tank"))
    d = c.decision()
    assert d is not None and (d.role, d.size, d.current) == ("attacker", 2, {"infantry": 1, "tank": 2})
    c.choose({"tank": 2})
    assert c.front["attacker"] == {"infantry": 1, "tank": 4}


# -- fire and hits -------------------------------------------------------------------------------
def test_each_carrier_rolls_an_army_die_scoring_only_on_aircraft():
    b = Battle.start("naval", "a", {"carrier": 1}, "d", {"destroyer": 3})
    fought(b, *naval("blank", "blank", "blank"))
    events = fought(b, ("naval", "carrier"), ("army", "aircraft"))
    assert "air support aircraft: 2 hits" in events[0] and b.front["defender"] == {"destroyer": 1}
    fought(b, *naval("blank"))
    assert "0 hits" in fought(b, ("naval", "battleship"), ("army", "tank"))[0]


def test_step_table_is_the_exact_distribution_of_match_hits():
    for kind, front, carriers in (("army", {"infantry": 2, "aircraft": 1}, 0), ("army", {"tank": 1, "infantry": 3}, 0),
                                  ("naval", {"battleship": 2, "carrier": 1}, 1), ("naval", {"submarine": 3}, 0)):
        faces = tables().faces[kind]
        n = sum(front.values())
        want = [0.0] * (sum(front.values()) + carriers + 1)
        for roll in itertools.product(faces, repeat=n):
            for air in itertools.product(tables().faces["army"], repeat=carriers):
                counts = {f: roll.count(f) for f in set(roll)}
                want[match_hits(counts, front) + air.count("aircraft")] += 6.0 ** -(n + carriers)
        got = step_table(kind, tuple(sorted(front.items())), carriers)
        assert list(got) == pytest.approx(want[:len(got)]) and sum(want[len(got):]) == pytest.approx(0)


# -- destroy ------------------------------------------------------------------------------------
def test_hits_destroy_in_the_fixed_army_order_from_the_front():
    b = Battle.start("army", "a", {"infantry": 9}, "d", {"aircraft": 1, "tank": 1, "artillery": 1, "infantry": 1})
    fought(b, *army("blank") * 4)
    fought(b, *army("infantry", "infantry", "infantry", "blank", "blank"))  # a front of 5 now
    assert b.front["defender"] == {"aircraft": 1}  # infantry, artillery, tank; then the aircraft


def test_hits_destroy_in_the_fixed_naval_order():
    b = Battle.start("naval", "a", {"destroyer": 6}, "d", {"battleship": 1, "carrier": 1, "submarine": 1, "destroyer": 1})
    fought(b, *naval("blank") * 4, ("army", "blank"))
    fought(b, *naval("destroyer") * 3, *naval("blank") * 2)
    assert b.front["defender"] == {"battleship": 1}


def test_extra_hits_beyond_the_front_are_lost():
    """Ruling 5: the reserve is safe; the option casualties_from="all" reads it otherwise."""
    def battle(options: BattleOptions | None = None) -> Battle:
        b = Battle.start("army", "a", {"infantry": 5}, "d", {"infantry": 1, "tank": 5}, options=options)
        b.choose({"infantry": 1, "tank": 3})
        fought(b, *army("blank") * 4)
        fought(b, *army("infantry") * 5)  # the attacker's front of 5 against 4: one hit too many
        return b
    assert battle().units("defender") == {"tank": 2}
    assert battle(BattleOptions(casualties_from="all")).units("defender") == {"tank": 1}


def test_the_sides_alternate_until_one_has_no_units():
    for seed in range(30):
        b = Battle.start("army", "a", {"infantry": 5, "artillery": 2, "tank": 1}, "d", {"infantry": 4, "aircraft": 2})
        rng, last = Rng(seed), None
        while not b.done:
            c = b.decision()
            if c is not None:
                b.choose(c.legal()[-1])
                continue
            assert b.active != last or b.step == 0
            last = b.active
            b.roll(rng)
        winner = b.winner()
        assert winner is not None and sum(b.survivors(winner).values()) > 0
        assert not sum(b.survivors(Battle.other(winner)).values())


def test_a_battle_is_plain_data():
    b = Battle.start("naval", "a", {"submarine": 2, "carrier": 3}, "d", {"battleship": 5},
                     options=BattleOptions(shock_troops=1, armor_raid="reroll"))
    b.choose({"submarine": 2, "carrier": 2})
    b.roll(Rng(5))
    d = json.loads(json.dumps(b.to_dict()))
    assert Battle.from_dict(d) == b and Battle.from_dict(d).to_dict() == b.to_dict()
    c = b.copy()
    c.roll(Rng(6))
    assert c != b


def test_next_outcomes_sum_to_one():
    b = Battle.start("army", "a", {"infantry": 3, "tank": 2, "aircraft": 1}, "d", {"infantry": 4})
    b.choose({"infantry": 1, "tank": 2, "aircraft": 1})
    outcomes = b.next_outcomes()
    assert sum(p for p, _ in outcomes) == pytest.approx(1.0)
    assert len({json.dumps(x.to_dict(), sort_keys=True) for _, x in outcomes}) == len(outcomes)


# -- neutral regions ----------------------------------------------------------------------------
def test_a_neutral_rolls_one_army_die_per_year():
    """[Battles]: in Year 4 two aircraft, a tank and a blank make 2 aircraft and 1 tank."""
    assert neutral_army(4, Script(*army("aircraft", "tank", "blank", "aircraft"))) == {"aircraft": 2, "tank": 1}
    assert neutral_army(2, Script(*army("blank", "blank"))) == {}


def test_the_neutral_front_policy_goes_round_the_types():
    assert neutral_front({"infantry": 3, "aircraft": 2, "tank": 1}, 4) == {"aircraft": 2, "tank": 1, "infantry": 1}
    assert neutral_front({"infantry": 5, "artillery": 1}, 4) == {"artillery": 1, "infantry": 3}
    b = Battle.start("army", "a", {"infantry": 4}, None, {"infantry": 3, "artillery": 3})
    assert b.decision() is None and b.front["defender"] == {"artillery": 2, "infantry": 2}


def test_a_neutral_of_blanks_loses_at_once():
    b = Battle.start("army", "a", {"infantry": 1}, None, {})
    assert b.done and b.winner() == "attacker" and b.decision() is None


# -- the coastal attack (ruling 9) -------------------------------------------------------------
def test_a_coastal_attack_without_ships_hits_the_army_on_submarine_faces():
    done = coastal_attack(3, {}, {"tank": 2, "infantry": 1}, Script(*naval("submarine", "submarine", "battleship")))
    assert done.battle is None and done.army_lost == {"infantry": 1, "tank": 1}


def test_a_coastal_attack_fights_the_ships_on_the_coastline():
    done = coastal_attack(2, {"destroyer": 1}, {"infantry": 3}, Rng(0), attacker="red", defender="blue")
    assert done.battle is not None and done.army_lost == {}
    assert (done.battle.kind, done.battle.active, done.battle.salvo) == ("naval", "attacker", True)


# -- cards that touch battle ([Cards]; brief §1.1.8) --------------------------------------------
def test_shock_troops_let_the_reserve_roll_in_the_attackers_first_steps():
    b = Battle.start("army", "a", {"infantry": 8}, "d", {"tank": 7}, options=BattleOptions(shock_troops=1))
    fought(b, *army("blank") * 4)
    fought(b, *army("blank") * 8)  # front of 5 and reserve of 3 all roll
    fought(b, *army("blank") * 5)
    fought(b, *army("infantry") * 6)  # then the front only (6 of 8)
    assert b.units("defender") == {"tank": 2}


def test_shock_troops_match_faces_against_the_reserve_too():
    b = Battle.start("army", "a", {"infantry": 5, "aircraft": 1}, "d", {"tank": 7}, options=BattleOptions(shock_troops=1))
    b.choose({"infantry": 4})
    fought(b, *army("blank") * 4)
    b.choose({"infantry": 1})  # the aircraft stays in reserve, and still rolls and matches
    assert "2 hits" in fought(b, *army("aircraft", "infantry", "blank", "blank", "blank", "blank"))[0]


def test_armor_raid_rerolls_the_attackers_first_step_that_scores_nothing():
    b = Battle.start("army", "a", {"infantry": 2}, "d", {"tank": 4}, options=BattleOptions(armor_raid="reroll"))
    fought(b, *army("blank") * 4)
    events = fought(b, *army("blank", "tank"), *army("infantry", "blank"))
    assert "re-roll" in events[1] and b.units("defender") == {"tank": 3}
    fought(b, *army("blank") * 3)
    fought(b, *army("blank", "tank"))  # once only
    assert b.units("defender") == {"tank": 3}


def test_fascist_armor_raid_rolls_the_first_step_twice_and_both_count():
    b = Battle.start("army", "a", {"infantry": 2}, "d", {"tank": 4}, options=BattleOptions(armor_raid="twice"))
    fought(b, *army("blank") * 4)
    fought(b, *army("infantry", "blank"), *army("infantry", "infantry"))
    assert b.units("defender") == {"tank": 1}
    fought(b, *army("blank"))
    fought(b, *army("blank", "blank"))  # the next step once


def test_wolf_pack_gives_a_defender_with_submarines_an_extra_opening_salvo():
    b = Battle.start("naval", "a", {"battleship": 2}, "d", {"submarine": 1, "destroyer": 2},
                     options=BattleOptions(wolf_pack_defence_salvo=True))
    assert (b.active, b.salvo) == ("defender", True)
    fought(b, *naval("submarine"))
    assert (b.active, b.salvo, b.units("attacker")) == ("defender", False, {"battleship": 1})
    fought(b, *naval("blank") * 3)
    assert b.active == "attacker"
    c = Battle.start("naval", "a", {"submarine": 1}, "d", {"submarine": 1}, options=BattleOptions(wolf_pack_defence_salvo=True))
    fought(c, *naval("blank"))
    assert (c.active, c.salvo) == ("attacker", True)
    fought(c, *naval("blank"))
    assert (c.active, c.salvo) == ("defender", False)


# -- next_outcomes is exactly what roll does -----------------------------------------------------
class Replay:
    """Dice that draw ``path`` and then 0s, recording every draw."""

    def __init__(self, path: list[int]) -> None:
        self.path, self.used = path, []

    def below(self, n: int) -> int:
        v = self.path[len(self.used)] if len(self.used) < len(self.path) else 0
        self.used.append(v)
        return v


def every_roll(b: Battle) -> dict[tuple[object, ...], float]:
    """The states after one roll of ``b`` over every sequence of faces, with their chances."""
    out: dict[tuple[object, ...], float] = {}
    path: list[int] = []
    while True:
        c, dice = b.copy(), Replay(path)
        c.roll(dice)
        out[c.key()] = out.get(c.key(), 0.0) + 6.0 ** -len(dice.used)
        path = dice.used
        while path and path[-1] == 5:
            path.pop()
        if not path:
            return out
        path[-1] += 1


@pytest.mark.parametrize("kind, attack, defend, options, steps", [
    ("army", {"infantry": 2, "artillery": 1}, {"infantry": 2, "tank": 1}, BattleOptions(), 3),
    ("naval", {"carrier": 2, "battleship": 1}, {"destroyer": 2, "submarine": 1}, BattleOptions(), 2),
    ("army", {"infantry": 2, "tank": 1}, {"tank": 3}, BattleOptions(armor_raid="reroll"), 3),
    ("army", {"infantry": 1, "tank": 1}, {"tank": 3}, BattleOptions(armor_raid="twice"), 2),
    ("army", {"infantry": 4, "tank": 1}, {"infantry": 1}, BattleOptions(shock_troops=1, casualties_from="all"), 2),
    ("naval", {"destroyer": 2}, {"submarine": 1, "battleship": 1}, BattleOptions(wolf_pack_defence_salvo=True), 3),
])
def test_next_outcomes_is_the_exact_distribution_of_roll(kind, attack, defend, options, steps):
    b = Battle.start(kind, "a", attack, "d", defend, options=options)
    rng = Rng(11)
    for _ in range(steps):
        while (c := b.decision()) is not None:
            b.choose(c.legal()[0])
        if b.done:
            break
        want = every_roll(b)
        got = {o.key(): p for p, o in b.next_outcomes()}
        assert got.keys() == want.keys()
        assert all(got[k] == pytest.approx(want[k]) for k in want)
        b.roll(rng)


# -- the data file ------------------------------------------------------------------------------
def test_every_battle_table_says_where_it_comes_from():
    import tomllib
    from importlib import resources

    raw = tomllib.loads((resources.files("fortress.rulesets.attack") / "data" / "battle.toml").read_text("utf-8"))
    for name, section in raw.items():
        sources = {k: v for k, v in section.items() if k.endswith("_source")}
        assert sources, f"[{name}] has no *_source"
        assert set(sources.values()) <= {"text", "derived", "ruling", "design"}, name
        for k in section:
            if not k.endswith("_source"):
                assert f"{k}_source" in section or f"{name}_source" in section, f"{name}.{k} has no source"


def test_a_broken_battle_table_is_refused_in_one_line():
    import tomllib
    from importlib import resources

    from fortress.engine.data import DataError
    from fortress.rulesets.attack.battle_dice import _check

    raw = tomllib.loads((resources.files("fortress.rulesets.attack") / "data" / "battle.toml").read_text("utf-8"))
    assert _check(raw) == tables()
    with pytest.raises(DataError, match="dice.army must have 6 faces"):
        _check({**raw, "dice": {**raw["dice"], "army": ["tank"] * 5}})
    with pytest.raises(DataError, match="policy.naval"):
        _check({**raw, "policy": {**raw["policy"], "naval": ["battleship"]}})
    with pytest.raises(DataError, match="front is missing"):
        _check({k: v for k, v in raw.items() if k != "front"})


@pytest.mark.parametrize("name", ["battle", "battle_dice", "odds"])
def test_the_docstring_examples_run(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"fortress.rulesets.attack.{name}"))
    assert result.failed == 0 and result.attempted > 0
