"""The Odds tab, a teacher's odds workbench: any territory at any step, the forces
filled from the game (units that could still move there this turn included, as a separate
line) and editable before asking, as TripleA's battle calculator allows; the exact odds of
the attack as given side by side with the same attack with / without combined arms.

The logic is :mod:`fortress.rulesets.america.dashboard.workbench`; a failure in the odds shows a message, never a
traceback. The form is built when a game starts (a light first paint).
"""
from __future__ import annotations

import html
from collections import Counter
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from fortress.rulesets.america.odds import TERRAINS, parse_force
from fortress.engine.rulesets import side_label
from fortress.ui import theme as T
from fortress.rulesets.america.dashboard.workbench import EXACT_MAX_UNITS, Forces, attacking_force, compare, forces_for, open_ground

if TYPE_CHECKING:
    from fortress.rulesets.america.odds import Odds
    from fortress.rulesets.america.dashboard.app import App

INTRO = ("Odds of an attack on any territory, by the side whose turn it is. The forces come from the game "
         "(change them freely: '2 infantry, 1 hovertank'); units that could still move there this turn are "
         "counted when ticked.")


def force_text(units: Counter) -> str:
    """"2 infantry, 1 hovertank" (the calculator's own input format), in a fixed order."""
    order = list(T.UNIT_ORDER) + sorted(k for k in units if k not in T.UNIT_ORDER)
    return ", ".join(f"{units[k]} {k}" for k in order if units.get(k))


def column_html(label: str, force: Counter, o: "Odds") -> str:
    """One column of the comparison: the force and its odds (no attacker: no battle, and no
    odds to show; "Cleared 0.0%" read as a sure defeat, issue 35 item 8)."""
    if not sum((+force).values()):
        return (f"<td><b>{html.escape(label)}</b><br>no attacker: no unit attacks (none can reach it), so there "
                "is no battle and no odds</td>")
    top = ", ".join(f"{html.escape(out.describe())} ({p:.0%})" for out, p in list(o.outcomes)[:2])
    return (f"<td><b>{html.escape(label)}</b><br>{html.escape(force_text(force)) or 'nothing'}"
            f"<br><b>Cleared: {o.p_cleared:.1%}</b><br>all attackers lost: {o.p_attacker_destroyed:.1%}"
            f"<br>expected losses: attacker {o.attacker_losses:.2f}, defender {o.defender_losses:.2f}"
            f"<br><small>most likely: {top}</small></td>")


def method_text(o: "Odds") -> str:
    """How the odds were worked out: exactly, or estimated for a large battle."""
    if o.method == "exact":
        return "exact odds"
    return (f"estimated from {o.runs:,} simulated battles: the exact odds of more than {EXACT_MAX_UNITS} units "
            "take too long")


class OddsPanel:
    def __init__(self, app: "App") -> None:
        self.app = app
        self.box = W.VBox([W.HTML(f"<i>{INTRO}</i>")])
        self.box.add_class("fortress-odds")
        self.forces: Forces | None = None
        self._declared: tuple[str, ...] = ()
        self._at: tuple = ()  # (round, side in turn, ply) the form was last refreshed at
        self._filled: tuple[str, ...] = ()  # the fields as last filled (else the user edited them)
        self.built = False

    def _build(self) -> None:
        board = self.app.game.board
        areas = sorted((a for a in board if a.is_land), key=lambda a: a.name)
        self.pick = self._widget(W.Dropdown(description="territory", options=[(a.name, a.id) for a in areas],
                                            value=None), "fortress-odds-area")
        self.attackers = self._widget(W.Text(description="attackers"), "fortress-odds-attackers")
        self.coming = self._widget(W.Checkbox(value=True, indent=False, description="with units that could "
                                              "still come this turn"), "fortress-odds-coming")
        self.defenders = self._widget(W.Text(description="defenders"), "fortress-odds-defenders")
        self.terrain = self._widget(W.Dropdown(description="terrain", options=TERRAINS), "fortress-odds-terrain")
        self.go = W.Button(description="Show odds", layout=W.Layout(width="auto"), _dom_classes=("fortress-odds-go",))
        self.go.on_click(lambda _b: self.show())
        self.out = W.HTML("", _dom_classes=("fortress-odds-result",))
        self.pick.observe(self._picked, "value")
        self.coming.observe(lambda _c: self.fill(), "value")
        self.box.children = [*self.box.children, self.pick, self.attackers, self.coming, self.defenders,
                             self.terrain, self.go, self.out]
        self.built = True

    @staticmethod
    def _widget(w: Any, css: str) -> Any:
        w.layout = W.Layout(width="95%")
        w.add_class(css)
        return w

    def refresh(self) -> None:
        """Follow the game: a new declaration is picked; the picked territory is filled again
        at a new turn, or at a new position if the user has not edited the form since."""
        if not self.app.playing:
            return
        if not self.built:
            self._build()
        g = self.app.game
        at = (g.round, g.state.turn, len(g.history))
        declared = tuple(g.state.declared)
        new = declared[-1:] if declared != self._declared else ()
        self._declared = declared
        if new and self.pick.value != new[0]:
            self.pick.value = new[0]  # filled by _picked
        elif at != self._at and (at[:2] != self._at[:2] or self._form() == self._filled):
            self.fill()
        self._at = at

    def clear(self) -> None:
        """A new game or a loaded save: nothing of the last game stays in the form."""
        self._declared, self.forces, self._at = (), None, ()
        if self.built:
            self.pick.value = None
            self.attackers.value = self.defenders.value = self.out.value = ""
            self.attackers.description = "attackers"
            self._filled = self._form()

    def _form(self) -> tuple[str, ...]:
        return (self.attackers.value, self.defenders.value, self.terrain.value)

    def _picked(self, _change: dict[str, Any]) -> None:
        self.out.value = ""
        self.fill()

    def fill(self) -> None:
        """The forces for the picked territory, from the game as it is now."""
        area = self.pick.value
        if area is None:
            return
        before, g = self._form(), self.app.game
        self.forces = f = forces_for(g, area)
        self.attackers.value = force_text(attacking_force(f, self.coming.value))
        self.defenders.value = force_text(f.defenders)
        self.terrain.value = f.terrain
        coming = force_text(f.coming)
        self.coming.description = (f"with units that could still come this turn ({coming})" if coming
                                   else "with units that could still come this turn (none)")
        self.attackers.description = f"{side_label(f.side, f.side)} attacks"
        if self._form() != before:
            self.out.value = ""  # the result was for other forces
        self._filled = self._form()

    def show(self) -> None:
        if not self.built or self.pick.value is None:
            self.refresh()
        if not self.built or self.pick.value is None:
            self.out.value = "<i>Pick a territory first.</i>"
            return
        try:
            attackers, defenders = parse_force(self.attackers.value), parse_force(self.defenders.value)
            inside = min(self.forces.inside, attackers["bomber"]) if self.forces else 0
            attackers["bomber"] -= inside
            rows = compare(attackers, defenders, self.terrain.value, inside)
        except Exception as exc:  # noqa: BLE001 - odds are advice; never break the page
            self.out.value = f"<span class='ft-refused'>Odds unavailable: {html.escape(str(exc) or type(exc).__name__)}</span>"
            return
        name = self.app.game.board[self.pick.value].name
        note = ("<br><small>In open ground a Combined Arms face is always a hit: with or without combined arms "
                "the odds are the same.</small>" if open_ground(self.terrain.value) else "")
        self.out.value = (f"<div>Attack on <b>{html.escape(name)}</b> ({html.escape(self.terrain.value)}) against "
                          f"{html.escape(force_text(defenders)) or 'nobody'} ({method_text(rows[0][2])}){note}</div>"
                          f"<table class='ft-table ft-odds-compare'><tr>"
                          f"{''.join(column_html(*r) for r in rows)}</tr></table>")
