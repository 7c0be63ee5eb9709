"""Battles in the game [Battles]: after a Move, Attack or Navigate every area where the acting
player's units ended among another player's or a neutral's is fought, one after the other, by
the battle engine (:mod:`.battle`, its own module and docs/rules-attack-battle.md). Each front
choice is the decision of the side concerned (``front KIND=N ...``; a neutral's front follows
the fixed policy), each fire step a ``fire`` of the active side (a neutral's fires by itself).
Afterwards [Victory]: the winner holds the area; a neutral's marker or one of the defender's
goes to a winning attacker; a capital or oil marker changes hands with the region; ships on a
conquered region's coastline are destroyed; a captured capital ends the game."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action
from fortress.rulesets.attack import victory
from fortress.rulesets.attack.actions import Word
from fortress.rulesets.attack.world import COAST, place_name


def engine(state: Any) -> Any:
    from fortress.rulesets.attack.battle import Battle
    return Battle.from_dict(state.fight["engine"])


def decider(state: Any) -> str | None:
    """The side that decides in the battle under way (None: no battle, or a neutral's step)."""
    if not state.fight:
        return None
    b = engine(state)
    role = b.pending or b.active
    side: str | None = state.fight["attacker"] if role == "attacker" else player(state, state.fight["defender"])
    return side


def player(state: Any, holder: str | None) -> str | None:
    """The side deciding for ``holder`` in a battle: itself if it is a player; None for a
    neutral, or a holder that is no player (America in Flames' minors): the fixed front policy
    and its own fire steps decide for it (ruling 12)."""
    return holder if holder in state.sides else None


def holder_name(g: Any, holder: str | None) -> str:
    """A player's name, a minor's (``central_america``: Central America) or "The neutral"."""
    if holder is None:
        return "The neutral"
    return g.side_name(holder) if holder in g.state.sides else holder.replace("_", " ").title()


def queue(g: Any, side: str, kind: str) -> None:
    """The battles ``side``'s units must fight after its movement, in area order."""
    s = g.state
    if kind == "army":
        for region in sorted(s.armies.get(side, {})):
            holder = s.control.get(region)
            if s.hostile(side, holder):
                s.fights.append({"kind": "army", "area": region, "attacker": side, "defender": holder})
    else:
        for zone in sorted(p for p in s.ships.get(side, {}) if not p.startswith(COAST)):
            for other in s.live():
                if other != side and s.hostile(side, other) and s.ships.get(other, {}).get(zone):
                    s.fights.append({"kind": "naval", "area": zone, "attacker": side, "defender": other})


def coastal(g: Any, side: str, region: str) -> None:
    """The submarines' coastal attack (ruling 9, design; the engine's ``coastal_attack``):
    against the ships on the region's coastline a naval battle; with none there, each
    submarine face destroys one army unit of the region, never its last (ruling: a coastal
    attack never takes a region, so it never empties one)."""
    from fortress.rulesets.attack.battle import coastal_attack
    s = g.state
    holder = s.control.get(region)
    subs = s.fleet(side, COAST + region).get("submarine", 0)
    if holder is None or holder == side or not subs:
        return
    ships = forces(s, holder, "naval", COAST + region)
    result = coastal_attack(subs, ships, s.army(holder, region), g.dice, attacker=side, defender=holder)
    for text in result.events:
        g.emit("coastal", f"{g.side_name(side)}: {text}.", side, (region,))
    if result.battle is not None:
        s.fights.append({"kind": "naval", "area": COAST + region, "attacker": side, "defender": holder})
        return
    for kind, n in result.army_lost.items():
        n = min(n, s.army_size(holder, region) - 1)
        if n > 0:
            s.add_army(holder, region, kind, -n)


def forces(s: Any, side: str | None, kind: str, area: str) -> dict[str, int]:
    if side is None:
        return {}
    if kind == "army":
        army: dict[str, int] = s.army(side, area)
        return army
    out: dict[str, int] = {}
    for key, n in s.fleet(side, area).items():
        ship = key.split("/")[0]
        out[ship] = out.get(ship, 0) + n
    return out


def begin_next(g: Any) -> bool:
    """Start the next waiting battle (True), or say there is none (False)."""
    from fortress.rulesets.attack.battle import Battle, neutral_army
    s = g.state
    while s.fights and not s.fight:
        row = s.fights.pop(0)
        attack = forces(s, row["attacker"], row["kind"], row["area"])
        if not attack:
            continue
        defend = forces(s, row["defender"], row["kind"], row["area"])
        if row["defender"] is None:
            defend = neutral_army(s.round, g.dice)
            g.emit("neutral", f"The neutral {g.board[row['area']].name} raises {_units(defend) or 'no army'}.",
                   None, (row["area"],))
        b = Battle.start(row["kind"], row["attacker"], attack, player(s, row["defender"]), defend, options=options(g))
        s.fight = dict(row, engine=b.to_dict())
        g.emit("battle", f"Battle for {place_name(row['area'])}: {g.side_name(row['attacker'])} attacks.",
               row["attacker"], (row["area"],))
        if b.done:
            settle(g, b)
    return bool(s.fight)


def options(g: Any) -> Any:
    """The battle options of the card played in this action [Cards]: Shock Troops (Move: the
    attacker's first fire step rolls its reserve too; Monarchy: two steps), Armor Raid (Attack:
    one fire step that scores nothing is rolled again; Fascism: the first step is rolled twice)."""
    from fortress.rulesets.attack import cards
    from fortress.rulesets.attack.battle import BattleOptions
    card = g.state.act.get("card")
    if card == "shock-troops":
        return BattleOptions(shock_troops=cards.bonus(g, card))
    if card == "armor-raid":
        return BattleOptions(armor_raid="twice" if cards.bonus(g, card) > 1 else "reroll")
    return BattleOptions()


def _units(units: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in sorted(units.items()) if n)


def auto(g: Any) -> bool:
    """A neutral's fire step, or the next battle: nothing to decide."""
    s = g.state
    if not s.fight:
        return False
    b = engine(s)
    if b.pending is None and b.active == "defender" and player(s, s.fight["defender"]) is None:
        fire(g, b)
        return True
    return False


class Rules:
    """The decisions of a battle under way (used by the Move, Attack and Navigate steps)."""

    def __init__(self, g: Any) -> None:
        self.g = g

    def candidates(self) -> list[Action]:
        b = engine(self.g.state)
        choice = b.decision()
        if choice is None:
            return [Word("fire")]
        return [Word("front", tuple(f"{k}={n}" for k, n in sorted(c.items()) if n)) for c in choice.legal()]

    def reason(self, action: Action) -> str | None:
        b = engine(self.g.state)
        choice = b.decision()
        if not isinstance(action, Word) or action.word not in ("front", "fire"):
            return "Battle: " + ("choose your front ('front infantry=3 tank=1')." if choice else "fire ('fire').")
        if choice is None:
            return None if action.word == "fire" else "Battle: no front is to be chosen now; 'fire'."
        if action.word != "front":
            return f"Battle: the {choice.role} must choose its front first ('front infantry=3 tank=1') [Battles] Step 1."
        front = read_front(action)
        if front is None:
            return "Battle: write the front as KIND=N words ('front infantry=3 tank=1')."
        why: str | None = choice.reason(front)
        return None if why is None else f"Battle: {why}."


def read_front(action: Word) -> dict[str, int] | None:
    out: dict[str, int] = {}
    for word in action.args:
        kind, _, n = word.partition("=")
        if not n.isdigit():
            return None
        out[kind] = out.get(kind, 0) + int(n)
    return out


def apply(g: Any, action: Action) -> None:
    assert isinstance(action, Word)
    b = engine(g.state)
    if action.word == "front":
        front = read_front(action) or {}
        b.choose(front)
        g.emit("front", f"{g.side_name(g.acting)} deploys {_units(front)}.", g.acting)
        g.state.fight["engine"] = b.to_dict()
        if b.done:
            settle(g, b)
    else:
        fire(g, b)


def fire(g: Any, b: Any) -> None:
    s = g.state
    for text, dice in b.roll_dice(g.dice):  # each die with the unit it matched, for the battle panel
        g.emit("fire", f"{text}.", s.fight["attacker"], (s.fight["area"],), rolls=dice)
    s.fight["engine"] = b.to_dict()
    if b.done:
        settle(g, b)


def settle(g: Any, b: Any) -> None:
    """The battle is over: survivors stay, the winner holds the area [Victory]."""
    s, row = g.state, g.state.fight
    area, att, dfn = row["area"], row["attacker"], row["defender"]
    if row["kind"] == "army":
        _set_army(s, att, area, b.survivors("attacker"))
        if dfn is not None:
            _set_army(s, dfn, area, b.survivors("defender"))
    else:
        _set_fleet(g, att, area, b.survivors("attacker"))
        _set_fleet(g, dfn, area, b.survivors("defender"))
    s.fight = None
    won = b.winner() == "attacker"
    g.emit("battle", f"{g.side_name(att) if won else holder_name(g, dfn)} wins the battle "
           f"for {place_name(area)}.", att)
    if won and row["kind"] == "army":
        conquer(g, att, dfn, area)
    if s.act.get("game_over"):
        s.fights = []
        victory.finish(g, "the fall of a capital")


def _set_army(s: Any, side: str, region: str, units: dict[str, int]) -> None:
    s.armies.setdefault(side, {}).pop(region, None)
    for kind, n in units.items():
        if n:
            s.add_army(side, region, kind, n)


def _set_fleet(g: Any, side: str, zone: str, ships: dict[str, int]) -> None:
    """Losses take empty ships first (ruling: the owner's choice [Battles] Transports destroyed);
    cargo dies with its ship."""
    s = g.state
    fleet = s.fleet(side, zone)
    s.ships.get(side, {}).pop(zone, None)
    for kind in sorted({k.split("/")[0] for k in fleet}):
        keep = ships.get(kind, 0)
        for key in sorted((k for k in fleet if k.split("/")[0] == kind), key=lambda k: -k.count("/")):
            n = min(keep, fleet[key])
            if n:
                s.add_ship(side, zone, key, n)
            keep -= n


def conquer(g: Any, side: str, loser: str | None, region: str) -> None:
    s = g.state
    s.control[region] = side
    if loser is None:
        marker = s.neutral.pop(region, None)
        s.peeked.pop(region, None)
        if marker:
            s.taken.append(marker)
            s.markers[side] = s.markers.get(side, 0) + 1
    elif s.markers.get(loser, 0) > 0:
        s.markers[loser] -= 1
        s.markers[side] = s.markers.get(side, 0) + 1
    for other in list(s.ships):
        if other != side and s.ships[other].pop(COAST + region, None):
            g.emit("coast", f"{g.side_name(other)}'s ships on the coast of {g.board[region].name} are destroyed.", other)
    if loser is not None and s.capital.get(loser) == region:
        victory.capital_lost(g, loser, side)
