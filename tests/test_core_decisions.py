"""The core's decisions, views and round labels, on Fortress America (one decider at a time):
``to_move``, ``legal_actions(side)``, ``explain(action, side)``, ``apply(action, side)``,
``view(side)``, the event audience, and the calendar of a round-level turn. Council
(tests/test_council.py) exercises the same with several deciders and sealed orders."""
from __future__ import annotations

import pytest

import fortress
from fortress.engine.flow import Calendar, Choose, Pass, parse


def test_to_move_names_whoever_decides_and_the_others_are_refused_in_words():
    game = fortress.new_game(seed=1, setup="balanced")
    assert game.to_move == {"west"} == {game.side}
    assert game.legal_actions("west") == game.legal_actions() and game.legal_actions("U.S.") == []
    action = game.legal_actions()[0]
    assert game.explain(action, "west") is None
    assert game.explain(action, "us") == "U.S. may not act now: West decides now"
    with pytest.raises(fortress.IllegalAction, match="U.S. may not act now: West decides now"):
        game.apply(action, "us")
    assert game.explain(action, "mars").startswith("no side 'mars' in this game")
    before = game.state.to_dict()
    game.apply(action, "West")  # by name, as the other views take sides
    assert game.history == [action] and game.state.to_dict() != before
    assert fortress.new_game(seed=1, setup="balanced").round_label == "Round 1"


def test_fortress_america_events_are_seen_by_everyone():
    game = fortress.new_game(seed=2, setup="balanced")
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    assert all(e.audience is None and e.seen_by("us") for e in game.events)


def test_a_view_has_no_seed_and_cannot_take_back_what_came_before_it():
    game = fortress.new_game(seed=3, setup="balanced")
    game.apply(game.legal_actions()[0])
    view = game.view("south")
    assert (view.state.seed, view.state.rng) == (0, 0) and game.state.seed == 3
    assert sorted(view.state.deck) == sorted(game.state.deck)  # the cards, not their order (masked)
    assert view.log == game.log and view.legal_actions() == game.legal_actions()
    with pytest.raises(fortress.IllegalAction, match="cannot take back"):
        view.undo()
    with pytest.raises(ValueError, match="a view cannot be saved"):
        view.to_json()
    look = view.determinized(9)
    look.apply(look.legal_actions()[0])
    look.undo()  # what the copy did itself may be taken back
    assert look.history == view.history


def test_the_engines_own_words_and_the_calendar():
    assert parse("choose gather") == Choose("gather") and parse("pass") == Pass() and parse("move 1") is None
    months = Calendar(("May/Jun", "Jul/Aug", "Sep/Oct", "Nov/Dec", "Jan/Feb", "Mar/Apr"), 1945, "Jan/Feb")
    assert [months.label(r) for r in (1, 4, 5, 6, 7, 11)] == [
        "May/Jun 1945", "Nov/Dec 1945", "Jan/Feb 1946", "Mar/Apr 1946", "May/Jun 1946", "Jan/Feb 1947"]
    seasons = Calendar(("Spring", "Autumn"), 812)
    assert [seasons.label(r) for r in (1, 2, 3)] == ["Spring 812", "Autumn 812", "Spring 813"]
    assert Calendar(("Year",)).label(3) == "Year"


def test_another_rulesets_cards_and_counts_are_its_own_but_areas_are_checked():
    """shape checks areas and sides for every ruleset, and Fortress America's words (Invader
    cards, unit counts of at least 1) only in a Fortress America game: a field named ``card``
    or ``count`` in another ruleset is that ruleset's to judge (its ``field_checks``)."""
    from dataclasses import dataclass, replace

    from fortress.engine import rulesets, shape
    from fortress.engine.actions import Action

    @dataclass(frozen=True)
    class Trade(Action):
        card: str
        count: int
        area: str
        verb = "trade"

    board, fa = fortress.new_game(seed=1).board, rulesets.get()
    other = replace(fa, name="other", field_checks={})
    assert shape.malformed(Trade("owl", 0, "seattle"), board, other) is None
    assert shape.malformed(Trade("owl", 0, "atlantis"), board, other) == "trade: area 'atlantis' is not an area of this board"
    assert shape.malformed(Trade("owl", 1, "seattle"), board, fa) == "trade: card 'owl' is not an Invader card"


def test_a_board_takes_the_area_kinds_of_its_ruleset():
    from fortress.engine.board import Area, Board, BoardError

    table = [Area("hall", "Council Hall", "table")]
    assert Board(table, [], kinds=("table",))["hall"].kind == "table"
    with pytest.raises(BoardError, match="unknown kind 'table'"):
        Board(table, [])  # Fortress America's kinds by default


def test_a_board_takes_the_edge_kinds_of_its_ruleset():
    """Typed edges: a ruleset's boards join areas by kinds of edge it names (ATTACK!'s land,
    coast and sea); a plain pair is a ``border``; an unknown kind is refused in words."""
    from fortress.engine.board import Area, Board, BoardError

    areas = [Area("a", "A", "region"), Area("b", "B", "region"), Area("s", "S", "zone"), Area("t", "T", "zone")]
    board = Board(areas, [("a", "b", "land"), ("a", "s", "coast"), ("s", "t", "sea"), ("s", "t", "canal")],
                  kinds=("region", "zone"), edge_kinds=("land", "coast", "sea", "canal"))
    assert board.neighbours("a") == {"b", "s"} and board.neighbours("a", "land") == {"b"}
    assert board.neighbours("s", "coast", "sea") == {"a", "t"} and board.neighbours("b", "sea") == set()
    assert board.kinds_between("s", "t") == ("sea", "canal") and board.kinds_between("a", "t") == ()
    with pytest.raises(BoardError, match="has no edges of kind 'lane'"):
        board.neighbours("a", "lane")
    with pytest.raises(BoardError, match="unknown kind 'rail'"):
        Board(areas, [("a", "b", "rail")], kinds=("region", "zone"), edge_kinds=("land",))
    plain = fortress.new_game(seed=1).board
    assert plain.edge_kinds == ("border",) and plain.neighbours("denver", "border") == plain.neighbours("denver")
