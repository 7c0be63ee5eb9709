"""Fixes from the classroom-notebook audit, in ``fortress.notebook_helpers``: bots see no hidden
information, seats and arguments are checked, messages point at the student's code, and the
helpers show their results once and in full words. (The notebooks themselves run in
test_notebooks.py.)"""
from __future__ import annotations

import random

import pytest

import fortress
from fortress import notebook_helpers as H


def _first(game):
    return sorted(game.legal_actions(), key=lambda a: (a.verb == "surrender", str(a)))[0]


# -- hidden information ------------------------------------------------------------------------
@pytest.mark.slow
def test_a_bot_cannot_roll_the_real_dice_in_advance():
    """Firing on a copy of its view and keeping only the shots that hit: the real dice decide."""
    outcomes = []

    def peeks(game):
        if game.phase != "lasers":
            return H.as_bot("heuristic").brain.choose(game)
        for action in (a for a in game.legal_actions() if a.verb == "fire"):
            if any("destroyed" in e.text for e in game.copy().apply(action)):
                outcomes.append(action)
                return action
        return "end"

    shots = []
    for seed in range(3):
        res = H.play_match({"us": peeks, "invaders": "heuristic"}, seed=seed, max_actions=3000)
        shots += [e.text for e in res.game.events if e.text.startswith("Laser fires")]
    assert outcomes and any("missed" in t for t in shots)


def test_a_bots_view_has_a_64_bit_seed_whatever_the_games_seed():
    from fortress.notebook_helpers.classroom_bots import view_of
    for seed in (0, 7, 2**63 - 1):
        assert 0 <= view_of(fortress.new_game(seed=seed)).state.seed < 2**64


def test_a_bot_cannot_read_the_partisan_deck_or_other_invaders_cards():
    game = fortress.Game.from_position(
        {"turn": "west", "phase": "declare", "round": 3, "units": {"Seattle": "2 infantry"},
         "hands": {"south": ["frontier-raid"], "east": ["battleship-guns"]}}, variants={"invader-cards"})
    seen = []
    H.SafeBot(lambda g: seen.append((g.hand("east"), list(g.state.deck))) or "end").choose(game)
    assert [c.id for c in seen[0][0]] != ["battleship-guns"]
    assert seen[0][1] != list(game.state.deck)
    again = []
    H.SafeBot(lambda g: again.append((g.hand("east"), list(g.state.deck))) or "end").choose(game)
    assert again == seen  # the same ply of the same game: the same made-up view


# -- seats and arguments -----------------------------------------------------------------------
@pytest.mark.parametrize("bots, error, words", [
    ({"invader": _first}, ValueError, "no side 'invader'"),
    ({"usa": _first}, ValueError, "invaders"),
    ([_first, "random"], TypeError, "dict of seat -> bot"),
    ({"us": H.SafeBot}, TypeError, "is a class"),
    ({"us": 42}, TypeError, "is not a bot"),
])
def test_play_match_refuses_unknown_seats_and_non_bots(bots, error, words):
    with pytest.raises(error, match=words):
        H.play_match(bots, seed=1, max_actions=10)


def test_seat_keys_ignore_case():
    calls = []

    def mine(game):
        calls.append(game.side)
        return _first(game)

    H.play_match({"US": mine, "Invaders": "random"}, seed=1, max_actions=300)
    assert calls and set(calls) == {"us"}


def test_round_robin_needs_a_dict_of_bots():
    with pytest.raises(ValueError, match="at least two bots"):
        H.round_robin({})
    with pytest.raises(TypeError, match="dict name -> bot"):
        H.round_robin([_first, "random"])


def test_round_robin_is_reproducible_for_bots_using_random():
    def rand(game):
        return random.choice([a for a in game.legal_actions() if a.verb != "surrender"])

    first = H.round_robin({"a": rand, "b": rand}, seed=3, max_actions=300)[0]
    random.seed(99)
    again = H.round_robin({"a": rand, "b": rand}, seed=3, max_actions=300)[0]
    assert list(first.actions) == list(again.actions) and list(first.cities) == list(again.cities)


# -- forfeit messages ----------------------------------------------------------------------------
def test_a_forfeit_names_the_students_line_not_a_line_in_fortress():
    def typo(game):
        return game.board.find("Seatle")

    line = typo.__code__.co_firstlineno + 1
    with pytest.raises(H.BotFault, match=rf"\(line {line} in typo\)"):
        H.SafeBot(typo).choose(fortress.new_game(seed=1))


def test_a_bot_without_its_argument_is_told_to_take_game():
    def no_args():
        return "end"

    with pytest.raises(H.BotFault, match="no_args must take one argument, `game`"):
        H.SafeBot(no_args).choose(fortress.new_game(seed=1))


# -- lessons -----------------------------------------------------------------------------------
def test_legal_says_how_many_it_left_out_and_ignores_the_verbs_case():
    game = fortress.new_game(seed=1)
    shown = H.legal(game)
    everything = H.legal(game, limit=None)
    assert len(shown) == 12 and shown.more == len(everything) - 12
    assert f"and {shown.more} more" in repr(shown) and "more" not in repr(everything)
    assert H.legal(game, "Declare", limit=None) == H.legal(game, "declare", limit=None) != []


def test_attempt_is_not_shown_twice_in_a_notebook():
    from IPython.core.formatters import DisplayFormatter

    game = fortress.new_game(seed=1)
    msg = H.attempt(game, "declare Atlantis")
    assert msg.startswith("Not legal") and DisplayFormatter().format(msg) == ({}, {})
    assert "text/plain" in DisplayFormatter().format(H.attempt(game, "declare Atlantis", quiet=True))[0]


@pytest.mark.parametrize("value, on", [("False", False), ("OFF", False), ("no", False), ("1", True), ("yes", True)])
def test_quick_mode_flag_ignores_case(monkeypatch, value, on):
    monkeypatch.setenv("CI", "true")
    monkeypatch.setenv("FORTRESS_QUICK", value)
    assert H.quick() is on


def test_one_area_may_be_given_as_a_string():
    game = fortress.Game.from_position({"units": {"Seattle": "2 infantry"}})
    assert list(H.units_table(game, "Seattle").area) == ["Seattle"]
    assert H.show(game, highlight="Seattle").board_map is not None


# -- analysis ----------------------------------------------------------------------------------
def test_odds_grid_takes_one_terrain_or_one_count_and_explains_a_list():
    grid = H.odds_grid({"mix": "3 infantry"}, 2, "city")
    assert list(zip(grid.defenders, grid.terrain)) == [(2, "city")]
    with pytest.raises(TypeError, match="dict label -> force text"):
        H.odds_grid(["3 infantry"], [1])


def test_plot_board_takes_a_pandas_series():
    import matplotlib
    import pandas as pd
    matplotlib.use("Agg")
    ax = H.plot_board(pd.Series({"Seattle": 1.0, "Denver": 0.5}))
    assert ax.collections


# -- replays ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def replay():
    return H.Replay(H.bot_game(seed=3, bots={"us": "random", "invaders": "heuristic"}).to_json())


@pytest.mark.slow
def test_replay_title_uses_area_names(replay):
    viewer = H.replay_viewer(replay)
    i = next(k for k, a in enumerate(replay.actions, 1) if a.verb == "move")
    viewer.slider.value = i
    assert replay.game.notation(replay.actions[i - 1]) in viewer.title.value.replace("&gt;", ">")


def test_battle_dropdown_jumps_again_to_the_same_battle(replay):
    viewer = H.replay_viewer(replay)
    _, index = replay.battles()[0]
    viewer.battles.value = index
    viewer.slider.value = 0
    viewer.battles.value = index
    assert viewer.slider.value == index


@pytest.mark.quick  # over 2 CPU-s, kept in the quick tier on purpose
def test_replay_reads_a_path(replay, tmp_path, monkeypatch):
    from fortress.engine.save import SaveError

    (tmp_path / "game.json").write_text(replay.game.to_json(), encoding="utf-8")
    assert len(H.Replay(tmp_path / "game.json")) == len(replay)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert len(H.Replay("~/game.json")) == len(replay)
    with pytest.raises(SaveError, match="no save file at"):
        H.Replay("my-game.json")
