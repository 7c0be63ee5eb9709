"""Exact odds: every roll of every firing step, driven through :class:`fortress.rulesets.america.battle.Battle`.

The calculator owns no rule: the order of fire, the dice of each throw and Combined
Arms come from ``Battle.roll_outcomes`` and ``Battle.volleys``, the units a hit may take
from ``casualty_options``, the choices from the casualty policies (see docs/odds.md).
"""
from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any, Mapping

import numpy  # noqa: F401 - the dice tables' folds (dice.py imports it when first asked): loaded with the odds, not in the first battle

from fortress.rulesets.america.battle import (ATTACKER, DEFENDER, DEFAULT_POLICY, POLICIES, STEPS, Battle, Decision, Policy,
                                   Token, casualty_options, other)
from fortress.rulesets.america.dice import DiceKey, DiceOf, clear_tables, roll_table, volley_table
from fortress.rulesets.america.odds.forces import policy
from fortress.rulesets.america.odds.report import Count, Odds, Outcome, _by_type, _destroy_retreats, outcome_of, summarise

__all__ = ["FACTORABLE", "cache_bytes", "clear_caches", "dice_key", "factored_odds", "final_states", "odds_of", "resolve",
           "roll_table", "state_key", "step_table", "successors"]

#: The (hits, retreats) table of a throw, under the name the odds have always used.
step_table = volley_table


@lru_cache(maxsize=16384)
def _reach(dice: DiceKey, combined_counts: bool, enemies: int, tables: DiceOf) -> tuple[int, tuple]:
    """The most hits of ``step_table(...)`` and, for each number of hits, the most retreats
    (those above 0)."""
    max_r: dict[int, int] = {}
    table = step_table(dice, combined_counts, enemies, tables)
    for h, r, _p in table:
        if r > max_r.get(h, 0):
            max_r[h] = r
    return max((h for h, _r, _p in table), default=0), tuple(max_r.items())


def clear_caches() -> None:
    """Forget everything kept between calls: the dice tables and the sides' transitions."""
    with _SIDES_LOCK:
        clear_tables()
        _reach.cache_clear()
        _SIDES.clear()
        _PATHS.clear()
        _TYPES.clear()


def cache_bytes() -> int:
    """Bytes counted for what the sides keep between calls (moves, distributions, outcome
    numbers; ``ENTRY_BYTES`` an entry): at most about ``MAX_SIDE_BYTES`` per side, past which a
    side starts afresh."""
    with _SIDES_LOCK:
        return sum(side.bytes for side in _SIDES.values())


def clear_transitions() -> None:
    """Forget the sides' transitions and distributions only (dice tables and fire paths stay)."""
    with _SIDES_LOCK:
        _SIDES.clear()


def dice_key(battle: Battle) -> DiceKey:
    """The dice the class firing now rolls (``Battle.dice``)."""
    return battle.dice()


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
    out = []
    for h, r, p in b.roll_outcomes():
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
    if factored and battle.untouched and not battle.fired(ATTACKER):
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

SideKey = tuple  # (force items, frozenset of units that left): one side of a battle

#: Sides kept between calls, by (attacker policy, defender policy, victim, terrain). Their
#: transitions depend only on the side's own units (``FACTORABLE``), so they stay valid for
#: any battle; a side past ``MAX_SIDE_STATES`` states or ``MAX_SIDE_BYTES`` of kept moves and
#: distributions (``ENTRY_BYTES`` an entry) starts afresh (``clear_caches`` too): the byte bound
#: is what keeps a long run of bots' games within memory (docs/performance.md).
_SIDES: dict[tuple, "_Side"] = {}
#: A kept side grows its chains and distributions as it is read, so one thread at a time reads the
#: sides (a server's bots play in threads; the work holds the GIL anyway).
_SIDES_LOCK = threading.RLock()
MAX_SIDE_STATES = 20_000
MAX_SIDE_BYTES = 16 * 2**20
#: Bytes counted for each kept move, distribution entry and memo entry (a dict slot or a pair,
#: and a float: about 0.7 of what the sides hold, their numbered states not counted)
ENTRY_BYTES = 96


class _Side:
    """One side of a battle under the other side's fire. Its states (``SideKey``s) are
    numbered; its single transitions (one hit, one unit leaving) are computed with a real
    ``Battle``; a firing step moves each state of a distribution (a dict, the states with a
    chance) along its kept moves, summed in state order."""

    __slots__ = ("rep", "view", "victim", "policies", "index", "keys", "sizes", "hits", "leaves", "moves", "dists",
                 "outs", "bytes")

    def __init__(self, rep: Battle, victim: str, policies: Mapping[str, Policy]) -> None:
        self.rep, self.victim, self.policies = rep, victim, policies
        self.view = rep.with_forces(dict(rep.attackers), dict(rep.defenders))  # this side's forces set per run
        self.index: dict[SideKey, int] = {}
        self.keys: list[SideKey] = []
        self.sizes: list[int] = []
        self.hits: dict[tuple[str, int], list[int]] = {}  # (firing class, state) -> [state, 1 hit, 2 hits, ...]
        self.leaves: dict[int, list[int]] = {}  # state -> [state, 1 left, 2 left, ...]
        self.moves: dict[tuple, dict[int, tuple]] = {}  # (cls, dice, CA) -> state -> ((state, probability), ...)
        self.dists: dict[tuple, dict[int, float]] = {}  # (start, path of steps) -> {state: probability}
        self.outs: dict[tuple, Any] = {}  # the caller's memo of what states mean
        self.bytes = 0  # held by the moves, the distributions and the outcome numbers (ENTRY_BYTES each)

    def key(self, b: Battle) -> SideKey:
        if self.victim == ATTACKER:
            return (tuple(b.attackers.items()), frozenset(b.disengaged.items()))
        return (tuple(b.defenders.items()), frozenset(b.retreated.items()))

    def idx(self, key: SideKey) -> int:
        i = self.index.get(key)
        if i is None:
            i = self.index[key] = len(self.keys)
            self.keys.append(key)
            self.sizes.append(sum(n for _t, n in key[0]))
        return i

    def _run(self, i: int, cls: str, n: int, hit: bool) -> list[int]:
        """The states after 1, 2, ..., n single hits (or departures) by the other side's
        ``cls`` fire from state ``i``. Each choice is the deciding policy's, asked with a
        ``Battle`` holding this side's units and a ``Decision`` with the options
        ``Battle.options`` gives (``casualty_options`` of ``cls`` for a hit, every unit for a
        departure); the chosen unit is removed as ``Battle.choose`` removes it. The policies
        in ``FACTORABLE`` read only the forces, so the pending results need not be built."""
        rep, key, victim = self.rep, self.keys[i], self.victim
        force = dict(key[0])
        left = None if hit else dict(key[1])  # departures only: who has left, by type
        b = self.view  # what the policies read: the forces and the terrain
        if victim == ATTACKER:
            b.attackers = force
            kind = "hit" if hit else "disengage"
        else:
            b.defenders = force
            kind = "hit" if hit else "retreat"
        decider = other(victim) if hit else victim
        choose = self.policies[decider]
        out, idx, index, classes = [], self.idx, self.index, rep.tables.classes
        gone = key[1]  # the units that left: the same frozenset until one more leaves
        for _ in range(n):
            if not force:
                break
            options = casualty_options(force, cls, classes) if hit else list(force)
            tok = options[0] if len(options) == 1 else choose(b, Decision(kind, decider, victim, options))
            c = force[tok] - 1
            if c:
                force[tok] = c
            else:
                del force[tok]
            if left is not None:
                left[tok] = left.get(tok, 0) + 1
                gone = frozenset(left.items())
            k = (tuple(force.items()), gone)
            j = index.get(k)
            out.append(j if j is not None else idx(k))
        out.extend([out[-1] if out else i] * (n - len(out)))  # nothing left to hit: no change
        return out

    def _chain(self, memo: dict, mk, i: int, n: int, cls: str, hit: bool) -> list[int]:
        chain = memo.get(mk)
        if chain is None:
            chain = memo[mk] = [i]
        if len(chain) <= n:
            chain.extend(self._run(chain[-1], cls, n + 1 - len(chain), hit))
        return chain

    def step_moves(self, cls: str, dk: tuple, ca: bool, i: int) -> dict[int, float]:
        """Where state ``i`` goes, ``{state: probability}``, when the other side's ``cls`` units
        roll the dice ``dk`` (h hits then r departures: chains of single transitions)."""
        enemies = self.sizes[i]
        if not enemies:
            return {i: 1.0}
        tables = self.rep.tables
        table = step_table(dk, ca, enemies, tables)
        max_h, max_r = _reach(dk, ca, enemies, tables)
        hits = self._chain(self.hits, (cls, i), i, max_h, cls, True)
        leaves = self.leaves
        for h, r in max_r:  # each chain of departures in one run, as far as the table needs
            k = hits[h]
            chain = leaves.get(k)
            if chain is None or len(chain) <= r:
                self._chain(leaves, k, k, r, cls, False)
        merged: dict[int, float] = {}
        for h, r, p in table:
            k = hits[h]
            if r:
                k = leaves[k][r]
            merged[k] = merged.get(k, 0.0) + p
        return merged

    def _step(self, dist: dict[int, float], step: tuple) -> dict[int, float]:
        """The distribution after one firing step ``step`` = (cls, dice, CA) (the moves of
        each state worked out once, then kept)."""
        moves = self.moves.get(step)
        if moves is None:
            moves = self.moves[step] = {}
        out: dict[int, float] = {}
        get = out.get
        for s in sorted(dist):
            p = dist[s]
            m = moves.get(s)
            if m is None:
                cls, dk, ca = step
                m = moves[s] = tuple((k, w) for k, w in self.step_moves(cls, dk, ca, s).items() if w)
                self.bytes += ENTRY_BYTES * (len(m) + 1)
            for k, w in m:
                out[k] = get(k, 0.0) + p * w
        return out

    def fire(self, start: int, path: tuple) -> dict[int, float]:
        """Distribution ``{state: probability}`` of this side after the other side fires
        ``path``: (cls, dice, CA) steps. Every prefix is memoised (paths share their first steps)."""
        dists = self.dists
        dist = dists.get((start, path))
        if dist is not None:
            return dist
        dist = dists.get((start, ()))
        if dist is None:
            dist = dists[(start, ())] = {start: 1.0}
            self.bytes += ENTRY_BYTES
        for i in range(len(path)):
            prefix = (start, path[:i + 1])
            cached = dists.get(prefix)
            if cached is None:
                cached = dists[prefix] = self._step(dist, path[i])
                self.bytes += ENTRY_BYTES * (len(cached) + 1)
            dist = cached
        return dist


def side_for(rep: Battle, victim: str, policies: Mapping[str, Policy]) -> _Side:
    """The kept ``_Side`` for these policies, victim, terrain and ruleset tables (a new one if
    none or too big)."""
    k = (policies[ATTACKER], policies[DEFENDER], victim, rep.terrain, rep.tables)
    side = _SIDES.get(k)
    if side is None or len(side.keys) > MAX_SIDE_STATES or side.bytes > MAX_SIDE_BYTES:
        side = _SIDES[k] = _Side(rep, victim, policies)
    return side


def factored_odds(battle: Battle, attacker: Policy, defender: Policy, retreat_possible: bool = True) -> Odds:
    """Exact odds in two phases. The defender fires first and changes only the attacker's
    side; then the attackers, whatever is left of them, change only the defender's side.
    So the attacker's fire is computed once per fire signature, and the outcome table is
    the product of the two phases' distributions."""
    with _SIDES_LOCK:
        return _factored_odds(battle, attacker, defender, retreat_possible)


def _factored_odds(battle: Battle, attacker: Policy, defender: Policy, retreat_possible: bool) -> Odds:
    policies = {ATTACKER: attacker, DEFENDER: defender}
    start = resolve(battle.copy(), policies)
    a_side, d_side = side_for(start, ATTACKER, policies), side_for(start, DEFENDER, policies)
    a0, d0 = a_side.idx(a_side.key(start)), d_side.idx(d_side.key(start))
    # Phase 1: the defender's fire, on the attacker's side (the defenders do not change).
    d_path = start.volleys(DEFENDER)
    # Phase 2: group the attacker's side by what its fire does, then fire once per group.
    groups: dict[tuple, dict] = {}
    va = a_side.fire(a0, d_path)
    for i in sorted(va):
        p = va[i]
        info = a_side.outs.get((a0, i))
        if info is None:
            info = a_side.outs[(a0, i)] = _a_info(a_side, a0, i, start, d_path)
            a_side.bytes += ENTRY_BYTES
        a_out, path = info
        g = groups.setdefault(path, {})
        g[a_out] = g.get(a_out, 0.0) + p
    outs = d_side.outs.get((d0, retreat_possible))
    if outs is None:
        outs = d_side.outs[(d0, retreat_possible)] = _DefenderOutcomes()
    parts = [(a_dist, outs.after(d_side, d0, path, start.defenders, retreat_possible))
             for path, a_dist in groups.items()]
    return _summary_of_parts(parts, outs.names)


class _DefenderOutcomes:
    """What the defender's states mean from one start (and retreat rule): each outcome
    (left, retreated, lost by type) numbered, and per attacker's fire path the chance of each."""

    __slots__ = ("codes", "names", "code_of", "by_path")

    def __init__(self) -> None:
        self.codes: dict[tuple, int] = {}  # outcome -> number
        self.names: list[tuple] = []  # number -> outcome
        self.code_of: dict[int, int] = {}  # state -> outcome number
        self.by_path: dict[tuple, dict[int, float]] = {}  # path -> {outcome number: probability}

    def after(self, d_side: _Side, d0: int, path: tuple, start: Mapping[Token, int],
              retreat_possible: bool) -> dict[int, float]:
        """``{outcome number: probability}`` after the attackers fire ``path`` (kept)."""
        found = self.by_path.get(path)
        if found is not None:
            return found
        found = self.by_path[path] = {}
        code_of, codes = self.code_of, self.codes
        v = d_side.fire(d0, path)
        for s in sorted(v):
            c = code_of.get(s)
            if c is None:
                d = _d_out(d_side.keys[s], start, retreat_possible)
                c = code_of[s] = codes.setdefault(d, len(codes))
                d_side.bytes += ENTRY_BYTES
                if len(self.names) < len(codes):
                    self.names.append(d)
            found[c] = found.get(c, 0.0) + v[s]
        d_side.bytes += ENTRY_BYTES * (len(found) + 1)
        return found


def _a_info(a_side: _Side, a0: int, i: int, start: Battle, d_path: tuple) -> tuple:
    """(attackers left, disengaged, lost by type) of attacker state ``i`` and its fire path."""
    key = a_side.keys[i]
    a_out = (_types(key[0]), _types(key[1]), _minus(_types(a_side.keys[a0][0]), key))
    pk = (start.terrain, a_out[0], start.tables)  # the attackers' dice and Combined Arms depend on their types only
    path = _PATHS.get(pk)
    if path is None:
        path = _PATHS[pk] = start.with_forces(dict(key[0]), start.defenders).volleys(ATTACKER)
    return a_out, path


#: The attacker's fire path by (terrain, attacking units by type, tables), kept between calls.
_PATHS: dict[tuple, tuple] = {}


def _d_out(key: SideKey, start: Mapping[Token, int], retreat_possible: bool) -> tuple[Count, Count, Count]:
    """(defenders left, retreated, defenders lost) by type for a defender key."""
    start_types = _types(tuple(start.items()))
    if not retreat_possible:  # retreating defenders are destroyed: lost = start - left
        return _types(key[0]), (), _minus(start_types, (key[0], ()))
    return _types(key[0]), _types(key[1]), _minus(start_types, key)


_TYPES: dict = {}


def _types(items) -> Count:
    """``_by_type`` of (token, n) items (a tuple or frozenset), memoised."""
    c = _TYPES.get(items)
    if c is None:
        if len(_TYPES) > 100_000:
            _TYPES.clear()
        c = _TYPES[items] = _by_type(dict(items))
    return c


def _minus(start: Count, key: SideKey) -> Count:
    """Units by type of ``start`` neither left in ``key`` nor gone from it (the lost ones)."""
    out = dict(start)
    for part in key:
        for t, n in _types(part):
            out[t] -= n
    return tuple((t, n) for t, n in out.items() if n)


def _summary_of_parts(parts: list[tuple[dict, dict[int, float]]], names: list[tuple]) -> Odds:
    """Summary and (lazy) outcome table of parts: (attacker outcomes -> p, defender
    outcome probabilities by number in ``names``), independent within a part."""
    att_by: dict[str, float] = {}
    def_by: dict[str, float] = {}
    destroyed = gone = disengaged = cleared = retreated = 0.0
    d_all: dict[int, float] = {}  # the defender's side over all parts
    for a_dist, d_vec in parts:
        pa = 0.0
        for (left, dis, lost), p in a_dist.items():
            pa += p
            for t, n in lost:
                att_by[t] = att_by.get(t, 0) + n * p
            destroyed += p * (not left and not dis)
            gone += p * (not left)
            disengaged += p * sum(n for _t, n in dis)
        for k, q in d_vec.items():
            d_all[k] = d_all.get(k, 0.0) + pa * q
    for k in sorted(d_all):
        (left, ret, lost), q = names[k], d_all[k]
        for t, n in lost:
            def_by[t] = def_by.get(t, 0) + n * q
        cleared += q * (not left)
        retreated += q * sum(n for _t, n in ret)

    def table() -> dict[Outcome, float]:
        out: dict[Outcome, float] = {}
        for a_dist, d_vec in parts:
            d_items = [(names[k], d_vec[k]) for k in sorted(d_vec)]
            for (al, dis, alost), p in a_dist.items():
                for (dl, ret, dlost), q in d_items:
                    o = Outcome(al, dl, dis, ret, alost, dlost)
                    out[o] = out.get(o, 0.0) + p * q
        return out

    return Odds("exact", p_cleared=cleared, p_attacker_destroyed=destroyed, p_attacker_gone=gone,
                attacker_losses=sum(att_by.values()), defender_losses=sum(def_by.values()),
                attacker_losses_by_type=dict(sorted(att_by.items())),
                defender_losses_by_type=dict(sorted(def_by.items())), disengaged=disengaged,
                retreated=retreated, table=table)
