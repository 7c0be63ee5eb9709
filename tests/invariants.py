"""Invariants that hold after every action of every game (used by the property tests)."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from fortress.rulesets.america.actions import End, Move
from fortress.rulesets.america.tables import default
from fortress.rulesets.america.state import BattleState, Stage, State, Status, Task, TaskKind
from fortress.rulesets.america.units import INVADERS, US

RULES = default().numbers
POOL = sum(RULES["pool"].values())


def check_index(game) -> None:
    """The context's unit views (units by area, by origin, by side: kept in step by the engine
    action by action) agree with the units themselves; a unit keeps its place elsewhere (has an
    origin) exactly when it is a bombing bomber."""
    by_area: dict[str, list[int]] = {}
    by_origin: dict[str, list[int]] = {}
    by_side: dict[str, list[int]] = {}
    for u in game.state.units.values():
        assert (u.origin is not None) == (u.status == "bombing"), f"unit {u.uid}: origin {u.origin}, {u.status}"
        by_area.setdefault(u.area, []).append(u.uid)
        by_side.setdefault(u.side, []).append(u.uid)
        if u.origin is not None:
            by_origin.setdefault(u.origin, []).append(u.uid)
    check_views(game, by_area, by_origin, by_side)


def check_views(game, by_area: dict, by_origin: dict, by_side: dict) -> None:
    """The context's cached unit views equal these fresh ones (uids in uid order). The caches
    are left as they are, so a view kept in step wrongly is caught however many actions later."""
    ctx = game.ctx
    norm = lambda d: {k: [u.uid for u in v] for k, v in d.items() if v}  # noqa: E731  (order matters)
    if ctx._sides is not None:
        assert norm(ctx._sides) == by_side, "stale units-by-side view"
    if ctx._index is not None:
        cached_area, cached_origin = ctx._index
        assert norm(cached_area) == by_area, "stale unit index"
        assert norm(cached_origin) == by_origin, "stale bombing index"


@dataclass(frozen=True)
class Places:
    """What :func:`check` asks of a board, worked out once per board."""

    ids: frozenset[str]
    zone_side: dict[str, str]  #: zone -> the side whose zone it is
    cities: frozenset[str]
    non_cities: frozenset[str]  #: where a scouting helicopter may be


_PLACES: dict[int, tuple[object, Places]] = {}


def places(board) -> Places:
    kept = _PLACES.get(id(board))
    if kept is None or kept[0] is not board:
        areas = [board[a] for a in board.ids]
        kept = board, Places(frozenset(board.ids), {a.id: a.side for a in areas if a.is_zone},
                             frozenset(a.id for a in areas if a.is_city),
                             frozenset(a.id for a in areas if not a.is_city))
        _PLACES[id(board)] = kept
    return kept[1]


def check(game) -> None:
    """The board's invariants after an action, in one pass over the units: the unit views
    (:func:`check_index`), units conserved, the 5-unit limit, no unit where it may not be;
    then control, captures, lasers and markers."""
    s = game.state
    where = places(game.board)
    control, declared, partisan_areas = s.control, s.declared, s.partisan_areas
    by_area: dict[str, list[int]] = {}
    by_origin: dict[str, list[int]] = {}
    by_side: dict[str, list[int]] = {}
    on_board: Counter = Counter()
    load: Counter = Counter()  # bombing bombers keep their place where they came from
    bombing: Counter = Counter()  # at most 5 bomb a territory
    for u in s.units.values():
        side, area = u.side, u.area
        by_area.setdefault(area, []).append(u.uid)
        by_side.setdefault(side, []).append(u.uid)
        on_board[side] += 1
        if u.status == "bombing":
            assert u.kind == "bomber" and u.origin is not None, f"unit {u.uid}: origin {u.origin}, {u.status}"
            by_origin.setdefault(u.origin, []).append(u.uid)
            load[(u.origin, side)] += 1
            bombing[(area, side)] += 1
        else:
            assert u.origin is None, f"unit {u.uid}: origin {u.origin}, {u.status}"
            load[(area, side)] += 1
        # no unit where it may not be
        zone_side = where.zone_side.get(area)
        if zone_side is not None:
            assert zone_side == side, f"{side} {u.kind} in {area}, a zone of {zone_side}"
        elif control[area] != side:
            assert area in declared or area in partisan_areas, f"{side} {u.kind} stranded in {area}"
        if u.status == "scout":
            assert u.kind == "helicopter" and area in where.non_cities
        if u.kind == "partisan":
            assert side == US
    check_views(game, by_area, by_origin, by_side)
    # units conserved per side: board + reserves + graveyard
    assert on_board[US] + sum(s.reserves[US].values()) == POOL + RULES["us"]["partisans"], "U.S. units lost"
    for side in INVADERS:
        total = on_board[side] + sum(s.reserves[side].values()) + sum(s.graveyard[side].values())
        assert total == POOL, f"{side} units not conserved: {total}"
        assert all(n >= 0 for n in s.reserves[side].values())
    check_limit(game, load)
    assert max(bombing.values(), default=0) <= RULES["bombing_limit"]
    # control consistent
    assert control.keys() == where.ids
    assert all(control[z] == side for z, side in where.zone_side.items())
    for city, side in s.captured.items():
        assert city in where.cities and control[city] == side and side in INVADERS
    for city in s.lasers:
        assert city in where.cities and control[city] == US
    assert len(s.lasers) + s.lasers_left <= RULES["us"]["lasers"]
    check_markers(game)
    if game.is_over:
        assert game.winner in (US, "invaders")


def check_markers(game) -> None:
    """Control markers (issue 16): no Invader holds plus declares more territories than it has markers."""
    for side in INVADERS:
        markers = game.markers(side)
        assert 0 <= markers.left and markers.in_use <= markers.supply, str(markers)


def check_limit(game, load: Counter) -> None:
    """The 5-unit limit holds at the end of each phase action (issue 16): a place may hold
    more only while the side to move is in Maneuvers, which it cannot end before putting
    that right, and a move toward it is always listed (play never gets stuck). A side that
    surrenders there ends the game as the board stands."""
    over = {key: n for key, n in load.items() if n > RULES["unit_limit"]}
    if not over:
        return
    assert game.phase == "maneuvers" and {side for _, side in over} == {game.state.turn}, f"5-unit limit broken: {over}"
    if game.is_over:
        assert game.state.surrendered == game.state.turn, f"the game ended with a place over the limit: {over}"
        return
    legal = game.legal_actions()
    assert End() not in legal and any(isinstance(a, Move) for a in legal), f"stuck over the limit: {over}"


def check_round_trip(game) -> None:
    """The state is typed, plain data: it goes to JSON (one serialisation) and back unchanged."""
    s = game.state
    assert State.from_dict(json.loads(json.dumps(s.to_dict())), game.tables) == s
    assert all(type(u.status) is Status for u in s.units.values()), "a unit status is not a Status"
    assert all(type(t) is Task and type(t.kind) is TaskKind for t in s.tasks), "a task is not a typed Task"
    assert s.battle is None or (type(s.battle) is BattleState and type(s.battle.stage) is Stage)


def shape(game, action) -> tuple:
    """What a save must carry after ``action``, in kinds: the action's kind, the step and side
    to move, the battle's stage, the kinds of the tasks waiting and the statuses of the units.
    The property games go to JSON and back at least once per shape they reach."""
    s = game.state
    return (type(action).__name__, s.phase, s.turn, s.battle and s.battle.stage,
            frozenset(t.kind for t in s.tasks), frozenset(u.status for u in s.units.values()))


def check_explain_agrees(game, rng) -> None:
    """explain() is None exactly for the legal actions; a sample of near-miss actions is refused with a reason."""
    from dataclasses import fields, replace

    legal = game.legal_actions()
    legal_set = set(legal)
    for action in rng.sample(legal, min(5, len(legal))):
        assert game.explain(action) is None
        for f in fields(action):
            if f.name in ("area", "src", "dst"):
                other = replace(action, **{f.name: rng.choice(game.board.ids)})
            elif f.name == "count":
                other = replace(action, count=action.count + 1)
            else:
                continue
            reason = game.explain(other)
            assert (reason is None) == (other in legal_set), (other, reason)
            if reason is not None:
                assert isinstance(reason, str) and len(reason) > 10


def check_ranking(game, since: int = 0) -> None:
    """Individual Invader Victory: a ranking exactly when the game is over, plays the variant
    and the Invaders won; then every Invader once, its cities those the track credits it,
    in order of cities, and nothing is said in the log otherwise. ``since``: the log's entries
    before it were read by an earlier call (the game's log only grows)."""
    ranked = game.ranking
    if not (game.is_over and "individual-victory" in game.variants and game.winner == "invaders"):
        assert ranked == () and not any(e.kind == "ranking" for e in game.events[since:]), \
            "a ranking without an Invader win under the variant"
        return
    announced = [e for e in game.events if e.kind == "ranking"]
    assert sorted(s.side for s in ranked) == sorted(INVADERS) and [s.place for s in ranked] == [1, 2, 3]
    credited = Counter(game.state.captured.values())
    assert all(s.cities == credited[s.side] for s in ranked), "ranking cities differ from the track"
    keys = [(s.cities, s.territories, s.units) for s in ranked]
    assert keys == sorted(keys, reverse=True), f"ranking out of order: {keys}"
    for above, below in zip(ranked, ranked[1:]):
        if keys[above.place - 1] == keys[below.place - 1]:  # a full tie: the turn order decides
            assert INVADERS.index(above.side) < INVADERS.index(below.side), "a full tie not broken by turn order"
    assert len(announced) == 1 and announced[0].side == ranked[0].side


def check_cards(game) -> None:
    """Invader Card variant: each Invader's 8 cards are each in one place (deck, hand or
    played) once dealt, a hand holds at most the limit, and footholds are one per Invader,
    on land; without the variant there is none of it."""
    CARDS, HAND_LIMIT = default().invader_cards, default().invader_deck["hand_limit"]

    s = game.state
    if "invader-cards" not in game.variants:
        assert not (s.invader_decks or s.invader_hands or s.invader_played or s.footholds)
        return
    for side in s.invader_decks:
        own = sorted(c.id for c in CARDS.values() if c.side == side)
        placed = s.invader_decks[side] + s.invader_hands[side] + [c for c in s.invader_played if CARDS[c].side == side]
        assert sorted(placed) == own, f"{side}'s cards are not each in one place"
        assert len(s.invader_hands[side]) <= HAND_LIMIT
    assert len(set(s.footholds.values())) == len(s.footholds) and all(game.board[a].is_land for a in s.footholds)
