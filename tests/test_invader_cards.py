"""The Invader Card variant (issue 16, item 5; rules: Special Rules, "Invader Card Variant";
cards and rulings are project design, docs/rules.md): the cards as data, drawing and holding
them hidden, playing each kind of effect, footholds, saves, and bots playing the variant."""
from __future__ import annotations

import json

import pytest

import fortress
from fortress.rulesets.america.bots.heuristic import HeuristicBot
from fortress.rulesets.america.bots.simulate import play_game
from fortress.rulesets.america.data import explain, load
from fortress.rulesets.america.invader_cards import VARIANT
from fortress.rulesets.america.tables import default

CARDS, HAND_LIMIT = default().invader_cards, default().invader_deck["hand_limit"]
from fortress.rulesets.america.positions import PositionError
from fortress.rulesets.america.units import SIDES

CARDS_ON = {VARIANT}


def position(phase: str = "reinforcements", turn: str = "west", variants=CARDS_ON, **extra) -> fortress.Game:
    """A round-3 position on the real board for ``turn`` in ``phase`` (``extra``: more of the description)."""
    desc = {"turn": turn, "phase": phase, "round": 3, **extra}
    return fortress.Game.from_position(desc, variants=variants)


# -- the cards as data ------------------------------------------------------------------------
def test_24_cards_8_per_invader_each_with_one_foothold():
    assert len(CARDS) == 24
    for side in ("west", "south", "east"):
        own = [c for c in CARDS.values() if c.side == side]
        assert len(own) == 8 and sum(c.effect == "foothold" for c in own) == 1
    assert {c.effect for c in CARDS.values()} == {"reinforce", "strike", "foothold"}


def test_a_card_without_the_numbers_its_effect_needs_is_refused_in_one_line():
    data = json.loads(json.dumps(load("invader_cards")))
    del data["cards"]["naval-gunfire"]["near"]
    assert explain("invader_cards", data) == "[cards] naval-gunfire: missing key 'near'"
    data["cards"]["naval-gunfire"]["near"] = "zones"
    data["cards"]["beachhead"]["side"] = "west"
    assert "8 cards, 1 foothold" in explain("invader_cards", data)


def test_the_variant_is_listed_and_chosen_by_name():
    game = fortress.new_game(seed=2, variants={VARIANT})
    assert game.variants == CARDS_ON and VARIANT in game.rules.variants


# -- drawing and holding ----------------------------------------------------------------------
def test_an_invader_draws_as_its_reinforcements_begin_and_the_log_hides_the_card():
    game = position()
    assert game.hand_size("west") == 1 and game.hand_size("south") == 0
    (card,) = game.hand("west")
    assert card.side == "west"
    drawn = [line for line in game.log if "draws 1 Invader card" in line]
    assert drawn and not any(c.name in line for c in CARDS.values() for line in game.log)


def test_a_full_hand_draws_nothing():
    full = ["pacific-convoy", "naval-gunfire", "island-airlift"]
    game = position(hands={"west": full})
    assert [c.id for c in game.hand("west")] == full and HAND_LIMIT == 3
    assert any("a full hand: it draws none" in line for line in game.log)


def test_no_cards_in_round_1_nor_without_the_variant():
    game = fortress.new_game(seed=5, variants={VARIANT})
    assert all(game.hand_size(s) == 0 for s in ("west", "south", "east"))  # round 1: no Reinforcements
    plain = position(variants=())
    assert plain.hand_size("west") == 0 and "invader_hands" not in plain.state.to_dict()


def test_a_determinized_copy_re_deals_the_other_hands_but_keeps_its_own():
    game = position(hands={"west": ["naval-gunfire"], "south": ["mass-levy", "frontier-raid"]}, phase="declare")
    south = set(game.state.invader_hands["south"])
    seen = set()
    for seed in range(12):
        copy = game.determinized(seed)
        assert copy.state.invader_hands["west"] == ["naval-gunfire"]  # West moves: it knows its own
        hand = copy.state.invader_hands["south"]
        assert len(hand) == 2 and all(CARDS[c].side == "south" for c in hand)
        seen.add(frozenset(hand))
    assert len(seen) > 1 and any(h != south for h in seen)


# -- playing each kind of effect --------------------------------------------------------------
def test_a_reinforce_card_lets_more_units_come_in():
    game = position(hands={"west": ["island-airlift"]})
    game.apply("play island-airlift")
    assert game.state.tasks[0].left == 8 + 3
    assert game.log[-1] == "West may bring in 3 more units this turn, 11 in all still to come."
    assert "island-airlift" in game.state.invader_played and "island-airlift" not in game.state.invader_hands["west"]


def test_no_invader_card_brings_destroyed_units_back():
    # rules (Edge Cases): Invader units destroyed are "permanently destroyed (placed on graveyard sheet)"
    data = json.loads(json.dumps(load("invader_cards")))
    assert all(card["effect"] in ("reinforce", "strike", "foothold") for card in data["cards"].values())
    data["cards"]["pacific-convoy"]["effect"] = "recover"
    assert "effect: one of reinforce, strike, foothold" in explain("invader_cards", data)
    game = position(hands={"west": ["escort-carriers"]})
    game.state.reserves["west"]["bomber"] -= 1
    game.state.graveyard["west"]["bomber"] = 1
    game.touch()
    game.apply("play escort-carriers")
    assert game.state.graveyard["west"]["bomber"] == 1 and game.state.tasks[0].left == 8 + 2


def test_a_strike_destroys_a_us_unit_next_to_the_zones():
    game = position(phase="declare", hands={"west": ["naval-gunfire"]},
                    units={"Seattle": "us: 2 infantry", "Denver": "us: 1 infantry"})
    assert game.explain("play naval-gunfire infantry at Seattle") is None
    assert "strikes a U.S. infantry or partisan in a land territory next to your zones" in \
        game.explain("play naval-gunfire infantry at Denver")
    game.apply("play naval-gunfire infantry at Seattle")
    assert game.units_in(game.board.find("Seattle"))[("us", "infantry")] == 1


def test_a_strike_near_units_reaches_from_where_the_units_stand():
    game = position(phase="declare", hands={"east": ["armoured-spearhead"]}, turn="east",
                    control={"east": ["Front Range"]},
                    units={"Front Range": "east: 2 hovertank", "Denver": "us: 1 mobile", "Seattle": "us: 1 mobile"})
    plays = [game.notation(a) for a in game.legal_actions() if a.verb == "play"]
    assert plays == ["play armoured-spearhead mobile at Denver"]


def test_a_card_outside_its_timing_is_refused_with_a_reason():
    game = position(hands={"west": ["naval-gunfire"]}, units={"Seattle": "us: 1 infantry"})
    assert game.explain("play naval-gunfire infantry at Seattle") == \
        "Invader card 'Naval Gunfire' is played in Declare Battles, not in Reinforcements."
    declare = position(phase="declare", hands={"west": ["pacific-convoy"]})
    assert declare.explain("play pacific-convoy") == \
        "Invader card 'Pacific Convoy' is played in Reinforcements, not in Declare Battles."
    assert "not in West's hand" in declare.explain("play island-airlift")
    assert "variant" in position(variants=()).explain("play pacific-convoy")


def test_a_card_is_written_and_read_in_the_notation():
    game = position(phase="declare", hands={"west": ["naval-gunfire"]}, units={"Seattle": "us: 1 partisan"})
    (play,) = [a for a in game.legal_actions() if a.verb == "play"]
    assert game.notation(play) == "play naval-gunfire partisan at Seattle"
    assert game.parse("PLAY Naval-Gunfire partisans at seattle") == play
    assert "is not an Invader card" in game.explain("play no-such-card")
    # the card's name, as the hand and the log show it, reads as well as its id
    assert game.parse("play Naval  GUNFIRE partisan at Seattle") == play
    assert game.apply("play naval gunfire partisan at Seattle")


# -- footholds --------------------------------------------------------------------------------
def test_a_foothold_is_placed_on_held_land_and_takes_reinforcements_at_once():
    game = position(hands={"west": ["pacific-harbor"]}, control={"west": ["Great Basin"]},
                    units={"Great Basin": "west: 1 infantry"})
    assert "not one of West's zones" in game.explain("place infantry Great Basin")
    assert "a foothold goes on a land territory you hold" in game.explain("play pacific-harbor at Denver")
    game.apply("play pacific-harbor at Great Basin")
    assert game.footholds == {game.board.find("Great Basin"): "west"}
    game.apply("place infantry Great Basin")
    assert game.units_in(game.board.find("Great Basin"))[("west", "infantry")] == 2


def test_a_foothold_supplies_a_unit_cut_off_from_the_coast():
    cut_off = {"control": {"west": ["Great Basin", "Salt Lake City"]},
               "units": {"Salt Lake City": "west: 2 infantry", "Great Basin": "west: 1 hovertank"}}
    held = position(phase="supply", footholds={"Great Basin": "west"}, **cut_off)
    assert len(held.units(held.board.find("Salt Lake City"), "west")) == 2
    lost = position(phase="supply", **cut_off)
    assert not lost.units(lost.board.find("Salt Lake City"), "west")
    assert any("out of supply" in line for line in lost.log)


def test_a_foothold_the_us_holds_does_nothing_until_retaken():
    game = position(footholds={"Great Basin": "west"})  # Great Basin is the U.S.'s in this position
    assert "not one of West's zones or footholds" in game.explain("place infantry Great Basin")


def test_one_foothold_per_invader():
    game = position(hands={"west": ["pacific-harbor"]}, footholds={"Salt Lake City": "west"},
                    control={"west": ["Great Basin", "Salt Lake City"]})
    assert "has placed its foothold already" in game.explain("play pacific-harbor at Great Basin")


def test_positions_check_hands_and_footholds():
    with pytest.raises(PositionError, match="variant"):
        position(variants=(), hands={"west": ["pacific-convoy"]})
    with pytest.raises(PositionError, match="cannot hold"):
        position(hands={"west": ["mass-levy"]})
    with pytest.raises(PositionError, match="foothold stands on land"):
        position(footholds={"Pacific: Golden Gate": "west"})
    with pytest.raises(PositionError, match="one foothold"):
        position(footholds={"Denver": "west", "Great Basin": "west"})


# -- saves and bots ---------------------------------------------------------------------------
def test_a_game_with_cards_saves_and_replays():
    game = fortress.new_game(seed=11, variants={VARIANT})
    bot = HeuristicBot(seed=1)
    while game.round < 4 and not game.is_over:
        game.apply(bot.choose(game))
    assert game.state.invader_played  # cards were played
    again = fortress.Game.from_json(game.to_json())
    assert again.state.to_dict() == game.state.to_dict() and again.variants == CARDS_ON
    pos = position(hands={"west": ["pacific-convoy"]}, footholds={"Great Basin": "west"},
                   control={"west": ["Great Basin"]})
    pos.apply("play pacific-convoy")
    assert fortress.Game.from_json(pos.to_json()).state.to_dict() == pos.state.to_dict()


@pytest.mark.parametrize("bot, seeds", [("random", (1, 2)), ("heuristic", (3, 4))])
def test_bots_play_the_variant_to_the_end(bot, seeds):
    for seed in seeds:
        row = play_game(seed, {side: bot for side in SIDES}, variants=(VARIANT,))
        assert row["winner"] in ("us", "invaders")


# -- the map ----------------------------------------------------------------------------------
def test_the_static_map_draws_a_foothold_over_its_territory_faded_while_lost():
    from fortress.draw.svg import game_svg

    game = position(footholds={"Great Basin": "west", "Blue Ridge": "east"}, control={"west": ["Great Basin"]})
    svg = game_svg(game)
    assert svg.count('class="foothold"') == 2
    assert "West foothold in Great Basin</title>" in svg
    assert "East foothold in Blue Ridge (idle: the territory is lost)" in svg
    assert 'class="foothold"' not in game_svg(position())


def test_the_dashboard_map_adds_a_foothold_overlay_when_one_is_placed():
    from fortress.ui.board_map import BoardMap, MapView

    game = position(hands={"west": ["pacific-harbor"]}, control={"west": ["Great Basin"]},
                    units={"Great Basin": "west: 1 infantry"})
    board_map = BoardMap(game.board, lambda aid: None, game=game)
    assert board_map.footholds == {}
    game.apply("play pacific-harbor at Great Basin")
    board_map.update(game, MapView())
    poly = board_map.footholds[game.board.find("Great Basin")]
    assert poly in board_map.map.layers and board_map.map.layers[-1] is board_map.marker_group
    lat, lon = game.board[game.board.find("Great Basin")].label
    lats = [p[0] for p in poly.locations[0]]
    assert min(lats) < lat < max(lats) and poly.fill_opacity > 0.9


def test_fortress_play_shows_the_invader_to_move_its_own_hand():
    from fortress.cli.play import status

    game = position(phase="declare", hands={"west": ["naval-gunfire"], "south": ["mass-levy"]})
    text = status(game)
    assert "Your Invader card naval-gunfire: Naval Gunfire (play in Declare Battles)" in text
    assert "Mass Levy" not in text


def _to_first_card(game: fortress.Game) -> None:
    bot = HeuristicBot(seed=2)
    while not game.hand_size("west"):
        game.apply(bot.choose(game))


def test_copies_and_undo_share_no_card_pile_with_the_game():
    """The piles start empty: a copy (and the start that undo replays from) must not share
    those empty containers, or the deal in round 2 lands in every one of them."""
    game = fortress.new_game(seed=1, variants={VARIANT})
    before = game.to_json()
    copy = game.copy()
    _to_first_card(copy)
    assert game.to_json() == before and not game.hand("west")
    _to_first_card(game)
    hand = [c.id for c in game.hand("west")]
    game.apply(next(a for a in game.legal_actions() if a.verb == "place"))
    game.undo()
    assert [c.id for c in game.hand("west")] == hand
    again = fortress.Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    sim = game.determinized(7)
    sim.apply(next(a for a in sim.legal_actions() if a.verb == "place"))
    assert [c.id for c in game.hand("west")] == hand and fortress.Game.from_json(game.to_json())
