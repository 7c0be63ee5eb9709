"""Negotiate [Negotiate]: look secretly at the face-down marker of a neutral region next to one
of yours (by land, a sea zone both border, or a lane; the zones neutral, yours or permitting):
only you see it (an event for your eyes, and your views). Influencing costs 0 production for
your own government, 4 for an allied one, 8 for a hostile one. If you influence, the marker is
revealed and yours, one infantry is placed there free and you draw an action card (ruling: only
on success); otherwise the marker goes back face down."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action, End
from fortress.engine.check import Check
from fortress.rulesets.attack import cards, paths
from fortress.rulesets.attack.actions import Word


def enter(g: Any) -> None:
    g.state.act = {}


def cost(g: Any, region: str) -> int:
    s, side = g.state, g.acting
    rel = g.rules.tables.relation(s.government[side], s.neutral[region])
    base: int = g.rules.tables.rules["numbers"]["negotiate_cost"][rel]
    return max(0, base - cards.bonus(g, "royal-marriage"))


class Rules(Check):
    __slots__ = ()

    def candidates(self) -> list[Action]:
        g, s = self.g, self.g.state
        if s.act.get("discard"):
            return [Word("discard", (c,)) for c in sorted(set(s.act["discard"]))]
        if s.act.get("region"):
            return [Word("influence"), Word("decline")] + cards.plays(g, "negotiate")
        return [Word("negotiate", (r,)) for r in paths.negotiable(s, g.acting)] + cards.plays(g, "negotiate") + [End()]

    def reason(self, action: Action) -> str | None:
        g, s, side = self.g, self.g.state, self.g.acting
        region = s.act.get("region")
        if s.act.get("discard"):
            if isinstance(action, Word) and action.word == "discard" and action.args[0] in s.act["discard"]:
                return None
            return "Negotiate: Secret Treaty: discard one of the two cards drawn ('discard CARD') [Cards]."
        if isinstance(action, Word) and action.word == "play":
            return cards.reason(g, action, "negotiate")
        if region:
            if isinstance(action, Word) and action.word == "decline":
                return None
            if not isinstance(action, Word) or action.word != "influence":
                return "Negotiate: 'influence' the region or 'decline' [Negotiate]."
            price = cost(g, region)
            if s.production.get(side, 0) < price:
                return f"Negotiate: influencing costs {price} production; {g.side_name(side)} has {s.production.get(side, 0)} [Negotiate]."
            return None
        if isinstance(action, End):
            return None
        if not isinstance(action, Word) or action.word != "negotiate":
            return "Negotiate: 'negotiate REGION' (a neutral region next to yours) or 'end' [Negotiate]."
        if action.args[0] not in paths.negotiable(s, side):
            return f"Negotiate: {action.args[0]} is not a neutral region adjacent to yours or across an open sea zone [Negotiate]."
        return None


def apply(g: Any, action: Action) -> None:
    s, side = g.state, g.acting
    if isinstance(action, End):
        g.next_phase()
        return
    assert isinstance(action, Word)
    if action.word == "play":
        cards.play(g, action)
    elif action.word == "negotiate":
        region = action.args[0]
        s.act["region"] = region
        seen = s.peeked.setdefault(region, [])
        if side not in seen:
            seen.append(side)
        g.emit("negotiate", f"{g.side_name(side)} looks at the marker of {g.board[region].name}.", side, (region,))
        g.emit("peek", f"The marker of {g.board[region].name} is {g.rules.tables.governments[s.neutral[region]]['name']}.",
               side, (region,), audience=frozenset({side}))
    elif action.word == "influence":
        influence(g, side, s.act["region"])
        if not s.act.get("discard"):
            g.next_phase()
    elif action.word == "discard":
        s.hands[side].remove(action.args[0])
        s.discard.append(action.args[0])
        g.emit("discard", f"{g.side_name(side)} discards one of the two cards (Secret Treaty).", side)
        g.next_phase()
    else:
        g.emit("decline", f"{g.side_name(side)} does not influence {g.board[s.act['region']].name}; the marker goes back face down.", side)
        g.next_phase()


def influence(g: Any, side: str, region: str) -> None:
    s = g.state
    price = cost(g, region)
    s.production[side] -= price
    marker = s.neutral.pop(region)
    s.peeked.pop(region, None)
    s.taken.append(marker)
    s.markers[side] = s.markers.get(side, 0) + 1
    s.control[region] = side
    s.add_army(side, region, "infantry")
    g.emit("influence", f"{g.side_name(side)} influences {g.board[region].name} ({g.rules.tables.governments[marker]['name']}) "
           f"for {price} production; one infantry is placed there.", side, (region,))
    drawn = cards.draw(g, side, "a successful negotiation")
    if g.state.act.get("card") == "secret-treaty":
        second = cards.draw(g, side, "Secret Treaty")
        if cards.bonus(g, "secret-treaty") < 2:  # keep one of the two (Communism: both)
            g.state.act["discard"] = [c for c in (drawn, second) if c in g.state.hands[side]]
