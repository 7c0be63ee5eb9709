"""Who plays each seat of a shell game: a human at this page, or one of the ruleset's bots.

A bot chooses from its side's view of the game (``game.view(side)``: what that side may see,
nothing more) and its choice is played for that side; a bot that fails is replaced by the
random bot, and the page says so.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from fortress.ai import bot_names, make_bot
from fortress.engine.actions import Action, Surrender
from fortress.engine.game import Game
from fortress.engine.rulesets import Ruleset

HUMAN = "human"


def default_seats(rules: Ruleset, players: int) -> dict[str, str]:
    """The first seat human, the others the random bot."""
    return {side: HUMAN if i == 0 else "random" for i, seat in enumerate(rules.seats(players)) for side in seat}


class Seats:
    """The seat pickers (one dropdown per seat) and the bots they seat."""

    def __init__(self, rules: Ruleset, on_change: Callable[[], None]) -> None:
        self.rules = rules
        self.on_change = on_change
        self.who: dict[str, str] = {}
        self.bots: dict[str, Any] = {}
        self.seed = 0
        self.box = W.VBox(_dom_classes=("fortress-shell-seats",))
        self.notes: list[str] = []

    def seat(self, players: int, who: dict[str, str], seed: int) -> None:
        """Seat a game of ``players``: ``who`` plays each side (missing: the defaults)."""
        self.seed = seed
        defaults = default_seats(self.rules, players)
        self.who = {side: who.get(side, defaults[side]) for side in defaults}
        options = [("human", HUMAN)] + [(f"{b} bot", b) for b in bot_names(self.rules)]
        rows = []
        for seat in self.rules.seats(players):
            value = self.who[seat[0]]
            pick = W.Dropdown(options=options, value=value if value in dict(options).values() else "random",
                              layout=W.Layout(width="160px"),
                              _dom_classes=("fortress-shell-seat", "fortress-shell-seat-" + "-".join(seat)))
            pick.observe(lambda change, seat=seat: self._picked(seat, change["new"]), "value")
            names = " + ".join(self.rules.side_names.get(s, s) for s in seat)
            rows.append(W.HBox([W.HTML(names, layout=W.Layout(width="140px")), pick]))
        old, self.box.children = self.box.children, rows
        for row in old:
            for w in row.children:
                w.close()
            row.close()
        self.bots = {}
        for side, name in self.who.items():
            if name != HUMAN:
                self._make(side, name)

    def _make(self, side: str, name: str) -> None:
        i = list(self.rules.sides).index(side)
        try:
            self.bots[side] = make_bot(name, seed=self.seed * 31 + i, ruleset=self.rules)
        except Exception as exc:  # noqa: BLE001 - a bot that cannot load must not break the page
            self.notes.append(f"The {name} bot is not available ({type(exc).__name__}); "
                              f"{self.rules.side_names[side]} is played by the random bot.")
            self.who[side], self.bots[side] = "random", make_bot("random", seed=self.seed * 31 + i)

    def _picked(self, seat: tuple[str, ...], name: str) -> None:
        for side in seat:
            self.who[side] = name
            self.bots.pop(side, None)
            if name != HUMAN:
                self._make(side, name)
        self.on_change()

    @property
    def humans(self) -> list[str]:
        """The sides this page plays, in the ruleset's side order."""
        return [s for s in self.rules.sides if self.who.get(s) == HUMAN]

    def is_bot(self, side: str) -> bool:
        return side in self.bots

    def choose(self, game: Game, side: str) -> Action:
        """The bot of ``side``'s choice, made from ``side``'s view of the game; the random
        bot's (from the game's own legal actions) if that bot fails."""
        try:
            action: Action = self.bots[side].choose(game.view(side))
            if game.explain(action, side) is None:
                return action
            why = f"chose {game.notation(action)}, which is refused"
        except Exception as exc:  # noqa: BLE001 - a broken bot must not break the game
            why = f"failed ({type(exc).__name__})"
        name = self.who[side]
        self.notes.append(f"The {name} bot of {self.rules.side_names[side]} {why}; the random bot plays it now.")
        self.who[side], self.bots[side] = "random", make_bot("random", seed=len(game.history))
        legal = [a for a in game.legal_actions(side) if not isinstance(a, Surrender)]
        return random.Random(len(game.history)).choice(legal)
