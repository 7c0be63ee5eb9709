"""The factored exact method (chains of single transitions, shared fire signatures)
gives the same outcome table as enumerating whole battles, for every named policy."""
from __future__ import annotations

import random

import pytest

from fortress.rulesets.america import odds as O
from fortress.rulesets.america.battle import POLICIES

TYPES = ["infantry", "partisan", "mobile", "hovertank", "helicopter", "bomber"]


def random_forces(r: random.Random) -> tuple[dict, dict, str, int]:
    att: dict = {}
    for k in range(r.randint(1, 3)):
        for _ in range(r.randint(1, 3)):
            t = (r.choice(TYPES), f"from-{k}")
            att[t] = att.get(t, 0) + 1
    dfn: dict = {}
    for _ in range(r.randint(1, 4)):
        t = r.choice(TYPES)
        dfn[t] = dfn.get(t, 0) + 1
    return att, dfn, r.choice(O.TERRAINS), r.choice([0, 0, 1, 2])


@pytest.mark.parametrize("seed", range(4))
def test_factored_matches_enumeration_on_random_battles(seed):
    r = random.Random(seed)
    for _ in range(6):
        att, dfn, terrain, inside = random_forces(r)
        a_name, d_name = r.choice(sorted(POLICIES)), r.choice(sorted(POLICIES))
        retreat = r.random() < 0.7
        battle = O.make_battle(att, dfn, terrain, bombers_inside=inside)
        plain = O.odds_of(battle, attacker_policy=a_name, defender_policy=d_name, retreat_possible=retreat,
                          factored=False)
        fast = O.odds_of(battle, attacker_policy=a_name, defender_policy=d_name, retreat_possible=retreat)
        pt, ft = dict(plain.outcomes), dict(fast.outcomes)
        assert set(pt) == set(ft), (att, dfn, terrain, inside, a_name, d_name)
        assert all(abs(pt[k] - ft[k]) < 1e-12 for k in pt)
        for name in O.SUMMARY:
            assert abs(getattr(plain, name) - getattr(fast, name)) < 1e-12, name


@pytest.mark.parametrize("seed", range(3))
def test_step_table_is_the_folded_and_capped_roll_table(seed):
    """The capped-while-convolving table equals folding and capping the full joint table."""
    from fortress.rulesets.america.odds.exact import roll_table, step_table
    from fortress.rulesets.america.tables import default
    tables = default()
    r = random.Random(seed)
    names = sorted(tables.dice)
    for _ in range(10):
        dice = tuple(sorted({n: r.randint(1, 4) for n in r.sample(names, r.randint(1, min(3, len(names))))}.items()))
        ca, e = r.random() < 0.5, r.randint(1, 6)
        want: dict = {}
        for h, c, rr, p in roll_table(dice, tables):
            hh = min(h + (c if ca else 0), e)
            k = (hh, min(rr, e - hh))
            want[k] = want.get(k, 0.0) + p
        got = {(h, rr): p for h, rr, p in step_table(dice, ca, e, tables)}
        assert set(got) == set(want) and all(abs(got[k] - want[k]) < 1e-12 for k in want)


@pytest.mark.parametrize("seed", range(2))
def test_the_cleared_bound_is_never_below_the_exact_chance(seed):
    """``cleared_at_most`` (the heuristic asks the odds only where it reaches its bar) is at least
    the exact P(cleared) on random battles (a lone partisan and bombers inside among them), and
    below the bar in some: it spares real work."""
    from fortress.rulesets.america.tables import default
    tables, r = default(), random.Random(40 + seed)
    battles = [random_forces(r) for _ in range(80)] + [({("partisan", "a"): 1}, {"infantry": 1}, "city", 0)]
    below = 0
    for att, dfn, terrain, inside in battles:
        kinds: dict[str, int] = {"bomber": inside} if inside else {}
        for (kind, _w), n in att.items():
            kinds[kind] = kinds.get(kind, 0) + n
        bound = O.cleared_at_most(kinds, sum(dfn.values()), tables)
        assert bound >= O.exact(att, dfn, terrain, bombers_inside=inside).p_cleared - 1e-12, (att, dfn, terrain, inside)
        below += bound < 0.95
    assert below >= 10
    assert O.cleared_at_most({"infantry": 1}, 0, tables) == 1.0


def test_kept_sides_stay_within_their_byte_budget(monkeypatch):
    """The sides kept between calls start afresh past ``MAX_SIDE_BYTES``: memory stays bounded
    over many battles (it grew by ~12 MB per bots' game before), and the answers do not change."""
    import importlib
    exact_module = importlib.import_module("fortress.rulesets.america.odds.exact")
    r = random.Random(7)
    battles = [random_forces(r) for _ in range(300)]

    def run() -> tuple[int, list[float]]:
        O.clear_caches()
        peak, answers = 0, []
        for att, dfn, terrain, inside in battles:
            answers.append(O.exact(att, dfn, terrain, bombers_inside=inside).p_cleared)
            peak = max(peak, O.cache_bytes())
        return peak, answers

    budget = 64 * 1024
    unbounded_peak, unbounded = run()
    monkeypatch.setattr(exact_module, "MAX_SIDE_BYTES", budget)
    peak, bounded = run()
    O.clear_caches()
    sides = 2 * len(O.TERRAINS)  # attacker and defender sides per terrain, one policy pair
    assert unbounded_peak > 4 * sides * budget  # the battles are enough to pass the budget
    assert peak <= 2 * sides * budget  # each side within its budget plus one call's growth
    assert all(abs(a - b) < 1e-12 for a, b in zip(unbounded, bounded))


def test_threads_reading_the_kept_sides_at_once_get_each_battles_own_odds():
    """A server's bots play in threads and the kept sides grow as they are read: six threads
    working out 20 battles each at once (from empty caches, switching every microsecond) get
    the odds one thread gets alone."""
    import sys
    import threading

    r = random.Random(7)
    battles = [O.make_battle(a, d, t, bombers_inside=i) for a, d, t, i in (random_forces(r) for _ in range(20))]
    O.clear_caches()
    alone = [summary(b) for b in battles]
    O.clear_caches()
    got: dict[int, list[float]] = {}
    failed: list[BaseException] = []

    def read(k: int) -> None:
        try:
            got[k] = [summary(b) for b in battles[k:] + battles[:k]]
        except BaseException as e:  # noqa: BLE001  (reported below)
            failed.append(e)

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=read, args=(k,)) for k in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(switch)
    assert not failed, failed
    for k, odds in got.items():
        for mine, theirs in zip(odds, alone[k:] + alone[:k]):
            assert mine == pytest.approx(theirs, abs=1e-12)


def summary(battle) -> list[float]:
    odds = O.odds_of(battle)
    return [getattr(odds, name) for name in O.SUMMARY]
