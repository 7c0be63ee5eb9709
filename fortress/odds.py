"""Battle odds: the exact distribution of one battle's outcomes, and a Monte Carlo check.

A Fortress America battle is one round (rules: Combat Resolution), so its outcomes
are few and the exact answer is cheap. The calculator owns no rules: it drives
:class:`fortress.combat.Battle`, the state machine the game plays, with every
possible roll instead of a random one.

For each firing step (defender air, mech, foot, then attacker air, mech, foot) the
units firing now roll a multiset of dice; the joint distribution of (hits, Combined
Arms, retreats) is the convolution of the faces of ``DICE[...]`` (cached per multiset).
Combined Arms is folded into hits when ``Battle.combined_arms_counts`` says it counts,
and hits and retreats beyond the enemy's strength are capped (they change nothing).
Each (hits, retreats) is applied to a copy of the battle with ``apply_results``; the
casualty decisions are made by the sides' policies; identical states are merged.

>>> o = exact({"infantry": 1}, {"infantry": 1}, "plain")
>>> round(o.p_cleared * 4)   # P(attacker still fighting) * P(hit, CA or retreat) = 1/2 * 1/2
1
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from functools import cached_property
from typing import Callable, Iterable, Mapping

from fortress.combat import ATTACKER, DEFENDER, DEFAULT_POLICY, POLICIES, STEPS, Battle, Policy, Token, fight
from fortress.dice import COMBINED_ARMS, DICE, HIT, RETREAT, Rng
from fortress.units import UNITS, unit_name

TERRAINS = ("plain", "city", "mountain")
BATTLE_AREA = "battle"  #: area name used when the caller gives none
FROM = "adjacent"  #: ``where`` of attackers given by unit type only

Units = Mapping[str, int] | Mapping[Token, int]


# -- input -------------------------------------------------------------------------------
def parse_force(text: str) -> Counter:
    """``"2 infantry, 1 hovertank, helicopter"`` -> Counter of unit types.

    Items are separated by commas, ``+``, ``;`` or ``and``; a missing count means 1.
    >>> parse_force("2 infantry, 1 hovertank and a helicopter")
    Counter({'infantry': 2, 'hovertank': 1, 'helicopter': 1})
    """
    out: Counter = Counter()
    if not text.strip() or text.strip().lower() in {"none", "nothing", "-"}:
        return out
    for item in re.split(r"\s*(?:,|;|\+|\band\b)\s*", text.strip(), flags=re.I):
        if not item:
            raise ValueError(f"empty item in force {text!r}")
        m = re.fullmatch(r"(?:(\d+)|an?)?\s*x?\s*([A-Za-z][A-Za-z ]*?)", item.strip(), flags=re.I)
        if not m:
            raise ValueError(f"cannot read {item!r} in force {text!r}: write e.g. '2 infantry, 1 hovertank'")
        n = int(m.group(1)) if m.group(1) else 1
        if n < 0:
            raise ValueError(f"negative count in {item!r}")
        out[unit_name(m.group(2))] += n
    return +out


def tokens(units: Units, where: str) -> dict[Token, int]:
    """Normalise a force: keys are tokens ``(type, where)`` or unit words (given ``where``)."""
    out: dict[Token, int] = {}
    for key, n in units.items():
        token = (unit_name(key[0]), key[1]) if isinstance(key, tuple) else (unit_name(key), where)
        if n < 0:
            raise ValueError(f"negative count for {key!r}")
        if n:
            out[token] = out.get(token, 0) + n
    return out


def policy(name_or_fn: str | Policy) -> Policy:
    if callable(name_or_fn):
        return name_or_fn
    try:
        return POLICIES[name_or_fn]
    except KeyError:
        raise ValueError(f"unknown policy {name_or_fn!r}; the policies are {', '.join(POLICIES)}") from None


def make_battle(attackers: Units, defenders: Units, terrain: str, *, bombers_inside: int = 0,
                area: str = BATTLE_AREA) -> Battle:
    if terrain not in TERRAINS:
        raise ValueError(f"unknown terrain {terrain!r}; the terrains are {', '.join(TERRAINS)}")
    att = tokens(attackers, FROM)
    if bombers_inside:
        att[("bomber", area)] = att.get(("bomber", area), 0) + bombers_inside
    return Battle(area, terrain, att, tokens(defenders, area))


# -- results -----------------------------------------------------------------------------
Count = tuple[tuple[str, int], ...]  # (unit type, n), sorted: hashable Counter


def _by_type(counts: Mapping[Token, int]) -> Count:
    c: Counter = Counter()
    for (t, _w), n in counts.items():
        c[t] += n
    return tuple(sorted((t, n) for t, n in c.items() if n))


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a battle can end, by unit type (where the attackers came from is merged)."""

    attackers: Count  # attackers still in the battle
    defenders: Count  # defenders still in the territory
    disengaged: Count  # attackers sent back
    retreated: Count  # defenders that left (destroyed instead when retreat is impossible)
    attackers_lost: Count
    defenders_lost: Count

    @property
    def cleared(self) -> bool:
        return not self.defenders

    def describe(self) -> str:
        def txt(c: Count) -> str:
            return ", ".join(f"{n} {t if n == 1 or t == 'infantry' else UNITS[t].plural}" for t, n in c) or "none"
        parts = [f"attackers left: {txt(self.attackers)}", f"defenders left: {txt(self.defenders)}"]
        if self.disengaged:
            parts.append(f"disengaged: {txt(self.disengaged)}")
        if self.retreated:
            parts.append(f"retreated: {txt(self.retreated)}")
        return "; ".join(parts)


def outcome_of(battle: Battle) -> Outcome:
    return Outcome(_by_type(battle.attackers), _by_type(battle.defenders), _by_type(battle.disengaged),
                   _by_type(battle.retreated), _by_type(battle.destroyed[ATTACKER]),
                   _by_type(battle.destroyed[DEFENDER]))


@dataclass(frozen=True)
class Odds:
    """Distribution of outcomes and summary figures (exact, or Monte Carlo estimates).

    ``intervals`` (Monte Carlo only) maps each summary figure's name to its
    confidence interval (Wilson for probabilities, normal for means).
    """

    method: str  # "exact" or "monte-carlo"
    p_cleared: float
    p_attacker_destroyed: float  # every attacking unit destroyed
    p_attacker_gone: float  # no attacker left in the battle (destroyed or disengaged)
    attacker_losses: float  # expected units destroyed
    defender_losses: float
    attacker_losses_by_type: Mapping[str, float]
    defender_losses_by_type: Mapping[str, float]
    disengaged: float  # expected attackers disengaged
    retreated: float  # expected defenders retreated
    runs: int = 0
    confidence: float = 0.0
    intervals: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    table: Callable[[], dict[Outcome, float]] = field(default=dict, repr=False, compare=False)

    @cached_property
    def outcomes(self) -> tuple[tuple[Outcome, float], ...]:
        """Every outcome with its probability, most likely first (built on first use)."""
        return tuple(sorted(self.table().items(), key=lambda op: -op[1]))

    def probability(self, pred) -> float:
        """P(pred(outcome)) summed over the outcome table."""
        return sum(p for o, p in self.outcomes if pred(o))

    def figures(self) -> dict[str, float]:
        """The scalar summary figures by name (the keys of ``intervals``)."""
        out = {k: getattr(self, k) for k in SUMMARY}
        out.update({f"attacker_losses.{t}": v for t, v in self.attacker_losses_by_type.items()})
        out.update({f"defender_losses.{t}": v for t, v in self.defender_losses_by_type.items()})
        return out

    def to_dict(self, top: int | None = None) -> dict:
        return {
            "method": self.method, "runs": self.runs, "confidence": self.confidence,
            "figures": self.figures(),
            "intervals": {k: list(v) for k, v in self.intervals.items()},
            "outcomes": [{"p": p, "cleared": o.cleared, **{k: dict(getattr(o, k)) for k in Outcome.__slots__}}
                         for o, p in self.outcomes[:top]],
        }


SUMMARY = ("p_cleared", "p_attacker_destroyed", "p_attacker_gone", "attacker_losses", "defender_losses",
           "disengaged", "retreated")
PROBABILITIES = frozenset({"p_cleared", "p_attacker_destroyed", "p_attacker_gone"})


def summarise(dist: Mapping[Outcome, float], method: str = "exact", **extra) -> Odds:
    """Summary figures of an outcome distribution (probabilities or frequencies)."""
    att_by: Counter = Counter()
    def_by: Counter = Counter()
    sums = dict.fromkeys(SUMMARY, 0.0)
    for o, p in dist.items():
        for t, n in o.attackers_lost:
            att_by[t] += n * p
        for t, n in o.defenders_lost:
            def_by[t] += n * p
        sums["p_cleared"] += p * o.cleared
        sums["p_attacker_destroyed"] += p * (not o.attackers and not o.disengaged)
        sums["p_attacker_gone"] += p * (not o.attackers)
        sums["disengaged"] += p * sum(n for _t, n in o.disengaged)
        sums["retreated"] += p * sum(n for _t, n in o.retreated)
    sums["attacker_losses"] = sum(att_by.values())
    sums["defender_losses"] = sum(def_by.values())
    return Odds(method, attacker_losses_by_type=dict(sorted(att_by.items())),
                defender_losses_by_type=dict(sorted(def_by.items())), table=lambda: dist, **sums, **extra)


# -- exact -------------------------------------------------------------------------------
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


def _destroy_retreats(b: Battle) -> Battle:
    for token, n in list(b.retreated.items()):
        for _ in range(n):
            b.destroy_retreated(token)
    return b


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


def exact(attackers: Units, defenders: Units, terrain: str = "plain", *, bombers_inside: int = 0,
          attacker_policy: str | Policy = DEFAULT_POLICY, defender_policy: str | Policy = DEFAULT_POLICY,
          retreat_possible: bool = True) -> Odds:
    """Exact odds: ``exact({"infantry": 2, "hovertank": 1}, {"infantry": 2}, "city")``.

    Forces map unit types (or tokens ``(type, where)``) to counts; ``bombers_inside``
    adds attacking bombers already in the territory. When ``retreat_possible`` is
    False a retreating defender is destroyed (``Battle.destroy_retreated``).
    """
    battle = make_battle(attackers, defenders, terrain, bombers_inside=bombers_inside)
    return odds_of(battle, attacker_policy=attacker_policy, defender_policy=defender_policy,
                   retreat_possible=retreat_possible)


# -- Monte Carlo -------------------------------------------------------------------------
def z_value(confidence: float) -> float:
    """Two-sided normal quantile, e.g. 0.95 -> 1.96 (inverse erf by bisection)."""
    lo, hi = 0.0, 10.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if math.erf(mid / math.sqrt(2)) < confidence:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def wilson(successes: float, n: int, z: float) -> tuple[float, float]:
    """Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    phat = successes / n
    denom = 1 + z * z / n
    centre = (phat + z * z / (2 * n)) / denom
    half = z * math.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def normal_interval(values: Iterable[float], n: int, z: float) -> tuple[float, float]:
    """Normal interval of a mean from the values of ``n`` runs."""
    s = s2 = 0.0
    for v in values:
        s += v
        s2 += v * v
    mean = s / n
    var = max(0.0, (s2 - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return (mean - half, mean + half)


def simulate_odds(battle: Battle, runs: int, seed: int = 0, *, attacker_policy: str | Policy = DEFAULT_POLICY,
                  defender_policy: str | Policy = DEFAULT_POLICY, retreat_possible: bool = True,
                  confidence: float = 0.95) -> Odds:
    """Monte Carlo odds of ``battle``: ``runs`` games of ``combat.fight`` with ``Rng(seed)``."""
    if runs < 2:
        raise ValueError("Monte Carlo needs at least 2 runs")
    att, dfn = policy(attacker_policy), policy(defender_policy)
    rng = Rng(seed)
    freq: Counter = Counter()
    for _ in range(runs):
        b = fight(battle.copy(), rng, att, dfn)
        if not retreat_possible and b.retreated:
            _destroy_retreats(b)
        freq[outcome_of(b)] += 1
    est = summarise({o: n / runs for o, n in freq.items()}, "monte-carlo", runs=runs, confidence=confidence)
    z = z_value(confidence)
    intervals = {}
    for name in est.figures():
        values = [_figure(o, name) for o in freq]
        if name in PROBABILITIES:
            intervals[name] = wilson(sum(v * freq[o] for v, o in zip(values, freq)), runs, z)
        else:
            intervals[name] = normal_interval(_repeat(values, freq.values()), runs, z)
    return Odds(**{**{k: getattr(est, k) for k in Odds.__dataclass_fields__}, "intervals": intervals,
                   "table": lambda: {o: n / runs for o, n in freq.items()}})


def _repeat(values: list[float], counts: Iterable[int]) -> Iterable[float]:
    for v, n in zip(values, counts):
        yield from [v] * n


def _figure(o: Outcome, name: str) -> float:
    """The value of one summary figure for a single outcome."""
    if name.startswith("attacker_losses."):
        return dict(o.attackers_lost).get(name.split(".", 1)[1], 0)
    if name.startswith("defender_losses."):
        return dict(o.defenders_lost).get(name.split(".", 1)[1], 0)
    return summarise({o: 1.0}).__getattribute__(name)


def monte_carlo(attackers: Units, defenders: Units, terrain: str = "plain", *, runs: int = 10_000, seed: int = 0,
                bombers_inside: int = 0, attacker_policy: str | Policy = DEFAULT_POLICY,
                defender_policy: str | Policy = DEFAULT_POLICY, retreat_possible: bool = True,
                confidence: float = 0.95) -> Odds:
    """Monte Carlo estimate of the same figures as :func:`exact`, with confidence intervals."""
    battle = make_battle(attackers, defenders, terrain, bombers_inside=bombers_inside)
    return simulate_odds(battle, runs, seed, attacker_policy=attacker_policy, defender_policy=defender_policy,
                         retreat_possible=retreat_possible, confidence=confidence)


# -- live game ---------------------------------------------------------------------------
def for_game(game, area: str, method: str = "exact", *, attacker_policy: str | Policy = DEFAULT_POLICY,
             defender_policy: str | Policy = DEFAULT_POLICY, retreat_possible: bool = True,
             runs: int = 10_000, seed: int = 0) -> Odds:
    """Odds of attacking ``area`` now with every unit of the side to move that can join.

    Uses the engine's contract: ``game.attack_forces(area)`` and
    ``game.defence_forces(area)`` (tokens -> counts; bombers inside keyed with
    ``where == area``) and ``game.board[area].kind``.
    """
    battle = Battle(area, game.board[area].kind, dict(game.attack_forces(area)), dict(game.defence_forces(area)))
    if method == "exact":
        return odds_of(battle, attacker_policy=attacker_policy, defender_policy=defender_policy,
                       retreat_possible=retreat_possible)
    if method in ("monte-carlo", "mc"):
        return simulate_odds(battle, runs, seed, attacker_policy=attacker_policy, defender_policy=defender_policy,
                             retreat_possible=retreat_possible)
    raise ValueError(f"unknown method {method!r}: 'exact' or 'monte-carlo'")
