"""A retreat with nowhere to go says why (issue 35, item 8): the engine's reasons for each
neighbour (the check that lists the retreat sites), and the Combat panel showing them."""
from __future__ import annotations

import pytest

import fortress
from fortress.ai import make_bot
from fortress.rulesets.america import actions as A
from tests.test_ui_helpers import new_app, walk


def at_retreat(seed: int = 3, trapped: bool = True):
    """A seeded random game at a defender's retreat choice (``trapped``: with nowhere to go)."""
    game, bot = fortress.new_game(seed, setup="balanced"), make_bot("random", seed=seed)
    while not game.is_over:
        retreats = [a for a in game.legal_actions() if isinstance(a, A.Retreat)]
        if retreats and (retreats[0].dst is None) == trapped:
            return game, retreats
        game.apply(bot.choose(game))
    raise AssertionError("no such retreat in the game")


@pytest.mark.slow  # a random game of ~800 moves, twice
def test_each_neighbour_that_is_no_retreat_says_why_and_the_rest_are_the_sites():
    for trapped in (True, False):
        game, retreats = at_retreat(trapped=trapped)
        src, side = retreats[0].src, game.side
        blocks = game.retreat_blocks(src, side)
        sites = {a.dst for a in retreats if a.src == src} - {None}
        assert set(game.board.neighbours(src)) - set(blocks) == sites
        assert all(why.startswith(game.board[n].name + " ") for n, why in blocks.items())


@pytest.mark.slow  # a random game of ~800 moves
def test_the_combat_panel_says_why_no_retreat_is_possible(tmp_path):
    game, retreats = at_retreat()
    src = retreats[0].src
    app = new_app(tmp_path)
    app.game = game
    app.refresh()
    text = " ".join(w.value for w in walk(app.panel_box) if isinstance(getattr(w, "value", None), str))
    assert f"No retreat from {game.board[src].name}: " in text
    for why in game.retreat_blocks(src, game.side).values():
        assert why in text, why
    assert ".." not in text
