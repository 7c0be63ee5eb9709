"""Invariants that hold after every action of every game (used by the property tests)."""
from __future__ import annotations

import json
from collections import Counter

from fortress.rulesets.america.actions import End, Move
from fortress.rulesets.america.tables import default
from fortress.rulesets.america.state import BattleState, Stage, State, Status, Task, TaskKind
from fortress.rulesets.america.units import INVADERS, US

RULES = default().numbers
POOL = sum(RULES["pool"].values())


def check_index(game) -> None:
    """The context's unit views agree with the units themselves; a unit keeps its place
    elsewhere (has an origin) exactly when it is a bombing bomber."""
    for u in game.state.units.values():
        assert (u.origin is not None) == (u.status == "bombing"), f"unit {u.uid}: origin {u.origin}, {u.status}"
    ctx = game.ctx
    if ctx._sides is not None:
        cached_sides = {k: [u.uid for u in v] for k, v in ctx._sides.items() if v}
        ctx._sides = None
        fresh_sides = {k: [u.uid for u in v] for k, v in ctx._sided().items() if v}
        assert cached_sides == fresh_sides, "stale units-by-side view"
    if ctx._index is None:
        return
    cached_area, cached_origin = ctx._index
    ctx._index = None
    fresh_area, fresh_origin = ctx._indexed()
    norm = lambda d: {k: [u.uid for u in v] for k, v in d.items() if v}  # noqa: E731  (order matters)
    assert norm(cached_area) == norm(fresh_area), "stale unit index"
    assert norm(cached_origin) == norm(fresh_origin), "stale bombing index"


def check(game) -> None:
    check_index(game)
    s = game.state
    board = game.board
    # units conserved per side: board + reserves + graveyard
    on_board = Counter(u.side for u in s.units.values())
    assert on_board[US] + sum(s.reserves[US].values()) == POOL + RULES["us"]["partisans"], "U.S. units lost"
    for side in INVADERS:
        total = on_board[side] + sum(s.reserves[side].values()) + sum(s.graveyard[side].values())
        assert total == POOL, f"{side} units not conserved: {total}"
        assert all(n >= 0 for n in s.reserves[side].values())
    # the 5-unit limit (bombing bombers keep their place where they came from; at most 5 bomb a territory)
    load: Counter = Counter()
    bombing: Counter = Counter()
    for u in s.units.values():
        if u.status == "bombing":
            load[(u.origin, u.side)] += 1
            bombing[(u.area, u.side)] += 1
        else:
            load[(u.area, u.side)] += 1
    check_limit(game, load)
    assert max(bombing.values(), default=0) <= RULES["bombing_limit"]
    # no unit where it may not be
    for u in s.units.values():
        area = board[u.area]
        if area.is_zone:
            assert area.side == u.side, f"{u.side} {u.kind} in {area.id}, a zone of {area.side}"
        elif s.control[u.area] != u.side:
            assert u.area in s.declared or u.area in s.partisan_areas, f"{u.side} {u.kind} stranded in {u.area}"
        if u.status == "bombing":
            assert u.kind == "bomber" and u.origin is not None
        if u.status == "scout":
            assert u.kind == "helicopter" and not area.is_city
        if u.kind == "partisan":
            assert u.side == US
    # control consistent
    assert set(s.control) == set(board.ids)
    for z in board.zones():
        assert s.control[z] == board[z].side
    for city, side in s.captured.items():
        assert board[city].is_city and s.control[city] == side and side in INVADERS
    for city in s.lasers:
        assert board[city].is_city and s.control[city] == US
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
    """The state is typed, plain data: it goes to JSON and back unchanged."""
    s = game.state
    assert State.from_dict(json.loads(json.dumps(s.to_dict())), game.tables) == s
    assert all(type(u.status) is Status for u in s.units.values()), "a unit status is not a Status"
    assert all(type(t) is Task and type(t.kind) is TaskKind for t in s.tasks), "a task is not a typed Task"
    assert s.battle is None or (type(s.battle) is BattleState and type(s.battle.stage) is Stage)


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


def check_ranking(game) -> None:
    """Individual Invader Victory: a ranking exactly when the game is over, plays the variant
    and the Invaders won; then every Invader once, its cities those the track credits it,
    in order of cities, and nothing is said in the log otherwise."""
    ranked = game.ranking
    announced = [e for e in game.events if e.kind == "ranking"]
    if not (game.is_over and "individual-victory" in game.variants and game.winner == "invaders"):
        assert ranked == () and not announced, "a ranking without an Invader win under the variant"
        return
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
