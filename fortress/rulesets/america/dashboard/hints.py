"""The Hint button: what a bot would do now and why, with the odds it relied on.

The heuristic bot answers for a human seat; a seat played by the search bot is answered by
the search (about 2 s). The bot chooses in a copy of the game, so asking changes nothing.
The odds are the odds workbench's (:func:`fortress.rulesets.america.dashboard.workbench.battle_odds`, one computation)
for the territory the move is about: every unit that can join a battle there this turn (those
that could still move into reach included, as many as can reach together), and, in a battle
being assembled, the units already sent.
"""
from __future__ import annotations

from dataclasses import dataclass

from fortress.rulesets.america import actions as A
from fortress.rulesets.america.dashboard.follow import fight_of

HINT_BOTS = ("heuristic", "search")


@dataclass(frozen=True)
class Hint:
    """A bot's suggestion: the move, in the notation, its reason and the odds behind it."""

    bot: str
    action: A.Action
    move: str
    why: str
    odds: str  # a sentence, or "" when the move is about no battle

    @property
    def text(self) -> str:
        """One or two sentences: the move and why; the odds it relied on."""
        why = f": {self.why}" if self.why else ""
        return f"The {self.bot} bot would play {self.move}{why}. {self.odds}".strip()


def hint_bot(seat: str) -> str:
    """The bot that answers for a seat: the search for a search seat, else the heuristic."""
    return seat if seat in HINT_BOTS else "heuristic"


def battle_area(game, action: A.Action) -> str | None:
    """The territory whose battle ``action`` is about, if any: a declaration, an attack, a
    unit sent to (or the fight of) the battle being assembled, a move into a declared area."""
    if isinstance(action, (A.Declare, A.Attack)):
        return action.area
    if game.battle is not None and game.phase == "combat":
        return game.battle.area
    if isinstance(action, A.Move) and action.dst in game.state.declared:
        return action.dst
    return None


def odds_sentence(game, area: str) -> str:
    """The odds of a battle at ``area`` now, in words: those the odds workbench opens with
    (:func:`fortress.rulesets.america.dashboard.workbench.battle_odds`: every unit that can join this turn, those that
    could still move into reach included, only as many as can reach together)."""
    from fortress.rulesets.america.dashboard.odds_panel import force_text
    from fortress.rulesets.america.dashboard.workbench import attacking_force, battle_odds
    name = game.board[area].name
    if not game.defence_forces(area):
        return f"No enemy unit stands in {name}: it is taken without dice."
    try:
        forces, every = battle_odds(game, area)
    except Exception:  # noqa: BLE001 - odds are advice: a hint never fails for them
        return ""
    if every is None:
        return f"No unit can reach {name} this turn: no battle, so no odds."
    text = (f"Odds: {every.p_cleared:.0%} to clear {name} with every unit that can join this turn "
            f"({force_text(attacking_force(forces))}; expected losses {every.attacker_losses:.1f} attacking, "
            f"{every.defender_losses:.1f} defending)")
    sent = fight_of(game, game.battle) if game.battle is not None and game.battle.area == area else None
    if sent is not None and sent.odds is not None:
        text += f"; {sent.odds:.0%} with the {sent.units} unit{'s' if sent.units != 1 else ''} sent so far"
    return text + "."


def hint(game, bot: str = "heuristic", seed: int = 0) -> Hint:
    """What ``bot`` would do now in ``game`` (unchanged: the bot plays in a copy)."""
    from fortress.ai import make_bot
    player = make_bot(bot, seed=seed)
    action = player.choose(game.copy())
    move = game.notation(action)
    why = (player.reason or "").strip().rstrip(".")
    why = why[len(move) + 1:].strip() if why.startswith(move + ":") else why
    area = battle_area(game, action)
    return Hint(bot, action, move, why, odds_sentence(game, area) if area else "")
