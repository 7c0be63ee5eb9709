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
    fresh = not (battle.pending or battle.disengaged or battle.retreated or any(battle.destroyed.values()))
    if factored and fresh and battle.step <= FIRST_ATTACKER_STEP:
        return factored_odds(battle, att, dfn, retreat_possible)
    dist: dict[Outcome, float] = {}
    for b, p in final_states(battle, att, dfn):
        if not retreat_possible and b.retreated:
            b = _destroy_retreats(b.copy())
        o = outcome_of(b)
        dist[o] = dist.get(o, 0.0) + p
    return summarise(dist)


# -- exact, factored ---------------------------------------------------------------------
#: Policies whose choices depend only on the forces in the battle (not on the results
#: still pending, nor on the other side's units beyond the attacker's classes): which
#: attacker a defender's hit destroys and which attacker disengages depend on the
#: attackers; which defender an attacker's hit destroys and which defender retreats
#: depend on the defenders. For them (tests compare with full enumeration)
#: * a roll's h hits and r retreats are h single hits then r single departures, each
#:   computed once per force with a real ``Battle`` and shared;
#: * the attacker's fire is computed once per *fire signature* (the dice and the
#:   Combined Arms rule of each attacking class) and shared by all attacking forces with it.
FACTORABLE: frozenset[Policy] = frozenset(POLICIES.values())
FIRST_ATTACKER_STEP = STEPS.index((ATTACKER, STEPS[0][1]))
_STEP_OF = {rc: i for i, rc in enumerate(STEPS)}

SideKey = tuple  # (force items, frozenset of units that left): one side of a battle


class _Side:
    """One side of a battle under the other side's fire: its states are ``SideKey``s and
    its transitions (one hit, one unit leaving) are computed with a real ``Battle``."""

    __slots__ = ("rep", "victim", "policies", "hits", "leaves", "moves", "dists", "sizes")

    def __init__(self, rep: Battle, victim: str, policies: Mapping[str, Policy]) -> None:
        self.rep, self.victim, self.policies = rep, victim, policies
        self.hits: dict[tuple, list[SideKey]] = {}  # (firing class, key) -> [key, 1 hit, 2 hits, ...]
        self.leaves: dict[SideKey, list[SideKey]] = {}  # key -> [key, 1 left, 2 left, ...]
        self.moves: dict[tuple, list[tuple[SideKey, float]]] = {}  # (cls, dice, CA, key) -> [(key', p)]
        self.dists: dict[tuple, dict[SideKey, float]] = {}  # path of steps -> distribution
        self.sizes: dict[SideKey, int] = {}

    def key(self, b: Battle) -> SideKey:
        if self.victim == ATTACKER:
            return (tuple(b.attackers.items()), frozenset(b.disengaged.items()))
        return (tuple(b.defenders.items()), frozenset(b.retreated.items()))

    def _apply(self, key: SideKey, cls: str, hits: int, leaving: int) -> SideKey:
        """The side after one hit (or one departure) by the other side's ``cls`` fire."""
        rep = self.rep
        b = object.__new__(Battle)  # rep.copy() without what the decisions do not read
        b.area, b.terrain, b.pending = rep.area, rep.terrain, []
        b.destroyed = {ATTACKER: _new_counter(), DEFENDER: _new_counter()}
        left = _new_counter()
        dict.update(left, key[1])
        if self.victim == ATTACKER:
            b.attackers, b.disengaged, b.defenders, b.retreated = dict(key[0]), left, rep.defenders, _new_counter()
        else:
            b.defenders, b.retreated, b.attackers, b.disengaged = dict(key[0]), left, rep.attackers, _new_counter()
        b.step = _STEP_OF[(other_role(self.victim), cls)]
        b.apply_results(hits, 0, leaving)
        return self.key(resolve(b, self.policies))

    def size(self, key: SideKey) -> int:
        n = self.sizes.get(key)
        if n is None:
            n = self.sizes[key] = sum(n for _t, n in key[0])
        return n

    def _chain(self, memo: dict, mk, key: SideKey, n: int, cls: str, hit: bool) -> list[SideKey]:
        chain = memo.get(mk)
        if chain is None:
            chain = memo[mk] = [key]
        while len(chain) <= n:
            last = chain[-1]
            chain.append(self._apply(last, cls, 1, 0) if hit else self._apply(last, cls, 0, 1))
        return chain

    def step_moves(self, cls: str, dk: tuple, ca: bool, key: SideKey) -> list[tuple[SideKey, float]]:
        """Where ``key`` goes, with what probability, when the other side's ``cls`` units
        roll the dice ``dk`` (h hits then r departures: chains of single transitions)."""
        mk = (cls, dk, ca, key)
        out = self.moves.get(mk)
        if out is not None:
            return out
        enemies = self.size(key)
        if not enemies:
            out = self.moves[mk] = [(key, 1.0)]
            return out
        table = step_table(dk, ca, enemies)
        hits = self._chain(self.hits, (cls, key), key, max(h for h, _r, _p in table), cls, True)
        leaves = self.leaves
        merged: dict[SideKey, float] = {}
        for h, r, p in table:
            k = hits[h]
            if r:
                chain = leaves.get(k)
                k = chain[r] if chain is not None and len(chain) > r else self._chain(leaves, k, k, r, cls, False)[r]
            merged[k] = merged.get(k, 0.0) + p
        out = self.moves[mk] = list(merged.items())
        return out

    def fire(self, start: SideKey, path: tuple) -> dict[SideKey, float]:
        """Distribution of this side after the other side fires ``path``: (cls, dice, CA) steps."""
        dist = {start: 1.0}
        for i in range(len(path)):
            prefix = (start, path[:i + 1])
            cached = self.dists.get(prefix)
            if cached is None:
                cls, dk, ca = path[i]
                cached = {}
                get = cached.get
                for key, p in dist.items():
                    for k2, q in self.step_moves(cls, dk, ca, key):
                        cached[k2] = get(k2, 0.0) + p * q
                self.dists[prefix] = cached
            dist = cached
        return dist


def _new_counter() -> Counter:
    """An empty Counter without ``Counter.__init__`` (a hot path)."""
    return Counter.__new__(Counter)


def other_role(role: str) -> str:
    return DEFENDER if role == ATTACKER else ATTACKER


def fire_path(b: Battle, role: str) -> tuple:
    """(class, dice, Combined Arms counts) of each of ``role``'s firing steps still to come,
    from a battle between rolls where only ``role`` fires from now on (read with ``Battle``)."""
    b = b.copy()
    out = []
    while not b.done and b.firing is not None and b.firing[0] == role:
        out.append((b.firing[1], dice_key(b), b.combined_arms_counts(role)))
        b.apply_results(0, 0, 0)
    return tuple(out)


def _lost(start: Mapping[Token, int], key: SideKey) -> dict[Token, int]:
    left, gone = dict(key[0]), dict(key[1])
    return {t: n - left.get(t, 0) - gone.get(t, 0) for t, n in start.items()}


def factored_odds(battle: Battle, attacker: Policy, defender: Policy, retreat_possible: bool = True) -> Odds:
    """Exact odds in two phases. The defender fires first and changes only the attacker's
    side; then the attackers, whatever is left of them, change only the defender's side.
    So the attacker's fire is computed once per fire signature, and the outcome table is
    the product of the two phases' distributions."""
    policies = {ATTACKER: attacker, DEFENDER: defender}
    start = resolve(battle.copy(), policies)
    a_side, d_side = _Side(start, ATTACKER, policies), _Side(start, DEFENDER, policies)
    a_start, d_start = a_side.key(start), d_side.key(start)
    # Phase 1: the defender's fire, on the attacker's side (the defenders do not change).
    d_path = fire_path(start, DEFENDER)
    after = start.copy()
    for _ in d_path:
        after.apply_results(0, 0, 0)
    # Phase 2: group the attacker's side by what its fire does, then fire once per group.
    groups: dict[tuple, dict] = {}
    paths: dict[Count, tuple] = {}  # the attackers' fire depends on their types only
    for key, p in a_side.fire(a_start, d_path).items():
        a_out = (_by_type(dict(key[0])), _by_type(dict(key[1])), _by_type(_lost(start.attackers, key)))
        path = paths.get(a_out[0])
        if path is None:
            b = after.copy()
            b.attackers = dict(key[0])
            b._skip_silent_steps()
            path = paths[a_out[0]] = fire_path(b, ATTACKER)
        g = groups.setdefault(path, {})
        g[a_out] = g.get(a_out, 0.0) + p
    outs: dict[SideKey, tuple] = {}
    parts = []
    for path, a_dist in groups.items():
        d_dist: dict[tuple, float] = {}
        for key, q in d_side.fire(d_start, path).items():
            d = outs.get(key)
            if d is None:
                d = outs[key] = _d_out(key, start.defenders, retreat_possible)
            d_dist[d] = d_dist.get(d, 0.0) + q
        parts.append((a_dist, d_dist))
    return _summary_of_parts(parts)


def _d_out(key: SideKey, start: Mapping[Token, int], retreat_possible: bool) -> tuple[Count, Count, Count]:
    """(defenders left, retreated, defenders lost) by type for a defender key."""
    lost, retreated = _lost(start, key), dict(key[1])
    if not retreat_possible:
        lost = {t: n + retreated.get(t, 0) for t, n in lost.items()}
        retreated = {}
    return _by_type(dict(key[0])), _by_type(retreated), _by_type(lost)


def _summary_of_parts(parts: list[tuple[dict, dict]]) -> Odds:
    att_by: Counter = Counter()
    def_by: Counter = Counter()
    s = dict.fromkeys(SUMMARY, 0.0)
    d_all: dict[tuple, float] = {}  # the defender's side over all parts
    for a_dist, d_dist in parts:
        pa = sum(a_dist.values())
        for (left, dis, lost), p in a_dist.items():
            for t, n in lost:
                att_by[t] += n * p
            s["p_attacker_destroyed"] += p * (not left and not dis)
            s["p_attacker_gone"] += p * (not left)
            s["disengaged"] += p * sum(n for _t, n in dis)
        for d, q in d_dist.items():
            d_all[d] = d_all.get(d, 0.0) + pa * q
    for (left, ret, lost), q in d_all.items():
        for t, n in lost:
            def_by[t] += n * q
        s["p_cleared"] += q * (not left)
        s["retreated"] += q * sum(n for _t, n in ret)
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
