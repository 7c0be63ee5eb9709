"""Play (a deed): play one card of your hand for its points, or end without playing."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action, End
from fortress.engine.check import Check
from fortress_council.state import PlayCard


class Rules(Check):
    __slots__ = ()

    def candidates(self) -> list[Action]:
        return [PlayCard(c) for c in sorted(set(self.g.state.hands[self.g.acting]))] + [End()]

    def reason(self, action: Action) -> str | None:
        g = self.g
        if isinstance(action, End):
            return None
        if not isinstance(action, PlayCard):
            return "Play: play a card of your hand ('play CARD') or 'end'."
        if action.name not in g.state.hands[g.acting]:
            return f"Play: {g.side_name(g.acting)} holds no {action.name[:20]}."
        return None


def apply(g: Any, action: Action) -> None:
    s, side = g.state, g.acting
    if isinstance(action, PlayCard):
        s.hands[side].remove(action.name)
        s.played.append(action.name)
        s.points[side] += g.rules.data["cards"][action.name]
        g.emit("play", f"{g.side_name(side)} plays the {action.name}: {s.points[side]} point(s).", side)
    g.next_phase()
