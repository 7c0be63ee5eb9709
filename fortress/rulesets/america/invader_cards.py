"""The Invader Card variant (``"invader-cards"``; rules: Special Rules, "Invader Card Variant":
24 Invader cards, 8 per Invader, and 3 foothold overlays that create new invasion zones).

The text gives no card texts: the cards are project design, kept as data in
``fortress/rulesets/america/data/invader_cards.toml`` (each with the step it is played in and one of four
effects this module interprets). Project rulings (docs/rules.md, "The Invader Card variant"):

* Each Invader has its own deck of 8, shuffled from the game's generator when the first
  Invader Reinforcements of the game begins. As each of its Reinforcements begins (none in
  round 1: Invader First Turn) an Invader draws ``draw`` card(s), unless it holds
  ``hand_limit``. A hand is seen only by its owner: the log says how many cards were drawn,
  never which; a determinized copy re-deals the other Invaders' hands from their unseen cards.
* A card is played by the side whose step it names (``play CARD [UNIT] [at AREA]``), once;
  it is then out of the game, face up (``state.invader_played``).
* Effects: ``reinforce`` (more units may come in this Reinforcements), ``strike`` (destroy
  one U.S. unit next to your zones or units), ``foothold`` (place your overlay). None brings
  a destroyed unit back: Invader units destroyed are "permanently destroyed (placed on
  graveyard sheet)" (rules: Edge Cases).
* A **foothold** goes on a land territory its Invader holds with no enemy unit in it, at most
  one per Invader. It stays for the rest of the game and works as one of its Invader's
  invasion zones (reinforcements arrive there; supply is traced to it) while its Invader
  holds the territory; while the U.S. holds it, it does nothing (it is not removed: retaken,
  it works again). It remains a land territory for everything else (it is declared, fought
  over and captured as before).

Whether a card may be played now is one rule, :class:`CardRules`, that the Reinforcements
and Declare Battles checks both consult, so ``explain`` and ``legal_actions`` agree.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from fortress.rulesets.america.actions import Action, Play
from fortress.rulesets.america.cards import STEP_NAMES, InvaderCard
from fortress.rulesets.america.state import Task, TaskKind
from fortress.rulesets.america.units import INVADERS, US

if TYPE_CHECKING:
    from fortress.engine.board import Board
    from fortress.engine.context import Context
    from fortress.engine.dice import Rng

VARIANT = "invader-cards"
# invader_cards.toml's numbers (the ruleset's ``tables.invader_deck``): ``hand_limit``, the
# cards an Invader may hold (with a full hand it draws none); ``draw``, the cards drawn as each
# of an Invader's Reinforcements begins.



def on(g: "Context") -> bool:
    """The game plays the variant."""
    return VARIANT in g.variants


# -- footholds --------------------------------------------------------------------------------
def footholds(state: Any, side: str) -> tuple[str, ...]:
    """``side``'s footholds that work now: on territories it holds."""
    return tuple(a for a, owner in state.footholds.items() if owner == side and state.control.get(a) == side)


def arrival_areas(state: Any, board: "Board", side: str) -> tuple[str, ...]:
    """Where ``side``'s reinforcements arrive and its supply leads: its zones and working footholds."""
    return board.zones(side) + footholds(state, side) if state.footholds else board.zones(side)


# -- the decks and hands ----------------------------------------------------------------------
def deal(g: "Context") -> None:
    """Shuffle each Invader's deck (once a game): its cards not in its hand nor played."""
    s = g.state
    if s.invader_decks:
        return
    for side in INVADERS:
        held = s.invader_hands.setdefault(side, [])
        deck = [c.id for c in g.tables.invader_cards.values() if c.side == side and c.id not in held and c.id not in s.invader_played]
        g.dice.shuffle(deck)
        s.invader_decks[side] = deck


def draw(g: "Context", side: str) -> None:
    """``side`` draws as its Reinforcements begins (the log does not say which card)."""
    deal(g)
    s = g.state
    hand, deck = s.invader_hands[side], s.invader_decks[side]
    limit = g.tables.invader_deck["hand_limit"]
    if len(hand) >= limit:
        g.emit("card", f"{g.side_name(side)} holds {len(hand)} Invader cards, a full hand: it draws none.", side)
        return
    drawn = 0
    while deck and drawn < g.tables.invader_deck["draw"] and len(hand) < limit:
        hand.append(deck.pop(0))
        drawn += 1
    if drawn:
        g.emit("card", f"{g.side_name(side)} draws {_cards(drawn)} ({len(hand)} in hand, {len(deck)} left in "
               "its deck).", side)


def _cards(n: int) -> str:
    return f"{n} Invader card" + ("" if n == 1 else "s")


def hide(state: Any, rng: "Rng", viewer: str, cards: Mapping[str, InvaderCard]) -> None:
    """What ``viewer`` cannot see, re-drawn: its own deck's order, and each other Invader's
    hand (and deck, once dealt) dealt again from its unseen cards, the sizes kept."""
    for side in INVADERS:
        deck = state.invader_decks.get(side)
        if side == viewer:
            rng.shuffle(deck or [])
            continue
        hand = state.invader_hands.get(side, [])
        unseen = hand + (deck if deck is not None else
                         [c.id for c in cards.values() if c.side == side and c.id not in hand
                          and c.id not in state.invader_played])
        rng.shuffle(unseen)
        state.invader_hands[side] = unseen[:len(hand)]
        if deck is not None:
            state.invader_decks[side] = unseen[len(hand):]


def hand(state: Any, side: str, cards: Mapping[str, InvaderCard]) -> tuple[InvaderCard, ...]:
    """The cards ``side`` holds (for its own player only), from the ruleset's ``cards``."""
    return tuple(cards[c] for c in state.invader_hands.get(side, ()))


# -- playing a card ---------------------------------------------------------------------------
class CardRules:
    """Whether the side to move may play an Invader card now, in step ``phase``: the one
    rule the Reinforcements and Declare Battles checks consult for ``play``."""

    __slots__ = ("g", "phase", "side")

    def __init__(self, g: "Context", phase: str) -> None:
        self.g, self.phase, self.side = g, phase, g.state.turn

    def candidates(self) -> list[Action]:
        """Every play of a card in the hand that is played in this step."""
        if not on(self.g) or self.side not in INVADERS:
            return []
        out: list[Action] = []
        for card in hand(self.g.state, self.side, self.g.tables.invader_cards):
            if card.phase != self.phase:
                continue
            if card.effect == "strike":
                out += [Play(card.id, kind, area) for area, kind in self.targets(card)]
            elif card.effect == "foothold":
                out += [Play(card.id, None, a) for a in self.g.board.land if self.site(a) is None]
            else:
                out.append(Play(card.id))
        return out

    def legal(self) -> list[Action]:
        """The plays :meth:`reason` allows, in the listed order."""
        return [a for a in self.candidates() if self.reason(a) is None]  # type: ignore[arg-type]  # all plays

    def reason(self, action: Play) -> str | None:
        """Why ``action`` is refused now (None: it may be played)."""
        g, side = self.g, self.side
        if not on(g):
            return "Invader cards are played only in the Invader Card variant, which this game does not play."
        if side not in INVADERS:
            return "Only the Invaders hold Invader cards."
        card = g.tables.invader_cards[action.card]
        if action.card not in g.state.invader_hands.get(side, ()):
            return f"Invader card '{card.name}' is not in {g.side_name(side)}'s hand."
        if card.phase != self.phase:
            return f"Invader card '{card.name}' is played in {card.when}, not in {STEP_NAMES[self.phase]}."
        return getattr(self, "_" + card.effect)(card, action)

    def _reinforce(self, card: InvaderCard, action: Play) -> str | None:
        return _bare(card, action)

    def _foothold(self, card: InvaderCard, action: Play) -> str | None:
        if action.area is None or action.unit is not None:
            return f"Invader card '{card.name}': name the territory: 'play {card.id} at AREA'."
        why = self.site(action.area)
        return None if why is None else f"Invader card '{card.name}': {why}"

    def site(self, area: str) -> str | None:
        """Why the side's foothold may not go on ``area`` (None: it may)."""
        g, s, side = self.g, self.g.state, self.side
        if side in s.footholds.values():
            return f"{g.side_name(side)} has placed its foothold already."
        where = g.board[area]
        if not where.is_land or s.control.get(area) != side or g.enemies_in(area, side):
            return f"a foothold goes on a land territory you hold with no enemy unit in it; {where.name} is not one."
        if area in s.footholds:
            return f"{where.name} holds a foothold already."
        return None

    def _strike(self, card: InvaderCard, action: Play) -> str | None:
        if action.area is None or action.unit is None:
            return f"Invader card '{card.name}': name the unit and the territory: 'play {card.id} UNIT at AREA'."
        if (action.area, action.unit) not in self.targets(card):
            kinds = " or ".join(card.kinds)
            near = "your zones or footholds" if card.near == "zones" else "your units"
            return f"Invader card '{card.name}': it strikes a U.S. {kinds} in a land territory next to {near}."
        return None

    def targets(self, card: InvaderCard) -> list[tuple[str, str]]:
        """(territory, unit type) a strike card may hit: a U.S. unit of its kinds on land
        next to the side's zones and footholds (``near = "zones"``) or its units."""
        g, s, side = self.g, self.g.state, self.side
        if card.near == "zones":
            bases: set[str] = set(arrival_areas(s, g.board, side))
        else:
            bases = {u.area for u in s.units.values() if u.side == side}
        near = {n for b in bases for n in g.board.neighbours(b)}
        found = {(u.area, u.kind) for u in s.units.values()
                 if u.side == US and u.kind in card.kinds and u.area in near and g.board[u.area].is_land}
        return sorted(found)


def _bare(card: InvaderCard, action: Play) -> str | None:
    if action.unit is not None or action.area is not None:
        return f"Invader card '{card.name}' names no unit or territory: 'play {card.id}'."
    return None


def play(g: "Context", action: Play) -> None:
    """Carry out ``action`` (the check allowed it): the card leaves the hand and acts."""
    s, side, card = g.state, g.state.turn, g.tables.invader_cards[action.card]
    s.invader_hands[side].remove(card.id)
    s.invader_played.append(card.id)
    g.emit("card", f"{g.side_name(side)} plays the Invader card '{card.name}': {card.text}", side,
           () if action.area is None else (action.area,))
    if card.effect == "reinforce":
        task = s.tasks[0]
        s.tasks[0] = Task(TaskKind.REINFORCE, left=task.left + card.units)
        g.emit("card", f"{g.side_name(side)} may bring in {card.units} more units this turn, "
                       f"{s.tasks[0].left} in all still to come.", side)
    elif card.effect == "strike":
        assert action.area is not None
        unit = next(u for u in g.units(action.area, US) if u.kind == action.unit)
        g.destroy(unit, f"Invader card '{card.name}'")
    else:
        assert action.area is not None
        s.footholds[action.area] = side
        g.emit("foothold", f"{g.side_name(side)} places its foothold in {g.board[action.area].name}: an invasion "
               "zone of its own while it holds the territory.", side, (action.area,))


