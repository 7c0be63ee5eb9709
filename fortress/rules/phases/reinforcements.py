"""Reinforcements (rules: Action Sequence 1, Lasers, Partisan Cards).

Invader: up to 8 units of its choice from reserves into its own zones (max 5 a zone).
U.S.: one laser in a U.S.-held city without one (while lasers remain), then 2 partisan
cards plus the bonus cards earned by retaking cities, each resolved as fully as possible.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.rules.actions import Action, End, Ground, Place, PlaceLaser, Sabotage, shared
from fortress.rules.cards import CARDS
from fortress.rules.state import RULES
from fortress.rules.units import INVADERS, SIDE_NAMES, US

if TYPE_CHECKING:
    from fortress.rules.game import Game


def enter(g: "Game") -> None:
    s = g.state
    if s.turn == US:
        draws = RULES["us"]["cards_per_turn"] + s.bonus_cards
        if s.bonus_cards:
            g.emit("card", f"The U.S. draws {s.bonus_cards} bonus card(s) for retaking cities.", US)
        s.bonus_cards = 0
        s.tasks = [{"kind": "laser", "card": ""}] + [{"kind": "draw", "card": ""} for _ in range(draws)]
    else:
        s.tasks = [{"kind": "reinforce", "left": RULES["invader"]["reinforcements"]}]


# -- what each task allows ------------------------------------------------------------------
def laser_sites(g: "Game") -> list[str]:
    if g.state.lasers_left <= 0:
        return []
    return [c for c in g.board.cities if g.friendly(c, US) and c not in g.state.lasers]


def placement_sites(g: "Game", region: str) -> list[str]:
    """Partisan cards place units in friendly or unoccupied enemy territories of the
    region (never occupied enemy territories or invasion zones), within the unit limit."""
    out = []
    for a in g.board.regions().get(region, ()):
        if (g.friendly(a, US) or not g.enemies_in(a, US)) and g.room(a, US) > 0:
            out.append(a)
    return out


def sabotage_targets(g: "Game") -> list[Sabotage]:
    seen = {(u.side, u.kind, u.area) for u in g.state.units.values() if u.side != US and g.board[u.area].is_land}
    return [Sabotage(*t) for t in sorted(seen)]


def _task_actions(g: "Game", task: dict) -> list[Action]:
    kind, s = task["kind"], g.state
    if kind == "reinforce":
        if task["left"] <= 0:
            return []
        zones = [z for z in g.board.zones(s.turn) if g.room(z, s.turn) > 0]
        kinds = [k for k, n in s.reserves[s.turn].items() if n > 0]
        acts: list[Action] = [_place(k, z) for z in zones for k in kinds]
        return acts + [End()] if acts else []
    if kind in ("laser", "extra_laser"):
        return [PlaceLaser(c) for c in laser_sites(g)]
    if kind == "place":
        if s.reserves[US].get(task["unit"], 0) <= 0:
            return []
        return [_place(task["unit"], a) for a in placement_sites(g, task["region"])]
    if kind == "sabotage":
        return list(sabotage_targets(g))
    if kind == "ground":
        return [Ground(side) for side in INVADERS if side not in s.out]
    return []


def _place(unit: str, area: str) -> Place:
    """One shared object per action (see fortress.rules.actions.shared)."""
    return shared(Place, unit, area)


def legal(g: "Game") -> list[Action]:
    return _task_actions(g, g.state.tasks[0]) if g.state.tasks else [End()]


def auto(g: "Game") -> bool:
    """Draw cards, apply effects that need no choice, drop tasks that cannot be done."""
    s = g.state
    if not s.tasks:
        return False
    task = s.tasks[0]
    if task["kind"] == "draw":
        s.tasks.pop(0)
        _draw(g)
        return True
    if task["kind"] == "laser_bonus":
        s.tasks.pop(0)
        s.laser_bonus = 1
        g.emit("card", "Lasers destroy on 4 or more this turn.", US)
        return True
    if not _task_actions(g, task):
        s.tasks.pop(0)
        if task["kind"] == "place":
            g.emit("card", f"No {task['unit']} could be placed in {task['region']} ({task['card']}).", US)
        elif task["kind"] == "extra_laser" and s.lasers_left > 0:
            g.emit("card", "No city can take another laser.", US)
        return True
    return False


def _draw(g: "Game") -> None:
    s = g.state
    if not s.deck:
        s.deck, s.discard = s.discard, []
        rng = g.rng()
        rng.shuffle(s.deck)
        g.keep_rng(rng)
        g.emit("card", "The partisan deck is reshuffled.", US)
    if not s.deck:
        return
    card = CARDS[s.deck.pop(0)]
    s.discard.append(card.id)
    s.hand.append(card.id)
    g.emit("card", f"Partisan card: {card.name}. {card.text}", US)
    s.tasks[0:0] = card.tasks()


def apply(g: "Game", action: Action) -> None:
    s = g.state
    task = s.tasks[0] if s.tasks else None
    if isinstance(action, End):
        s.tasks = []
        g.next_phase()
        return
    if isinstance(action, Place):
        s.reserves[s.turn][action.unit] -= 1
        g.arrived(g.state.add_unit(s.turn, action.unit, action.area))
        name = g.board[action.area].name
        if task["kind"] == "reinforce":
            task["left"] -= 1
            g.emit("place", f"{SIDE_NAMES[s.turn]} brings {action.unit} into {name}.", s.turn, (action.area,))
        else:
            s.tasks.pop(0)
            if action.area not in s.partisan_areas:
                s.partisan_areas.append(action.area)
            g.emit("place", f"U.S. places {action.unit} in {name} ({task['card']}).", US, (action.area,))
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
        g.emit("card", f"{SIDE_NAMES[action.side]}'s aircraft are grounded for its next Maneuvers.", US)


def explain(g: "Game", action: Action) -> str:
    s = g.state
    task = s.tasks[0] if s.tasks else {"kind": ""}
    if s.turn != US:
        if isinstance(action, Place):
            area = g.board[action.area]
            if not (area.is_zone and area.side == s.turn):
                return f"Reinforcements: Invaders bring reserves into their own invasion zones only; {area.name} is not one of {SIDE_NAMES[s.turn]}'s zones."
            if s.reserves[s.turn].get(action.unit, 0) <= 0:
                return f"Reinforcements: {SIDE_NAMES[s.turn]} has no {action.unit} in reserve."
            if g.room(action.area, s.turn) <= 0:
                return f"Reinforcements: {area.name} already holds 5 units (the 5-unit limit)."
        return "Reinforcements: place a reserve unit in one of your zones ('place UNIT ZONE') or 'end'."
    kind = task["kind"]
    if kind in ("laser", "extra_laser"):
        if isinstance(action, PlaceLaser):
            return f"Reinforcements: a laser goes in a U.S.-held city without one; {g.board[action.area].name} is not such a city."
        return "Reinforcements: the U.S. must first place its laser in a U.S.-held city without one ('laser CITY')."
    if kind == "place":
        if isinstance(action, Place) and action.unit == task["unit"]:
            return (f"Partisan card '{task['card']}': the {task['unit']} goes in {task['region']}, in a U.S.-held or "
                    "unoccupied territory with room (never an occupied enemy territory or an invasion zone).")
        return f"Partisan card '{task['card']}': place the {task['unit']} in {task['region']} first (cards are resolved as fully as possible)."
    if kind == "sabotage":
        return f"Partisan card '{task['card']}': choose an Invader unit on land to destroy ('sabotage SIDE UNIT AREA')."
    if kind == "ground":
        return f"Partisan card '{task['card']}': choose an Invader still in the game ('ground SIDE')."
    return "Reinforcements: that is not possible now."
