"""The odds of an ATTACK! Deluxe battle: exact, by solving the battle's absorbing Markov chain
over :meth:`Battle.next_outcomes`, or by Monte Carlo with the engine's seeded dice.

A fire step with no hit leaves every unit where it was and passes the turn; two such steps
in a row return to the same state once the fronts stop growing. So the chain loops. Every
other step removes a unit, so the only loops are these chains of no-hit steps, and each is
solved on its own: along the chain ``V_i = c_i + p0_i V_(i+1)`` (``c_i``: what the hits lead
to, worked out first; ``p0_i``: no hit), and a loop back to state ``j`` sums the geometric
series ``V_j = (sum of the c_i weighted by the chance of reaching them) / (1 - the chance of
going round)``. States are memoised under a key that forgets what cannot matter any more
(the step count; the front maximum once every unit fits).

Front choices are made by a policy (default: the neutral's round-robin policy, ruling 12).

>>> from fortress.rulesets.attack.battle import Battle
>>> o = exact(Battle.start("army", "a", {"infantry": 1}, "d", {"infantry": 1}))
>>> round(o.attacker_wins, 6), round(o.defender_wins, 6)  # the defender fires first (ruling 4)
(0.454545, 0.545455)
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from typing import Callable, Literal, Mapping

from fortress.engine.dice import Rng
from fortress.rulesets.attack.battle import Battle, BattleOptions, FrontChoice, Role, neutral_army, neutral_front
from fortress.rulesets.attack.battle_dice import Units, tables, total

Policy = Callable[[Battle, FrontChoice], Units]
MAX_STATES = 50_000  #: the exact chain's size at most before Monte Carlo takes over (~15 s of CPU)
RUNS = 100_000  #: Monte Carlo battles by default


def spread(battle: Battle, choice: FrontChoice) -> Units:
    """The default front policy: the neutral's (ruling 12), for either side."""
    return neutral_front(choice.available, choice.size)


class TooManyStates(RuntimeError):
    """The exact chain would pass its cap."""


@dataclass(frozen=True)
class Odds:
    """Who wins and what survives. ``method``: "exact" or "monte carlo"; ``size``: the
    states of the chain (exact) or the battles run; ``stderr``: the standard error of the
    win probability (0 when exact); ``note``: why Monte Carlo, when the exact way was asked."""

    method: Literal["exact", "monte carlo"]
    attacker_wins: float
    defender_wins: float
    attacker_survivors: Mapping[str, float]
    defender_survivors: Mapping[str, float]
    size: int
    stderr: float = 0.0
    note: str = ""

    def survivors(self, role: Role) -> Mapping[str, float]:
        return self.attacker_survivors if role == "attacker" else self.defender_survivors


def settled(b: Battle, policy: Policy) -> Battle:
    """``b`` with every pending front choice made by ``policy`` (in place)."""
    while (c := b.decision()) is not None:
        b.choose(policy(b, c))
    return b


Vector = list[float]  # [attacker wins, defender wins, attacker survivors by type..., defender's...]


def outcome(b: Battle, types: tuple[str, ...]) -> Vector:
    """The vector of a finished battle: who won, what each side has left."""
    w = b.winner()
    a, d = b.units("attacker"), b.units("defender")
    return [float(w == "attacker"), float(w == "defender"), *(float(a.get(t, 0)) for t in types),
            *(float(d.get(t, 0)) for t in types)]


@dataclass
class _Chain:
    policy: Policy
    max_states: int
    types: tuple[str, ...]
    memo: dict[tuple[object, ...], Vector] = field(default_factory=dict)

    def value(self, b: Battle) -> Vector:
        """The expected outcome vector of ``b`` (settled), memoised."""
        chain: list[tuple[tuple[object, ...], Vector, float]] = []  # (key, what hits lead to, P(no hit))
        seen: dict[tuple[object, ...], int] = {}
        cur: Battle | None = b
        tail: Vector = [0.0] * (2 + 2 * len(self.types))
        loop = -1
        while cur is not None:
            k = cur.key(canonical=True)
            if k in self.memo:
                tail = self.memo[k]
                break
            if cur.done:
                tail = self.memo[k] = outcome(cur, self.types)
                break
            if k in seen:
                loop = seen[k]
                break
            seen[k] = len(chain)
            c, p0, cur = self._step(cur)
            chain.append((k, c, p0))
        if loop >= 0:
            tail = self._loop(chain[loop:])
        for k, c, p0 in reversed(chain):
            tail = [x + p0 * y for x, y in zip(c, tail)]
            self.memo[k] = tail
        if len(self.memo) > self.max_states:
            raise TooManyStates(f"the exact chain passed {self.max_states:,} states")
        return tail

    def _step(self, b: Battle) -> tuple[Vector, float, Battle | None]:
        """What the next step's hits lead to, the chance of no hit, and the battle after it."""
        units = total(b.units("attacker")) + total(b.units("defender"))
        c = [0.0] * (2 + 2 * len(self.types))
        p0, same = 0.0, None
        for p, o in b.next_outcomes():
            settled(o, self.policy)
            if total(o.units("attacker")) + total(o.units("defender")) == units:
                p0, same = p0 + p, o
            else:
                c = [x + p * y for x, y in zip(c, self.value(o))]
        return c, p0, same

    @staticmethod
    def _loop(cycle: list[tuple[tuple[object, ...], Vector, float]]) -> Vector:
        """The value at the cycle's first state: the geometric series round the loop."""
        total_c, reach = [0.0] * len(cycle[0][1]), 1.0
        for _, c, p0 in cycle:
            total_c = [x + reach * y for x, y in zip(total_c, c)]
            reach *= p0
        if reach >= 1.0:
            raise ArithmeticError("a loop of steps that can never hit")
        return [x / (1.0 - reach) for x in total_c]


def _odds(method: Literal["exact", "monte carlo"], v: Vector, types: tuple[str, ...], size: int,
          stderr: float = 0.0, note: str = "") -> Odds:
    n = len(types)
    return Odds(method, v[0], v[1], dict(zip(types, v[2:2 + n])), dict(zip(types, v[2 + n:])), size, stderr, note)


def exact(battle: Battle, policy: Policy = spread, max_states: int = MAX_STATES) -> Odds:
    """The exact odds of ``battle`` (TooManyStates past ``max_states`` states)."""
    types = tables().order[battle.kind]
    chain = _Chain(policy, max_states, types)
    v = chain.value(settled(battle.copy(), policy))
    return _odds("exact", v, types, len(chain.memo))


def monte_carlo(battle: Battle, runs: int = RUNS, seed: int = 0, policy: Policy = spread) -> Odds:
    """The odds of ``battle`` estimated from ``runs`` battles with ``Rng(seed)``."""
    types = tables().order[battle.kind]
    rng, start = Rng(seed), battle.to_dict()
    sums = [0.0] * (2 + 2 * len(types))
    for _ in range(runs):
        b = Battle.from_dict(start)
        while not settled(b, policy).done:
            b.roll(rng)
        sums = [s + x for s, x in zip(sums, outcome(b, types))]
    v = [s / runs for s in sums]
    return _odds("monte carlo", v, types, runs, math.sqrt(max(v[0] * (1 - v[0]), 0.0) / runs))


def odds(battle: Battle, policy: Policy = spread, max_states: int = MAX_STATES, runs: int = RUNS,
         seed: int = 0) -> Odds:
    """Exact odds, or Monte Carlo (saying so in ``note``) when the chain is too big."""
    try:
        return exact(battle, policy, max_states)
    except TooManyStates as exc:
        return replace(monte_carlo(battle, runs, seed, policy), note=f"{exc}; estimated from {runs:,} battles instead")


def neutral_armies(year: int) -> list[tuple[float, Units]]:
    """Every army a neutral region may raise in ``year`` with its chance ([Battles]: one army die
    per year, each face one unit of that type, blanks nothing; :func:`.battle.neutral_army`).

    >>> [(round(p, 3), a) for p, a in neutral_armies(1)][:2]
    [(0.167, {}), (0.333, {'aircraft': 1})]
    """
    faces = tables().faces["army"]
    kinds = sorted(set(faces))
    found: dict[tuple[tuple[str, int], ...], float] = {}
    for roll in itertools.combinations_with_replacement(kinds, year):
        counts = {k: roll.count(k) for k in kinds if k in roll}
        p = math.factorial(year) / math.prod(math.factorial(n) for n in counts.values())
        p *= math.prod((faces.count(k) / len(faces)) ** n for k, n in counts.items())
        army = tuple(sorted((k, n) for k, n in counts.items() if k != "blank"))
        found[army] = found.get(army, 0.0) + p
    return [(p, dict(army)) for army, p in sorted(found.items())]


def against_neutral(attack: Units, year: int, policy: Policy = spread, max_states: int = MAX_STATES,
                    runs: int = RUNS, seed: int = 0, options: BattleOptions | None = None) -> Odds:
    """The odds of ``attack`` against a neutral region in ``year``: the exact odds against each
    army it may raise (:func:`neutral_armies`), weighted by its chance (an empty army loses at
    once); past ``max_states`` states in all, ``runs`` battles with ``Rng(seed)``, each against
    an army rolled as the game rolls it (saying so in ``note``). ``options``: the battle's cards
    and rulings (:class:`BattleOptions`)."""
    types = tables().order["army"]
    total_v = [0.0] * (2 + 2 * len(types))
    size = 0
    try:
        for p, army in neutral_armies(year):
            one = exact(Battle.start("army", "a", dict(attack), None, army, options=options), policy,
                        max(max_states - size, 0))
            total_v = [x + p * y for x, y in zip(total_v, _vector(one, types))]
            size += one.size
    except TooManyStates:
        note = f"the exact chains passed {max_states:,} states; estimated from {runs:,} battles instead"
        return replace(_neutral_monte_carlo(attack, year, runs, seed, policy, options), note=note)
    return _odds("exact", total_v, types, size)


def _vector(o: Odds, types: tuple[str, ...]) -> Vector:
    return [o.attacker_wins, o.defender_wins, *(o.attacker_survivors.get(t, 0.0) for t in types),
            *(o.defender_survivors.get(t, 0.0) for t in types)]


def _neutral_monte_carlo(attack: Units, year: int, runs: int, seed: int, policy: Policy,
                         options: BattleOptions | None = None) -> Odds:
    types = tables().order["army"]
    rng = Rng(seed)
    sums = [0.0] * (2 + 2 * len(types))
    for _ in range(runs):
        b = Battle.start("army", "a", dict(attack), None, neutral_army(year, rng), options=options)
        while not settled(b, policy).done:
            b.roll(rng)
        sums = [s + x for s, x in zip(sums, outcome(b, types))]
    v = [s / runs for s in sums]
    return _odds("monte carlo", v, types, runs, math.sqrt(max(v[0] * (1 - v[0]), 0.0) / runs))


MAX_UNITS = 60  #: units of a side the command line takes at most (a big battle takes minutes)


def parse_units(text: str) -> Units:
    """ATTACK! units written as words: ``"3 infantry, a tank and 2 carriers"``.

    >>> parse_units("3 infantry, a tank and 2 carriers")
    {'infantry': 3, 'tank': 1, 'carrier': 2}
    """
    known = tables().order["army"] + tables().order["naval"]
    out: Units = {}
    words = text.replace(";", ",").replace("+", ",").replace(" and ", ",").split(",")
    for item in (w.strip().lower() for w in words if w.strip()):
        head, _, rest = item.partition(" ")
        count, name = (int(head), rest) if head.isdigit() and len(head) <= 4 else \
            (1, rest) if head in ("a", "an") else (1, item)
        name = name.strip()
        name = name if name in known else name[:-1] if name.endswith("s") and name[:-1] in known else ""
        if not name:
            raise ValueError(f"cannot read {item[:40]!r}: write e.g. '3 infantry, 1 tank'; the types are {', '.join(known)}")
        out[name] = out.get(name, 0) + count
    if sum(out.values()) > MAX_UNITS:
        raise ValueError(f"a side is at most {MAX_UNITS} units here; this one has {sum(out.values())}")
    return {t: n for t, n in out.items() if n}
