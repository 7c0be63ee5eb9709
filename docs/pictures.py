"""Render the pictures of the README and the docs from the code, so they show the game as it
is: ``docs/game.svg`` is a seeded heuristic-v-heuristic game at the start of round 3's West
Combat step, drawn by :func:`fortress.render.game_svg` (what a Game shows in a notebook).
``docs/dashboard.png`` and ``docs/dashboard-phone.png`` are written by the browser tests, and
``docs/board.png`` by ``fortress geodata render``.

    python docs/pictures.py          # rewrite docs/game.svg
"""
from __future__ import annotations

from pathlib import Path

import fortress
from fortress.ai import make_bot
from fortress.render import game_svg

HERE = Path(__file__).resolve().parent
SEED = 2026


def pictured_game() -> fortress.Game:
    game = fortress.new_game(seed=SEED)
    bot = make_bot("heuristic", seed=SEED)
    while not (game.round == 3 and game.phase == "combat" and game.side == "west") and not game.is_over:
        game.apply(bot.choose(game))
    return game


def main() -> None:
    (HERE / "game.svg").write_text(game_svg(pictured_game()))
    print(f"wrote {HERE / 'game.svg'}")


if __name__ == "__main__":
    main()
