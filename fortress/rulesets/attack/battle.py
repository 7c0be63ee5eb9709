"""ATTACK! Deluxe's battles ([Battles], [Dice&Cards]): one engine for the game, the odds and
the bots. A :class:`Battle` is plain data (JSON round trip) that moves in fire steps.

* Deploy: each side puts four units on its front, the defender first; with fewer, all deploy.
* Opening salvo: an attacker with artillery (army) or a submarine (naval) is active first but
  fires only its deployed artillery or submarines then; otherwise the defender is active first
  (ruling 4).
* Before each later step the new active side reorganises: its front maximum grows by one
  (4 + the times it has reorganised, derived) and it fills its front from reserve as fully as
  it can.
* Fire: one die per front unit (army die for army units, naval die for naval units), plus one
  army die per carrier that scores only on an aircraft face. Hits = the sum over unit types of
  min(faces of that type, own front units of that type).
* Destroy: each hit removes an enemy front unit in the fixed order of ``data/battle.toml``;
  hits beyond the front are lost (ruling 5). No retreat: the sides alternate until one side
  has no units.

The tables (dice faces, orders, front size, air support, the neutral policy) are read from
``data/battle.toml``; each entry there says whether it is text, derived, ruling or design.

>>> b = Battle.start("army", "red", {"infantry": 2}, None, {"tank": 1})
>>> b.active, b.front["attacker"], b.decision() is None
('defender', {'infantry': 2}, True)
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal, Mapping, cast

from fortress.engine.game import IllegalAction
from fortress.rulesets.attack.battle_dice import (KINDS, ROLES, Dice, Kind, Role, Units, counted, describe, kind_of,
                                                  match_hits, plus, roll_faces, step_table, tables, total)

Die = tuple[str, str, str]  #: one die thrown: (the unit type it matched or "", the die, its face)

__all__ = ["Battle", "BattleOptions", "Die", "FrontChoice", "Kind", "Role", "coastal_attack", "neutral_army",
           "neutral_front", "match_hits", "step_table", "tables"]

@dataclass(frozen=True)
class BattleOptions:
    """The cards and rulings that change a battle.

    ``casualties_from``: "front" (ruling 5) or "all" (hits may reach the reserve).
    ``shock_troops``: the attacker's first so many full fire steps, its reserve also rolls
    (Shock Troops: 1; Monarchy's 2). ``armor_raid``: "reroll" (the attacker's first fire step
    that scores nothing is rolled again, once) or "twice" (Fascism: the attacker's first fire
    step is rolled twice and both count). ``wolf_pack_defence_salvo``: a defender with
    submarines fires them in an extra opening step before anything else (Fascism's Wolf Pack).
    """

    casualties_from: Literal["front", "all"] = "front"
    shock_troops: int = 0
    armor_raid: Literal["", "reroll", "twice"] = ""
    wolf_pack_defence_salvo: bool = False

    def __post_init__(self) -> None:
        if self.casualties_from not in ("front", "all") or self.armor_raid not in ("", "reroll", "twice") \
                or not isinstance(self.shock_troops, int) or self.shock_troops < 0:
            raise ValueError(f"battle options out of range: {self}")


@dataclass(frozen=True)
class FrontChoice:
    """``role`` must now move ``size`` units of ``available`` (its reserve) to the front,
    which already holds ``current``."""

    role: Role
    size: int
    available: Mapping[str, int]
    current: Mapping[str, int] = field(default_factory=dict)

    def legal(self) -> list[Units]:
        """Every allowed choice: each way to take ``size`` units of ``available``."""
        out: list[Units] = [{}]
        for t in sorted(self.available):
            out = [{**c, t: k} if k else c for c in out
                   for k in range(min(self.available[t], self.size - total(c)) + 1)]
        return [c for c in out if total(c) == self.size]

    def forced(self) -> Units | None:
        """The only allowed choice, if there is just one (None: a real choice)."""
        if self.size == total(self.available):
            return dict(self.available)
        if len(self.available) == 1:
            return {t: self.size for t in self.available}
        return {} if self.size == 0 else None

    def reason(self, units: Mapping[str, int]) -> str | None:
        """Why ``units`` is not an allowed choice (None: it is)."""
        if not isinstance(units, Mapping):
            return "a front is given as unit type -> count, e.g. {'infantry': 2, 'tank': 2}"
        for t, n in units.items():
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                return f"{t}: a count must be a whole number of 0 or more"
            if n > self.available.get(t, 0):
                return f"only {self.available.get(t, 0)} {t} can be deployed ([Battles]: the front is filled from reserve)"
        if total(units) != self.size:
            return (f"the {self.role} must deploy exactly {self.size} units now ([Battles]: the front "
                    f"takes as many units as can be made available, up to its maximum)")
        return None


def neutral_front(available: Mapping[str, int], size: int) -> Units:
    """The fixed front policy (ruling 12): take one unit of each available type in the
    policy's order, again and again, until ``size`` units are chosen.

    >>> neutral_front({"infantry": 3, "aircraft": 2, "tank": 1}, 4)
    {'aircraft': 2, 'tank': 1, 'infantry': 1}
    """
    left, out = dict(available), Units()
    order = tables().policy[kind_of(available)]
    while total(out) < size and total(left):
        for t in order:
            if left.get(t, 0) and total(out) < size:
                left[t] -= 1
                out[t] = out.get(t, 0) + 1
    return out


def neutral_army(year: int, rng: Dice) -> Units:
    """A neutral region's army ([Battles]): one army die per year, each face one unit of that
    type, blanks nothing. (Year 4, two aircraft, a tank and a blank: 2 aircraft, 1 tank.)"""
    faces = counted(roll_faces(rng, "army", year))
    faces.pop("blank", None)
    return faces


@dataclass
class Battle:
    """One battle between an attacker and a defender (a player, or None for a neutral
    region). ``front``/``reserve``/``reorganised`` are keyed by role; ``active`` fires next
    (None while deploying); ``salvo``: its next step fires only its salvo type; ``opening``:
    the opening steps still to come ("attacker:salvo", "defender"); ``pending``: who must
    choose units for its front now; ``step``: fire steps done."""

    kind: Kind
    attacker: str
    defender: str | None
    front: dict[str, Units]
    reserve: dict[str, Units]
    reorganised: dict[str, int] = field(default_factory=lambda: {"attacker": 0, "defender": 0})
    active: Role | None = None
    salvo: bool = False
    opening: list[str] = field(default_factory=list)
    pending: Role | None = "defender"
    step: int = 0
    shock_left: int = 0
    raid: str = ""
    options: BattleOptions = field(default_factory=BattleOptions)

    # -- starting ------------------------------------------------------------------------
    @classmethod
    def start(cls, kind: Kind, attacker: str, attack_units: dict[str, int], defender: str | None,
              defend_units: dict[str, int], *, options: BattleOptions | None = None) -> Battle:
        """A battle at its deploy step ([Battles] Step 1). Forced choices (all units fit, one
        type only, the neutral's) are made at once; :meth:`decision` says who chooses next."""
        if kind not in KINDS:
            raise ValueError(f"a battle is army or naval, not {kind!r}")
        for side, units in (("attacking", attack_units), ("defending", defend_units)):
            for t, n in units.items():
                if t not in tables().order[kind]:
                    raise ValueError(f"{t!r} cannot fight in {'an' if kind == 'army' else 'a'} {kind} battle ([Battles]: "
                                     f"{kind} units only: {', '.join(tables().order[kind])})")
                if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                    raise ValueError(f"{side} {t}: a count must be a whole number of 0 or more")
        if not total(attack_units):
            raise ValueError("an attack needs at least one unit")
        opts = options or BattleOptions()
        b = cls(kind, attacker, defender, {"attacker": {}, "defender": {}},
                {"attacker": plus(attack_units, {}), "defender": plus(defend_units, {})},
                shock_left=opts.shock_troops, raid=opts.armor_raid, options=opts)
        b._settle()
        return b

    def _open(self) -> None:
        """Who fires first, once both fronts stand ([Battles] Step 1, ruling 4)."""
        salvo = tables().salvo[self.kind]
        steps = []
        if self.options.wolf_pack_defence_salvo and self.kind == "naval" and self.units("defender").get(salvo):
            steps.append("defender:salvo")
        if self.units("attacker").get(salvo):
            steps.append("attacker:salvo")
        else:
            steps.append(tables().first_without_salvo)
        self.opening = steps
        self._next_opening()

    def _next_opening(self) -> None:
        role, _, salvo = self.opening.pop(0).partition(":")
        self.active, self.salvo = cast(Role, role), bool(salvo)

    # -- what the battle holds -----------------------------------------------------------
    def units(self, role: Role) -> Units:
        """Every unit ``role`` has in the battle, front and reserve."""
        return plus(self.front[role], self.reserve[role])

    survivors = units

    @property
    def done(self) -> bool:
        """One side has no units left ([Battles] Step 4: no retreat)."""
        f, r = self.front, self.reserve  # counts are never 0: an empty dict is no unit
        return not (f["attacker"] or r["attacker"]) or not (f["defender"] or r["defender"])

    def winner(self) -> Role | None:
        """The side with units left once the battle is done; None while it goes on. Both sides
        never fall together (only the active side's enemy loses units, and an attack needs a
        unit): were it so, the area would stay as it was (ruling)."""
        if not self.done:
            return None
        alive = [r for r in ROLES if total(self.units(r))]
        return alive[0] if len(alive) == 1 else None

    @property
    def round(self) -> int:
        """The battle round now fought: 1 is the first fire step (after the deploy)."""
        return self.step + 1

    def front_max(self, role: Role) -> int:
        """4 + growth x the times ``role`` has reorganised (derived: "A4, D4, A5, D5...")."""
        return tables().front + tables().growth * self.reorganised[role]

    # -- choices -------------------------------------------------------------------------
    def _choice(self) -> FrontChoice | None:
        if self.pending is None:
            return None
        r = self.pending
        room = self.front_max(r) - total(self.front[r])
        return FrontChoice(r, max(0, min(room, total(self.reserve[r]))), dict(self.reserve[r]), dict(self.front[r]))

    def decision(self) -> FrontChoice | None:
        """Who must choose which units go to the front now (None: nobody; roll)."""
        return None if self.done else self._choice()

    def choose(self, front: dict[str, int]) -> None:
        """Move ``front`` (units of the pending side's reserve) to its front."""
        c = self.decision()
        if c is None:
            raise IllegalAction(front, "no front is to be chosen now", text="deploy")
        why = c.reason(front)
        if why is not None:
            raise IllegalAction(front, why, text=f"deploy {describe(front)}" if isinstance(front, Mapping) else "deploy")
        self._deploy(c.role, front)

    def _deploy(self, role: Role, units: Mapping[str, int]) -> None:
        self.front[role] = plus(self.front[role], units)
        self.reserve[role] = plus(self.reserve[role], {t: -n for t, n in units.items()})
        self.pending = "attacker" if self.active is None and role == "defender" else None
        if self.active is None and self.pending is None:
            self._open()
        self._settle()

    def _settle(self) -> None:
        """Make a forced choice: a neutral's (its policy), or one with a single answer."""
        if self.done:
            self.pending = None
        elif (c := self._choice()) is not None:
            if c.role == "defender" and self.defender is None:
                self._deploy(c.role, neutral_front(c.available, c.size))
            elif (only := c.forced()) is not None:
                self._deploy(c.role, only)

    # -- fire ----------------------------------------------------------------------------
    def firing(self) -> Units:
        """The active side's units that roll this step (and that its faces may match): the
        deployed salvo type in a salvo step; the front (and, in a Shock Troops step, the
        reserve too) otherwise."""
        r = self._active()
        if self.salvo:
            t = tables().salvo[self.kind]
            return {t: self.front[r][t]} if self.front[r].get(t) else {}
        return self.units(r) if r == "attacker" and self.shock_left else dict(self.front[r])

    def _active(self) -> Role:
        if self.done:
            raise IllegalAction("roll", "the battle is over", text="roll")
        if self.active is None or self.pending is not None:
            raise IllegalAction("roll", f"the {self.pending} must choose its front first ([Battles] Step 1)", text="roll")
        return self.active

    def roll(self, rng: Dice) -> list[str]:
        """One fire step of the active side with ``rng``; short texts of what happened."""
        return [text for text, _dice in self.roll_dice(rng)]

    def roll_dice(self, rng: Dice) -> list[tuple[str, tuple[Die, ...]]]:
        """:meth:`roll`, each text with the dice it tells of as ``(unit, die, face)``: ``unit``
        is the firing unit type the face matched (a hit), "" for a miss ([Battles] Step 3);
        an air-support die is matched to a carrier when it shows an aircraft."""
        r = self._active()
        rolling = self.firing()
        hits, events = self._throw(rng, r, rolling)
        if r == "attacker" and self.raid == "twice":
            more, seen = self._throw(rng, r, rolling)
            hits, events = hits + more, events + [(f"Armor Raid, again: {s}", d) for s, d in seen]
            self.raid = ""
        elif r == "attacker" and self.raid == "reroll" and hits == 0:
            hits, seen = self._throw(rng, r, rolling)
            events += [(f"Armor Raid re-roll: {s}", d) for s, d in seen]
            self.raid = ""
        lost = self._hit(hits)
        events.append((f"{self.other(r)} loses {describe(lost)}", ()))
        return events

    def _throw(self, rng: Dice, r: Role, rolling: Units) -> tuple[int, list[tuple[str, tuple[Die, ...]]]]:
        faces = roll_faces(rng, self.kind, total(rolling))
        hits = match_hits(counted(faces), rolling)
        air = tables()
        carriers = 0 if self.salvo else rolling.get(air.air_unit, 0)
        support = roll_faces(rng, air.air_die, carriers)
        hits += support.count(air.air_face)
        text = f"{r} rolls {', '.join(faces) or 'no dice'}"
        if support:
            text += f"; air support {', '.join(support)}"
        left = dict(rolling)
        dice: list[Die] = []
        for face in faces:
            unit = face if left.get(face, 0) > 0 else ""
            left[face] = left.get(face, 0) - bool(unit)
            dice.append((unit, self.kind, face))
        dice += [(air.air_unit if face == air.air_face else "", air.air_die, face) for face in support]
        return hits, [(f"{text}: {hits} hit{'s' if hits != 1 else ''}", tuple(dice))]

    @staticmethod
    def other(role: Role) -> Role:
        return "defender" if role == "attacker" else "attacker"

    def _hit(self, hits: int) -> Units:
        """Destroy ``hits`` enemy units in the fixed order, front first (ruling 5), then pass
        the turn; the units lost."""
        r = cast(Role, self.active)
        enemy = self.other(r)
        pools = [self.front[enemy]] + ([self.reserve[enemy]] if self.options.casualties_from == "all" else [])
        lost: Units = {}
        for t in tables().order[self.kind]:
            for pool in pools:
                k = min(hits, pool.get(t, 0))
                if k:
                    pool[t] -= k
                    lost[t] = lost.get(t, 0) + k
                    hits -= k
        for pool in pools:
            for t in [t for t, n in pool.items() if not n]:
                del pool[t]
        if r == "attacker" and not self.salvo and self.shock_left:
            self.shock_left -= 1
        self.step += 1
        self._pass()
        return lost

    def _pass(self) -> None:
        """The next side becomes active and reorganises ([Battles] Step 1, round 2 onward)."""
        if self.done:
            self.pending = None
            return
        if self.opening:
            self._next_opening()
        else:
            self.active, self.salvo = self.other(cast(Role, self.active)), False
        r = cast(Role, self.active)
        self.reorganised[r] += 1
        self.pending = r if self.reserve[r] and total(self.front[r]) < self.front_max(r) else None
        self._settle()

    # -- exact odds ----------------------------------------------------------------------
    def next_outcomes(self) -> list[tuple[float, Battle]]:
        """The exact distribution of the next fire step: (probability, battle after)."""
        r = self._active()
        rolling = self.firing()
        carriers = 0 if self.salvo else rolling.get(tables().air_unit, 0)
        base = step_table(self.kind, tuple(sorted(rolling.items())), carriers)
        dist: list[tuple[int, str, float]]
        if r == "attacker" and self.raid == "twice":
            dist = [(h1 + h2, "", p1 * p2) for h1, p1 in enumerate(base) for h2, p2 in enumerate(base)]
        elif r == "attacker" and self.raid == "reroll":
            dist = [(h, "reroll", p) for h, p in enumerate(base) if h] + [(h, "", base[0] * p) for h, p in enumerate(base)]
        else:
            dist = [(h, self.raid, p) for h, p in enumerate(base)]
        merged: dict[tuple[object, ...], tuple[float, Battle]] = {}
        for hits, raid, p in dist:
            if p <= 0.0:
                continue
            b = self.copy()
            b.raid = raid
            b._hit(hits)
            key = b.key()
            q, _ = merged.get(key, (0.0, b))
            merged[key] = (q + p, b)
        return list(merged.values())

    # -- plain data ----------------------------------------------------------------------
    def copy(self) -> Battle:
        return Battle(self.kind, self.attacker, self.defender, {r: dict(u) for r, u in self.front.items()},
                      {r: dict(u) for r, u in self.reserve.items()}, dict(self.reorganised), self.active,
                      self.salvo, list(self.opening), self.pending, self.step, self.shock_left, self.raid, self.options)

    def to_dict(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d.update(front={r: dict(u) for r, u in self.front.items()}, reserve={r: dict(u) for r, u in self.reserve.items()},
                 reorganised=dict(self.reorganised), opening=list(self.opening), options=asdict(self.options))
        return d

    def key(self, canonical: bool = False) -> tuple[object, ...]:
        """The state as a hashable value. ``canonical``: only what decides the rest of the
        battle (no step count; each front maximum capped at the side's units, beyond which
        it changes nothing)."""
        grow = tuple(min(self.front_max(r), total(self.front[r]) + total(self.reserve[r])) for r in ROLES) if canonical \
            else (self.reorganised["attacker"], self.reorganised["defender"])
        return (self.kind, self.attacker, self.defender, *(tuple(self.front[r].items()) for r in ROLES),
                *(tuple(self.reserve[r].items()) for r in ROLES), grow, self.active, self.salvo, tuple(self.opening),
                self.pending, None if canonical else self.step, self.shock_left, self.raid, self.options)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Battle:
        d = dict(d)
        d["options"] = BattleOptions(**d.get("options", {}))
        for k in ("front", "reserve"):
            d[k] = {r: plus(v, {}) for r, v in d[k].items()}
        d["reorganised"] = dict(d["reorganised"])
        d["opening"] = list(d.get("opening", []))
        return cls(**d)


@dataclass
class CoastalAttack:
    """What a coastal attack did: a naval ``battle`` to fight (submarines against the ships on
    the coastline), or the army units of the region it destroyed; ``events`` say so."""

    battle: Battle | None
    army_lost: Units
    events: list[str]


def coastal_attack(submarines: int, ships_on_coast: dict[str, int], army_in_region: dict[str, int], rng: Dice,
                   *, attacker: str = "attacker", defender: str | None = "defender") -> CoastalAttack:
    """The submarine's coastal attack (ruling 9, design; ``data/battle.toml``): against ships
    on the coastline, a naval battle the caller fights; with none there, each submarine rolls
    one naval die and each submarine face destroys one army unit of the region (army
    destruction order). The region is never taken by it."""
    if submarines < 1:
        raise ValueError("a coastal attack needs at least one submarine")
    if total(ships_on_coast):
        battle = Battle.start("naval", attacker, {"submarine": submarines}, defender, dict(ships_on_coast))
        return CoastalAttack(battle, {}, [f"{submarines} submarine(s) attack {describe(ships_on_coast)} on the coastline"])
    faces = roll_faces(rng, "naval", submarines)
    hits, left, lost = faces.count(tables().coastal_face), dict(army_in_region), Units()
    for t in tables().order["army"]:
        k = min(hits, left.get(t, 0))
        if k:
            lost[t], hits = k, hits - k
    return CoastalAttack(None, lost, [f"coastal attack rolls {', '.join(faces)}: {describe(lost)} destroyed"])
