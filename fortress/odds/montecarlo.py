"""Monte Carlo odds: many battles with seeded dice, with confidence intervals.

The battles are those of ``combat.fight``; for the named policies they are played by
:class:`FastBattle`, a lean loop over unit counts that draws the same numbers from the
same ``Rng`` and reaches the same end (``tests/test_odds_mc.py``), about 3x faster.
"""
from __future__ import annotations

import math
from collections import Counter

from fortress.rules.battle import (ATTACKER, CASUALTY_ORDER, COMBINED_TERRAIN, DEFAULT_POLICY, POLICIES, STEPS, _CLS,
                             Battle, Policy, Token, fight)
from fortress.rules.dice import BLANK, COMBINED_ARMS, DICE, HIT, RETREAT, Rng
from fortress.odds.forces import policy
from fortress.odds.report import (PROBABILITIES, Count, Odds, Outcome, _destroy_retreats, outcome_of, summarise,
                                  wilson, z_value)
from fortress.rules.units import AIR, CLASSES, UNITS


def simulate_odds(battle: Battle, runs: int, seed: int = 0, *, attacker_policy: str | Policy = DEFAULT_POLICY,
                  defender_policy: str | Policy = DEFAULT_POLICY, retreat_possible: bool = True,
                  confidence: float = 0.95) -> Odds:
    """Monte Carlo odds of ``battle``: ``runs`` games of ``combat.fight`` with ``Rng(seed)``
    (played by ``FastBattle`` when it covers the battle and the policies)."""
    if runs < 2:
        raise ValueError("Monte Carlo needs at least 2 runs")
    att, dfn = policy(attacker_policy), policy(defender_policy)
    freq = tally(battle, runs, Rng(seed), att, dfn, retreat_possible)
    est = summarise({o: n / runs for o, n in freq.items()}, "monte-carlo", runs=runs, confidence=confidence)
    z = z_value(confidence)
    intervals = {}
    for name in est.figures():
        values = [(_figure(o, name), n) for o, n in freq.items()]
        if name in PROBABILITIES:
            intervals[name] = wilson(sum(v * n for v, n in values), runs, z)
        else:
            intervals[name] = _normal_interval(values, runs, z)
    return Odds(**{**{k: getattr(est, k) for k in Odds.__dataclass_fields__}, "intervals": intervals,
                   "table": lambda: {o: n / runs for o, n in freq.items()}})


def tally(battle: Battle, runs: int, rng: Rng, attacker: Policy, defender: Policy,
          retreat_possible: bool = True) -> Counter:
    """How many of ``runs`` battles (dice from ``rng``) end in each ``Outcome``."""
    fast = FastBattle.compile(battle, attacker, defender)
    if fast is None:
        freq: Counter = Counter()
        for _ in range(runs):
            b = fight(battle.copy(), rng, attacker, defender)
            if not retreat_possible and b.retreated:
                _destroy_retreats(b)
            freq[outcome_of(b)] += 1
        return freq
    ends: dict[tuple, int] = {}
    play = fast.play
    for _ in range(runs):
        a, d, dis, ret = play(rng)
        key = (*a, -1, *d, -1, *dis, -1, *ret)
        ends[key] = ends.get(key, 0) + 1
    na, nd = len(fast.a0), len(fast.d0)
    out: Counter = Counter()
    for key, n in ends.items():
        a, d = list(key[:na]), list(key[na + 1:na + 1 + nd])
        dis, ret = list(key[na + nd + 2:2 * na + nd + 2]), list(key[2 * na + nd + 3:])
        out[fast.outcome(a, d, dis, ret, retreat_possible)] += n
    return out


def _normal_interval(values: list[tuple[float, int]], n: int, z: float) -> tuple[float, float]:
    """Normal interval of a mean from (value, number of runs with it) pairs."""
    s = sum(v * k for v, k in values)
    s2 = sum(v * v * k for v, k in values)
    mean = s / n
    var = max(0.0, (s2 - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return (mean - half, mean + half)


def _figure(o: Outcome, name: str) -> float:
    """The value of one summary figure for a single outcome."""
    if name.startswith("attacker_losses."):
        return dict(o.attackers_lost).get(name.split(".", 1)[1], 0)
    if name.startswith("defender_losses."):
        return dict(o.defenders_lost).get(name.split(".", 1)[1], 0)
    return summarise({o: 1.0}).__getattribute__(name)


# -- the lean battle loop ------------------------------------------------------------------
_MASK = (1 << 64) - 1
_FACE_CODE = {BLANK: 0, HIT: 1, COMBINED_ARMS: 2, RETREAT: 3}
_CLASS_INDEX = {cls: i for i, cls in enumerate(CLASSES)}  # air 0, mechanized 1, foot 2
#: How each named policy decides, as (preference order, rule) per decision; see ``_order``.
_RULES: dict[str, dict[str, str]] = {
    "cheapest-first": {"hit-attacker": "first", "hit-defender": "first", "retreat": "first", "disengage": "first"},
    "keep-combined-arms": {"hit-attacker": "break", "hit-defender": "first", "retreat": "first", "disengage": "keep"},
    "protect-air": {"hit-attacker": "break", "hit-defender": "first", "retreat": "ground", "disengage": "ground"},
}
_NAMES: dict[Policy, str] = {fn: name for name, fn in POLICIES.items()}


class FastBattle:
    """``combat.fight`` for the named policies with counts and integer arithmetic.

    The battle is compiled once: tokens become indices (in the battle's order, which is
    the order ``Battle.firing_units`` rolls them), dice become tuples of face codes and
    each policy becomes preference orders of token indices. ``play(rng)`` then draws the
    same numbers from ``rng`` in the same order as ``fight(battle.copy(), rng, ...)`` and
    ends in the same state (``tests/test_odds_mc.py`` checks it over many battles).
    ``compile`` returns None when the battle or a policy is outside what it covers.
    """

    __slots__ = ("battle", "a_tokens", "d_tokens", "a0", "d0", "a_cls", "steps", "hit_orders", "ret_order",
                 "dis_order", "a_rule", "d_rule", "ca_check")

    @classmethod
    def compile(cls, battle: Battle, attacker: Policy, defender: Policy) -> "FastBattle | None":
        a_name, d_name = _NAMES.get(attacker), _NAMES.get(defender)
        fresh = not (battle.pending or battle.disengaged or battle.retreated or any(battle.destroyed.values()))
        if a_name is None or d_name is None or not fresh:
            return None
        return cls(battle, a_name, d_name)

    def __init__(self, battle: Battle, attacker: str, defender: str) -> None:
        self.battle = battle
        self.a_tokens, self.d_tokens = list(battle.attackers), list(battle.defenders)
        self.a0, self.d0 = list(battle.attackers.values()), list(battle.defenders.values())
        self.a_cls = [_CLASS_INDEX[_CLS[t]] for t, _w in self.a_tokens]
        self.a_rule, self.d_rule = _RULES[attacker], _RULES[defender]
        self.ca_check = battle.terrain in COMBINED_TERRAIN
        # steps: (is attacker, [(token index, faces, lone faces or None)], hit order tiers)
        self.steps = []
        for role, fcls in STEPS[battle.step:]:
            toks = self.a_tokens if role == ATTACKER else self.d_tokens
            firing = []
            for i, tok in enumerate(toks):
                if _CLS[tok[0]] == fcls:
                    unit = UNITS[tok[0]]
                    lone = _faces(unit.lone_die) if unit.lone_die else None
                    firing.append((i, _faces(unit.die), lone))
            if firing:
                enemy = self.d_tokens if role == ATTACKER else self.a_tokens
                tiers = [_order(enemy, [j for j, t in enumerate(enemy) if _CLS[t[0]] in tier], high=True)
                         for tier in CASUALTY_ORDER[fcls]]
                self.steps.append((role == ATTACKER, firing, [t for t in tiers if t]))
        self.ret_order = {"first": _order(self.d_tokens, range(len(self.d_tokens)), high=True),
                          "ground": _ground(self.d_tokens)}
        self.dis_order = {"first": _order(self.a_tokens, range(len(self.a_tokens)), high=False),
                          "keep": _order(self.a_tokens, range(len(self.a_tokens)), high=False),
                          "ground": _ground(self.a_tokens)}

    def play(self, rng: Rng) -> tuple[list[int], list[int], list[int], list[int]]:
        """One battle: (attackers left, defenders left, disengaged, retreated) per token index."""
        s = rng.state
        a, d = self.a0[:], self.d0[:]
        dis, ret = [0] * len(a), [0] * len(d)
        a_cls = self.a_cls
        per_cls = [0, 0, 0]
        for i, n in enumerate(a):
            per_cls[a_cls[i]] += n
        a_total, d_total = sum(a), sum(d)
        for is_att, firing, tiers in self.steps:
            force = a if is_att else d
            lone = (a_total if is_att else d_total) == 1
            counts = [0, 0, 0, 0]
            rolled = False
            for i, faces, lone_faces in firing:
                n = force[i]
                if n:
                    rolled = True
                    if lone and lone_faces is not None:
                        faces = lone_faces
                    sides = len(faces)
                    for _ in range(n):
                        s = (s + 0x9E3779B97F4A7C15) & _MASK
                        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                        counts[faces[(z ^ (z >> 31)) % sides]] += 1
            if not rolled:
                continue
            hits, retreats = counts[1], counts[3]
            if counts[2] and (not is_att or not self.ca_check or (per_cls[0] and per_cls[1] and per_cls[2])):
                hits += counts[2]
            if is_att:  # hits on the defenders, then defenders retreat
                for _ in range(hits):
                    if not d_total:
                        break
                    j = _first_in_tiers(tiers, d)
                    d[j] -= 1
                    d_total -= 1
                if retreats and d_total:
                    order = self.ret_order[self.d_rule["retreat"]]
                    for _ in range(min(retreats, d_total)):
                        j = _first(order, d)
                        d[j] -= 1
                        ret[j] += 1
                        d_total -= 1
            else:  # hits on the attackers, then attackers disengage
                rule = self.d_rule["hit-attacker"]
                for _ in range(hits):
                    if not a_total:
                        break
                    if rule == "break" and per_cls[0] and per_cls[1] and per_cls[2]:
                        j = _first_in_tiers(tiers, a, a_cls, per_cls)
                    else:
                        j = _first_in_tiers(tiers, a)
                    a[j] -= 1
                    per_cls[a_cls[j]] -= 1
                    a_total -= 1
                if retreats and a_total:
                    rule = self.a_rule["disengage"]
                    order = self.dis_order[rule]
                    for _ in range(min(retreats, a_total)):
                        j = _first(order, a, a_cls, per_cls) if rule == "keep" else _first(order, a)
                        a[j] -= 1
                        dis[j] += 1
                        per_cls[a_cls[j]] -= 1
                        a_total -= 1
        rng.state = s
        return a, d, dis, ret

    def outcome(self, a: list[int], d: list[int], dis: list[int], ret: list[int],
                retreat_possible: bool = True) -> Outcome:
        """The ``Outcome`` of a final state from ``play``."""
        a_lost = [n0 - n - k for n0, n, k in zip(self.a0, a, dis)]
        d_lost = [n0 - n - k for n0, n, k in zip(self.d0, d, ret)]
        if not retreat_possible:
            d_lost, ret = [x + y for x, y in zip(d_lost, ret)], [0] * len(ret)
        at, dt = self.a_tokens, self.d_tokens
        return Outcome(_count(at, a), _count(dt, d), _count(at, dis), _count(dt, ret), _count(at, a_lost),
                       _count(dt, d_lost))


def _faces(die: str) -> tuple[int, ...]:
    return tuple(_FACE_CODE[f] for f in DICE[die].faces)


def _order(tokens: list[Token], indices, high: bool) -> list[int]:
    """Token indices by (value, token), the most valuable first when ``high``: the
    ``max``/``min`` of ``combat``'s policies is the first present unit of this order."""
    return sorted(indices, key=lambda i: (UNITS[tokens[i][0]].value, tokens[i]), reverse=high)


def _ground(tokens: list[Token]) -> list[int]:
    """protect_air's order for a unit of its own leaving: non-air units first, each part by value."""
    order = _order(tokens, range(len(tokens)), high=True)
    return [i for i in order if _CLS[tokens[i][0]] != AIR] + [i for i in order if _CLS[tokens[i][0]] == AIR]


def _first(order: list[int], force: list[int], cls_of: list[int] | None = None, per_cls: list[int] | None = None) -> int:
    """The first present unit of ``order``; with ``per_cls``, the first whose loss keeps
    its class in the battle if there is one (keep_combined_arms' disengage)."""
    if per_cls is not None:
        for i in order:
            if force[i] and per_cls[cls_of[i]] > 1:
                return i
    for i in order:
        if force[i]:
            return i
    raise AssertionError("no unit present")


def _first_in_tiers(tiers: list[list[int]], force: list[int], cls_of: list[int] | None = None,
                    per_cls: list[int] | None = None) -> int:
    """The unit a hit destroys: the first non-empty tier of the order of casualties, the
    first present unit of it; with ``per_cls``, preferring a unit whose class it would
    break (keep_combined_arms' hit on an attacker with all three classes)."""
    for tier in tiers:
        present = [i for i in tier if force[i]]
        if present:
            if per_cls is not None:
                for i in present:
                    if per_cls[cls_of[i]] <= 1:
                        return i
            return present[0]
    raise AssertionError("no unit present")


def _count(tokens: list[Token], counts: list[int]) -> Count:
    c: dict[str, int] = {}
    for (t, _w), n in zip(tokens, counts):
        if n:
            c[t] = c.get(t, 0) + n
    return tuple(sorted(c.items()))
