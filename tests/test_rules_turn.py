"""Rules: turn order, setup, reinforcements, declare, partisan cards, victory."""
from __future__ import annotations

import pytest

import fortress
from fortress.rulesets.america import actions as A
from fortress.rulesets.america.state import Task, TaskKind
from tests.conftest import units


def with_task(game, task):
    """Put the game in the U.S. Reinforcements with one card task to resolve."""
    game.state.turn, game.state.phase, game.state.tasks = "us", "reinforcements", [task]
    game._legal = None
    return game


# -- Setup (rules: Setup 2-3) -------------------------------------------------------------
def test_us_setup_puts_exactly_two_units_in_each_city():
    game = fortress.new_game(seed=1, setup=None)
    city = game.board.cities[0]
    game.apply(A.Place("infantry", city))
    game.apply(A.Place("bomber", city))
    reason = game.explain(A.Place("infantry", city))
    assert reason and "exactly 2" in reason
    non_city = next(a for a in game.board.land if a not in game.board.cities)
    assert "cities only" in game.explain(A.Place("infantry", non_city))


def test_invader_setup_only_in_own_zones_at_most_five():
    game = fortress.new_game(seed=1, setup=None)
    rng = __import__("random").Random(1)
    while game.side == "us":
        game.apply(rng.choice(game.legal_actions()[:-1]))
    assert game.side == "west"
    zone = game.board.zones("west")[0]
    for _ in range(5):
        game.apply(A.Place("infantry", zone))
    assert "full" in game.explain(A.Place("infantry", zone))
    assert "own invasion zones" in game.explain(A.Place("infantry", game.board.zones("east")[0]))


# -- Turn order (rules: Turn Structure) --------------------------------------------------------
def test_turn_order_is_west_south_east_us_and_first_turn_skips_reinforcements():
    game = fortress.new_game(seed=2)
    seen = []
    while game.round == 1:
        if not seen or seen[-1] != game.state.turn:
            seen.append(game.state.turn)
            phase_at_start = game.phase
            if game.state.turn != "us":
                assert phase_at_start == "declare"  # Invader First Turn
        game.apply(A.End() if A.End() in game.legal_actions() else game.legal_actions()[0])
    assert seen == ["west", "south", "east", "us"]
    assert (game.state.turn, game.phase) == ("west", "reinforcements")


# -- Reinforcements (rules: Action Sequence 1) -----------------------------------------------------
def test_invader_reinforces_up_to_eight_into_own_zones(position):
    game = position({"turn": "west", "phase": "reinforcements", "round": 2})
    zone = "w1"
    placed = 0
    while game.phase == "reinforcements":
        target = "w1" if units(game, "w1").get("infantry", 0) < 5 else "w2"
        game.apply(A.Place("infantry", target))
        placed += 1
    assert placed == 8
    assert sum(units(game, "w1").values()) == 5 and sum(units(game, "w2").values()) == 3
    assert game.state.reserves["west"]["infantry"] == 24 - 8
    assert zone


def test_invader_must_reinforce_as_far_as_reserves_and_room_allow(position):
    # "Invaders add 8 units from reserves to invasion zones": compulsory, no stopping early
    game = position({"turn": "west", "phase": "reinforcements", "round": 2})
    game.apply(A.Place("bomber", "w1"))
    assert A.End() not in game.legal_actions()
    assert "must still bring in 7 units" in game.explain(A.End())
    # room: West One holds 5 and West Two 4, so one unit comes in and Reinforcements ends
    full = position({"turn": "west", "phase": "reinforcements", "round": 2,
                     "units": {"w1": "west: 5 infantry", "w2": "west: 4 infantry"}})
    assert "must still bring in 1 unit " in full.explain(A.End())
    full.apply(A.Place("bomber", "w2"))
    assert full.phase == "declare"
    # reserves: two infantry left, and the turn's reinforcements are those two
    low = position({"turn": "west", "phase": "reinforcements", "round": 2})
    low.state.reserves["west"] = {kind: 2 if kind == "infantry" else 0 for kind in low.state.reserves["west"]}
    low._legal = None
    low.apply(A.Place("infantry", "w1"))
    assert "must still bring in 1 unit " in low.explain(A.End())
    low.apply(A.Place("infantry", "w2"))
    assert low.phase == "declare"


def test_us_must_place_a_laser_then_draws_two_cards(position):
    game = position({"turn": "us", "phase": "reinforcements", "round": 2, "units": {"alpha": "1 infantry"}})
    assert game.legal_actions()[:-1] == [A.PlaceLaser("alpha"), A.PlaceLaser("beta")]
    assert "laser" in game.explain(A.End())
    game.apply(A.PlaceLaser("beta"))
    assert game.state.lasers == ["beta"] and game.state.lasers_left == 10
    drawn = [e for e in game.events if e.text.startswith("Partisan card")]
    assert len(drawn) >= 2


def test_no_laser_in_a_captured_city_or_twice(position):
    game = position({"turn": "us", "phase": "reinforcements", "round": 2, "lasers": ["alpha"],
                     "control": {"west": ["beta"]}, "captured": {"beta": "west"}})
    assert game.legal_actions() == [A.Surrender()] or A.PlaceLaser("alpha") not in game.legal_actions()
    assert A.PlaceLaser("beta") not in game.legal_actions()


def test_bonus_cards_for_retaken_cities(position):
    game = position({"turn": "us", "phase": "reinforcements", "round": 2, "lasers": ["alpha", "beta"]})
    from fortress.rulesets.america.phases import reinforcements as reinforce

    game.state.turn, game.state.bonus_cards = "us", 1
    reinforce.enter(game.ctx)
    assert [t.kind for t in game.state.tasks].count(TaskKind.DRAW) == 3  # 2 + 1 bonus
    assert game.state.bonus_cards == 0


def test_partisans_never_go_to_occupied_enemy_territory_or_zones(position):
    game = position({"turn": "us", "phase": "reinforcements", "round": 2, "lasers": ["alpha", "beta"],
                     "control": {"west": ["coast", "hills"]}, "units": {"coast": "west: 1 infantry"}})
    with_task(game, Task(TaskKind.PLACE, "Test", "partisan", ("coast", "hills", "alpha")))
    sites = {a.area for a in game.legal_actions() if isinstance(a, A.Place)}
    assert sites == {"hills", "alpha"}  # hills: unoccupied enemy; alpha: friendly; coast: occupied
    game.apply(A.Place("partisan", "hills"))
    assert units(game, "hills", "us") == {"partisan": 1}
    # At the U.S. capture step a partisan-placed territory with no Invader becomes U.S.-held.
    assert "hills" in game.state.partisan_areas


def test_card_placement_resolves_as_fully_as_possible(position):
    game = position({"turn": "us", "phase": "reinforcements", "round": 2, "lasers": ["alpha", "beta"]})
    with_task(game, Task(TaskKind.PLACE, "Test", "partisan", ("coast", "hills", "alpha")))
    assert A.End() not in game.legal_actions()
    assert "fully" in game.explain(A.End())


# -- Declare (rules: Action Sequence 2) ---------------------------------------------------------------
def test_declare_only_enemy_land(position):
    game = position({"turn": "west", "phase": "declare", "round": 2, "control": {"west": ["coast"]}})
    assert game.explain(A.Declare("alpha")) is None
    assert "already yours" in game.explain(A.Declare("coast"))
    assert "invasion zone" in game.explain(A.Declare("s1"))
    game.apply(A.Declare("alpha"))
    assert "already declared" in game.explain(A.Declare("alpha"))


def test_invaders_treat_each_other_as_enemies(position):
    game = position({"turn": "west", "phase": "declare", "round": 2, "control": {"south": ["plainb"]}})
    assert game.explain(A.Declare("plainb")) is None


# -- Victory (rules: Victory Conditions) -------------------------------------------------------------
def _end_us_turn(game):
    while not game.is_over and game.state.turn == "us":
        game.apply(A.End() if A.End() in game.legal_actions() else game.legal_actions()[0])


def _cities_captured(n: int) -> fortress.Game:
    """The U.S. to move with ``n`` cities on West's captured-city track (West keeps a unit at sea)."""
    board = fortress.Board.default()
    cities = [board[c].name for c in board.cities[:n]]
    return fortress.Game.from_position({
        "turn": "us", "phase": "declare", "round": 5,
        "control": {"west": cities}, "captured": {c: "west" for c in cities},
        "units": {board.zones("west")[0]: "west: 1 infantry"},
    })


def test_invaders_win_with_18_cities_at_end_of_us_turn():
    game = _cities_captured(18)
    _end_us_turn(game)
    assert game.is_over and game.winner == "invaders"
    assert "18 cities" in game.state.result


def test_17_cities_are_not_enough():
    game = _cities_captured(17)
    _end_us_turn(game)
    assert not game.is_over and game.round == 6


def test_us_wins_when_it_completes_round_ten(position):
    game = position({"turn": "us", "phase": "declare", "round": 10, "units": {"w1": "west: 1 infantry"}})
    _end_us_turn(game)
    assert game.is_over and game.winner == "us" and "round 10" in game.state.result


def test_us_wins_when_all_invading_armies_are_destroyed(position):
    game = position({"turn": "us", "phase": "lasers", "round": 3, "lasers": ["alpha"],
                     "control": {"west": ["coast"]}, "units": {"coast": "west: 1 infantry"}})
    for side in ("west", "south", "east"):
        game.state.reserves[side] = {k: 0 for k in game.state.reserves[side]}
    game.state.out = ["south", "east"]
    for seed in range(50):  # roll until the laser destroys the last unit
        trial = position({"turn": "us", "phase": "lasers", "round": 3, "lasers": ["alpha"],
                          "control": {"west": ["coast"]}, "units": {"coast": "west: 1 infantry"}}, seed=seed)
        for side in ("west", "south", "east"):
            trial.state.reserves[side] = {k: 0 for k in trial.state.reserves[side]}
        trial.state.out = ["south", "east"]
        trial.apply(A.Fire("west", "infantry", "coast"))
        if trial.is_over:
            assert trial.winner == "us" and "destroyed" in trial.state.result
            return
    pytest.fail("no laser hit in 50 seeds")


def test_an_invader_with_nothing_left_is_skipped(position):
    game = position({"turn": "east", "phase": "capture", "round": 3,
                     "units": {"w1": "west: 1 infantry", "e1": "east: 1 infantry"}})
    game.state.reserves["south"] = {k: 0 for k in game.state.reserves["south"]}
    game.state.out = ["south"]
    # after the U.S. turn, round 4 runs West then East, skipping South
    _end_us_turn(game)
    assert game.state.turn == "west" and game.round == 4
    while game.state.turn == "west":
        game.apply(A.End() if A.End() in game.legal_actions() else game.legal_actions()[0])
    assert game.state.turn == "east"


@pytest.mark.slow  # over 2 s of CPU (tests/durations.json)
def test_the_victory_line_agrees_with_its_team():
    """"The U.S. wins" (one side), "The Invaders win" (three): in the log and the map's title."""
    from fortress.ai import make_bot
    from fortress.draw.svg import game_svg
    game = fortress.new_game(seed=1)
    us, invaders = make_bot("heuristic", seed=1), make_bot("random", seed=2)
    while not game.is_over:
        game.apply((us if game.side == "us" else invaders).choose(game))
    assert game.winner == "us"
    assert [e.text for e in game.events if e.kind == "victory"][0].startswith("The U.S. wins: ")
    assert "Game over: The U.S. wins, round" in game_svg(game)
    assert game.rules.team_wins("invaders") == "The Invaders win"
