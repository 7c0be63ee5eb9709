"""Optional rules chosen per game (issue 16, Interfaces) and the Individual Invader Victory
variant (issue 16, item 6; rules: Special Rules)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import fortress
from fortress.engine import rulesets
from fortress.rulesets.america.positions import PositionError
from fortress.rulesets.america.ranking import VARIANT, describe, standings
from fortress.engine.save import SaveError
from tests import toy_ruleset

DATA = Path(__file__).resolve().parent / "data"
OLD_SAVES = sorted(p.name for p in DATA.glob("save_v*.json"))

WEST = ["Seattle", "Portland", "San Francisco", "Los Angeles", "San Diego", "Phoenix", "Salt Lake City"]
SOUTH = ["El Paso", "Albuquerque", "Dallas", "Houston", "San Antonio", "Oklahoma City", "New Orleans"]
EAST = ["Boston", "New York", "Philadelphia", "Washington DC"]


def won_by_invaders(west=WEST, south=SOUTH, east=EAST, units=None, variants=(VARIANT,), extra=None) -> dict:
    """The U.S. turn's last step with 18 cities on the track: the Invaders win as it ends."""
    control = {"west": list(west) + list((extra or {}).get("west", [])),
               "south": list(south) + list((extra or {}).get("south", [])), "east": list(east)}
    captured = {**{c: "west" for c in west}, **{c: "south" for c in south}, **{c: "east" for c in east}}
    desc = {"turn": "us", "phase": "capture", "round": 5, "control": control, "captured": captured,
            "units": units or {"Seattle": "west: 2 infantry", "Dallas": "south: 2 infantry", "Boston": "east: 2 infantry"}}
    return fortress.Game.from_position(desc, variants=variants)


# -- choosing variants ------------------------------------------------------------------------
def test_the_ruleset_declares_its_variants_as_data():
    fa = rulesets.get()
    assert VARIANT in fa.variants and fa.variants[VARIANT]["name"] == "Individual Invader Victory"


@pytest.mark.parametrize("variants", [{VARIANT}, [VARIANT], VARIANT])
def test_a_known_variant_is_accepted_and_public(variants):
    game = fortress.new_game(seed=1, variants=variants)
    assert game.variants == frozenset({VARIANT})
    assert fortress.new_game(seed=1).variants == fortress.new_game(seed=1, variants=None).variants == frozenset()


@pytest.mark.parametrize("bad", [{"no-such-rule"}, {VARIANT, "no-such-variant"}, [3], 3])
def test_an_unknown_variant_is_refused_with_the_known_ones(bad):
    with pytest.raises(ValueError, match="variant") as err:
        fortress.new_game(seed=1, variants=bad)
    if isinstance(bad, set):
        assert VARIANT in str(err.value)  # the message lists what is known
    with pytest.raises(PositionError, match="variant"):
        fortress.Game.from_position({"turn": "west", "phase": "declare"}, variants=bad)


def test_a_ruleset_without_variants_refuses_any():
    toy_ruleset.install()
    try:
        assert fortress.new_game(seed=1, ruleset="hill").variants == frozenset()
        with pytest.raises(ValueError, match="its variants are: none"):
            fortress.new_game(seed=1, ruleset="hill", variants={VARIANT})
    finally:
        rulesets.unregister("hill")


# -- saves ----------------------------------------------------------------------------------
def test_saves_record_the_variants_and_reload_them():
    game = fortress.new_game(seed=4, variants={VARIANT})
    game.apply(game.legal_actions()[0])
    data = json.loads(game.to_json())
    assert data["options"]["variants"] == [VARIANT]
    again = fortress.Game.from_json(game.to_json())
    assert again.variants == {VARIANT} and again.history == game.history


def test_a_position_game_saves_its_variants():
    game = won_by_invaders()
    again = fortress.Game.from_json(game.to_json())
    assert again.variants == {VARIANT} and again.ranking == game.ranking != ()


def test_a_plain_game_saves_as_before():
    assert "variants" not in json.loads(fortress.new_game(seed=4).to_json())["options"]


@pytest.mark.parametrize("name", OLD_SAVES)
def test_old_saves_still_load_without_variants(name):
    game = fortress.Game.from_json((DATA / name).read_text())
    assert game.variants == frozenset()
    assert fortress.Game.from_json(game.to_json()).state.to_dict() == game.state.to_dict()


def test_the_old_saves_cover_every_version():
    assert {json.loads((DATA / n).read_text())["version"] for n in OLD_SAVES} == {1, 2, 3}


@pytest.mark.parametrize("variants, message", [
    (["no-such-rule"], "no variant"), ("individual-victory", "damaged"), ([VARIANT, VARIANT], "damaged"),
    (["Bad Name"], "damaged")])
def test_a_save_with_bad_variants_is_refused(variants, message):
    data = json.loads(fortress.new_game(seed=4).to_json())
    data["options"]["variants"] = variants
    with pytest.raises(SaveError, match=message):
        fortress.Game.from_json(json.dumps(data))


# -- Individual Invader Victory ---------------------------------------------------------------
def test_the_invaders_are_ranked_by_cities_after_their_win():
    game = won_by_invaders(east=EAST[:3] + ["Atlanta", "Miami"], south=SOUTH[:6])
    assert game.winner == "invaders"
    assert [(s.side, s.cities) for s in game.ranking] == [("west", 7), ("south", 6), ("east", 5)]
    assert [s.place for s in game.ranking] == [1, 2, 3]
    assert game.log[-1].startswith("Individual Invader Victory: 1st West (7 cities)")


def test_a_tie_on_cities_goes_to_more_territories():
    game = won_by_invaders(extra={"south": ["Chihuahuan Desert"]})
    assert [(s.side, s.cities, s.territories) for s in game.ranking] == [("south", 7, 8), ("west", 7, 7),
                                                                          ("east", 4, 4)]
    assert "1st South (7 cities, 8 territories)" in game.log[-1]


def test_a_tie_on_cities_and_territories_goes_to_more_units():
    game = won_by_invaders(units={"Seattle": "west: 1 infantry", "Dallas": "south: 3 infantry",
                                  "Boston": "east: 1 infantry"})
    assert [s.side for s in game.ranking] == ["south", "west", "east"]
    assert "1st South (7 cities, 7 territories, 3 units)" in game.log[-1]


def test_a_full_tie_goes_to_the_earlier_in_the_turn_order():
    game = won_by_invaders(units={"Seattle": "west: 2 infantry", "Dallas": "south: 2 infantry",
                                  "Boston": "east: 2 infantry"})
    assert [s.side for s in game.ranking] == ["west", "south", "east"]
    assert "1st West (7 cities, 7 territories, 2 units, tie broken by turn order)" in game.log[-1]


def test_without_the_variant_there_is_no_ranking():
    game = won_by_invaders(variants=())
    assert game.winner == "invaders" and game.ranking == ()
    assert not any(line.startswith("Individual") for line in game.log)


def test_no_ranking_while_playing_or_after_a_us_win():
    playing = fortress.new_game(seed=2, variants={VARIANT})
    assert playing.ranking == ()
    playing.apply("surrender")  # West concedes for the Invaders
    assert playing.winner == "us" and playing.ranking == ()


def test_a_us_surrender_is_an_invader_win_and_ranks_them():
    game = fortress.Game.from_position({"turn": "us", "phase": "declare", "round": 2,
                                        "control": {"east": ["Boston"]}, "captured": {"Boston": "east"},
                                        "units": {"Boston": "east: 1 infantry"}}, variants={VARIANT})
    game.apply("surrender")
    assert game.winner == "invaders" and game.ranking[0].side == "east"


def test_standings_count_only_land_and_the_sides_own_units():
    game = won_by_invaders()
    west = next(s for s in standings(game.state, game.board) if s.side == "west")
    assert (west.cities, west.territories, west.units) == (7, 7, 2)  # its zone is not a territory


def test_describe_names_singular_counts():
    game = won_by_invaders(east=["Boston"], west=WEST + ["Denver", "Colorado Springs", "Omaha"])
    assert "3rd East (1 city)" in describe(game.ranking, game.rules.side_names)
