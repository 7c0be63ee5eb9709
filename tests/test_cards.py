"""Partisan cards name territories (rules: Partisan Cards, "cards specify territories and unit
types to place"): the deck's data on the real map, and the placement rule on small positions."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import fortress
from fortress.engine.board import Board
from fortress.rulesets.america import actions as A
from fortress.engine import save
from fortress.rulesets.america.cards import new_deck
from fortress.rulesets.america.tables import default

CARDS = default().cards
from fortress.rulesets.america.state import Task, TaskKind
from tests.conftest import units

DATA = Path(__file__).parent / "data"
PLACING = [c for c in CARDS.values() if c.effect == "place"]


@pytest.fixture(scope="module")
def real() -> Board:
    return Board.default()


def card_task(places: tuple[str, ...], unit: str = "partisan") -> Task:
    return Task(TaskKind.PLACE, "Test Card", unit, places)


def at_card(game: fortress.Game, *tasks: Task) -> fortress.Game:
    """The U.S. in Reinforcements with these card tasks to resolve (the laser already placed)."""
    game.state.turn, game.state.phase, game.state.tasks = "us", "reinforcements", list(tasks)
    game._legal = None
    return game


# -- The deck's data ----------------------------------------------------------------------
def test_the_deck_holds_31_cards_24_of_them_placing_units():
    assert len(new_deck(CARDS)) == 31 and sum(c.count for c in PLACING) == 24


def test_every_named_territory_exists_and_is_land(real):
    for card in PLACING:
        assert 1 <= len(card.places) <= 3 and len(set(card.places)) == len(card.places), card.id
        for place in card.places:
            assert place in real and real[place].is_land, f"{card.id} names {place!r}, not a land territory"


def test_every_region_is_reachable_by_some_card(real):
    reached = {real[p].region for card in PLACING for p in card.places}
    assert reached == set(real.regions())


def test_a_drawn_card_asks_for_each_unit_in_its_territories(real):
    game = fortress.new_game(seed=5)
    card = CARDS["columbia-militia"]
    assert card.tasks() == [Task(TaskKind.PLACE, card.name, "partisan", card.places),
                            Task(TaskKind.PLACE, card.name, "infantry", card.places)]
    assert card.orders(game.board) == "1 partisan and 1 infantry in Willamette Valley, Columbia Plateau or Olympic Peninsula"


# -- The rule on small positions ------------------------------------------------------------
def test_a_card_places_only_in_the_territories_it_names(position):
    game = at_card(position({"turn": "us", "phase": "reinforcements", "round": 2, "lasers": ["alpha", "beta"]}),
                   card_task(("hills", "far")))
    assert {a.area for a in game.legal_actions() if isinstance(a, A.Place)} == {"hills", "far"}
    reason = game.explain(A.Place("partisan", "alpha"))
    assert reason and "names Hills or Far" in reason and "Alpha City is not one of them" in reason
    game.apply(A.Place("partisan", "far"))
    assert units(game, "far", "us") == {"partisan": 1}


def test_a_card_whose_territory_is_lost_places_in_the_others(position):
    game = at_card(position({"turn": "us", "phase": "reinforcements", "round": 2, "lasers": ["alpha", "beta"],
                             "control": {"west": ["coast", "hills"]}, "units": {"coast": "west: 2 infantry"}}),
                   card_task(("coast", "hills")), card_task(("coast", "hills")))
    assert [a.area for a in game.legal_actions() if isinstance(a, A.Place)] == ["hills"]
    assert "occupied enemy territory" in game.explain(A.Place("partisan", "coast"))
    game.apply(A.Place("partisan", "hills"))
    game.apply(A.Place("partisan", "hills"))  # both units go in the one territory left
    assert units(game, "hills", "us") == {"partisan": 2} and not units(game, "coast", "us")


def test_a_card_with_nothing_placeable_is_dropped_with_a_log_line(position):
    game = at_card(position({"turn": "us", "phase": "reinforcements", "round": 2, "lasers": ["alpha", "beta"],
                             "control": {"west": ["coast"]},
                             "units": {"coast": "west: 1 infantry", "hills": "us: 5 infantry"}}),
                   card_task(("far",)), card_task(("coast", "hills")))
    game.apply(A.Place("partisan", "far"))
    assert not any(t.kind == TaskKind.PLACE for t in game.state.tasks)
    assert any("No partisan could be placed: no territory the card names can take it (Coast, Hills)" in line
               for line in game.log)
    assert not units(game, "coast", "us") and units(game, "hills", "us") == {"infantry": 5}


def test_a_card_unit_missing_from_reserves_is_dropped_saying_so(position):
    game = position({"turn": "us", "phase": "reinforcements", "round": 2, "lasers": ["alpha", "beta"]})
    game.state.reserves["us"]["bomber"] = 0
    at_card(game, card_task(("far",)), card_task(("hills",), "bomber"))
    game.apply(A.Place("partisan", "far"))
    assert any("No bomber could be placed: none is left in U.S. reserves" in line for line in game.log)


# -- Saves ------------------------------------------------------------------------------------
def test_a_version_3_save_waiting_on_a_card_loads_and_saves_as_version_4():
    text = (DATA / "save_v3_card_task.json").read_text()
    assert json.loads(text)["version"] == 3
    game = fortress.Game.from_json(text)
    task = next(t for t in game.state.tasks if t.kind == TaskKind.PLACE)
    assert task.places and all(p in game.board for p in task.places)
    again = json.loads(game.to_json())
    assert again["version"] == save.VERSION == 4
    assert fortress.Game.from_json(game.to_json()).state == game.state


def test_the_dashboard_shows_what_a_drawn_card_places_where():
    from fortress.rulesets.america.dashboard.panels.reinforce import cards_html

    game = fortress.new_game(seed=5)
    game.state.hand = ["columbia-militia", "sabotage"]
    html = cards_html(game)
    assert "Places 1 partisan and 1 infantry in Willamette Valley, Columbia Plateau or Olympic Peninsula." in html
    assert html.count("Places") == 1  # an event card places nothing
    game.state.hand = []
    assert cards_html(game).startswith("<div>"), "on a line of its own under the heading (it ran into it)"
