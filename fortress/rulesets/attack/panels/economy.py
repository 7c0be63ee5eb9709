"""The build and research panels [Build], [Research]."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.engine.actions import End
from fortress.rulesets.attack.actions import Word
from fortress.rulesets.attack.panels.common import Play, menu
from fortress.rulesets.attack.schemas import RESEARCHABLE
from fortress.rulesets.attack.world import COAST, place_name


class BuildPanel:
    """The Build step: production, oil certificates and the Minerals limit; converting oil; a
    row per unit type (its cost, where it may be placed, Build, greyed with the game's reason)."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.purse = W.HTML(_dom_classes=("ft-attack-purse",))
        self.convert, self.converting = menu(play, "convert", "Convert oil", "convert")
        self.rows = W.VBox(_dom_classes=("ft-attack-build-rows",))
        self.places: dict[str, W.Dropdown] = {}
        self.buttons: dict[str, W.Button] = {}
        self.done = W.Button(description="Done building (end)", _dom_classes=("ft-attack-build-end",))
        self.done.on_click(lambda _b: self.play(End()))
        self.widget = W.VBox([W.HTML("<b>Build</b>: convert oil, then buy units (each Build button one unit)."),
                              self.purse, W.HBox([self.convert, self.converting]), self.rows, self.done],
                             _dom_classes=("ft-attack-build",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None:
            return False
        s, units = view.state, view.rules.tables.units
        if not self.rows.children:
            self._make_rows(view)
        legal = view.legal_actions(side)
        converts = [a for a in legal if isinstance(a, Word) and a.word == "convert"]
        self.convert.options = [(f"{a.args[0]} certificate(s)", a) for a in converts]
        self.convert.value = converts[-1] if converts else None
        self.converting.disabled = not converts
        for kind, place in self.places.items():
            builds = [a for a in legal if isinstance(a, Word) and a.word == "build" and a.args[0] == kind]
            keep = place.value if place.value in builds else None
            place.options = [(view.board[a.args[1].removeprefix(COAST)].name, a) for a in builds]
            place.value = keep if keep is not None else (builds[0] if builds else None)
            home = ("" if units[kind]["branch"] == "army" else COAST) + s.capital.get(side, "capital")
            why = None if builds else view.explain(Word("build", (kind, home)), side)
            self.buttons[kind].disabled, self.buttons[kind].tooltip = why is not None, why or f"Build one {kind}."
        level = s.tech.get(side, {}).get("minerals", 0)
        limit = view.rules.tables.economy["effects"]["minerals"][level]
        used = s.act.get("advanced", {})
        self.purse.value = (
            f"production <b>{s.production.get(side, 0)}</b> · oil certificates <b>{s.oil_certs.get(side, 0)}</b> · "
            f"Minerals level {level}: " + (f"{limit} advanced army and {limit} advanced naval unit(s) a Build "
                                           f"(built: {used.get('army', 0)} army, {used.get('naval', 0)} naval)"
                                           if limit else "any number of advanced units"))
        return True

    def _make_rows(self, view: Any) -> None:
        rows = []
        for kind, unit in view.rules.tables.units.items():
            self.places[kind] = W.Dropdown(layout=W.Layout(width="170px"), _dom_classes=(f"ft-attack-place-{kind}",))
            self.buttons[kind] = W.Button(description="Build", layout=W.Layout(width="80px"),
                                          _dom_classes=("ft-attack-build-go", f"ft-attack-build-{kind}"))
            self.buttons[kind].on_click(lambda _b, kind=kind: self._play_chosen(self.places[kind]))
            label = f"{kind} ({unit['cost']}{', advanced' if unit['advanced'] else ''})"
            rows.append(W.HBox([W.HTML(html.escape(label), layout=W.Layout(width="170px")),
                                self.places[kind], self.buttons[kind]]))
        self.rows.children = rows

    def _play_chosen(self, menu: W.Dropdown) -> None:
        if menu.value is not None:
            self.play(menu.value)


class ResearchPanel:
    """The Research step: the levels held; a row per technology with the next level, the
    retooling rows the legal actions offer (units and the area paying them) and Research,
    greyed with the game's reason; the Oil level's marker is placed in the generic panel."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.held = W.HTML(_dom_classes=("ft-attack-tech",))
        self.rows = W.VBox(_dom_classes=("ft-attack-research-rows",))
        self.labels: dict[str, W.HTML] = {}
        self.pays: dict[str, W.Dropdown] = {}
        self.buttons: dict[str, W.Button] = {}
        self.done = W.Button(description="Done researching (end)", _dom_classes=("ft-attack-research-end",))
        self.done.on_click(lambda _b: self.play(End()))
        self.widget = W.VBox([W.HTML("<b>Research</b>: the next level of one or more technologies, each paid by "
                                     "retooling units from one area."), self.held, self.rows, self.done],
                             _dom_classes=("ft-attack-research",))

    def show(self, view: Any, side: str | None) -> bool:
        s = view.state
        if side is None or s.act.get("oil_due"):
            return False
        economy, tech = view.rules.tables.economy, s.tech.get(side, {})
        if not self.rows.children:
            self._make_rows(economy)
        legal = view.legal_actions(side)
        for name in RESEARCHABLE:
            lv = 1 if name == "population" else tech.get(name, 0) + 1
            offers = [a for a in legal if isinstance(a, Word) and a.word == "research" and a.args[0] == name]
            rows = dict(view.rules.tables.retool(name, lv)) if lv <= 4 else {}
            self.pays[name].options = [(f"{rows.get(a.args[1], '?')} {a.args[1]} from "
                                        f"{place_name(a.args[2])}", a) for a in offers]
            self.pays[name].value = offers[0] if offers else None
            unit = next(iter(rows), "infantry")
            why = None if offers else view.explain(Word("research", (name, unit, s.capital.get(side, "capital"))), side)
            self.buttons[name].disabled, self.buttons[name].tooltip = why is not None, why or f"Research {name} {lv}."
            self.labels[name].value = f"{html.escape(economy[name]['name'])} {lv if lv <= 4 else '(all)'}"
        self.held.value = "levels held: " + " · ".join(
            f"{html.escape(economy[t]['name'])} {tech.get(t, 0)}" for t in RESEARCHABLE if t != "population") + \
            f" · Population cards {s.population.get(side, 0)}"
        return True

    def _make_rows(self, economy: Any) -> None:
        rows = []
        for name in RESEARCHABLE:
            self.labels[name] = W.HTML(layout=W.Layout(width="150px"))
            self.pays[name] = W.Dropdown(layout=W.Layout(width="220px"), _dom_classes=(f"ft-attack-pay-{name}",))
            self.buttons[name] = W.Button(description="Research", layout=W.Layout(width="90px"),
                                          _dom_classes=("ft-attack-research-go", f"ft-attack-research-{name}"))
            self.buttons[name].on_click(lambda _b, name=name: self.pays[name].value is not None
                                        and self.play(self.pays[name].value))
            rows.append(W.HBox([self.labels[name], self.pays[name], self.buttons[name]]))
        self.rows.children = rows


