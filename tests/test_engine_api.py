"""The public API: legal_actions / explain / apply agree; illegal input changes nothing;
notation round-trips; undo; saves; reproducibility."""
from __future__ import annotations

import json

import pytest

import fortress
from fortress import IllegalAction
from fortress.ai import make_bot
from fortress.rulesets.america import actions as A
from fortress.engine.save import SaveError
from tests.conftest import play_random


@pytest.fixture(scope="module")
def midgame() -> fortress.Game:
    game = fortress.new_game(seed=11)
    import random

    rng = random.Random(11)
    while game.round < 3:
        game.apply(rng.choice(game.legal_actions()[:-1]))
    return game


def test_new_game_starts_with_west_declaring_in_round_one():
    game = fortress.new_game(seed=1)
    # Rules (Invader First Turn): West skips Reinforcements on its first turn.
    assert (game.round, game.side, game.phase) == (1, "west", "declare")
    assert sum(1 for u in game.state.units.values() if u.side == "us") == 60
    for side in ("west", "south", "east"):
        assert sum(1 for u in game.state.units.values() if u.side == side) == 20
        assert sum(game.state.reserves[side].values()) == 40


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_follow_the_player_count(players):
    game = fortress.new_game(seed=1, players=players)
    assert len(game.seats) == players
    assert sorted(s for seat in game.seats for s in seat) == ["east", "south", "us", "west"]


def test_every_legal_action_is_explained_as_legal_and_round_trips_its_notation(midgame):
    for action in midgame.legal_actions():
        assert midgame.explain(action) is None
        assert midgame.parse(midgame.notation(action)) == action


def test_illegal_action_is_refused_with_a_reason_and_changes_nothing(midgame):
    game = midgame.copy()
    before = game.to_json()
    bad = A.Declare(game.board.zones("west")[0])
    reason = game.explain(bad)
    assert reason and "zone" in reason
    with pytest.raises(fortress.IllegalAction) as info:
        game.apply(bad)
    assert info.value.reason == reason
    assert game.to_json() == before


def test_unreadable_text_is_refused_with_a_reason():
    game = fortress.new_game(seed=1)
    assert "unknown action" in game.explain("jump Denver")
    assert "no area called" in game.explain("declare Atlantis")
    with pytest.raises(fortress.IllegalAction):
        game.apply("move two tanks")


def test_same_seed_and_actions_replay_the_same_game():
    a = play_random(fortress.new_game(seed=5), seed=5)
    b = play_random(fortress.new_game(seed=5), seed=5)
    assert a.log == b.log and a.winner == b.winner


def test_undo_restores_the_previous_state_until_dice_are_revealed():
    game = fortress.new_game(seed=2)
    before = game.state.to_dict()
    action = next(a for a in game.legal_actions() if isinstance(a, A.Declare))
    game.apply(action)
    assert game.can_undo
    assert game.undo() == action
    assert game.state.to_dict() == before


def test_undo_is_refused_after_a_die_roll():
    game = fortress.Game.from_position({
        "turn": "us", "phase": "lasers", "round": 2, "lasers": ["Denver"],
        "control": {"west": ["Great Basin"]}, "units": {"Great Basin": "west: 1 hovertank"},
    })
    game.apply(A.Fire("west", "hovertank", game.board.find("Great Basin")))
    assert not game.can_undo
    with pytest.raises(fortress.IllegalAction, match="dice"):
        game.undo()


def test_undoable_counts_the_side_to_moves_own_actions_of_this_turn():
    """A player's Undo (issue 18): its own actions of this turn, never another side's."""
    game = fortress.new_game(seed=2)
    assert game.side == "west" and game.undoable == 0
    game.apply(A.End())  # declare -> maneuvers, still West's turn
    game.apply(next(a for a in game.legal_actions() if isinstance(a, A.Move)))
    assert (game.side, game.undoable) == ("west", 2)
    game.apply(A.End())  # West's turn ends: South's begins
    assert game.side == "south" and game.can_undo and game.undoable == 0
    game.apply(A.End())
    assert game.undoable == 1
    game.undo()
    assert game.undoable == 0 and game.side == "south"


def test_undoable_stops_at_dice_and_cards_and_at_the_end():
    game = fortress.Game.from_position({
        "turn": "us", "phase": "lasers", "round": 2, "lasers": ["Denver"],
        "control": {"west": ["Great Basin"]}, "units": {"Great Basin": "west: 1 hovertank"},
    })
    game.apply(A.Fire("west", "hovertank", game.board.find("Great Basin")))
    assert game.undoable == 0
    game.apply(A.Surrender())
    assert game.is_over and game.can_undo and game.undoable == 0


def test_save_and_load_give_the_identical_game(midgame):
    again = fortress.Game.from_json(midgame.to_json())
    assert again.state.to_dict() == midgame.state.to_dict()
    assert again.log == midgame.log


def test_position_games_save_and_load():
    game = fortress.Game.from_position({"turn": "west", "phase": "declare", "round": 4,
                                        "units": {"Denver": "2 infantry"}})
    game.apply(A.Declare(game.board.find("Denver")))
    again = fortress.Game.from_json(game.to_json())
    assert again.state.to_dict() == game.state.to_dict()


@pytest.mark.parametrize("text, message", [
    ("{not json", "not valid JSON"),
    ('{"format": "fortress-save", "version": 1, "seed": 1', "not valid JSON"),
    ('{"format": "chess"}', "not a fortress save"),
    ('{"format": "fortress-save", "version": 99, "seed": 1}', "newer version"),
    ('{"format": "fortress-save", "version": 1}', "lacks"),
    ('[1, 2]', "not a fortress save"),
])
def test_bad_save_files_get_clear_errors(text, message):
    with pytest.raises(SaveError, match=message):
        fortress.Game.from_json(text)


def test_edited_save_is_detected():
    game = fortress.new_game(seed=4)
    game.apply(next(a for a in game.legal_actions() if isinstance(a, A.Declare)))
    data = json.loads(game.to_json())
    data["actions"][0] = "declare Atlantis"
    with pytest.raises(SaveError, match="action 1"):
        fortress.Game.from_json(json.dumps(data))
    data = json.loads(game.to_json())
    data["snapshot"]["digest"] = "0" * 64
    with pytest.raises(SaveError, match="does not give the position"):
        fortress.Game.from_json(json.dumps(data))


def test_determinized_copy_hides_the_deck_order_but_not_the_board(midgame):
    other = midgame.determinized(seed=99)
    assert sorted(other.state.deck) == sorted(midgame.state.deck)
    assert other.state.deck != midgame.state.deck or len(other.state.deck) < 2
    assert other.state.rng != midgame.state.rng
    assert {u.uid: u.area for u in other.state.units.values()} == {u.uid: u.area for u in midgame.state.units.values()}


def test_nothing_in_a_determinized_copy_leads_back_to_the_real_dice():
    """Undo in a copy would replay its moves from the real start, with the real dice; and
    the real seed would let a bot replay the real game. Neither is in the copy."""
    game = fortress.new_game(seed=4)
    bot = make_bot("random", seed=4)
    while not (game.can_undo and game.undoable):
        game.apply(bot.choose(game))
    view = game.determinized(seed=123)
    assert view.state.seed == 123 and not view.can_undo and view.undoable == 0
    with pytest.raises(IllegalAction, match="cannot take back the moves made before it"):
        view.undo()
    assert view.history == game.history  # ...but it reads the whole game
    mine = next(a for a in view.legal_actions() if not isinstance(a, (A.Surrender, A.End)))
    view.apply(mine)  # a move of its own it may take back, back to where it was made
    state = json.dumps(view.state.to_dict(), sort_keys=True)
    view.undo()
    view.apply(mine)
    assert json.dumps(view.state.to_dict(), sort_keys=True) == state
    assert view.state.rng != game.state.rng
    inner = view.determinized(seed=7)  # a copy of a copy re-draws as both were made
    step = next(a for a in inner.legal_actions() if not isinstance(a, (A.Surrender, A.End)))
    inner.apply(step)
    state = json.dumps(inner.state.to_dict(), sort_keys=True)
    inner.undo()
    inner.apply(step)
    assert json.dumps(inner.state.to_dict(), sort_keys=True) == state and inner.state.seed == 7


def test_surrender_ends_the_game():
    game = fortress.new_game(seed=1)
    game.apply(A.Surrender())  # West concedes for the Invader camp
    assert game.is_over and game.winner == "us"
    assert game.returns()["us"] == 1.0 and game.returns()["west"] == -1.0
    assert game.legal_actions() == []


def test_interactive_setup_through_actions():
    game = fortress.new_game(seed=3, setup=None)
    assert game.phase == "setup" and game.side == "us"
    play = __import__("random").Random(3)
    while game.phase == "setup":
        game.apply(play.choice(game.legal_actions()[:-1]))
    assert (game.side, game.round) == ("west", 1)
    for city in game.board.cities:
        assert len(game.units(city, "us")) == 2


@pytest.mark.parametrize("preset", ["balanced", "coastal", "random"])
def test_setup_presets_give_legal_starts(preset):
    game = fortress.new_game(seed=8, setup=preset)
    assert game.phase == "declare"
    for zone in game.board.zones():
        assert len(game.units(zone)) <= 5


def test_log_tells_the_story_in_sentences():
    game = play_random(fortress.new_game(seed=6), seed=6, max_actions=400)
    assert game.log and all(text.strip().endswith((".", "!", ")")) for text in game.log)


def test_attack_forces_include_units_already_sent_to_the_battle(position):
    game = position({"turn": "west", "phase": "combat", "round": 2, "declared": ["alpha"],
                     "control": {"west": ["coast", "hills"]},
                     "units": {"coast": "west: 2 hovertank", "plainb": "us: 1 infantry", "alpha": "us: 1 infantry"}})
    before = game.attack_forces("alpha")
    game.apply(A.Attack("alpha"))
    game.apply(A.Commit(1, "hovertank", "coast"))
    assert game.attack_forces("alpha") == before == {("hovertank", "coast"): 2}
    assert game.defence_forces("alpha") == {("infantry", "alpha"): 1}


def test_legal_actions_are_in_the_same_order_in_every_process():
    """A seeded random player replays the same game whatever PYTHONHASHSEED is."""
    import os
    import subprocess
    import sys

    script = ("import random, fortress\n"
              "g = fortress.new_game(seed=4); r = random.Random(4)\n"
              "for _ in range(600):\n"
              "    g.apply(r.choice(g.legal_actions()[:-1]))\n"
              "print(g.to_json())\n")
    outputs = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout for h in (1, 2)}
    assert len(outputs) == 1


def test_undo_is_refused_after_a_card_is_drawn(position):
    # the laser placement ends the laser step; the U.S. then draws its partisan cards
    game = position({"turn": "us", "phase": "reinforcements", "round": 2, "units": {"alpha": "1 infantry"}})
    deck = len(game.state.deck)
    game.apply(A.PlaceLaser("beta"))
    assert len(game.state.deck) < deck
    assert not game.can_undo


def test_a_position_cannot_start_in_setup():
    """Project ruling (issue 20): a position starts in a step of the turn; setup is played from
    ``new_game(setup=None)`` (a position in setup drove the reserves negative)."""
    from fortress.rulesets.america.positions import PositionError
    with pytest.raises(PositionError, match="unknown phase 'setup'"):
        fortress.Game.from_position({"phase": "setup"})


def test_a_save_keeps_the_seats_if_given_and_old_saves_have_none():
    """Issue 18: the dashboard saves who plays each side; the field is optional."""
    from fortress.engine.save import SaveError, saved_seats
    game = fortress.new_game(seed=3)
    seats = {"us": "human", "west": "heuristic", "south": "random", "east": "random"}
    text = game.to_json(seats=seats)
    assert saved_seats(text) == seats and fortress.Game.from_json(text).history == game.history
    assert saved_seats(game.to_json()) == {}
    with pytest.raises(SaveError):
        saved_seats(text.replace('"heuristic"', "7"))


def test_new_game_takes_numpy_seeds_and_refuses_seeds_a_save_cannot_hold():
    """A seed from a DataFrame column (numpy) plays as the same int; a seed or player count
    that is not a whole number, or a seed past 64 bits, is refused in words before any game
    is made (it would make a save its own loader refuses)."""
    import numpy as np
    from fortress.ai import make_bot
    from fortress import odds
    game = fortress.new_game(seed=np.int64(5), players=np.int64(3))
    assert game.to_json() == fortress.new_game(seed=5, players=3).to_json()
    assert fortress.Game.from_json(game.to_json()).history == game.history
    assert game.determinized(np.int64(5)).round == game.determinized(5).round
    assert make_bot("random", seed=np.uint8(3)).choose(game) == make_bot("random", seed=3).choose(game)
    mc = odds.monte_carlo({"infantry": 2}, {"infantry": 1}, seed=np.int64(3), runs=200)
    assert mc.p_cleared == odds.monte_carlo({"infantry": 2}, {"infantry": 1}, seed=3, runs=200).p_cleared
    for seed, words in [(2**64, "fit in 64 bits"), (-(2**63) - 1, "fit in 64 bits"), (True, "not bool"),
                        ("1", "not str"), (1.0, "not float")]:
        with pytest.raises(ValueError, match=words):
            fortress.new_game(seed=seed)
    unseeded = fortress.new_game(seed=None)  # no seed chosen: an unguessable one, kept by the game's own save
    assert unseeded.state.seed != fortress.new_game(seed=None).state.seed
    assert fortress.Game.from_json(unseeded.to_json()).state.to_dict() == unseeded.state.to_dict()
    with pytest.raises(ValueError, match="players must be a whole number, not str"):
        fortress.new_game(players="4")
    assert fortress.Game.from_json(fortress.new_game(seed=2**64 - 1).to_json()).state.seed == 2**64 - 1


def test_the_views_take_names_as_apply_does_and_refuse_unknown_ones_in_words():
    from fortress import odds
    game = fortress.new_game(seed=1)
    denver = game.board.find("Denver")
    assert game.units_in("Denver") == game.units_in(denver) and sum(game.units_in("denver").values()) == 2
    assert game.units("DENVER", "U.S.") == game.units(denver, "us")
    assert game.controller("Denver") == "us" and game.seat_of("West") == game.seat_of("west")
    assert game.markers("West") == game.markers("west") and game.hand("West") == ()
    assert odds.for_game(game, "Seattle").p_cleared == odds.for_game(game, game.board.find("Seattle")).p_cleared
    with pytest.raises(KeyError, match="no area called 'denve' on this board. Did you mean Denver"):
        game.units_in("denve")
    with pytest.raises(ValueError, match="no side 'mars' in this game; the sides are"):
        game.seat_of("mars")


def test_a_move_to_where_the_units_are_and_an_empty_action_are_refused_in_plain_words():
    game = fortress.Game.from_position({"turn": "west", "phase": "maneuvers", "round": 2,
                                        "units": {"Pacific: Strait of Juan de Fuca": "west: 1 bomber"}})
    zone = game.board.find("Pacific: Strait of Juan de Fuca")
    assert game.explain(A.Move(1, "bomber", zone, zone)) == \
        "Maneuvers: the bombers are in Pacific: Strait of Juan de Fuca already; a move ends in another area."
    with pytest.raises(fortress.IllegalAction) as caught:
        game.apply("")
    assert not str(caught.value).startswith(":")


def test_a_save_refuses_what_it_could_not_load_back():
    """A determinized copy (made-up cards and dice) and seats a save cannot hold are refused
    when saving, in words, instead of writing a file its own loader refuses."""
    game = fortress.new_game(seed=1)
    with pytest.raises(ValueError, match="a determinized copy cannot be saved"):
        game.determinized(5).to_json()
    assert fortress.Game.from_json(game.copy().to_json()).history == []
    for seats, words in [({"us": 5}, "seats.us must be a name"), ({"mars": "human"}, "no side 'mars'"),
                         ({"us": "x" * 41}, "1 to 40 characters")]:
        with pytest.raises(ValueError, match=words):
            game.to_json(seats=seats)


def test_a_preset_setup_on_a_board_without_zones_or_cities_says_so():
    from fortress.engine.board import Area, Board
    no_zones = Board([Area("a", "Alpha", "plain"), Area("b", "Beta", "city")], [("a", "b")])
    with pytest.raises(ValueError, match="no invasion zone for West; use setup=None"):
        fortress.new_game(board=no_zones)
    no_cities = Board([Area("a", "Alpha", "plain"), Area("b", "Beta", "plain")], [("a", "b")])
    with pytest.raises(ValueError, match="this board has none; use setup=None"):
        fortress.new_game(board=no_cities)
    assert fortress.new_game(board=no_zones, setup=None).phase == "setup"
