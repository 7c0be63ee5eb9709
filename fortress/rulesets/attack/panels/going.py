"""The attack panel, and the same for Move and Transport: where to, the units, the odds."""
from __future__ import annotations

import html
from functools import lru_cache
from typing import Any

import ipywidgets as W

from fortress.engine.actions import End
from fortress.rulesets.attack.actions import Disembark, Go
from fortress.rulesets.attack.battle import Battle
from fortress.rulesets.attack.combat import holder_name
from fortress.rulesets.attack.odds import Odds, against_neutral, odds
from fortress.rulesets.attack.panels.common import Play, discard, menu
from fortress.rulesets.attack.world import place_name

MAX_STATES = 3000  #: the attack panel's exact odds at most this many states (then seeded Monte Carlo)
RUNS = 1000  #: the attack panel's Monte Carlo battles


@lru_cache(maxsize=256)
def battle_odds(attack: tuple[tuple[str, int], ...], defence: tuple[tuple[str, int], ...] | None,
                year: int) -> Odds:
    """The odds of ``attack`` against ``defence`` (None: a neutral region in ``year``), both sides
    filling their fronts as a neutral does; remembered, as the panel asks again after each move."""
    if defence is None:
        return against_neutral(dict(attack), year, max_states=MAX_STATES, runs=RUNS)
    return odds(Battle.start("army", "attacker", dict(attack), "defender", dict(defence)),
                max_states=MAX_STATES, runs=RUNS)


def order_odds(state: Any, side: str, target: str, sent: dict[str, int]) -> Odds | None:
    """The odds of the battle for ``target`` once ``sent`` joins ``side``'s units already there
    (None: no unit, or ``target``'s holder is one ``side`` does not fight, as the state's
    ``hostile`` says: its own region; in America in Flames also a partner's or a minor's at peace)."""
    units = dict(state.army(side, target))
    for kind, n in sent.items():
        units[kind] = units.get(kind, 0) + n
    units = {k: n for k, n in units.items() if n}
    holder = state.control.get(target)
    if not units or not state.hostile(side, holder):
        return None
    defenders = None if holder is None else tuple(sorted(state.army(holder, target).items()))
    return battle_odds(tuple(sorted(units.items())), defenders, state.round)


def hint_odds(view: Any, side: str, action: Any) -> str:
    """The odds behind a hinted attack, move or transport order, in words ("" for another action
    or a region of one's own): the battle for its destination with the units there once it is sent."""
    if not isinstance(action, Go):
        return ""
    found = order_odds(view.state, side, action.dest, {action.kind: action.n})
    if found is None:
        return ""
    units = sum(view.state.army(side, action.dest).values()) + action.n
    how = "exact" if found.method == "exact" else f"estimated, ±{found.stderr:.1%}"
    return (f"Odds: {found.attacker_wins:.1%} to take {view.board[action.dest].name} with the {units} "
            f"unit{'s' if units != 1 else ''} there once this is sent ({how}).")


#: per way of going: the step's name, what the destination is called, what to do, the end button
GOING = {"attack": ("Attack", "target", "choose the target, then the units from each region.",
                    "Fight (end the Attack)"),
         "move": ("Move", "to", "choose where to, then the units from each region next to it; a neutral or "
                  "enemy region is fought for once the Move ends.", "End the Move (battles follow)"),
         "transport": ("Transport", "to", "choose where to, then the units from your regions in range.",
                       "End the Transport")}


class AttackPanel:
    """The Attack step (or Move, Transport: ``how``): the destination, the units sent from each
    region that reaches it, the odds of the battle for it if it is not the player's."""

    def __init__(self, play: Play, how: str = "attack") -> None:
        self.play, self.how = play, how
        self.view: Any = None
        self.side = ""
        self.orders: dict[str, list[Go]] = {}  # destination -> its legal orders
        title, where, what, end = GOING[how]
        self.target = W.Dropdown(description=where, layout=W.Layout(width="100%"),
                                 _dom_classes=("ft-attack-target",))
        self.units = W.VBox(_dom_classes=("ft-attack-units",))
        self.counts: dict[tuple[str, str], W.BoundedIntText] = {}  # (region, kind) -> how many
        self.odds = W.HTML(_dom_classes=("ft-attack-odds",))
        self.send = W.Button(description="Send these units", button_style="primary",
                             _dom_classes=("ft-attack-send",))
        self.fight = W.Button(description=end, _dom_classes=("ft-attack-fight",))
        self.send.on_click(lambda _b: self._send())
        self.fight.on_click(lambda _b: self.play(End()))
        self.quiet = False
        self.target.observe(lambda _c: None if self.quiet else self._list_units(), "value")
        self.land, self.landing = menu(play, "disembark", "Disembark", "disembark", width="100%")
        self.landings = W.HBox([self.land, self.landing], _dom_classes=("ft-attack-landings",))
        self.widget = W.VBox([W.HTML(f"<b>{title}</b>: {what}"),
                              self.target, self.units, self.odds, W.HBox([self.send, self.fight]), self.landings],
                             _dom_classes=("ft-attack-panel" if how == "attack" else f"ft-attack-{how}-panel",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None or view.state.fight:
            return False  # a battle under way: its decisions are the generic panel's
        self.view, self.side = view, side
        self.orders = {}
        legal = view.legal_actions(side)
        for a in legal:
            if isinstance(a, Go) and a.how == self.how:
                self.orders.setdefault(a.dest, []).append(a)
        landings = [a for a in legal if isinstance(a, Disembark)]  # [Move] Disembarking
        self.land.options = [(f"the {a.ship.replace('/', ' carrying ')} at {place_name(a.zone)} into "
                              f"{place_name(a.region)}", a) for a in landings]
        self.land.value = landings[0] if landings else None
        self.landings.layout.display = "" if landings else "none"
        keep = self.target.value if self.target.value in self.orders else None
        self.quiet = True  # the options and value set here list the units once, below
        self.target.options = [(view.board[t].name, t) for t in self.orders]
        self.target.value = keep if keep is not None else next(iter(self.orders), None)
        self.quiet = False
        self._list_units()
        return True

    def _list_units(self) -> None:
        """A box per (region, type) that may send units against the target, up to the most allowed."""
        most: dict[tuple[str, str], int] = {}
        for a in self.orders.get(self.target.value or "", []):
            most[a.origin, a.kind] = max(most.get((a.origin, a.kind), 0), a.n)
        discard(self.counts.values())
        board = self.view.board
        self.counts = {key: W.BoundedIntText(value=0, min=0, max=n, description=f"{key[1]} from {board[key[0]].name}",
                                             style={"description_width": "initial"},
                                             _dom_classes=("ft-attack-count", f"ft-attack-count-{key[0]}-{key[1]}"))
                       for key, n in sorted(most.items())}
        for box in self.counts.values():
            box.observe(lambda _c: self._show_odds(), "value")
        self.units.children = list(self.counts.values())
        self.send.disabled = not self.counts
        self._show_odds()

    def attackers(self) -> dict[str, int]:
        """The units in the battle if these are sent: those already sent this Attack, and the chosen."""
        units = dict(self.view.state.army(self.side, self.target.value)) if self.target.value else {}
        for (_region, kind), box in self.counts.items():
            units[kind] = units.get(kind, 0) + box.value
        return {k: n for k, n in units.items() if n}

    def battle_odds(self) -> Odds | None:
        """The odds of the battle for the target with :meth:`attackers` (None: no units yet, or
        the target is the player's: no battle)."""
        if not self.target.value:
            return None
        chosen: dict[str, int] = {}
        for (_region, kind), box in self.counts.items():
            chosen[kind] = chosen.get(kind, 0) + box.value
        return order_odds(self.view.state, self.side, self.target.value, chosen)

    def _show_odds(self) -> None:
        found, s, target = self.battle_odds(), self.view.state, self.target.value
        holder = s.control.get(target) if target else None
        if found is None:
            name = html.escape(self.view.board[target].name) if target else ""
            self.odds.value = (f"No battle: {name} is yours." if holder == self.side
                               else f"No battle: {name} is held by no enemy." if target and not s.hostile(self.side, holder)
                               else "Choose the units to send to see the odds." if self.counts else
                               "No region of yours reaches one now.")
            return
        against = (f"the neutral's army for year {s.round} (one army die a year)" if holder is None else
                   f"{holder_name(self.view.ctx, holder)}'s {sum(s.army(holder, target).values())} units")
        how = "exact" if found.method == "exact" else f"estimated, ±{found.stderr:.1%}"
        units = sum(self.attackers().values())
        self.odds.value = (f"<b>{found.attacker_wins:.1%}</b> to take {html.escape(self.view.board[target].name)} "
                           f"with {units} unit{'s' if units > 1 else ''} against {html.escape(against)} "
                           f"({how}; fronts filled as a neutral fills them)")

    def _send(self) -> None:
        """Play the chosen orders, one per region and type (each a listed legal action)."""
        chosen = [a for a in self.orders.get(self.target.value or "", [])
                  if (box := self.counts.get((a.origin, a.kind))) is not None and box.value == a.n]
        for a in chosen:
            if not self.play(a):
                break


