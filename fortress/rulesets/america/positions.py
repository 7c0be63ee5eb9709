"""Positions for teaching and tests: a game built from a small readable description.

The description is a dict, or the same as TOML text::

    turn = "west"              # whose turn it is
    phase = "maneuvers"        # the phase it starts in
    round = 2
    declared = ["Denver"]      # territories declared this turn
    lasers = ["Denver"]        # cities holding a laser
    captured = { "Seattle" = "west" }   # the captured-city track
    hands = { west = ["naval-gunfire"] }  # Invader Card variant: the cards held (card ids)
    footholds = { "Central Valley" = "west" }   # ... and the footholds placed
    [control]                  # who holds what; unlisted land is U.S., zones their Invader's
    west = ["Great Basin", "Seattle"]
    [units]                    # "side: N unit, N unit"; the side defaults to the holder
    "Denver" = "us: 2 infantry, 1 hovertank"
    "Great Basin" = "west: 3 hovertank, 1 mobile"

Reserves are the pools less what stands on the board.

>>> import fortress
>>> g = fortress.Game.from_position('''
... turn = "west"
... phase = "declare"
... round = 2
... [units]
... "Denver" = "2 infantry"
... ''')
>>> g.units_in(g.board.find("Denver"))[("us", "infantry")]
2
"""
from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fortress.engine.board import Board
from fortress.engine import rulesets
from fortress.rulesets.america.invader_cards import VARIANT
from fortress.rulesets.america.markers import count as count_markers
from fortress.engine.game import PositionError
from fortress.engine.schema import problem, schema
from fortress.rulesets.america.state import new_state
from fortress.rulesets.america.units import INVADERS, US, UnitType, side_name, unit_name

if TYPE_CHECKING:
    from fortress.engine.game import Game
    from fortress.rulesets.america.tables import Tables

MAX_TEXT = 64 * 1024  #: the longest position text read


__all__ = ["PositionError", "build", "check", "read"]


@dataclass
class Plan:
    """A position read and checked, with area ids: nothing is built until it is whole."""

    control: dict[str, str]
    units: list[tuple[str, str, str, int]]  # (side, unit type, area id, count)
    declared: list[str]
    lasers: list[str]
    captured: dict[str, str]
    turn: str
    phase: str
    round: int
    out: list[str]
    partisan_areas: list[str]  # enemy-held land U.S. partisans landed in this turn
    hands: dict[str, list[str]] = field(default_factory=dict)  # Invader Card variant
    footholds: dict[str, str] = field(default_factory=dict)


def parse_units(text: str, default_side: str, units: Mapping[str, UnitType]) -> tuple[str, list[tuple[str, int]]]:
    """``"west: 3 hovertank, 1 mobile"`` -> ("west", [("hovertank", 3), ("mobile", 1)])."""
    side = default_side
    if ":" in text:
        head, text = text.split(":", 1)
        side = _side(head)
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        words = part.split(None, 1)
        if len(words) == 1:
            words = ["1", words[0]]
        if not (words[0].isascii() and words[0].isdigit()):
            raise PositionError(f"cannot read {part[:40]!r}: write it like '2 infantry'")
        out.append((_named(lambda word: unit_name(word, units), words[1]), int(words[0])))
    return side, out


def build(description: dict | str, board: Board | None = None, seed: int = 0, players: int = 4,
          variants: Iterable[str] = (), ruleset: str | None = None) -> "Game":
    """The game ``description`` sets up; raises :class:`PositionError` (and nothing else)
    naming what is wrong, before any unit is created. ``ruleset``: the name of Fortress
    America or of a ruleset built on it (its own data folder)."""
    from fortress.rulesets.america.views import AmericaGame

    desc = read(description)
    _check_game(seed, players)
    rules = rulesets.get(ruleset)
    try:
        variants = rules.check_variants(variants)
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    board = board or rules.board()
    plan = check(desc, board, players, rules)
    _check_cards(plan, board, VARIANT in variants, rules.tables)
    state = rules.new_state(seed, players, board)
    state.control = dict(plan.control)
    for side, kind, area, n in plan.units:
        for _ in range(n):
            state.add_unit(side, kind, area)
        state.reserves[side][kind] -= n
    state.declared, state.lasers, state.captured = plan.declared, plan.lasers, plan.captured
    state.lasers_left = rules.tables.numbers["us"]["lasers"] - len(state.lasers)
    state.turn, state.round, state.out = plan.turn, plan.round, plan.out
    state.partisan_areas = plan.partisan_areas
    state.invader_hands, state.footholds = plan.hands, plan.footholds
    state.invader_played = [c.id for c in rules.tables.invader_cards.values() if c.effect == "foothold" and c.side in plan.footholds.values()]
    game = AmericaGame(state, board, None, rules, position=desc, options={"players": players, "variants": variants})

    def restore(g: "Game") -> None:  # entering Declare Battles clears the declarations
        g.state.declared = list(plan.declared)

    game.start(plan.phase, restore)
    return game


def read(description: Mapping | str) -> dict:
    """The description as a dict (TOML text is read), its shape checked against the
    position part of ``save.schema.json``."""
    if isinstance(description, str):
        if len(description) > MAX_TEXT:
            raise PositionError(f"a position is at most {MAX_TEXT // 1024} KiB of text")
        try:
            description = tomllib.loads(description)
        except (tomllib.TOMLDecodeError, RecursionError) as exc:
            raise PositionError(f"the position is not valid TOML ({str(exc)[:80]})") from None
    if not isinstance(description, Mapping):
        raise PositionError(f"a position is a dict or TOML text, not {type(description).__name__}")
    desc = dict(description)
    wrong = problem(desc, "position")
    if wrong:
        raise PositionError(f"the position's {wrong}" if wrong[:2] != "it" else f"the position {wrong[3:]}")
    return desc


def _check_game(seed: object, players: object) -> None:
    bounds = schema()["properties"]["seed"]
    if type(seed) is not int or not bounds["minimum"] <= seed <= bounds["maximum"]:
        raise PositionError("the seed must be a 64-bit integer")
    if type(players) is not int or players not in (2, 3, 4):
        raise PositionError("Fortress America is for 2, 3 or 4 players")


def check(desc: dict, board: Board, players: int = 4, rules=None) -> Plan:
    """Read ``desc`` (already shaped) on ``board`` and check it against the invariants every
    game keeps (``tests/invariants.py``); ``rules``: the ruleset (Fortress America)."""
    rules = rules or rulesets.get()
    t: Tables = rules.tables
    control = _control(desc.get("control") or {}, board, t)
    units = []
    for name, text in (desc.get("units") or {}).items():
        area = _find(board, name)
        side, parsed = parse_units(text, control[area], t.units)
        units += [(side, kind, area, n) for kind, n in parsed]
    plan = Plan(
        control=control, units=units,
        declared=_areas(board, desc.get("declared") or [], "declared"),
        lasers=_areas(board, desc.get("lasers") or [], "lasers"),
        captured={_find(board, c): _side(s) for c, s in (desc.get("captured") or {}).items()},
        turn=_side(desc.get("turn", "west")), phase=desc.get("phase", "declare"),
        round=desc.get("round", 1), out=[_side(s) for s in desc.get("out") or []], partisan_areas=[],
        hands={_side(s): list(cards) for s, cards in (desc.get("hands") or {}).items()},
        footholds={_find(board, a): _side(s) for a, s in (desc.get("footholds") or {}).items()},
    )
    _check_turn(plan, rules)
    for rule in (_check_pools, _check_places, _check_lasers, _check_captured, _check_markers):
        rule(plan, board, t)
    return plan


def _control(given: dict, board: Board, t: "Tables") -> dict[str, str]:
    """Who holds what: unlisted land is the U.S.'s, each zone its Invader's (and only its)."""
    control = {a.id: a.side if a.is_zone and a.side else US for a in board}
    for side, names in given.items():
        side = _side(side)
        for name in names:
            area = board[_find(board, name)]
            if area.is_zone and area.side != side:
                raise PositionError(f"{area.name} is the {t.side_names.get(area.side or '', area.side)} invasion zone; "
                                    f"{t.side_names[side]} cannot hold it")
            control[area.id] = side
    return control


def _check_turn(plan: Plan, rules) -> None:
    phases = [s.name for s in rules.turn.steps]  # not setup: it is played from new_game(setup=None)
    if plan.phase not in phases:
        raise PositionError(f"unknown phase {plan.phase[:30]!r}; a position starts in one of {', '.join(phases)}")
    if plan.turn not in rules.turn.step(plan.phase).sides:
        raise PositionError(f"{rules.side_names[plan.turn]} has no {plan.phase} phase")
    rounds = rules.tables.numbers["rounds"]
    if not 1 <= plan.round <= rounds:
        raise PositionError(f"the round must be from 1 to {rounds}")
    if any(s not in INVADERS for s in plan.out) or len(set(plan.out)) < len(plan.out):
        raise PositionError("'out' lists Invaders that are out of the game, each once")
    if plan.turn in plan.out:
        raise PositionError(f"{rules.side_names[plan.turn]} is out of the game; it cannot have the turn")


def _check_pools(plan: Plan, board: Board, t: "Tables") -> None:
    """Each side puts on the board at most what it owns (rules: the unit pools)."""
    pools = new_state(0, 4, t.numbers).reserves
    placed: Counter[tuple[str, str]] = Counter()
    for side, kind, _, n in plan.units:
        placed[side, kind] += n
    for (side, kind), n in placed.items():
        if n > pools[side].get(kind, 0):
            raise PositionError(f"{t.side_names[side]} has {pools[side].get(kind, 0)} {kind} units in all; "
                                f"the position places {n}")


def _check_places(plan: Plan, board: Board, t: "Tables") -> None:
    """At most 5 units of a side in a place; none in another side's invasion zone; in
    land another side holds only if it is declared (a battle), or for U.S. partisans on
    the U.S. turn (landed by a partisan card: rules, Partisans)."""
    load: Counter[tuple[str, str]] = Counter()
    for side, kind, area_id, n in plan.units:
        load[area_id, side] += n
        area = board[area_id]
        if area.is_zone and area.side != side:
            raise PositionError(f"{t.side_names[side]} units cannot stand in {area.name}, "
                                f"the {t.side_names.get(area.side or '', area.side)} invasion zone")
        if plan.control[area_id] == side or area_id in plan.declared:
            continue
        if side == US and kind == "partisan" and plan.turn == US:
            plan.partisan_areas += [area_id] if area_id not in plan.partisan_areas else []
            continue
        raise PositionError(f"{t.side_names[side]} {kind} units stand in {area.name}, which "
                            f"{t.side_names[plan.control[area_id]]} holds and nobody declared")
    (area_id, side), n = max(load.items(), key=lambda item: item[1], default=(("", ""), 0))
    if n > t.numbers["unit_limit"]:
        raise PositionError(f"{n} {t.side_names[side]} units in {board[area_id].name}: "
                            f"at most {t.numbers['unit_limit']} units of a side stand in one place")


def _check_lasers(plan: Plan, board: Board, t: "Tables") -> None:
    """Lasers stand in U.S. cities, at most one a city, at most 11 (rules: Lasers)."""
    for area_id in plan.lasers:
        if not board[area_id].is_city or plan.control[area_id] != US:
            raise PositionError(f"a laser stands only in a city the U.S. holds, not in {board[area_id].name}")
    if len(set(plan.lasers)) < len(plan.lasers) or len(plan.lasers) > t.numbers["us"]["lasers"]:
        raise PositionError(f"at most one laser a city and {t.numbers['us']['lasers']} in all")


def _check_captured(plan: Plan, board: Board, t: "Tables") -> None:
    """Only cities are captured, by the Invader that holds them."""
    for area_id, side in plan.captured.items():
        area = board[area_id]
        if not area.is_city or side not in INVADERS or plan.control[area_id] != side:
            raise PositionError(f"{area.name} can be captured only if it is a city its Invader holds")


def _check_markers(plan: Plan, board: Board, t: "Tables") -> None:
    """An Invader holds and declares no more territories than it has control markers."""
    for side in INVADERS:
        markers = count_markers(plan, board, side, t.numbers)
        if markers.left < 0:
            raise PositionError(f"{markers}: more than it has")


def _check_cards(plan: Plan, board: Board, variant: bool, t: "Tables") -> None:
    """Invader Card variant: each Invader holds its own cards, each once, at most the hand
    limit; a foothold is one per Invader, on land."""
    if (plan.hands or plan.footholds) and not variant:
        raise PositionError(f"hands and footholds are part of the variant {VARIANT!r}, which the game does not play")
    seen: set[str] = set()
    for side, cards in plan.hands.items():
        for card in cards:
            found = t.invader_cards.get(card, None)
            if found is None or found.side != side or card in seen:
                raise PositionError(f"{t.side_names[side]} cannot hold {card[:40]!r}: an Invader holds its own "
                                    "Invader cards (by id, each once)")
            seen.add(card)
        limit = t.invader_deck["hand_limit"]
        if len(cards) > limit:
            raise PositionError(f"an Invader holds at most {limit} Invader cards")
    for area, side in plan.footholds.items():
        if side not in INVADERS or not board[area].is_land:  # (one the U.S. holds now does nothing)
            raise PositionError(f"a foothold stands on land, not in {board[area].name}")
    if len(set(plan.footholds.values())) < len(plan.footholds):
        raise PositionError("an Invader has one foothold")


def _areas(board: Board, names: list[str], what: str) -> list[str]:
    ids = [_find(board, n) for n in names]
    if len(set(ids)) < len(ids):
        raise PositionError(f"'{what}' names an area twice")
    return ids


def _named(lookup, text: str) -> str:
    """``lookup(text)`` (an area, side or unit name read), its KeyError or ValueError a PositionError."""
    try:
        return lookup(text)
    except (KeyError, ValueError) as exc:
        raise PositionError(str(exc.args[0] if exc.args else exc)) from None


def _find(board: Board, name: str) -> str:
    return _named(board.find, name)


def _side(text: str) -> str:
    return _named(side_name, text)

