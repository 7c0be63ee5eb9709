"""Results of the odds calculator: outcomes and the ``Odds`` summary (its confidence intervals:
:mod:`fortress.odds.intervals`)."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Mapping

from fortress.rulesets.america.battle import ATTACKER, DEFENDER, Battle, Token

Count = tuple[tuple[str, int], ...]  # (unit type, n), sorted: hashable Counter


def _by_type(counts: Mapping[Token, int]) -> Count:
    c: dict[str, int] = {}
    for (t, _w), n in counts.items():
        if n:
            c[t] = c.get(t, 0) + n
    return tuple(sorted(c.items()))


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
            return ", ".join(f"{n} {t if n == 1 or t == 'infantry' else t + 's'}" for t, n in c) or "none"
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
    table: Callable[[], Mapping[Outcome, float]] = field(default=dict, repr=False, compare=False)

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
    att_by: dict[str, float] = defaultdict(float)
    def_by: dict[str, float] = defaultdict(float)
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
                defender_losses_by_type=dict(sorted(def_by.items())), table=lambda: dist,
                **sums, **extra)  # type: ignore[arg-type]  # the summary figures, by field name


def _destroy_retreats(b: Battle) -> Battle:
    for token, n in list(b.retreated.items()):
        for _ in range(n):
            b.destroy_retreated(token)
    return b
