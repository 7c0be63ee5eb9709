"""Exact odds: every roll of every firing step, driven through :class:`fortress.combat.Battle`."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Mapping

from fortress.combat import ATTACKER, DEFENDER, DEFAULT_POLICY, POLICIES, STEPS, Battle, Policy, Token
from fortress.dice import COMBINED_ARMS, DICE, HIT, RETREAT
from fortress.odds_forces import policy
from fortress.odds_report import SUMMARY, Count, Odds, Outcome, _by_type, _destroy_retreats, outcome_of, summarise

@lru_cache(maxsize=4096)
def roll_table(dice: tuple[tuple[str, int], ...]) -> tuple[tuple[int, int, int, float], ...]:
    """Joint distribution of (hits, Combined Arms, retreats) for a multiset of dice."""
    dist = {(0, 0, 0): 1.0}
    for name, n in dice:
        probs = DICE[name].probabilities()
        ph, pc, pr = probs.get(HIT, 0.0), probs.get(COMBINED_ARMS, 0.0), probs.get(RETREAT, 0.0)
        faces = [(d, q) for d, q in (((1, 0, 0), ph), ((0, 1, 0), pc), ((0, 0, 1), pr),
                                     ((0, 0, 0), 1.0 - ph - pc - pr)) if q > 0]
        for _ in range(n):
            nxt: dict[tuple[int, int, int], float] = {}
            for (h, c, r), p in dist.items():
                for (dh, dc, dr), q in faces:
                    k = (h + dh, c + dc, r + dr)
                    nxt[k] = nxt.get(k, 0.0) + p * q
            dist = nxt
    return tuple((h, c, r, p) for (h, c, r), p in dist.items())


@lru_cache(maxsize=16384)
def step_table(dice: tuple[tuple[str, int], ...], combined_counts: bool, enemies: int) -> tuple[tuple[int, int, float], ...]:
    """Distribution of (hits, retreats) that can differ in effect: Combined Arms folded
    into hits when it counts; hits capped at ``enemies``, retreats at those left.

    The same numbers as folding and capping ``roll_table(dice)``, but capped while
    convolving (min(a + b, E) = min(min(a, E) + b, E)), so many dice stay cheap."""
    e = enemies
    dist = {(0, 0): 1.0}
    for name, n in dice:
        probs = DICE[name].probabilities()
        ph = probs.get(HIT, 0.0) + (probs.get(COMBINED_ARMS, 0.0) if combined_counts else 0.0)
        pr = probs.get(RETREAT, 0.0)
        faces = [(dh, dr, q) for dh, dr, q in ((1, 0, ph), (0, 1, pr), (0, 0, 1.0 - ph - pr)) if q > 0]
        for _ in range(n):
            nxt: dict[tuple[int, int], float] = {}
            for (h, r), p in dist.items():
                for dh, dr, q in faces:
                    k = (min(h + dh, e), min(r + dr, e))
                    nxt[k] = nxt.get(k, 0.0) + p * q
            dist = nxt
    out: dict[tuple[int, int], float] = {}
    for (h, r), p in dist.items():
        k = (h, min(r, e - h))
        out[k] = out.get(k, 0.0) + p
    return tuple((h, r, p) for (h, r), p in out.items())


def clear_caches() -> None:
    """Forget the memoised dice tables (transitions are memoised per call only)."""
    roll_table.cache_clear()
    step_table.cache_clear()


def dice_key(battle: Battle) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(Counter(die for _t, die in battle.firing_units()).items()))


def resolve(battle: Battle, policies: Mapping[str, Policy]) -> Battle:
    """Make every pending decision with the deciding side's policy (as ``fight`` does)."""
    while (d := battle.decision()) is not None:
        battle.choose(d.options[0] if len(d.options) == 1 else policies[d.decider](battle, d))
    return battle


def state_key(b: Battle) -> tuple:
    """Canonical key of a battle between rolls (what was destroyed follows from it)."""
    return (b.step, tuple(b.attackers.items()), tuple(b.defenders.items()),
            frozenset(b.disengaged.items()), frozenset(b.retreated.items()))


def successors(b: Battle, policies: Mapping[str, Policy]) -> list[tuple[Battle, float]]:
    """Every battle after the class firing now rolls, with its probability."""
    role, _cls = b.firing
    enemies = sum(b.force(DEFENDER if role == ATTACKER else ATTACKER).values())
    if not enemies:  # nothing to hit: every roll leads to the same state
        c = b.copy()
        c.apply_results(0, 0, 0)
        return [(c, 1.0)]
    out = []
    for h, r, p in step_table(dice_key(b), b.combined_arms_counts(role), enemies):
        c = b.copy()
        c.apply_results(h, 0, r)
        out.append((resolve(c, policies), p))
    return out


def final_states(battle: Battle, attacker: Policy, defender: Policy) -> list[tuple[Battle, float]]:
    """The exact distribution of ``battle``'s end states (merged by ``state_key``)."""
    policies = {ATTACKER: attacker, DEFENDER: defender}
    end = len(STEPS)  # resolved battles are done exactly when every step has fired
    buckets: list[dict[tuple, list]] = [{} for _ in range(end + 1)]
    start = resolve(battle.copy(), policies)
    buckets[start.step][state_key(start)] = [start, 1.0]
    for step in range(end):
        for b, p in buckets[step].values():
            for c, q in successors(b, policies):
                slot = buckets[c.step].setdefault(state_key(c), [c, 0.0])
                slot[1] += p * q
    return [(b, p) for b, p in buckets[end].values()]


def odds_of(battle: Battle, *, attacker_policy: str | Policy = DEFAULT_POLICY,
            defender_policy: str | Policy = DEFAULT_POLICY, retreat_possible: bool = True,
            factored: bool | None = None) -> Odds:
    """Exact odds of a prepared ``Battle`` (not modified).

    ``factored`` (default: when both policies are in ``FACTORABLE``) splits the battle
    into the defender's fire and the attacker's fire (see ``factored_odds``); False
    enumerates whole battle states, which is right for any policy.
    """
    att, dfn = policy(attacker_policy), policy(defender_policy)
    if factored is None:
        factored = att in FACTORABLE and dfn in FACTORABLE
    if factored and battle.step <= FIRST_ATTACKER_STEP and not battle.pending:
        return factored_odds(battle, att, dfn, retreat_possible)
    dist: dict[Outcome, float] = {}
    for b, p in final_states(battle, att, dfn):
        if not retreat_possible and b.retreated:
            b = _destroy_retreats(b.copy())
        o = outcome_of(b)
        dist[o] = dist.get(o, 0.0) + p
    return summarise(dist)


# -- exact, factored ---------------------------------------------------------------------
#: Policies whose choices while the attacker fires (which defender a hit destroys, which
#: defender retreats) depend only on the defenders, the decision and the attacker's
#: classes -- not on which attacking units or how many. For them the attacker's fire is
#: computed once per attacking force and shared (tests compare with full enumeration).
FACTORABLE: frozenset[Policy] = frozenset(POLICIES.values())
FIRST_ATTACKER_STEP = STEPS.index((ATTACKER, STEPS[0][1]))

DKey = tuple  # (defenders' items, retreated items): the defender's side of a battle


def _d_key(b: Battle) -> DKey:
    return (tuple(b.defenders.items()), frozenset(b.retreated.items()))


def _d_out(key: DKey, start: Mapping[Token, int], retreat_possible: bool) -> tuple[Count, Count, Count]:
    """(defenders left, retreated, defenders lost) by type for a defender key."""
    defenders, retreated = dict(key[0]), dict(key[1])
    lost = {t: n - defenders.get(t, 0) - retreated.get(t, 0) for t, n in start.items()}
    if not retreat_possible:
        lost = {t: n + retreated.get(t, 0) for t, n in lost.items()}
        retreated = {}
    return _by_type(defenders), _by_type(retreated), _by_type(lost)


def _defender_phase(battle: Battle, policies: Mapping[str, Policy]) -> list[tuple[Battle, float]]:
    """Battles after the defender has fired (only the attacker's side differs)."""
    buckets: list[dict[tuple, list]] = [{} for _ in range(len(STEPS) + 1)]
    buckets[battle.step][state_key(battle)] = [battle, 1.0]
    for step in range(FIRST_ATTACKER_STEP):
        for b, p in buckets[step].values():
            for c, q in successors(b, policies):
                buckets[c.step].setdefault(state_key(c), [c, 0.0])[1] += p * q
    return [(b, p) for bucket in buckets[FIRST_ATTACKER_STEP:] for b, p in bucket.values()]


class _AttackerFire:
    """The attacker's fire from one defending force, memoised across attacking forces:
    ``apply(rep, step, key, hits, retreats)`` is computed once with a real ``Battle``."""

    def __init__(self, policies: Mapping[str, Policy]) -> None:
        self.policies = policies
        self.memo: dict[tuple, DKey] = {}
        self.dists: dict[tuple, dict[DKey, float]] = {}
        self.sizes: dict[DKey, int] = {}

    def apply(self, rep: Battle, step: int, key: DKey, hits: int, retreats: int) -> DKey:
        mk = (step, key, hits, retreats)
        out = self.memo.get(mk)
        if out is None:
            b = rep.copy()
            b.defenders, b.step = dict(key[0]), step
            b.retreated = retreated = Counter()
            dict.update(retreated, key[1])
            b.destroyed[DEFENDER] = lost = Counter()
            for t, n in rep.defenders.items():
                if (k := n - b.defenders.get(t, 0) - retreated.get(t, 0)) > 0:
                    lost[t] = k
            b.apply_results(hits, 0, retreats)
            out = self.memo[mk] = _d_key(resolve(b, self.policies))
        return out

    def final(self, rep: Battle) -> dict[DKey, float]:
        """Distribution of the defender's side after ``rep``'s attackers have all fired."""
        dist = {_d_key(rep): 1.0}
        path: tuple = ()
        b = rep.copy()
        while not b.done:
            step, role_cls = b.step, b.firing
            dk, ca = dice_key(b), b.combined_arms_counts(ATTACKER)
            path += ((step, dk, ca),)
            cached = self.dists.get(path)
            if cached is None:
                cached = self.dists[path] = self._fire(rep, step, dk, ca, dist)
            dist = cached
            b.apply_results(0, 0, 0)  # next class of this attacking force
        return dist

    def _fire(self, rep: Battle, step: int, dk: tuple, ca: bool, dist: dict[DKey, float]) -> dict[DKey, float]:
        out: dict[DKey, float] = {}
        for key, p in dist.items():
            enemies = self.sizes.get(key)
            if enemies is None:
                enemies = self.sizes[key] = sum(n for _t, n in key[0])
            if not enemies:
                out[key] = out.get(key, 0.0) + p
                continue
            for h, r, q in step_table(dk, ca, enemies):
                k2 = self.apply(rep, step, key, h, r)
                out[k2] = out.get(k2, 0.0) + p * q
        return out


def factored_odds(battle: Battle, attacker: Policy, defender: Policy, retreat_possible: bool = True) -> Odds:
    """Exact odds in two phases. The defender fires first and changes only the attacker's
    side; then the attackers, whatever is left of them, change only the defender's side.
    So the attacker's fire is computed once per attacking force (by unit type) and the
    outcome table is the product of the two phases' distributions."""
    policies = {ATTACKER: attacker, DEFENDER: defender}
    fire = _AttackerFire(policies)
    groups: dict[Count, list] = {}  # attacking force by type -> [rep battle, {a_out: p}]
    for b, p in _defender_phase(resolve(battle.copy(), policies), policies):
        g = groups.setdefault(_by_type(b.attackers), [b, {}])
        a_out = (_by_type(b.attackers), _by_type(b.disengaged), _by_type(b.destroyed[ATTACKER]))
        g[1][a_out] = g[1].get(a_out, 0.0) + p
    start = battle.defenders
    parts = []
    outs: dict[DKey, tuple] = {}
    for rep, a_dist in groups.values():
        d_dist: dict[tuple, float] = {}
        for key, q in fire.final(rep).items():
            d = outs.get(key)
            if d is None:
                d = outs[key] = _d_out(key, start, retreat_possible)
            d_dist[d] = d_dist.get(d, 0.0) + q
        parts.append((a_dist, d_dist))
    return _summary_of_parts(parts)


def _summary_of_parts(parts: list[tuple[dict, dict]]) -> Odds:
    att_by: Counter = Counter()
    def_by: Counter = Counter()
    s = dict.fromkeys(SUMMARY, 0.0)
    for a_dist, d_dist in parts:
        pa = sum(a_dist.values())
        for (left, dis, lost), p in a_dist.items():
            for t, n in lost:
                att_by[t] += n * p
            s["p_attacker_destroyed"] += p * (not left and not dis)
            s["p_attacker_gone"] += p * (not left)
            s["disengaged"] += p * sum(n for _t, n in dis)
        for (left, ret, lost), q in d_dist.items():
            for t, n in lost:
                def_by[t] += n * q * pa
            s["p_cleared"] += pa * q * (not left)
            s["retreated"] += pa * q * sum(n for _t, n in ret)
    s["attacker_losses"], s["defender_losses"] = sum(att_by.values()), sum(def_by.values())

    def table() -> dict[Outcome, float]:
        out: dict[Outcome, float] = {}
        for a_dist, d_dist in parts:
            for (al, dis, alost), p in a_dist.items():
                for (dl, ret, dlost), q in d_dist.items():
                    o = Outcome(al, dl, dis, ret, alost, dlost)
                    out[o] = out.get(o, 0.0) + p * q
        return out

    return Odds("exact", attacker_losses_by_type=dict(sorted(att_by.items())),
                defender_losses_by_type=dict(sorted(def_by.items())), table=table, **s)
