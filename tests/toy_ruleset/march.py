"""March: move pawns one step into a neighbouring area, at most ``marches_per_turn`` times,
within the unit limit."""
from __future__ import annotations

from fortress.engine.actions import End
from fortress.engine.check import Check
from tests.toy_ruleset.state import March


class Rules(Check):
    """One check lists the marches and says why one is refused."""

    __slots__ = ()

    def candidates(self) -> list:
        g = self.g
        most = max((len(g.units(a, g.state.turn)) for a in g.board.ids), default=0)
        return [March(n, src, dst) for src in g.board.ids for dst in sorted(g.board.neighbours(src))
                for n in range(1, most + 1)] + [End()]

    def reason(self, action) -> str | None:
        g, s = self.g, self.g.state
        if isinstance(action, End):
            return None
        if not isinstance(action, March):
            return "March: move your pawns ('march N FROM -> TO') or 'end'."
        if s.marches >= g.rules.data["marches_per_turn"]:
            return "March: you have marched as often as a turn allows; 'end'."
        if action.src not in g.board or action.dst not in g.board.neighbours(action.src):
            return "March: pawns move one step, to a neighbouring area."
        if not 1 <= action.count <= len(g.units(action.src, s.turn)):
            return f"March: you have not {action.count} pawn(s) in {g.board[action.src].name}."
        if action.count > g.room(action.dst, s.turn):
            return f"March: {g.board[action.dst].name} has no room for them (unit limit)."
        return None

def apply(g, action) -> None:
    if isinstance(action, End):
        g.next_phase()
        return
    s = g.state
    for pawn in g.units(action.src, s.turn)[: action.count]:
        g.relocate(pawn, action.dst)
    s.marches += 1
    g.emit("move", f"{g.side_name(s.turn)} marches {action.count} from {g.board[action.src].name} "
           f"to {g.board[action.dst].name}.", s.turn, (action.src, action.dst))
