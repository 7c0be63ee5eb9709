"""Reinforcements (rules: Action Sequence 1, Lasers, Partisan Cards).

Invader: 8 units of its choice from reserves into its own zones (max 5 a zone), as many
as its reserves and the room in its zones allow (compulsory);
with the Invader Card variant it first draws a card, may play its Reinforcements cards,
and its working footholds count as its zones (:mod:`fortress.rulesets.america.invader_cards`).
U.S.: one laser in a U.S.-held city without one (while lasers remain), then 2 partisan
cards plus the bonus cards earned by retaking cities, each resolved as fully as possible:
each unit a card gives goes in one of the territories it names that can take it, and a
unit none of them can take is not placed.
Each placement keeps to the 5-unit limit (nothing moves in Reinforcements to make room
later), and 'end' is refused while a place is over it (see :mod:`fortress.rulesets.america.stacking`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.rulesets.america import invader_cards
from fortress.rulesets.america.actions import Action, End, Ground, Place, PlaceLaser, Play, Sabotage, shared
from fortress.rulesets.america.cards import either, territory_name
from fortress.engine.check import Check
from fortress.rulesets.america.stacking import end_refusal, loads
from fortress.rulesets.america.state import Task, TaskKind
from fortress.rulesets.america.units import INVADERS, US

if TYPE_CHECKING:
    from fortress.engine.context import Context


#: module constants for the checks asked of every candidate (an enum member looked up on its class is slow)
_REINFORCE = TaskKind.REINFORCE
_LASERS = (TaskKind.LASER, TaskKind.EXTRA_LASER)


def enter(g: "Context") -> None:
    s = g.state
    if s.turn == US:
        draws = g.tables.numbers["us"]["cards_per_turn"] + s.bonus_cards
        if s.bonus_cards:
            g.emit("card", f"The U.S. draws {s.bonus_cards} bonus card(s) for retaking cities.", US)
        s.bonus_cards = 0
        s.tasks = [Task(TaskKind.LASER)] + [Task(TaskKind.DRAW)] * draws
    else:
        s.tasks = [Task(TaskKind.REINFORCE, left=g.tables.numbers["invader"]["reinforcements"])]
        if invader_cards.on(g):
            invader_cards.draw(g, s.turn)


def sabotage_targets(g: "Context") -> list[Sabotage]:
    seen = {(u.side, u.kind, u.area) for u in g.state.units.values() if u.side != US and g.board[u.area].is_land}
    return [Sabotage(*t) for t in sorted(seen)]


def _place(unit: str, area: str) -> Place:
    """One shared object per action (see fortress.rulesets.america.actions.shared)."""
    return shared(Place, unit, area)


class Rules(Check):
    """What the task at hand allows (the first of ``state.tasks``); with none left, 'end'."""

    __slots__ = ("task", "rooms")

    def __init__(self, g: "Context") -> None:
        super().__init__(g)
        self.task = g.state.tasks[0] if g.state.tasks else None
        self.rooms: dict[str, int] = {}

    def room(self, area: str) -> int:
        """Room left in ``area`` for the side to move (asked once per area, not per unit type)."""
        found = self.rooms.get(area)
        if found is None:
            found = self.rooms[area] = self.g.room(area, self.g.state.turn)
        return found

    def over(self) -> str | None:
        """Why Reinforcements may not end: a place over the 5-unit limit (None: none is)."""
        return end_refusal(self.g.board, "Reinforcements", loads(self.g.state, self.g.state.turn), self.g.unit_limit)

    def candidates(self) -> list[Action]:
        g, s, task = self.g, self.g.state, self.task
        if task is None:
            return [End()]
        kind = task.kind
        if kind == TaskKind.REINFORCE:
            kinds = [k for k, n in s.reserves[s.turn].items() if n > 0]
            arrive = invader_cards.arrival_areas(s, g.board, s.turn)
            plays = invader_cards.CardRules(g, "reinforcements").candidates()
            return [_place(k, z) for z in arrive for k in kinds] + plays + [End()]
        if kind in (TaskKind.LASER, TaskKind.EXTRA_LASER):
            return [shared(PlaceLaser, c) for c in g.board.cities]
        if kind == TaskKind.PLACE:
            return [_place(task.unit, a) for a in task.places if a in g.board]
        if kind == TaskKind.SABOTAGE:
            return list(sabotage_targets(g))
        if kind == TaskKind.GROUND:
            return [Ground(side) for side in INVADERS]
        return []

    def reason(self, action: Action) -> str | None:
        task = self.task
        if task is None:
            return self.over() if type(action) is End else "Reinforcements: that is not possible now."
        if task.kind == _REINFORCE:
            return self._reinforce(action, task)
        return self._card(action, task)

    def _reinforce(self, action: Action, task: Task) -> str | None:
        """Invaders: 8 reserve units into their own zones (and working footholds, in the
        Invader Card variant) within the 5-unit limit, as many as reserves and room allow;
        its Reinforcements cards; 'end' once no more can come in (:meth:`unplaced`)."""
        g, s = self.g, self.g.state
        if type(action) is End:
            return self.over() or self.unplaced(task)
        if isinstance(action, Play):
            return invader_cards.CardRules(g, "reinforcements").reason(action)
        if isinstance(action, Place):
            area = g.board[action.area]
            if action.area not in invader_cards.arrival_areas(s, g.board, s.turn):
                return f"Reinforcements: Invaders bring reserves into their own invasion zones only; {area.name} is not one of {g.side_name(s.turn)}'s zones{' or footholds' if s.footholds else ''}."
            if s.reserves[s.turn].get(action.unit, 0) <= 0:
                return f"Reinforcements: {g.side_name(s.turn)} has no {action.unit} in reserve."
            if task.left <= 0:
                return f"Reinforcements: {g.side_name(s.turn)} has brought in all {g.tables.numbers['invader']['reinforcements']} units it may this turn."
            if self.room(action.area) <= 0:
                return f"Reinforcements: {area.name} already holds 5 units (the 5-unit limit)."
            return None
        return "Reinforcements: place a reserve unit in one of your zones ('place UNIT ZONE') or 'end'."

    def unplaced(self, task: Task) -> str | None:
        """Why an Invader may not end Reinforcements yet: units it must still bring in (rules:
        "Invaders add 8 units from reserves to invasion zones (max 5 per zone)"; compulsory
        as far as its reserves and the room in its zones allow). None: no more can come in."""
        g, s = self.g, self.g.state
        reserve = sum(n for n in s.reserves[s.turn].values() if n > 0)
        room = sum(max(self.room(a), 0) for a in invader_cards.arrival_areas(s, g.board, s.turn))
        can = min(task.left, reserve, room)
        if can <= 0:
            return None
        return (f"Reinforcements: {g.side_name(s.turn)} must still bring in {can} unit{'s' if can > 1 else ''} "
                f"({task.left} more allowed this turn, {reserve} in reserve, room for {room} in its zones): "
                "bringing in reinforcements is compulsory as far as reserves and room allow.")

    def _card(self, action: Action, task: Task) -> str | None:
        """The U.S.: its laser, then each partisan card's task, resolved as fully as possible."""
        g, s, kind = self.g, self.g.state, task.kind
        if kind in _LASERS:
            if not isinstance(action, PlaceLaser):
                return "Reinforcements: the U.S. must first place its laser in a U.S.-held city without one ('laser CITY')."
            if s.lasers_left <= 0:
                return "Reinforcements: the U.S. has no lasers left to place."
            if not (g.board[action.area].is_city and g.friendly(action.area, US)) or action.area in s.lasers:
                return f"Reinforcements: a laser goes in a U.S.-held city without one; {g.board[action.area].name} is not such a city."
            return None
        if kind == TaskKind.PLACE:
            return self._placement(action, task)
        if kind == TaskKind.SABOTAGE:
            if not isinstance(action, Sabotage) or action.side == US or not g.board[action.area].is_land \
                    or not any(u.kind == action.unit for u in g.units(action.area, action.side)):
                return f"Partisan card '{task.card}': choose an Invader unit on land to destroy ('sabotage SIDE UNIT AREA')."
            return None
        if kind == TaskKind.GROUND:
            if not isinstance(action, Ground) or action.side not in INVADERS or action.side in s.out:
                return f"Partisan card '{task.card}': choose an Invader still in the game ('ground SIDE')."
            return None
        return "Reinforcements: that is not possible now."

    def _placement(self, action: Action, task: Task) -> str | None:
        """A card's unit goes in one of the territories the card names (rules: Partisan Cards:
        "cards specify territories and unit types to place"), if U.S.-held or unoccupied, with room."""
        g = self.g
        if not (isinstance(action, Place) and action.unit == task.unit):
            return (f"Partisan card '{task.card}': place the {task.unit} in {places_text(g, task)} first "
                    "(cards are resolved as fully as possible).")
        if g.state.reserves[US].get(task.unit, 0) <= 0:
            return f"Partisan card '{task.card}': no {task.unit} is left in U.S. reserves."
        if action.area not in task.places:
            return (f"Partisan card '{task.card}': the card names {places_text(g, task)}; "
                    f"{territory_name(g.board, action.area)} is not one of them.")
        if (not g.board[action.area].is_land or not (g.friendly(action.area, US) or not g.enemies_in(action.area, US))
                or self.room(action.area) <= 0):
            return (f"Partisan card '{task.card}': the {task.unit} goes in {places_text(g, task)}, in one that is "
                    "U.S.-held or unoccupied with room (never an occupied enemy territory or an invasion zone).")
        return None


def places_text(g: "Context", task: Task) -> str:
    """The territories a card task names, by name ("Seattle, Cascades or Olympic Peninsula")."""
    return either(territory_name(g.board, a) for a in task.places)


def auto(g: "Context") -> bool:
    """Draw cards, apply effects that need no choice, drop tasks that cannot be done."""
    s = g.state
    if not s.tasks:
        return False
    task = s.tasks[0]
    if task.kind == TaskKind.DRAW:
        s.tasks.pop(0)
        _draw(g)
        return True
    if task.kind == TaskKind.LASER_BONUS:
        s.tasks.pop(0)
        s.laser_bonus = 1
        g.emit("card", "Lasers destroy on 4 or more this turn.", US)
        return True
    if task.kind != TaskKind.REINFORCE and not Rules(g).legal():  # an Invader ends once nothing more can come in
        s.tasks.pop(0)
        if task.kind == TaskKind.PLACE:
            names = ", ".join(territory_name(g.board, a) for a in task.places)
            why = "none is left in U.S. reserves" if s.reserves[US].get(task.unit, 0) <= 0 else \
                f"no territory the card names can take it ({names})"
            g.emit("card", f"No {task.unit} could be placed: {why} ({task.card}).", US)
        elif task.kind == TaskKind.EXTRA_LASER and s.lasers_left > 0:
            g.emit("card", "No city can take another laser.", US)
        return True
    return False


def _draw(g: "Context") -> None:
    s = g.state
    if not s.deck:
        s.deck, s.discard = s.discard, []
        g.dice.shuffle(s.deck)
        g.emit("card", "The partisan deck is reshuffled.", US)
    if not s.deck:
        return
    card = g.tables.cards[s.deck.pop(0)]
    s.discard.append(card.id)
    s.hand.append(card.id)
    orders = card.orders(g.board)
    g.emit("card", f"Partisan card: {card.name}. {card.text}" + (f" It places {orders}." if orders else ""), US)
    s.tasks[0:0] = card.tasks()


def apply(g: "Context", action: Action) -> None:
    s = g.state
    task = s.tasks[0] if s.tasks else None
    if isinstance(action, End):
        s.tasks = []
        g.next_phase()
        return
    assert task is not None  # reason() allows only 'end' without a task
    if isinstance(action, Play):
        invader_cards.play(g, action)
        return
    if isinstance(action, Place):
        s.reserves[s.turn][action.unit] -= 1
        g.add_unit(s.turn, action.unit, action.area)
        name = g.board[action.area].name
        if task.kind == TaskKind.REINFORCE:
            s.tasks[0] = task.placed_one()
            g.emit("place", f"{g.side_name(s.turn)} brings {action.unit} into {name}.", s.turn, (action.area,))
        else:
            s.tasks.pop(0)
            if action.area not in s.partisan_areas:
                s.partisan_areas.append(action.area)
            g.emit("place", f"U.S. places {action.unit} in {name} ({task.card}).", US, (action.area,))
    elif isinstance(action, PlaceLaser):
        s.tasks.pop(0)
        s.lasers.append(action.area)
        s.lasers_left -= 1
        g.emit("laser", f"U.S. builds a laser in {g.board[action.area].name} ({s.lasers_left} left).", US, (action.area,))
    elif isinstance(action, Sabotage):
        s.tasks.pop(0)
        unit = next(u for u in g.units(action.area, action.side) if u.kind == action.unit)
        g.destroy(unit, "sabotage")
        g.check_armies()
    elif isinstance(action, Ground):
        s.tasks.pop(0)
        s.grounded.append(action.side)
        g.emit("card", f"{g.side_name(action.side)}'s aircraft are grounded for its next Maneuvers.", US)
