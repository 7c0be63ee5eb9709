"""The notation is made and read with the board a game is played on: round trips for every
legal action on the real and the mini board, the bots' sort key, boards that name the same id
differently, saves made before the change, and the messages for text that is not an action."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import fortress
from fortress.engine.board import Area, Board
from fortress.rulesets.america import actions as A
from tests.conftest import MINI_AREAS, MINI_EDGES
from fortress.rulesets.america.tables import default

UNITS = default().units  #: the unit types the notation reads (Fortress America's)

SAVE = Path(__file__).resolve().parent / "data" / "save_v1_e3f48fe.json"

#: A mid-game position on the mini board of conftest.py, from which random play reaches every verb.
MINI_POSITION = {
    "turn": "west", "phase": "declare", "round": 2, "lasers": ["beta"], "control": {"west": ["coast"]},
    "units": {"w1": "west: 3 hovertank, 2 infantry", "w2": "west: 1 mobile, 2 infantry, 2 helicopter",
              "coast": "west: 2 hovertank, 1 bomber", "s1": "south: 3 hovertank, 2 mobile",
              "e1": "east: 3 infantry, 2 bomber", "alpha": "us: 2 infantry, 1 hovertank",
              "beta": "us: 3 infantry, 1 bomber", "plainb": "us: 2 hovertank, 1 partisan",
              "hills": "us: 1 infantry, 1 mobile", "mount": "us: 2 infantry", "far": "us: 1 helicopter"},
}


def _random_play(game: fortress.Game, seed: int, limit: int):
    """Yield the game before each of up to ``limit`` random actions."""
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over:
            return
        yield game
        game.apply(rng.choice(game.legal_actions()[:-1]))


def _check_every_legal_action(game: fortress.Game, seed: int, limit: int) -> set[str]:
    verbs = set()
    for g in _random_play(game, seed, limit):
        legal = g.legal_actions()
        for action in legal:
            text = g.notation(action)
            assert g.parse(text) == action, text
            assert g.parse(str(action)) == action  # the board-free form (ids) reads back too
            verbs.add(action.verb)
        assert sorted(legal, key=g.sort_key) == sorted(legal, key=g.notation)
    return verbs


@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_action_round_trips_on_the_real_board(seed):
    verbs = _check_every_legal_action(fortress.new_game(seed=seed, players=2 + seed), seed, 700)
    assert {"declare", "move", "attack", "commit", "fight", "place", "end", "surrender"} <= verbs


def test_every_legal_action_round_trips_on_the_mini_board(mini):
    verbs = set()
    for seed in (1, 2, 3):
        verbs |= _check_every_legal_action(fortress.Game.from_position(MINI_POSITION, mini, seed=seed), seed, 500)
    with_cards = {**MINI_POSITION, "hands": {"west": ["long-range-bombers", "pacific-convoy"]}}
    game = fortress.Game.from_position(with_cards, mini, seed=4, variants={"invader-cards"})
    verbs |= _check_every_legal_action(game, 4, 300)
    assert verbs == {v.word for v in A.VERBS}


def test_two_boards_with_the_same_ids_each_use_their_own_names():
    first = Board([Area("a", "Alpha", "plain"), Area("b", "Bravo", "plain")], [("a", "b")])
    second = Board([Area("a", "Zulu", "plain"), Area("b", "Yankee", "plain")], [("a", "b")])
    move, back = A.Move(2, "infantry", "a", "b"), A.Move(2, "infantry", "b", "a")
    assert A.notation(move, first) == "move 2 infantry Alpha -> Bravo"
    assert A.notation(move, second) == "move 2 infantry Zulu -> Yankee"
    assert A.parse("move 2 infantry Zulu -> Yankee", second, UNITS) == move
    assert A.parse("move 2 infantry Alpha -> Bravo", first, UNITS) == move
    with pytest.raises(A.NotationError, match="no area called 'Zulu'"):
        A.parse("declare Zulu", first, UNITS)
    assert sorted([back, move], key=lambda a: A.sort_key(a, first)) == [move, back]
    assert sorted([back, move], key=lambda a: A.sort_key(a, second)) == [back, move]
    assert str(move) == "move 2 infantry a -> b"


def test_a_game_on_each_board_names_areas_its_own_way(mini):
    real = fortress.new_game(seed=1)
    small = fortress.Game.from_position(MINI_POSITION, mini, seed=1)
    assert real.notation(A.Declare("seattle")) == "declare Seattle"
    assert small.notation(A.Declare("alpha")) == "declare Alpha City"
    assert small.notation(A.Declare("seattle")) == "declare seattle"  # not on this board: its id


def test_a_save_made_before_the_change_loads_and_saves_the_same_text():
    data = json.loads(SAVE.read_text())
    game = fortress.Game.from_json(SAVE.read_text())
    assert game.is_over and game.winner == data["snapshot"]["winner"]
    assert json.loads(game.to_json())["actions"] == data["actions"]


def test_retreats_to_nowhere_and_passengers_are_written_and_read():
    board = Board([Area("a", "Alpha", "plain"), Area("b", "Big Bend", "plain")], [("a", "b")])
    for action, text in [(A.Retreat("infantry", "a", None), "retreat infantry Alpha -> destroyed"),
                         (A.Move(1, "mobile", "a", "b", "infantry"), "move 1 mobile+infantry Alpha -> Big Bend"),
                         (A.Fire("west", "hovertank", "b"), "fire west hovertank Big Bend"),
                         (A.Ground("south"), "ground south"), (A.End(), "end")]:
        assert A.notation(action, board) == text
        assert A.parse(text, board, UNITS) == action
        assert A.parse(text.upper(), board, UNITS) == action
    assert A.parse("  move   1 Mobile+Infantry   alpha->big bend ", board, UNITS) == A.Move(1, "mobile", "a", "b", "infantry")


@pytest.mark.parametrize("text, message", [
    ("", "empty action"),
    ("jump Alpha", "unknown action 'jump'"),
    ("move 2 hovertank Alpha", "'move' needs '->'"),
    ("move two hovertank Alpha -> Big Bend", "expected a number of units"),
    ("move 0 hovertank Alpha -> Big Bend", "expected a number of units"),
    ("place dragon Alpha", "unknown unit type 'dragon'"),
    ("fire north hovertank Alpha", "unknown side 'north'"),
    ("declare Atlantis", "no area called 'Atlantis'"),
    ("end now", "'end' takes nothing after it"),
    ("declare", "could not read 'declare'; write it like 'declare Denver'"),
])
def test_text_that_is_not_an_action_gets_a_message(text, message):
    board = Board([Area("a", "Alpha", "plain"), Area("b", "Big Bend", "plain")], [("a", "b")])
    with pytest.raises(A.NotationError, match=message):
        A.parse(text, board, UNITS)


def test_each_verb_is_stated_once():
    assert len({v.word for v in A.VERBS}) == len({v.cls for v in A.VERBS}) == len(A.VERBS)
    for verb in A.VERBS:
        assert verb.cls.verb == verb.word
        assert type(A.parse(verb.example, Board.default(), UNITS)) is verb.cls


@pytest.mark.parametrize("board", [Board.default(), Board(MINI_AREAS, MINI_EDGES)], ids=["real", "mini"])
def test_the_sort_key_orders_as_the_text_on_each_board(board):
    """The key compares field by field; the joined text would differ only for a name that is
    another name plus a space and a character sorting before the "-" of " -> "."""
    names = [a.name for a in board]
    assert not [(n, m) for n in names for m in names if m.startswith(n + " ") and m[len(n) + 1] < "-"]
    ids = list(board.names)
    moves = [A.Move(c, u, a, b, p) for a in ids[:30] for b in ids[-30:] for c in (1, 2, 10)
             for u, p in (("mobile", None), ("mobile", "infantry"), ("hovertank", None))]
    retreats = [A.Retreat("infantry", a, b) for a in ids for b in ids[:10] + [None]]
    for group in (moves, retreats):
        assert sorted(group, key=lambda a: A.sort_key(a, board)) == sorted(group, key=lambda a: A.notation(a, board))


def test_a_malformed_action_is_refused_in_words_not_with_a_type_error():
    from fortress.rulesets.america.actions import Move
    game = fortress.new_game(seed=1)
    with pytest.raises(fortress.IllegalAction, match="src of type list is not an area"):
        game.notation(Move(1, "infantry", ["seattle"], "portland"))  # type: ignore[arg-type]
