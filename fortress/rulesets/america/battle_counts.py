"""The battle of :mod:`fortress.rulesets.america.battle` over unit counts: Monte Carlo's hot loop.

``FastBattle`` is compiled from a ``Battle`` and plays ``fight`` for the named casualty
policies with the same rule tables (``STEPS``, ``CASUALTY_ORDER``, ``combined_arms_hit``,
``firing_die``), drawing the same numbers from the same ``Rng`` and ending in the same state
(``tests/test_odds_mc.py`` plays both draw for draw).
"""
from __future__ import annotations

from typing import Iterable, Mapping

from fortress.rulesets.america.battle import (ATTACKER, CASUALTY_ORDER, STEPS, Battle, Policy, Token, cheapest_first,
                                   combined_arms_hit, fight, firing_die, keep_combined_arms, protect_air)
from fortress.engine.dice import Die, Rng
from fortress.rulesets.america.dice import BLANK, COMBINED_ARMS, HIT, RETREAT
from fortress.rulesets.america.units import AIR, CLASSES

_FACE_CODE = {BLANK: 0, HIT: 1, COMBINED_ARMS: 2, RETREAT: 3}
_CLASS_INDEX = {cls: i for i, cls in enumerate(CLASSES)}
#: How each named policy decides over counts, per decision (see ``FastBattle``): "first"
#: takes the first present unit of the value order (the policy's ``max``/``min``), "break"
#: a unit whose class it breaks, "keep" one whose class stays, "ground" a non-air unit.
_COUNT_RULES: dict[Policy, dict[str, str]] = {
    cheapest_first: {"hit-attacker": "first", "retreat": "first", "disengage": "first"},
    keep_combined_arms: {"hit-attacker": "break", "retreat": "first", "disengage": "keep"},
    protect_air: {"hit-attacker": "break", "retreat": "ground", "disengage": "ground"},
}


class FastBattle:
    """``fight`` for the named policies over unit counts, for Monte Carlo's many battles.

    Compiled once from a ``Battle``: tokens become indices (in the battle's order, the
    order ``firing_units`` rolls them), the throws are ``STEPS`` with the dice of
    ``firing_die`` as face codes, hits take the first present unit of the
    ``CASUALTY_ORDER`` tiers sorted as the policy sorts, Combined Arms is
    ``combined_arms_hit``. ``play(rng)`` draws the same numbers from ``rng`` in the same
    order as ``fight(battle.copy(), rng, ...)`` and ends in the same state
    (``tests/test_odds_mc.py`` checks it over many battles). ``compile`` gives None for a
    battle already under way or a policy it does not know.
    """

    __slots__ = ("a_tokens", "d_tokens", "a0", "d0", "a_cls", "steps", "ret_order", "dis_order", "break_hits",
                 "keep")

    @classmethod
    def compile(cls, battle: Battle, attacker: Policy, defender: Policy) -> "FastBattle | None":
        if attacker not in _COUNT_RULES or defender not in _COUNT_RULES or not battle.untouched:
            return None
        return cls(battle, _COUNT_RULES[attacker], _COUNT_RULES[defender])

    def __init__(self, battle: Battle, attacker: dict[str, str], defender: dict[str, str]) -> None:
        self.a_tokens, self.d_tokens = list(battle.attackers), list(battle.defenders)
        self.a0, self.d0 = list(battle.attackers.values()), list(battle.defenders.values())
        units, dice, values = battle.tables.units, battle.tables.dice, battle.tables.values
        classes = battle.tables.classes
        self.a_cls = [_CLASS_INDEX[classes[t]] for t, _w in self.a_tokens]
        #: (is attacker, faces of each token's die (none if it does not fire now), the same
        #: for a lone unit, hit order tiers, does Combined Arms hit by attacking classes)
        self.steps = []
        for role, fcls in STEPS[battle.step:]:
            own, enemy = (self.a_tokens, self.d_tokens) if role == ATTACKER else (self.d_tokens, self.a_tokens)
            firing = [classes[t] == fcls for t, _w in own]
            if any(firing):
                tiers = [_by_value(enemy, [j for j, t in enumerate(enemy) if classes[t[0]] in tier], values, high=True)
                         for tier in CASUALTY_ORDER[fcls]]
                ca = tuple(combined_arms_hit(role, battle.terrain, k) for k in range(len(CLASSES) + 1))
                faces = tuple(_faces(dice[firing_die(units[t], False)]) if f else () for (t, _w), f in zip(own, firing))
                lone = tuple(_faces(dice[firing_die(units[t], True)]) if f else () for (t, _w), f in zip(own, firing))
                self.steps.append((role == ATTACKER, faces, lone, [t for t in tiers if t], ca))
        self.ret_order = (_ground_first(self.d_tokens, values, classes) if defender["retreat"] == "ground"
                          else _by_value(self.d_tokens, None, values, high=True))
        self.keep = attacker["disengage"] == "keep"
        self.dis_order = (_ground_first(self.a_tokens, values, classes) if attacker["disengage"] == "ground"
                          else _by_value(self.a_tokens, None, values, high=False))
        self.break_hits = defender["hit-attacker"] == "break"

    def play(self, rng: Rng) -> tuple[list[int], list[int], list[int], list[int]]:
        """One battle: (attackers left, defenders left, disengaged, retreated) per token index."""
        a, d = self.a0[:], self.d0[:]
        dis, ret = [0] * len(a), [0] * len(d)
        a_cls, per_cls = self.a_cls, [0, 0, 0]
        for i, n in enumerate(a):
            per_cls[a_cls[i]] += n
        a_total, d_total = sum(a), sum(d)
        roll, ret_order, dis_order, keep, break_hits = (rng.count_faces, self.ret_order, self.dis_order, self.keep,
                                                        self.break_hits)
        for is_att, faces, lone_faces, tiers, ca in self.steps:
            counts = [0, 0, 0, 0]  # blank, hit, Combined Arms, retreat (no dice: no change)
            if is_att:
                roll(lone_faces if a_total == 1 else faces, a, counts)
            else:
                roll(lone_faces if d_total == 1 else faces, d, counts)
            hits, retreats = counts[1], counts[3]
            if counts[2] and ca[(per_cls[0] > 0) + (per_cls[1] > 0) + (per_cls[2] > 0)]:
                hits += counts[2]
            if is_att:  # hits on the defenders, then defenders retreat
                for _ in range(hits):
                    if not d_total:
                        break
                    d[_first_in_tiers(tiers, d)] -= 1
                    d_total -= 1
                if retreats and d_total:
                    for _ in range(retreats if retreats < d_total else d_total):
                        j = _first(ret_order, d)
                        d[j] -= 1
                        ret[j] += 1
                        d_total -= 1
            else:  # hits on the attackers, then attackers disengage
                for _ in range(hits):
                    if not a_total:
                        break
                    if break_hits and per_cls[0] and per_cls[1] and per_cls[2]:
                        j = _first_in_tiers(tiers, a, a_cls, per_cls)
                    else:
                        j = _first_in_tiers(tiers, a)
                    a[j] -= 1
                    per_cls[a_cls[j]] -= 1
                    a_total -= 1
                if retreats and a_total:
                    for _ in range(retreats if retreats < a_total else a_total):
                        j = _first(dis_order, a, a_cls, per_cls) if keep else _first(dis_order, a)
                        a[j] -= 1
                        dis[j] += 1
                        per_cls[a_cls[j]] -= 1
                        a_total -= 1
        return a, d, dis, ret


def _faces(die: Die) -> tuple[int, ...]:
    return tuple(_FACE_CODE[f] for f in die.faces)


def _by_value(tokens: list[Token], indices: Iterable[int] | None, values: Mapping[str, int], high: bool) -> list[int]:
    """Token indices by (value, token), the most valuable first when ``high``: the
    ``max``/``min`` of the policies is the first present unit of this order."""
    return sorted(range(len(tokens)) if indices is None else indices,
                  key=lambda i: (values[tokens[i][0]], tokens[i]), reverse=high)


def _ground_first(tokens: list[Token], values: Mapping[str, int], classes: Mapping[str, str]) -> list[int]:
    """protect_air's order for a unit of its own leaving: non-air units first, each part by value."""
    order = _by_value(tokens, None, values, high=True)
    return [i for i in order if classes[tokens[i][0]] != AIR] + [i for i in order if classes[tokens[i][0]] == AIR]


def _first(order: list[int], force: list[int], cls_of: list[int] | None = None,
           per_cls: list[int] | None = None) -> int:
    """The first present unit of ``order``; with ``per_cls``, the first whose loss keeps
    its class in the battle if there is one (keep_combined_arms' disengage)."""
    if per_cls is not None:
        assert cls_of is not None  # given together with per_cls
        for i in order:
            if force[i] and per_cls[cls_of[i]] > 1:
                return i
    for i in order:
        if force[i]:
            return i
    raise AssertionError("no unit present")


def _first_in_tiers(tiers: list[list[int]], force: list[int], cls_of: list[int] | None = None,
                    per_cls: list[int] | None = None) -> int:
    """The unit a hit destroys: the first present unit of the first tier with one; with
    ``per_cls``, preferring a unit whose class it would break (keep_combined_arms' hit
    on an attacker with all three classes)."""
    for tier in tiers:
        present = [i for i in tier if force[i]]
        if present:
            if per_cls is not None:
                assert cls_of is not None  # given together with per_cls
                for i in present:
                    if per_cls[cls_of[i]] <= 1:
                        return i
            return present[0]
    raise AssertionError("no unit present")
