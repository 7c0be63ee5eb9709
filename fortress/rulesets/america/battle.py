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
to make, ``casualty_options`` the units a hit may take; ``battle_counts.FastBattle`` is the
same battle over unit counts for Monte Carlo (``tests/test_odds_mc.py`` plays both draw for draw).

A battle reads its unit types and dice from the ruleset's tables it is given
(:class:`fortress.rulesets.america.tables.Tables`: ``game.tables`` in a game):

>>> from fortress.rulesets.america.tables import default
>>> b = Battle("x", "plain", {("infantry", "a"): 1}, {("infantry", "x"): 1}, default())
>>> b.firing_units()
[(('infantry', 'x'), 'red')]
>>> b.apply_roll(["hit"]); b.decision().options
[('infantry', 'a')]
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Protocol, TypeVar

from fortress.engine.dice import Rng, roll_face
from fortress.rulesets.america.dice import COMBINED_ARMS, HIT, RETREAT, DiceKey, DiceOf, volley_table
from fortress.rulesets.america.units import AIR, CLASSES, FOOT, MECH, UnitType

ATTACKER, DEFENDER = "attacker", "defender"
STEPS: tuple[tuple[str, str], ...] = tuple((role, cls) for role in (DEFENDER, ATTACKER) for cls in CLASSES)
#: Order of casualties: for each firing class, tiers of target classes, first tier first.
CASUALTY_ORDER: dict[str, tuple[frozenset[str], ...]] = {
    FOOT: (frozenset({FOOT}), frozenset({MECH}), frozenset({AIR})),
    MECH: (frozenset({FOOT, MECH}), frozenset({AIR})),
    AIR: (frozenset({FOOT, MECH, AIR}),),
}
COMBINED_TERRAIN = frozenset({"city", "mountain"})
ALL_CLASSES = frozenset(CLASSES)


class Arms(DiceOf, Protocol):
    """What a battle reads of its ruleset: the unit types, their classes and values, and the
    dice by name (:class:`fortress.rulesets.america.tables.Tables`, ``game.tables``)."""

    @property
    def units(self) -> Mapping[str, UnitType]: ...
    @property
    def classes(self) -> Mapping[str, str]: ...
    @property
    def values(self) -> Mapping[str, int]: ...

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


def casualty_options(enemy: Iterable[Token], firing_cls: str, classes: Mapping[str, str]) -> list[Token]:
    """The enemy units a hit by ``firing_cls`` fire may destroy: those of the first tier
    of the order of casualties that has a unit in ``enemy`` (``classes``: unit type -> class)."""
    for tier in CASUALTY_ORDER[firing_cls]:
        found = [t for t in enemy if classes[t[0]] in tier]
        if found:
            return found
    return []


def combined_arms_hit(role: str, terrain: str, attacker_classes: int) -> bool:
    """Does a Combined Arms face count as a hit for ``role``, the attacker having units
    of ``attacker_classes`` classes in the battle? (Always for the defender; in a city or
    mountain the attacker needs all three.)"""
    return role == DEFENDER or terrain not in COMBINED_TERRAIN or attacker_classes >= len(CLASSES)


def combined_arms_miss(role: str, terrain: str, attacker_classes: Iterable[str]) -> str | None:
    """Why a Combined Arms face is no hit for ``role`` (None when it is one, as
    :func:`combined_arms_hit` decides), in words for the players."""
    have = frozenset(attacker_classes)
    if combined_arms_hit(role, terrain, len(have)):
        return None
    missing = " or ".join(c for c in CLASSES if c not in have)
    return (f"Combined Arms is no hit: an attacker in a {terrain} needs air, mechanized and foot units "
            f"together in the battle, and has no {missing} unit.")


def firing_die(unit: UnitType, lone: bool) -> str:
    """The die a unit rolls (a lone partisan, the only unit of its side, rolls its own)."""
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
    tables: Arms = field(compare=False, repr=False)  #: the ruleset's units and dice
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
        classes = self.tables.classes
        return frozenset(classes[t] for (t, _w) in self.force(role))

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
        new.area, new.terrain, new.step, new.pending, new.tables = self.area, self.terrain, self.step, [], self.tables
        new.attackers, new.defenders = attackers, defenders
        new.destroyed = {ATTACKER: Counter(), DEFENDER: Counter()}
        new.disengaged, new.retreated = Counter(), Counter()
        return new

    def copy(self) -> "Battle":
        """An independent copy in the same state (also in the middle of a decision)."""
        new = object.__new__(Battle)
        new.area, new.terrain, new.step, new.tables = self.area, self.terrain, self.step, self.tables
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
        units = self.tables.units
        for token, n in force.items():
            unit = units[token[0]]
            if unit.cls == cls and n > 0:
                out.extend([(token, firing_die(unit, lone))] * n)
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
        return volley_table(self.dice(), self.combined_arms_counts(role), enemies, self.tables)

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
        dice = self.tables.dice
        rolls = [(token, die, roll_face(rng, dice[die])) for token, die in self.firing_units()]
        self.apply_roll([face for _t, _d, face in rolls])
        return rolls

    def apply_roll(self, faces: list[str]) -> None:
        """Resolve the faces rolled by the class that fires now (any order)."""
        counts = Counter(faces)
        self.apply_results(counts[HIT], counts[COMBINED_ARMS], counts[RETREAT])

    def combined_arms_counts(self, role: str) -> bool:
        """Does a Combined Arms face count as a hit for ``role`` right now?"""
        return combined_arms_hit(role, self.terrain, len(self.classes(ATTACKER)))

    def combined_arms_miss(self, role: str) -> str | None:
        """Why a Combined Arms face rolled by ``role`` now is no hit (None: it is one)."""
        return combined_arms_miss(role, self.terrain, self.classes(ATTACKER))

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
            return casualty_options(self.force(other(effect.by)), effect.cls, self.tables.classes)
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
        classes = self.tables.classes
        while self.step < len(STEPS):
            role, cls = STEPS[self.step]
            force = self.attackers if role == ATTACKER else self.defenders
            if any(n > 0 and classes[t] == cls for (t, _w), n in force.items()):
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
    def from_data(cls, data: dict, tables: Arms) -> "Battle":
        """The battle :meth:`to_data` described, in the same state (also mid-decision), with
        the ruleset's ``tables``."""
        new = object.__new__(cls)
        new.area, new.terrain, new.step, new.tables = data["area"], data["terrain"], data["step"], tables
        new.attackers, new.defenders = _tokens(data["attackers"], dict), _tokens(data["defenders"], dict)
        new.pending = [Effect(*e) for e in data["pending"]]
        new.destroyed = {role: _tokens(rows, Counter) for role, rows in data["destroyed"].items()}
        new.disengaged, new.retreated = _tokens(data["disengaged"], Counter), _tokens(data["retreated"], Counter)
        return new


def _rows(counts: dict[Token, int]) -> list[list]:
    return [[kind, where, n] for (kind, where), n in counts.items()]


_Tokens = TypeVar("_Tokens", bound=dict[Any, Any])


def _tokens(rows: list, kind: type[_Tokens]) -> _Tokens:
    out = kind()
    for unit, where, n in rows:
        out[(unit, where)] = n
    return out


# -- casualty policies -------------------------------------------------------------------
Policy = Callable[[Battle, Decision], Token]


def _keeps_classes(battle: Battle, role: str, token: Token) -> bool:
    """Would losing ``token`` leave ``role`` with all the classes it has now?"""
    classes = battle.tables.classes
    cls = classes[token[0]]
    return sum(n for t, n in battle.force(role).items() if classes[t[0]] == cls) > 1


def _class_counts(battle: Battle, role: str) -> dict[str, int]:
    """Units of ``role`` per class (``_keeps_classes`` for every token in one pass)."""
    out, classes = dict.fromkeys(CLASSES, 0), battle.tables.classes
    for (t, _w), n in battle.force(role).items():
        out[classes[t]] += n
    return out


def _by_value(battle: Battle) -> Callable[[Token], tuple[int, Token]]:
    """A sort key of tokens: (the unit's value, the token)."""
    values = battle.tables.values
    return lambda t: (values[t[0]], t)


def cheapest_first(battle: Battle, d: Decision) -> Token:
    """Hits kill the enemy's most valuable unit; own losses are the cheapest unit;
    a retreating defender saves its most valuable unit."""
    key = _by_value(battle)
    if d.kind == "hit":
        return max(d.options, key=key)
    if d.kind == "retreat":
        return max(d.options, key=key)
    return min(d.options, key=key)


def keep_combined_arms(battle: Battle, d: Decision) -> Token:
    """Like cheapest_first, but the attacker never gives up its last unit of a class
    while it can avoid it, and the defender's hits break the attacker's combined arms."""
    classes = battle.tables.classes
    if d.kind == "hit" and d.victim == ATTACKER and battle.classes(ATTACKER) >= ALL_CLASSES:
        per_cls = _class_counts(battle, ATTACKER)
        breaking = [t for t in d.options if per_cls[classes[t[0]]] <= 1]
        if breaking:
            return max(breaking, key=_by_value(battle))
    if d.kind == "disengage":
        per_cls = _class_counts(battle, ATTACKER)
        keeping = [t for t in d.options if per_cls[classes[t[0]]] > 1] or d.options
        return min(keeping, key=_by_value(battle))
    return cheapest_first(battle, d)


def protect_air(battle: Battle, d: Decision) -> Token:
    """Like keep_combined_arms, but a side keeps its air units in the battle to the last:
    when it must send one of its own units away (a defender's retreat, an attacker's
    disengage) it sends the most valuable non-air unit. Air units are the last casualties
    of Foot and Mechanized fire, so a defender keeping them holds the territory longer."""
    if d.kind in ("retreat", "disengage"):
        classes = battle.tables.classes
        ground = [t for t in d.options if classes[t[0]] != AIR] or d.options
        return max(ground, key=_by_value(battle))
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
