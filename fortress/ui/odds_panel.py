"""Odds: pick a declared territory, see the exact odds of attacking it with everything
that can reach it (``fortress.odds``; a failure there shows a message, not a traceback)."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as W

from fortress.ui import theme as T

if TYPE_CHECKING:
    from fortress.ui.app import App


def compute_odds(game, area: str):
    """``fortress.odds.for_game`` when available, else the exact calculator on the
    forces the game reports (``attack_forces``/``defence_forces``)."""
    from fortress import odds
    if hasattr(odds, "for_game"):
        return odds.for_game(game, area)
    attackers = game.attack_forces(area)
    defenders = game.defence_forces(area)
    inside = sum(n for (kind, where), n in attackers.items() if where == area)
    return odds.exact(attackers, defenders, game.board[area].kind, bombers_inside=inside)


class OddsPanel:
    def __init__(self, app: "App") -> None:
        self.app = app
        self.pick = W.Dropdown(description="territory", options=[], layout=W.Layout(width="95%"))
        self.pick.add_class("fortress-odds-area")
        self.go = W.Button(description="Show odds", layout=W.Layout(width="auto"))
        self.go.add_class("fortress-odds-go")
        self.go.on_click(lambda _b: self.show())
        self.out = W.HTML("")
        self.out.add_class("fortress-odds-result")
        self.box = W.VBox([W.HTML("Odds of attacking a declared territory with every unit of the side to move "
                                  "that can reach it."), self.pick, self.go, self.out])
        self.box.add_class("fortress-odds")

    def refresh(self) -> None:
        g = self.app.game
        options = [(g.board[a].name, a) for a in g.state.declared] if self.app.playing else []
        if [o[1] for o in options] != [o[1] for o in self.pick.options]:
            keep = self.pick.value
            self.pick.options = options
            ids = [o[1] for o in options]
            self.pick.value = keep if keep in ids else (ids[-1] if ids else None)
            self.out.value = ""

    def show(self) -> None:
        g, area = self.app.game, self.pick.value
        if not area:
            self.out.value = "<i>No declared territory to look at.</i>"
            return
        try:
            o = compute_odds(g, area)
        except Exception as exc:  # noqa: BLE001 - odds are advice; never break the page
            self.out.value = f"<span class='ft-refused'>Odds unavailable: {html.escape(str(exc) or type(exc).__name__)}</span>"
            return
        att = {k: n for (k, _w), n in g.attack_forces(area).items()}
        att_tot: dict[str, int] = {}
        for (k, _w), n in g.attack_forces(area).items():
            att_tot[k] = att_tot.get(k, 0) + n
        dfn: dict[str, int] = {}
        for (k, _w), n in g.defence_forces(area).items():
            dfn[k] = dfn.get(k, 0) + n
        del att
        rows = "".join(f"<tr><td>{p:.1%}</td><td>{html.escape(out.describe())}</td></tr>"
                       for out, p in list(o.outcomes)[:5])
        self.out.value = (
            f"<div>{T.side_chip(g.state.turn)} {T.unit_summary(att_tot) or 'nothing'} vs "
            f"{T.unit_summary(dfn) or 'nothing'} in <b>{g.board[area].name}</b> ({o.method})</div>"
            f"<div><b>Cleared: {o.p_cleared:.1%}</b> &middot; all attackers lost: {o.p_attacker_destroyed:.1%}"
            f"<br>expected losses: attacker {o.attacker_losses:.2f}, defender {o.defender_losses:.2f}</div>"
            f"<table class='ft-table'><tr><th>chance</th><th>most likely outcomes</th></tr>{rows}</table>")
