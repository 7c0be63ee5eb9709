"""How the heuristic plays its Invader cards (the Invader Card variant), in a few clear rules:

* a card that brings units (``reinforce``) is played as soon as it may be;
* the foothold goes at once on the held territory that reaches furthest: a city first, then
  the most enemy land next to it, then the furthest from the Invader's own zones;
* a strike hits the U.S. unit worth most, preferring one that stands alone (its territory is
  then free to take) and one in a city.

Each rule is a scored pick among the legal ``play`` actions, like the rest of the heuristic.
"""
from __future__ import annotations

from fortress.rulesets.america.bots.common import best, distances
from fortress.rulesets.america.actions import Action, Play
from fortress.rulesets.america.units import US


def choose(game, options: list[Action]) -> tuple[Action, str] | None:
    """The card to play now and why, or None (no card is worth playing, or none may be)."""
    plays = [a for a in options if isinstance(a, Play)]
    if not plays:
        return None
    by_effect: dict[str, list[Play]] = {}
    for a in plays:
        by_effect.setdefault(game.tables.invader_cards[a.card].effect, []).append(a)
    if "reinforce" in by_effect:
        card = best(by_effect["reinforce"], lambda a: (game.tables.invader_cards[a.card].units, a.card), game.sort_key)
        return card, f"'{game.tables.invader_cards[card.card].name}' brings more units"
    if "foothold" in by_effect:
        return _foothold(game, by_effect["foothold"])
    if "strike" in by_effect:
        return _strike(game, by_effect["strike"])
    return None


def _foothold(game, plays: list[Play]) -> tuple[Action, str]:
    board, control, side = game.board, game.state.control, game.side
    home = distances(board, list(board.zones(side)))

    def score(a: Play) -> tuple:
        assert a.area is not None
        enemy = sum(1 for n in board.neighbours(a.area) if board[n].is_land and control[n] != side)
        return board[a.area].is_city, enemy, home.get(a.area, 0), a.area

    chosen = best(plays, score, game.sort_key)
    assert chosen.area is not None
    return chosen, f"a foothold in {board[chosen.area].name} brings reinforcements closer to the front"


def _strike(game, plays: list[Play]) -> tuple[Action, str]:
    board = game.board

    def score(a: Play) -> tuple:
        assert a.area is not None and a.unit is not None
        alone = len(game.units(a.area, US)) == 1
        return alone, board[a.area].is_city, game.tables.values[a.unit], a.area, a.unit

    chosen = best(plays, score, game.sort_key)
    assert chosen.area is not None
    return chosen, f"'{game.tables.invader_cards[chosen.card].name}' hits the U.S. {chosen.unit} in {board[chosen.area].name}"
