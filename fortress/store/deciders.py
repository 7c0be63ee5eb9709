"""Who may act in a stored game when several sides decide at once, and what a seat is shown.

A seat may act when one of its sides is in ``game.to_move``; its action is played for that side
(``game.apply(action, side)``), and the store records the side with the action, so a replay
plays every action for the side that took it.

**The sealed rule.** Every write names the ply its player saw (how many actions were stored).
Normally a write at an older ply is stale: the game moved on and the player must look again.
In a sealed step (every side gives its order unseen; all are revealed together) the others'
orders given meanwhile change nothing the player could see: its own view shows each of them as
a ``sealed`` placeholder. So a write at ply ``p`` while the game is at ply ``q > p`` is accepted
(stored at ``q``) when, in the acting side's own view, every action stored at plies
``p .. q-1`` is still a sealed placeholder — other sides' orders of the same sealed step, none
revealed yet — and the side is still to give its order. Anything else between (a reveal, a
revealed order, a move the player could see) keeps the write stale.

**What a seat is shown** comes from its side's view (:meth:`Game.view`): another seat's hand,
a sealed order not yet revealed and the real seed never reach it (:func:`seat_view`). The
teacher's list names the last action as the other sides see it (:func:`public_last`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fortress.engine.flow import Sealed

if TYPE_CHECKING:
    from fortress.engine.game import Game
    from fortress.store.store import Seat


def who(seat: "Seat") -> str:
    return "a spectator" if not seat.sides else f"seat {seat.seat} ({', '.join(seat.sides)})"


def acting_side(game: "Game", seat: "Seat", side: str | None = None) -> str:
    """The side ``seat`` acts for now: ``side`` if given (it must be the seat's and may act
    now), else the side that decides (``game.side``) if it is the seat's, else the first of the
    seat's sides that may act now. :class:`SeatError` saying why when there is none."""
    from fortress.store.store import SeatError

    if side is not None:
        try:
            side = game.side_id(side)
        except ValueError as exc:
            raise SeatError(str(exc)) from None
        if side not in seat.sides:
            raise SeatError(f"{who(seat)} cannot act for {side}")
        if side not in game.to_move:
            raise SeatError(f"{side} may not act now (to move: {', '.join(sorted(game.to_move)) or 'no one'})")
        return side
    if game.side in seat.sides:
        return game.side
    for mine in seat.sides:
        if mine in game.to_move:
            return mine
    now = game.side if len(game.to_move) <= 1 else ", ".join(s for s in game.rules.sides if s in game.to_move)
    raise SeatError(f"it is {now}'s move; {who(seat)} cannot act for {now}")


def only_sealed_since(game: "Game", seat: "Seat", side: str | None, start: int) -> bool:
    """The sealed rule (module docstring): every action from history index ``start`` on is,
    in the view of the side ``seat`` acts for, another side's sealed order not yet revealed."""
    if not game.simultaneous or game.is_over or not 0 <= start < len(game.history):
        return False
    try:
        acting = acting_side(game, seat, side)
    except Exception:  # noqa: BLE001 - no side of the seat may act: the write is stale
        return False
    view = game.view(acting)
    return all(isinstance(action, Sealed) for action in view.history[start:])


def seat_side(game: "Game", seat: "Seat") -> str | None:
    """The side whose view a seat is shown: the one it acts for now, else its first (None: a
    spectator, who is shown no side's view)."""
    if not seat.sides:
        return None
    acting = [s for s in seat.sides if s in game.to_move]
    return game.side if game.side in acting else (acting or list(seat.sides))[0]


def seat_view(game: "Game", seat: "Seat") -> "Game | None":
    """What ``seat`` may see of ``game``: its side's view (None for a spectator's seat)."""
    side = seat_side(game, seat)
    return None if side is None else game.view(side)


def public_last(game: "Game", actor: str | None) -> str | None:
    """The last action in the notation, as the sides other than ``actor`` see it: ``sealed``
    for an order not yet revealed (the teacher's list shows no one's hidden order)."""
    if not game.history:
        return None
    if not game.simultaneous:  # every action is public as soon as it is played: no view to make
        return game.notation(game.history[-1])
    others = [s for s in game.rules.sides if s != actor]
    if not others:
        return game.notation(game.history[-1])
    view: Any = game.view(others[0])
    return str(view.notation(view.history[-1]))
