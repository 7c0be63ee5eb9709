"""Who plays each side: "human" or a bot from ``fortress.ai``.

The bots are the game's ruleset's (``make_bot(..., ruleset=game.rules)``): an ATTACK! Deluxe
game seats ATTACK!'s heuristic, Fortress America's games its own. Bots that fail to load
(e.g. one still being written) fall back to the random bot with a clear message instead of
breaking the page.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fortress.engine.actions import Action
from fortress.rulesets.america.units import SIDES

if TYPE_CHECKING:
    from fortress.ai import Bot

HUMAN = "human"


def bot_choices(ruleset: Any = None) -> list[str]:
    """The bots a game of ``ruleset`` (a name or a Ruleset; None: Fortress America) may seat:
    ``fortress.ai.bot_names``."""
    try:
        from fortress.ai import bot_names
        return list(bot_names(ruleset))
    except Exception:  # noqa: BLE001 - the list is informative only
        return ["random"]


class BotSeats:
    def __init__(self) -> None:
        self.seats: dict[str, str] = {s: HUMAN for s in SIDES}
        self.bots: dict[str, Bot] = {}

    def configure(self, seats: dict[str, str], seed: int, ruleset: Any = None) -> list[str]:
        """Set who plays what, with ``ruleset``'s bots (its Ruleset or name, e.g. ``game.rules``;
        None: Fortress America); returns messages about bots that could not be loaded."""
        from fortress.ai import make_bot
        if isinstance(ruleset, str):
            from fortress.engine import rulesets
            ruleset = rulesets.get(ruleset)
        sides = tuple(ruleset.sides) if ruleset is not None else SIDES
        self.seats = {s: seats.get(s, HUMAN) for s in sides}
        self.bots, problems = {}, []
        for i, side in enumerate(sides):
            name = self.seats[side]
            if name == HUMAN:
                continue
            try:
                self.bots[side] = make_bot(name, seed=seed * 31 + i, ruleset=ruleset)
            except Exception as exc:  # noqa: BLE001 - any failure falls back to random
                problems.append(f"The {name} bot is not available ({type(exc).__name__}: {exc}); "
                                f"{side} is played by the random bot instead.")
                self.seats[side] = "random"
                self.bots[side] = make_bot("random", seed=seed * 31 + i, ruleset=ruleset)
        return problems

    def is_bot(self, side: str | None) -> bool:
        return side in self.bots

    def name(self, side: str | None) -> str:
        return self.seats.get(side or "", HUMAN)

    def choose(self, side: str, game) -> tuple[Action, str]:
        bot = self.bots[side]
        try:
            action = bot.choose(game)
            return action, getattr(bot, "reason", "") or game.notation(action)
        except Exception as exc:  # noqa: BLE001 - a broken bot must not break the game
            from fortress.ai import make_bot
            self.bots[side] = fallback = make_bot("random", seed=len(game.history))
            self.seats[side] = "random"
            action = fallback.choose(game)
            return action, f"({type(exc).__name__} in the {bot.__class__.__name__}; random move) {fallback.reason}"

