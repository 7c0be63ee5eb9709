"""One battle: a resumable state machine shared by the game, the odds and the bots.

Rules (Combat Resolution): one round. The defender fires first, then the surviving
attackers; within a side Air fires, then Mechanized, then Foot, and each class's
results are resolved before the next class fires.

* Hit: the firing side destroys one enemy unit, choosing within the firing class's
  order of casualties (Foot fire: foot, then mechanized, then air; Mechanized fire:
  foot or mechanized, then air; Air fire: any).
* Combined Arms: a hit for the defender; for the attacker a hit, except in a city or
  mountain, where it counts only if the attacker's units still in the battle include
  all three classes.
* Retreat (rolled by the attacker): one defending unit, the defender's choice, leaves.
* Disengage (the retreat face rolled by the defender): one attacking unit, the
  attacker's choice, leaves the battle before it fires.
* A lone partisan, the only unit of its side in the battle, rolls the white d8.

Units are counted by *token* ``(unit type, where)``: for an attacker ``where`` is the
area it attacks from, for a defender the battle's area. The battle knows no board:
where a retreating unit goes is the caller's business.

The odds drive this same battle: ``Battle.roll_outcomes`` lists the results the next
roll can have with their probabilities, ``Battle.volleys`` the throws a side has still
to make, ``casualty_options`` the units a hit may take; ``FastBattle`` is the same
battle over unit counts for Monte Carlo (``tests/test_odds_mc.py`` plays both draw for draw).

>>> b = Battle("x", "plain", {("infantry", "a"): 1}, {("infantry", "x"): 1})
>>> b.firing_units()
[(('infantry', 'x'), 'red')]
>>> b.apply_roll(["hit"]); b.decision().options
[('infantry', 'a')]
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable

from fortress.rules.dice import BLANK, COMBINED_ARMS, DICE, HIT, RETREAT, DiceKey, Rng, roll_face, volley_table
from fortress.rules.units import AIR, CLASSES, FOOT, MECH, UNITS

ATTACKER, DEFENDER = "attacker", "defender"
STEPS: tuple[tuple[str, str], ...] = tuple((role, cls) for role in (DEFENDER, ATTACKER) for cls in CLASSES)
#: Order of casualties: for each firing class, tiers of target classes, first tier first.
CASUALTY_ORDER: dict[str, tuple[frozenset[str], ...]] = {
    FOOT: (frozenset({FOOT}), frozenset({MECH}), frozenset({AIR})),
    MECH: (frozenset({FOOT, MECH}), frozenset({AIR})),
    AIR: (frozenset({FOOT, MECH, AIR}),),
}
COMBINED_TERRAIN = frozenset({"city", "mountain"})
_CLS: dict[str, str] = {name: u.cls for name, u in UNITS.items()}  # unit type -> class (hot path)
ALL_CLASSES = frozenset(CLASSES)

Token = tuple[str, str]


def _counter_copy(c: Counter) -> Counter:
    """``Counter(c)`` without its slow generic ``update`` (a hot path of the odds)."""
    new = Counter.__new__(Counter)
    dict.update(new, c)
    return new


def other(role: str) -> str:
    return DEFENDER if role == ATTACKER else ATTACKER


def _dice_key(throw: list[tuple[Token, str]]) -> DiceKey:
    counts: dict[str, int] = {}
    for _t, die in throw:
        counts[die] = counts.get(die, 0) + 1
    return tuple(sorted(counts.items()))


def casualty_options(enemy: Iterable[Token], firing_cls: str) -> list[Token]:
    """The enemy units a hit by ``firing_cls`` fire may destroy: those of the first tier
    of the order of casualties that has a unit in ``enemy``."""
    for tier in CASUALTY_ORDER[firing_cls]:
        found = [t for t in enemy if _CLS[t[0]] in tier]
        if found:
            return found
    return []


def combined_arms_hit(role: str, terrain: str, attacker_classes: int) -> bool:
    """Does a Combined Arms face count as a hit for ``role``, the attacker having units
    of ``attacker_classes`` classes in the battle? (Always for the defender; in a city or
    mountain the attacker needs all three.)"""
    return role == DEFENDER or terrain not in COMBINED_TERRAIN or attacker_classes >= len(CLASSES)


def firing_die(unit_type: str, lone: bool) -> str:
    """The die a unit rolls (a lone partisan, the only unit of its side, rolls its own)."""
    unit = UNITS[unit_type]
    return unit.lone_die if (lone and unit.lone_die) else unit.die


@dataclass(frozen=True, slots=True)
class Effect:
    """A result of a roll waiting to be resolved."""

    kind: str  # "hit", "retreat" or "disengage"
    by: str  # role whose die produced it
    cls: str  # class of the firing units (sets the order of casualties)


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the battle needs: ``decider`` picks one of ``options`` (tokens)."""

    kind: str  # "hit", "retreat" or "disengage"
    decider: str  # ATTACKER or DEFENDER
    victim: str  # role whose unit is chosen
    options: list[Token]


@dataclass(slots=True)
class Battle:
    area: str
    terrain: str
    attackers: dict[Token, int]
    defenders: dict[Token, int]
    step: int = 0
    pending: list[Effect] = field(default_factory=list)
    destroyed: dict[str, Counter] = field(default_factory=lambda: {ATTACKER: Counter(), DEFENDER: Counter()})
    disengaged: Counter = field(default_factory=Counter)
    retreated: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.attackers = {t: n for t, n in self.attackers.items() if n > 0}
        self.defenders = {t: n for t, n in self.defenders.items() if n > 0}
        self._skip_silent_steps()

    # -- state ----------------------------------------------------------------------
    def force(self, role: str) -> dict[Token, int]:
        return self.attackers if role == ATTACKER else self.defenders

    @property
    def done(self) -> bool:
        return self.step >= len(STEPS) and not self.pending

    @property
    def cleared(self) -> bool:
        """No defender is left in the territory."""
        return not self.defenders

    @property
    def firing(self) -> tuple[str, str] | None:
        """(role, class) about to fire, or None when results are pending or all fired."""
        if self.pending or self.step >= len(STEPS):
            return None
        return STEPS[self.step]

    def classes(self, role: str) -> frozenset[str]:
        return frozenset(_CLS[t] for (t, _w) in self.force(role))

    @property
    def untouched(self) -> bool:
        """Nothing pending, destroyed or gone yet (only classes without a roll passed)."""
        return not (self.pending or self.disengaged or self.retreated or any(self.destroyed.values()))

    def fired(self, role: str) -> bool:
        """Is ``role``'s first class past its turn to fire (rolled or passed over)?"""
        return self.step > STEPS.index((role, CLASSES[0]))

    def with_forces(self, attackers: dict[Token, int], defenders: dict[Token, int]) -> "Battle":
        """This battle at the same step with these forces (used as given, not copied) and
        nothing pending or gone: what a casualty policy reads to make its choice."""
        new = object.__new__(Battle)
        new.area, new.terrain, new.step, new.pending = self.area, self.terrain, self.step, []
        new.attackers, new.defenders = attackers, defenders
        new.destroyed = {ATTACKER: Counter(), DEFENDER: Counter()}
        new.disengaged, new.retreated = Counter(), Counter()
        return new

    def copy(self) -> "Battle":
        """An independent copy in the same state (also in the middle of a decision)."""
        new = object.__new__(Battle)
        new.area, new.terrain, new.step = self.area, self.terrain, self.step
        new.attackers, new.defenders, new.pending = dict(self.attackers), dict(self.defenders), list(self.pending)
        new.destroyed = {k: _counter_copy(v) for k, v in self.destroyed.items()}
        new.disengaged, new.retreated = _counter_copy(self.disengaged), _counter_copy(self.retreated)
        return new

    # -- firing -----------------------------------------------------------------------
    def firing_units(self) -> list[tuple[Token, str]]:
        """The units that fire now, one entry per die: ``(token, die name)``."""
        if self.firing is None:
            return []
        return self._throw(*STEPS[self.step])

    def _throw(self, role: str, cls: str) -> list[tuple[Token, str]]:
        """``(token, die)`` per die ``role``'s ``cls`` units roll with the forces as they are."""
        force = self.attackers if role == ATTACKER else self.defenders
        lone = sum(force.values()) == 1
        out = []
        for token, n in force.items():
            if _CLS[token[0]] == cls and n > 0:
                out.extend([(token, firing_die(token[0], lone))] * n)
        return out

    def dice(self) -> DiceKey:
        """The dice the class firing now rolls, as a sorted multiset ``((die, n), ...)``."""
        return _dice_key(self.firing_units())

    def roll_outcomes(self) -> tuple[tuple[int, int, float], ...]:
        """Every result the roll due now can have, as ``(hits, retreats, probability)``
        for ``apply_results(hits, 0, retreats)``: Combined Arms folded into hits when it
        counts, hits beyond the enemies and retreats beyond those left merged (they change
        nothing). Empty when no roll is due."""
        if self.firing is None:
            return ()
        role = self.firing[0]
        enemies = sum(self.force(other(role)).values())
        if not enemies:  # nothing to hit: every roll leads to the same state
            return ((0, 0, 1.0),)
        return volley_table(self.dice(), self.combined_arms_counts(role), enemies)

    def volleys(self, role: str) -> tuple[tuple[str, DiceKey, bool], ...]:
        """``(class, dice, Combined Arms counts)`` of each throw ``role`` has still to make
        from this battle between rolls, if no roll changed the forces (a side's own throws
        change neither its dice nor its classes)."""
        if self.firing is None:
            return ()
        ca, out = self.combined_arms_counts(role), []
        for r, cls in STEPS[self.step:]:
            if r == role and (throw := self._throw(role, cls)):
                out.append((cls, _dice_key(throw), ca))
        return tuple(out)

    def roll(self, rng: Rng) -> list[tuple[Token, str, str]]:
        """Roll for the class that fires now; returns ``(token, die, face)`` per die."""
        rolls = [(token, die, roll_face(rng, die)) for token, die in self.firing_units()]
        self.apply_roll([face for _t, _d, face in rolls])
        return rolls

    def apply_roll(self, faces: list[str]) -> None:
        """Resolve the faces rolled by the class that fires now (any order)."""
        counts = Counter(faces)
        self.apply_results(counts[HIT], counts[COMBINED_ARMS], counts[RETREAT])

    def combined_arms_counts(self, role: str) -> bool:
        """Does a Combined Arms face count as a hit for ``role`` right now?"""
        return combined_arms_hit(role, self.terrain, len(self.classes(ATTACKER)))

    def apply_results(self, hits: int, combined: int, retreats: int) -> None:
        role, cls = STEPS[self.step]
        if combined and self.combined_arms_counts(role):
            hits += combined
        kind = "retreat" if role == ATTACKER else "disengage"
        self.pending = [Effect("hit", role, cls)] * hits + [Effect(kind, role, cls)] * retreats
        self.step += 1
        self._drop_empty_effects()

    # -- decisions --------------------------------------------------------------------
    def options(self, effect: Effect) -> list[Token]:
        if effect.kind == "hit":
            return casualty_options(self.force(other(effect.by)), effect.cls)
        if effect.kind == "retreat":
            return list(self.defenders)
        return list(self.attackers)  # disengage

    def decision(self) -> Decision | None:
        """The choice needed now, or None if the next thing is a roll (or the end)."""
        if not self.pending:
            return None
        effect = self.pending[0]
        victim = other(effect.by) if effect.kind == "hit" else (DEFENDER if effect.kind == "retreat" else ATTACKER)
        decider = effect.by if effect.kind == "hit" else victim
        return Decision(effect.kind, decider, victim, self.options(effect))

    def choose(self, token: Token) -> None:
        """Resolve the pending decision with ``token`` (must be one of its options)."""
        effect = self.pending[0]
        if token not in self.options(effect):
            raise ValueError(f"{token} is not a choice for this {effect.kind}")
        self.pending.pop(0)
        if effect.kind == "hit":
            victim = other(effect.by)
            self._remove(victim, token)
            self.destroyed[victim][token] += 1
        elif effect.kind == "retreat":
            self._remove(DEFENDER, token)
            self.retreated[token] += 1
        else:
            self._remove(ATTACKER, token)
            self.disengaged[token] += 1
        self._drop_empty_effects()

    def destroy_retreated(self, token: Token) -> None:
        """A retreating unit with nowhere to go is destroyed instead."""
        self.retreated[token] -= 1
        if not self.retreated[token]:
            del self.retreated[token]
        self.destroyed[DEFENDER][token] += 1

    # -- helpers ----------------------------------------------------------------------
    def _remove(self, role: str, token: Token) -> None:
        force = self.force(role)
        force[token] -= 1
        if not force[token]:
            del force[token]

    def _drop_empty_effects(self) -> None:
        while self.pending and not self.options(self.pending[0]):
            self.pending.pop(0)
        if not self.pending:
            self._skip_silent_steps()

    def _skip_silent_steps(self) -> None:
        """Move past classes with no unit to fire (never while a result is pending)."""
        if self.pending:
            return
        while self.step < len(STEPS):
            role, cls = STEPS[self.step]
            force = self.attackers if role == ATTACKER else self.defenders
            if any(n > 0 and _CLS[t] == cls for (t, _w), n in force.items()):
                return
            self.step += 1

    # -- plain data -------------------------------------------------------------------
    def to_data(self) -> dict:
        """JSON-able data; forces are ``[unit type, where, count]`` rows kept in their order
        (it sets the order of the choices offered)."""
        return {"area": self.area, "terrain": self.terrain, "step": self.step,
                "attackers": _rows(self.attackers), "defenders": _rows(self.defenders),
                "pending": [[e.kind, e.by, e.cls] for e in self.pending],
                "destroyed": {role: _rows(c) for role, c in self.destroyed.items()},
                "disengaged": _rows(self.disengaged), "retreated": _rows(self.retreated)}

    @classmethod
    def from_data(cls, data: dict) -> "Battle":
        """The battle :meth:`to_data` described, in the same state (also mid-decision)."""
        new = object.__new__(cls)
        new.area, new.terrain, new.step = data["area"], data["terrain"], data["step"]
        new.attackers, new.defenders = _tokens(data["attackers"], dict), _tokens(data["defenders"], dict)
        new.pending = [Effect(*e) for e in data["pending"]]
        new.destroyed = {role: _tokens(rows, Counter) for role, rows in data["destroyed"].items()}
        new.disengaged, new.retreated = _tokens(data["disengaged"], Counter), _tokens(data["retreated"], Counter)
        return new


def _rows(counts: dict[Token, int]) -> list[list]:
    return [[kind, where, n] for (kind, where), n in counts.items()]


def _tokens(rows: list, kind: type) -> dict:
    out = kind()
    for unit, where, n in rows:
        out[(unit, where)] = n
    return out


# -- casualty policies -------------------------------------------------------------------
Policy = Callable[[Battle, Decision], Token]


def _value(token: Token) -> int:
    return UNITS[token[0]].value


def _keeps_classes(battle: Battle, role: str, token: Token) -> bool:
    """Would losing ``token`` leave ``role`` with all the classes it has now?"""
    cls = _CLS[token[0]]
    return sum(n for t, n in battle.force(role).items() if _CLS[t[0]] == cls) > 1


def _class_counts(battle: Battle, role: str) -> dict[str, int]:
    """Units of ``role`` per class (``_keeps_classes`` for every token in one pass)."""
    out = dict.fromkeys(CLASSES, 0)
    for (t, _w), n in battle.force(role).items():
        out[_CLS[t]] += n
    return out


def cheapest_first(battle: Battle, d: Decision) -> Token:
    """Hits kill the enemy's most valuable unit; own losses are the cheapest unit;
    a retreating defender saves its most valuable unit."""
    if d.kind == "hit":
        return max(d.options, key=lambda t: (_value(t), t))
    if d.kind == "retreat":
        return max(d.options, key=lambda t: (_value(t), t))
    return min(d.options, key=lambda t: (_value(t), t))


def keep_combined_arms(battle: Battle, d: Decision) -> Token:
    """Like cheapest_first, but the attacker never gives up its last unit of a class
    while it can avoid it, and the defender's hits break the attacker's combined arms."""
    if d.kind == "hit" and d.victim == ATTACKER and battle.classes(ATTACKER) >= ALL_CLASSES:
        per_cls = _class_counts(battle, ATTACKER)
        breaking = [t for t in d.options if per_cls[_CLS[t[0]]] <= 1]
        if breaking:
            return max(breaking, key=lambda t: (_value(t), t))
    if d.kind == "disengage":
        per_cls = _class_counts(battle, ATTACKER)
        keeping = [t for t in d.options if per_cls[_CLS[t[0]]] > 1] or d.options
        return min(keeping, key=lambda t: (_value(t), t))
    return cheapest_first(battle, d)


def protect_air(battle: Battle, d: Decision) -> Token:
    """Like keep_combined_arms, but a side keeps its air units in the battle to the last:
    when it must send one of its own units away (a defender's retreat, an attacker's
    disengage) it sends the most valuable non-air unit. Air units are the last casualties
    of Foot and Mechanized fire, so a defender keeping them holds the territory longer."""
    if d.kind in ("retreat", "disengage"):
        ground = [t for t in d.options if _CLS[t[0]] != AIR] or d.options
        return max(ground, key=lambda t: (_value(t), t))
    return keep_combined_arms(battle, d)


#: Casualty policies by name; the odds, the bots and the game's default choices share them.
POLICIES: dict[str, Policy] = {
    "cheapest-first": cheapest_first,
    "keep-combined-arms": keep_combined_arms,
    "protect-air": protect_air,
}
DEFAULT_POLICY = "keep-combined-arms"


def fight(battle: Battle, rng: Rng, attacker: Policy = keep_combined_arms, defender: Policy = keep_combined_arms) -> Battle:
    """Play ``battle`` to the end with dice from ``rng`` and the given policies."""
    policies = {ATTACKER: attacker, DEFENDER: defender}
    while not battle.done:
        d = battle.decision()
        if d is None:
            battle.roll(rng)
        else:
            battle.choose(d.options[0] if len(d.options) == 1 else policies[d.decider](battle, d))
    return battle


# -- the same battle over unit counts (Monte Carlo's hot loop) --------------------------------
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
        self.a_cls = [_CLASS_INDEX[_CLS[t]] for t, _w in self.a_tokens]
        #: (is attacker, faces of each token's die (none if it does not fire now), the same
        #: for a lone unit, hit order tiers, does Combined Arms hit by attacking classes)
        self.steps = []
        for role, fcls in STEPS[battle.step:]:
            own, enemy = (self.a_tokens, self.d_tokens) if role == ATTACKER else (self.d_tokens, self.a_tokens)
            firing = [_CLS[t] == fcls for t, _w in own]
            if any(firing):
                tiers = [_by_value(enemy, [j for j, t in enumerate(enemy) if _CLS[t[0]] in tier], high=True)
                         for tier in CASUALTY_ORDER[fcls]]
                ca = tuple(combined_arms_hit(role, battle.terrain, k) for k in range(len(CLASSES) + 1))
                faces = tuple(_faces(firing_die(t, False)) if f else () for (t, _w), f in zip(own, firing))
                lone = tuple(_faces(firing_die(t, True)) if f else () for (t, _w), f in zip(own, firing))
                self.steps.append((role == ATTACKER, faces, lone, [t for t in tiers if t], ca))
        self.ret_order = (_ground_first(self.d_tokens) if defender["retreat"] == "ground"
                          else _by_value(self.d_tokens, None, high=True))
        self.keep = attacker["disengage"] == "keep"
        self.dis_order = (_ground_first(self.a_tokens) if attacker["disengage"] == "ground"
                          else _by_value(self.a_tokens, None, high=False))
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


def _faces(die: str) -> tuple[int, ...]:
    return tuple(_FACE_CODE[f] for f in DICE[die].faces)


def _by_value(tokens: list[Token], indices: Iterable[int] | None, high: bool) -> list[int]:
    """Token indices by (value, token), the most valuable first when ``high``: the
    ``max``/``min`` of the policies is the first present unit of this order."""
    return sorted(range(len(tokens)) if indices is None else indices,
                  key=lambda i: (_value(tokens[i]), tokens[i]), reverse=high)


def _ground_first(tokens: list[Token]) -> list[int]:
    """protect_air's order for a unit of its own leaving: non-air units first, each part by value."""
    order = _by_value(tokens, None, high=True)
    return [i for i in order if _CLS[tokens[i][0]] != AIR] + [i for i in order if _CLS[tokens[i][0]] == AIR]


def _first(order: list[int], force: list[int], cls_of: list[int] | None = None,
           per_cls: list[int] | None = None) -> int:
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
    """The unit a hit destroys: the first present unit of the first tier with one; with
    ``per_cls``, preferring a unit whose class it would break (keep_combined_arms' hit
    on an attacker with all three classes)."""
    for tier in tiers:
        present = [i for i in tier if force[i]]
        if present:
            if per_cls is not None:
                for i in present:
                    if per_cls[cls_of[i]] <= 1:
                        return i
            return present[0]
    raise AssertionError("no unit present")
