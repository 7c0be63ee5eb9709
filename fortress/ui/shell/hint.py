"""The Hint button: what a bot would do now for the seat this page acts for, and why.

The bot is the one the ruleset's dashboard names (``hint_bot``, e.g. its heuristic); without one
the page has no Hint. It chooses exactly as a seated bot does (:mod:`fortress.ui.shell.seats`):
from the seat's view of the game (``game.view(side)``: nothing the seat may not see), so the
hint and its reason hold nothing hidden from the seat, and asking changes nothing. Its choice is
checked against the game (``explain``): a bot that cannot answer for the seat now says so. The
dashboard's ``hint_odds(view, side, action) -> str``, if it has one, adds the odds behind the
move (ATTACK!'s: the battle an attack order is about), from the same view.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from fortress.ai import make_bot
from fortress.engine.game import Game


@dataclass(frozen=True)
class Hint:
    """A bot's suggestion for a side: the action in the notation and the bot's reason."""

    bot: str
    side: str
    move: str
    why: str
    odds: str = ""  #: the odds behind the move, in a sentence ("" if the ruleset gives none)

    @property
    def text(self) -> str:
        why = f": {self.why}" if self.why else ""
        return f"The {self.bot} bot would play {self.move}{why}. {self.odds}".strip()


#: the dashboard's ``hint_odds``: (the seat's view, the side, the action) -> the odds in words
HintOdds = Callable[[Game, str, Any], str]


def suggest(game: Game, side: str, bot: str, odds: HintOdds | None = None) -> Hint | str:
    """What ``bot`` would play for ``side`` now (from ``side``'s view), with ``odds``' sentence,
    or why it gives no hint."""
    player = make_bot(bot, seed=len(game.history), ruleset=game.rules)
    view = game.view(side)
    try:
        action = player.choose(view)
    except Exception as exc:  # noqa: BLE001 - a hint is advice: it never breaks the page
        return f"The {bot} bot has no hint now ({type(exc).__name__})."
    move = view.notation(action)
    refused = game.explain(action, side)
    if refused is not None:
        return f"The {bot} bot has no hint for this decision ({move} is refused: {refused})."
    why = (getattr(player, "reason", "") or "").strip().rstrip(".")
    why = why[len(move) + 1:].strip() if why.startswith(move + ":") else "" if why == move else why
    return Hint(bot, side, move, why, odds(view, side, action) if odds is not None else "")


class HintBox:
    """The Hint button and its answer; shown while the page acts, if the ruleset names a bot."""

    def __init__(self, bot: str | None, odds: HintOdds | None = None) -> None:
        self.bot, self.odds = bot, odds
        self.game: Game | None = None
        self.side: str | None = None
        self.asked: Hint | str | None = None
        self.button = W.Button(description="Hint", tooltip=f"What the {bot} bot would do now, and why",
                               layout=W.Layout(width="auto"), _dom_classes=("fortress-shell-hint",))
        self.button.on_click(lambda _b: self.ask())
        self.answer = W.HTML(_dom_classes=("fortress-shell-hint-answer",))
        self.widget = W.HBox([self.button, self.answer], _dom_classes=("fortress-shell-hint-box",))
        self.widget.layout.display = "none"

    def show(self, game: Game, side: str | None) -> None:
        """The page acts for ``side`` now (None: it waits): the button shows; an answer for an
        earlier position goes."""
        self.game, self.side = game, side
        self.widget.layout.display = "" if self.bot is not None and side is not None else "none"
        self.answer.value, self.asked = "", None

    def ask(self) -> Hint | str | None:
        """The bot's hint for the seat the page acts for, said beside the button."""
        if self.bot is None or self.game is None or self.side is None:
            return None
        self.asked = suggest(self.game, self.side, self.bot, self.odds)
        text = self.asked.text if isinstance(self.asked, Hint) else self.asked
        self.answer.value = f"<span class='fortress-shell-hint-text'>{html.escape(text)}</span>"
        return self.asked
