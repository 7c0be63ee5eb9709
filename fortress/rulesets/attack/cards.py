"""Action cards [Cards], [Card Rules]: the hand (at most 5), drawing, and playing a card
during the action it names (ruling: at most one card per action, never in another player's
turn). A card's number (``value`` / ``favoured_value`` in cards.toml: the favoured
government's better effect replaces the normal one) is read by the action it changes
(:func:`bonus`); a card marked ``played = false`` in the data would be held and discarded but
refused in play."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action
from fortress.rulesets.attack.actions import Word


def draw(g: Any, side: str, why: str) -> str | None:
    """Draw the top action card. With 5 in hand the oldest is discarded first (ruling: "If you
    want to draw one more, discard one first")."""
    s = g.state
    if not s.deck:
        if not s.discard:
            g.emit("draw", f"{g.side_name(side)} would draw an action card, but none is left.", side)
            return None
        s.deck, s.discard = s.discard, []
        g.dice.shuffle(s.deck)
    hand = s.hands.setdefault(side, [])
    if len(hand) >= g.rules.tables.number("hand_limit"):
        s.discard.append(hand.pop(0))
        g.emit("discard", f"{g.side_name(side)} discards an action card (the hand holds at most 5).", side)
    card = s.deck.pop(0)
    hand.append(card)
    g.emit("draw", f"{g.side_name(side)} draws an action card ({why}).", side)
    g.emit("card", f"{g.side_name(side)} draws {g.rules.tables.cards[card]['name']}.", side, audience=frozenset({side}))
    return str(card)


def plays(g: Any, action_name: str) -> list[Action]:
    """The cards the acting side may play now, in this action."""
    if g.state.act.get("card"):
        return []
    kinds = g.rules.tables.card_kinds
    hand = g.state.hands.get(g.acting, [])
    return [Word("play", (k,)) for k in sorted(set(hand)) if kinds[k]["action"] == action_name and kinds[k]["played"]]


def reason(g: Any, action: Word, action_name: str) -> str | None:
    kinds = g.rules.tables.card_kinds
    card = action.args[0]
    if card not in g.state.hands.get(g.acting, []):
        return f"Cards: {g.side_name(g.acting)} holds no {card[:30]}."
    if kinds[card]["action"] != action_name:
        return f"Cards: {kinds[card]['name']} is played with {kinds[card]['action']}, not {action_name} [Card Rules]."
    if not kinds[card]["played"]:
        return f"Cards: {kinds[card]['name']} acts in battle; this edition does not play it yet."
    if g.state.act.get("card"):
        return "Cards: one card per action (ruling)."
    return None


def play(g: Any, action: Action) -> None:
    assert isinstance(action, Word)
    s, side, card = g.state, g.acting, action.args[0]
    s.hands[side].remove(card)
    s.discard.append(card)
    s.act["card"] = card
    g.emit("play", f"{g.side_name(side)} plays {g.rules.tables.cards[card]['name']}.", side)


def bonus(g: Any, card: str) -> int:
    """The card's number if it was played in this action (the favoured government's if it is
    the acting side's), else 0."""
    if g.state.act.get("card") != card:
        return 0
    row = g.rules.tables.cards[card]
    favoured = g.state.government.get(g.acting) == row["favoured"]
    value: int = row["favoured_value"] if favoured else row["value"]
    return value
