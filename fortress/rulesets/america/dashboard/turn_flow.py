"""What comes next in a turn, and what happened by itself after a move (issue 35, item 3).

The engine ends a step by itself when ``end`` is its only legal action (``[turn] auto_end``),
so the last battle fought can end the whole turn. The dashboard says so: the button that
ends the turn reads "End turn", the Combat panel lists the steps left, and after a move the
message names the steps that passed with nothing to decide, the battles that lapsed and
whose turn it is now.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from fortress.rulesets.america import actions as A
from fortress.ui import theme as T

if TYPE_CHECKING:
    from fortress.rulesets.america.views import AmericaGame as Game
    from fortress.engine.events import Event


def _phase_names() -> dict[str, str]:
    from fortress.rulesets.america.dashboard import info  # (info imports the panels, which import this module)
    return info.PHASE_NAMES


def _step(name: str) -> str:
    return _phase_names().get(name, name.capitalize())


def after_end(game: Game) -> tuple[str, str, bool]:
    """Where 'end' leads now, played on a copy: (the step then, the side to move then, whether
    the turn ends). Only the step's and side's names are read from the copy."""
    nxt = game.copy()
    turn = (game.round, game.state.turn)
    nxt.apply(A.End())
    return nxt.phase, nxt.side, nxt.is_over or (nxt.round, nxt.state.turn) != turn


def end_label(game: Game, label: str) -> str:
    """The end button's text: "End turn (West next)" when ending the step ends the turn, else
    ``label`` and the step it leads to."""
    phase, side, turn_over = after_end(game)
    if turn_over:
        return "End turn" + ("" if game.is_over else f" ({T.side_label(side)} next)")
    return f"{label} \u2192 {_step(phase)}"


def steps_left(game: Game) -> list[str]:
    """The steps of this turn after the present one that the side to move plays (a step with
    nothing to decide passes by itself)."""
    names = [s.name for s in game.rules.turn.steps]
    side, round_ = game.state.turn, game.round
    later = names[names.index(game.phase) + 1:] if game.phase in names else []
    return [s.name for s in game.rules.turn.steps if s.name in later and s.plays(side, round_)]


def whats_next(game: Game) -> str:
    """A line for a panel: the steps left and who plays after this turn."""
    left = ", ".join(_step(s) for s in steps_left(game))
    order = [s for s in game.rules.turn.order if s not in game.state.out]
    after = order[(order.index(game.state.turn) + 1) % len(order)] if game.state.turn in order else None
    then = f"then {T.side_label(after)}'s turn" if after else "then the next turn"
    return (f"Still to come this turn: {left} (a step with nothing to decide passes by itself), {then}."
            if left else f"This is the last step of the turn; {then}.")


def happened(events: Iterable[Event], side: str) -> str:
    """What happened by itself after ``side``'s move (``events``: the move's): battles that
    lapsed, steps that passed with nothing to decide, the turn handed on. Empty if nothing."""
    events = list(events)
    lapsed = [e.text for e in events if e.kind == "lapse"]
    turn = next((e for e in events if e.kind == "turn"), None)
    begun = [e for e in events if e.kind == "phase"]
    parts = list(lapsed)
    if turn is not None:
        passed = [_phase_of(e.text) for e in begun if e.side == side]
        why = f" ({', '.join(passed)}: nothing to decide)" if passed else ""
        parts.append(f"{T.side_label(side)}'s turn is over{why}. {turn.text}")
    elif begun:
        passed = [_phase_of(e.text) for e in begun[:-1]]
        skipped = f" ({', '.join(passed)} passed: nothing to decide)" if passed else ""
        parts.append(f"Now: {_phase_of(begun[-1].text)}{skipped}.")
    return " ".join(parts)


def _phase_of(text: str) -> str:
    """The step's name in a phase event's text ("U.S.: Invasion." -> "Invasion")."""
    name = text.rsplit(":", 1)[-1].strip().rstrip(".")
    return _step(name.lower()) if name.lower() in _phase_names() else name


def unreachable_note(game: Game, area: str) -> str:
    """Why declaring ``area`` is likely a wasted marker: no unit of the side to move can get
    next to it this turn, so the battle would lapse. Empty if some unit can."""
    if game.could_attack(area):
        return ""
    return (f"No unit of yours can reach {game.board[area].name} this turn (next to it now, or after "
            "Maneuvers): a battle declared there lapses. Click it again to declare it anyway.")
