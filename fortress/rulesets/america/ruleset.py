"""Fortress America as a ruleset: its data folder (``fortress/rulesets/america/data``), the board of the
United States, the turn declared in ``rules.toml``, the steps in
:mod:`fortress.rulesets.america.phases`, the notation of :mod:`fortress.rulesets.america.actions`, the setups,
and what happens when a turn ends (rules: Victory Conditions).

Victory, as ``[victory]`` in rules.toml declares it: at the end of the U.S. turn, the
Invaders win with ``cities_to_win`` cities on the captured-city track; otherwise the U.S.
wins when it completes its turn of the last round (``rounds``). The U.S. also wins at once
when every Invading army is out (no units on the board and none in reserve). With the
variant ``individual-victory`` an Invader win also ranks the Invaders
(:mod:`fortress.rulesets.america.ranking`); the variant ``invader-cards`` gives the Invaders cards and
footholds (:mod:`fortress.rulesets.america.invader_cards`).
"""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fortress.engine.board import Board
from fortress.rulesets.america.data import DATA_DIR
from fortress.rulesets.america import actions
from fortress.rulesets.america import invader_cards
from fortress.rulesets.america import old_saves, positions, ranking
from fortress.rulesets.america import setups
from fortress.rulesets.america.cards import new_deck
from fortress.engine.dice import Rng
from fortress.rulesets.america.phases import (capture, combat, declare, invasion, lasers, maneuvers, reinforcements,
                                   setup, supply)
from fortress.engine.rulesets import Ruleset, teams_of
from fortress.rulesets.america.state import State, Status, Unit, new_state
from fortress.rulesets.america.tables import Tables
from fortress.engine.turn import Turn
from fortress.rulesets.america.units import US
from fortress.rulesets.america.views import AmericaGame

if TYPE_CHECKING:
    from fortress.engine.context import Context

NAME = "fortress-america"
_CLEARED = frozenset({Status.SCOUT, Status.DISENGAGED})  #: statuses that last one turn
STEPS = {m.__name__.rsplit(".", 1)[1]: m for m in (setup, reinforcements, declare, maneuvers, lasers, combat,
                                                   invasion, supply, capture)}


def start_state(seed: int, players: int, board: Board, tables: Tables) -> State:
    """The state before setup: pools full, every land area U.S.-held, each zone its
    Invader's, the partisan deck shuffled by the game's seed."""
    state = new_state(seed, players, tables.numbers)
    for area in board:
        state.control[area.id] = area.side if area.is_zone and area.side else US
    deck = new_deck(tables.cards)
    rng = Rng(seed)
    rng.shuffle(deck)
    state.deck, state.rng = deck, rng.state
    return state


def end_turn(g: "Context") -> None:
    """Clear the turn's markers; after the U.S. turn, check the victory conditions."""
    s = g.state
    for u in s.units.values():
        u.moved = u.invaded = False
        u.committed = None
        if u.status in _CLEARED:
            u.status = Status.NONE
    s.declared, s.targeted, s.fought, s.partisan_areas, s.hand = [], [], [], [], []
    numbers = g.tables.numbers
    victory = numbers["victory"]
    if s.turn != victory["checked_after"]:
        return
    if len(s.captured) >= numbers["cities_to_win"]:
        g.end_game(victory["cities_team"],
                   f"{len(s.captured)} cities are on the captured-city track at the end of the U.S. turn.")
    elif s.round >= numbers["rounds"]:
        g.end_game(victory["holds_out"], f"the U.S. held out to the end of round {s.round}.")


def check_armies(g: "Context") -> None:
    """Rules: an Invader with no units on the board and none in reserve is out;
    if all are out, the U.S. wins."""
    s = g.state
    winner = g.tables.numbers["victory"]["last_standing"]
    others = [side for team, sides in g.rules.teams.items() if team != winner for side in sides]
    on_board = None  # worked out only when an Invader has nothing left in reserve
    for side in others:
        if side in s.out or any(s.reserves[side].values()) or s.phase == "setup":
            continue
        if on_board is None:
            on_board = {u.side for u in s.units.values()}
        if side not in on_board:
            s.out.append(side)
            g.emit("out", f"{g.side_name(side)} has no units left and is out of the game.", side)
    if len(s.out) == len(others) and not g.is_over:
        g.end_game(winner, "all Invading armies are destroyed.")


def lose(state: State, unit: Unit) -> str:
    """Destroyed: an Invader's unit goes to the graveyard, the U.S.'s back to reserves."""
    state.remove_unit(unit)
    return "back to U.S. reserves" if unit.side == US else "to the graveyard"


def close(state: State) -> None:
    state.battle = None


def chance(state: State) -> tuple[int, int, int]:
    """What a draw or a roll changes: the generator and the cards left in the decks."""
    return state.rng, len(state.deck), sum(map(len, state.invader_decks.values()))


def hide(state: State, rng: Rng, tables: Tables) -> None:
    """Re-draw what the side to move cannot see (:func:`hide_from`)."""
    hide_from(state, rng, side_to_move(state), tables)


def hide_from(state: State, rng: Rng, observer: str, tables: Tables) -> None:
    """Re-draw what ``observer`` cannot see: the partisan deck's order and, in the Invader
    Card variant, the other Invaders' hands and every deck's order."""
    rng.shuffle(state.deck)
    if state.invader_decks or state.invader_hands:
        invader_cards.hide(state, rng, observer, tables.invader_cards)


def side_to_move(state: State) -> str:
    """The side that must decide now (the defender during its choices in a battle)."""
    b = state.battle
    if b is not None and b.decider:
        return b.decider
    return state.turn


def describe(game: Any) -> str:
    """A player's status lines (``fortress play``): the captured cities, the lasers, the
    optional rules played, and the cards in the hand of the side that decides."""
    s = game.state
    rules = "".join(f"\nOptional rule: {game.rules.variants[v]['name']}." for v in sorted(game.variants))
    cards = "".join(f"\nYour Invader card {c.id}: {c.name} (play in {c.when}): {c.text}" for c in game.hand(game.side))
    return (f"Cities captured: {game.cities_captured()}/{game.tables.numbers['cities_to_win']}. "
            f"Lasers: {len(s.lasers)} on the board, {s.lasers_left} left.{rules}{cards}")


def remind(game: Any, text: str) -> str:
    """A step's reminder: ``{laser_target}`` is the laser's target number now."""
    return text.replace("{laser_target}", str(game.laser_target())) if "{laser_target}" in text else text


def draw(game: Any) -> str:
    """The game's map as SVG text (:mod:`fortress.draw.svg`), imported when first drawn."""
    from fortress.draw.svg import game_svg
    return game_svg(game)


#: its bots (:mod:`fortress.rulesets.america.bots`, in the bots' layer above this one) by
#: "module:class", imported when first seated (:func:`fortress.ai.make_bot`)
BOTS = {
    "heuristic": "fortress.rulesets.america.bots.heuristic:HeuristicBot",
    "search": "fortress.rulesets.america.bots.search:SearchBot",
}


def ruleset(name: str = NAME, data_dir: Path = DATA_DIR, **changes: Any) -> Ruleset:
    """Fortress America, as registered under ``"fortress-america"`` (the default): its data
    (:class:`~fortress.rulesets.america.tables.Tables`) is read from ``data_dir`` now, as the ruleset is
    built. Another name and data folder give a ruleset with Fortress America's code and that
    folder's data (``changes``: other fields of the :class:`Ruleset`)."""
    tables = Tables.read(data_dir, name)
    rules = tables.numbers
    fields: dict[str, Any] = dict(
        name=name, title="Fortress America", data_dir=data_dir, data=rules, tables=tables,
        turn=Turn.from_data(rules["turn"], STEPS, teams_of(rules)),
        board=Board.default, new_state=partial(start_state, tables=tables),
        parse=partial(actions.parse, units=tables.units, cards={c.name: c.id for c in tables.invader_cards.values()}),
        notation=actions.notation, sort_key=actions.sort_key, end_turn=end_turn,
        setup=setups.apply_setup, presets=setups.PRESETS, default_setup="balanced",
        check_armies=check_armies, lose=lose, close=close, side_to_move=side_to_move,
        chance=chance, hide=partial(hide, tables=tables), hide_from=partial(hide_from, tables=tables),
        game_over=ranking.announce, ranking=ranking.ranking, describe=describe,
        remind=remind, game_class=AmericaGame, from_position=positions.build,
        digest_layout=old_saves.digest_layout, field_checks=actions.FIELD_CHECKS, draw=draw, bots=BOTS,
        odds="fortress.rulesets.america.odds",
    )
    return Ruleset(**(fields | changes))


