"""The Monte Carlo fast path plays exactly the battles of ``combat.fight``."""
from __future__ import annotations

import random

import pytest

from fortress.rulesets.america import odds as O
from fortress.rulesets.america.battle import ATTACKER, DEFENDER, POLICIES, Battle, fight
from fortress.engine.dice import Rng
from fortress.rulesets.america.battle_counts import FastBattle
from fortress.rulesets.america.tables import default

TYPES = list(default().units)


def random_battle(r: random.Random) -> Battle:
    """Attackers from 1-4 areas (and sometimes bombers inside), 1-6 defenders, any terrain."""
    area = "x"
    att: dict = {}
    for k in range(r.randint(1, 4)):
        for _ in range(r.randint(1, 5)):
            t = (r.choice(TYPES), f"from-{k}")
            att[t] = att.get(t, 0) + 1
    if r.random() < 0.3:
        att[("bomber", area)] = r.randint(1, 3)
    dfn: dict = {}
    for _ in range(r.randint(1, 6)):
        t = (r.choice(TYPES), area)
        dfn[t] = dfn.get(t, 0) + 1
    return Battle(area, r.choice(["plain", "city", "mountain"]), att, dfn, default())


def end_state(b: Battle) -> tuple:
    return (dict(b.attackers), dict(b.defenders), dict(b.disengaged), dict(b.retreated),
            dict(b.destroyed[ATTACKER]), dict(b.destroyed[DEFENDER]))


def fast_state(f: FastBattle, a, d, dis, ret) -> tuple:
    nz = lambda toks, counts: {t: n for t, n in zip(toks, counts) if n}  # noqa: E731
    return (nz(f.a_tokens, a), nz(f.d_tokens, d), nz(f.a_tokens, dis), nz(f.d_tokens, ret),
            nz(f.a_tokens, [x - y - z for x, y, z in zip(f.a0, a, dis)]),
            nz(f.d_tokens, [x - y - z for x, y, z in zip(f.d0, d, ret)]))


@pytest.mark.parametrize("att_name", sorted(POLICIES))
@pytest.mark.parametrize("def_name", sorted(POLICIES))
def test_fast_path_matches_fight_draw_for_draw(att_name, def_name):
    r = random.Random(f"{att_name}/{def_name}")
    att, dfn = POLICIES[att_name], POLICIES[def_name]
    for case in range(150):
        battle = random_battle(r)
        fast = FastBattle.compile(battle, att, dfn)
        assert fast is not None
        slow_rng, fast_rng = Rng(case), Rng(case)
        for _ in range(20):  # consecutive battles on one generator: same draws, same order
            want = end_state(fight(battle.copy(), slow_rng, att, dfn))
            got = fast_state(fast, *fast.play(fast_rng))
            assert got == want, (battle, case)
            assert fast_rng.state == slow_rng.state


def test_fast_path_covers_named_policies_only():
    b = O.make_battle({"infantry": 2}, {"infantry": 1}, "plain")
    assert FastBattle.compile(b, POLICIES["cheapest-first"], POLICIES["protect-air"]) is not None
    custom = lambda battle, d: d.options[0]  # noqa: E731
    assert FastBattle.compile(b, custom, POLICIES["protect-air"]) is None
    b.apply_roll(["hit"])  # mid-decision: left to combat.fight
    assert FastBattle.compile(b, POLICIES["cheapest-first"], POLICIES["cheapest-first"]) is None


@pytest.mark.parametrize("retreat_possible", [True, False])
def test_monte_carlo_tables_are_those_of_fight(retreat_possible):
    # The tally of the fast path equals the tally of combat.fight with the same seed.
    r = random.Random(5)
    for _ in range(10):
        battle = random_battle(r)
        att, dfn = POLICIES["keep-combined-arms"], POLICIES["protect-air"]
        fast = O.simulate_odds(battle, 300, seed=9, attacker_policy=att, defender_policy=dfn,
                               retreat_possible=retreat_possible)
        slow: dict = {}
        rng = Rng(9)
        for _ in range(300):
            b = fight(battle.copy(), rng, att, dfn)
            if not retreat_possible:
                for token, n in list(b.retreated.items()):
                    for _ in range(n):
                        b.destroy_retreated(token)
            o = O.outcome_of(b)
            slow[o] = slow.get(o, 0) + 1
        assert dict(fast.outcomes) == {o: n / 300 for o, n in slow.items()}


def test_a_custom_policy_still_gets_monte_carlo():
    custom = lambda battle, d: d.options[-1]  # noqa: E731
    o = O.monte_carlo({"infantry": 3}, {"infantry": 2}, "plain", runs=200, seed=1, attacker_policy=custom)
    assert o.runs == 200 and 0 <= o.p_cleared <= 1
