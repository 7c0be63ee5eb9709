"""The sealed steps' panels: the influence order (the two pre-set-up steps and the regular minor
influence step, §3.6) and the production order (§5.3, §8). Each is built from the seat's view
and checked by the game's own check (``explain``) as it is written: Submit is greyed with the
game's reason while the order would be refused. After Submit the form is cleared, so nothing of
the order stays on the page for the next seat in hot-seat play (the log says only that the power
has given its orders; the core's views hide the order from other seats).

The production order buys units too (stage B): a row per ATTACK! unit type, its cost, how many
and where, the places those the game gives the power now (:func:`~fortress.rulesets.aif.buy.places`,
which the step's check judges by: the panel states no rule of its own)."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.rulesets.aif import buy, politics
from fortress.rulesets.aif.military import presence
from fortress.rulesets.aif.common import MAX_LEVELS, income
from fortress.rulesets.aif.panels.common import SOURCE_MARK, Play, cost_legend, cost_source, order_reason, power_name
from fortress.rulesets.aif.production import cost as roll_cost
from fortress.rulesets.aif.state import Influence, Produce
from fortress.rulesets.aif.tables import load
from fortress.rulesets.aif.track import describe
from fortress.rulesets.attack.tables import load as attack_tables
from fortress.rulesets.attack.world import place_name

SUBMIT = "Submit (sealed)"


class InfluencePanel:
    """A power's sealed influence order: a row per flagged minor (its flag, the cost per level with
    its source mark, the levels), the total against the points held, Submit."""

    def __init__(self, play: Play) -> None:
        self.play, self.tables = play, load()
        self.side: str | None = None
        self.view: Any = None
        self.here = politics.Presence()  #: where units stand (an enemy land unit adds 1 a level, §3.6)
        self.levels: dict[str, W.BoundedIntText] = {}
        self.labels: dict[str, W.HTML] = {}
        rows = []
        for minor in self.tables.flagged():
            self.labels[minor] = W.HTML(layout=W.Layout(width="300px"))
            box = W.BoundedIntText(value=0, min=0, max=MAX_LEVELS, layout=W.Layout(width="64px"),
                                   _dom_classes=("ft-aif-levels", f"ft-aif-levels-{minor}"))
            box.observe(lambda _c: self._check(), "value")
            self.levels[minor] = box
            rows.append(W.HBox([self.labels[minor], box]))
        self.title = W.HTML(_dom_classes=("ft-aif-influence-title",))
        self.total = W.HTML(_dom_classes=("ft-aif-influence-total",))
        self.submit = W.Button(description=SUBMIT, button_style="primary", _dom_classes=("ft-aif-influence-submit",))
        self.submit.on_click(lambda _b: self._submit())
        legend = W.HTML(f"<div class='ft-aif-source'>{html.escape(cost_legend())}; unmarked: the text.</div>")
        self.widget = W.VBox([self.title, W.VBox(rows, layout=W.Layout(max_height="360px", overflow="auto")),
                              self.total, self.submit, legend], _dom_classes=("ft-aif-influence",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None:
            return False
        if side != self.side:
            self.clear()  # a new seat (hot-seat): nothing of the last one's order
        self.side, self.view = side, view
        t, points = self.tables, view.state.politics.points[side]
        self.title.value = (f"<b>{html.escape(power_name(t, side))}</b>: influence levels per minor, sealed "
                            f"({points} political points)")
        here = self.here = presence(view.state)
        for minor, label in self.labels.items():
            cost = politics.level_cost(t, side, minor, here)
            mark = SOURCE_MARK[cost_source(minor, side)]
            enemy = " (+1: an enemy land unit stands there)" if cost > politics.level_cost(t, side, minor) else ""
            label.value = (f"{html.escape(t.minors[minor].name)} <small>({html.escape(describe(t, view.state.politics.flags[minor]))})"
                           f"</small> · {cost}{mark} a level{enemy}")
            why = order_reason(view, Influence(((minor, 1),)), side)
            self.levels[minor].disabled = why is not None
            self.levels[minor].tooltip = why or ""
        self._check()
        return True

    def order(self) -> Influence:
        return Influence(tuple((m, box.value) for m, box in self.levels.items() if box.value > 0))

    def clear(self) -> None:
        for box in self.levels.values():
            box.value = 0

    def _check(self) -> None:
        """The total against the points held, and Submit greyed with the game's reason."""
        if self.view is None or self.side is None:
            return
        t, order = self.tables, self.order()
        spent = sum(n * politics.level_cost(t, self.side, m, self.here) for m, n in order.levels)
        why = order_reason(self.view, order, self.side)
        self.total.value = (f"spends <b>{spent}</b> of {self.view.state.politics.points[self.side]} points"
                            + (f" · <span class='ft-refused'>{html.escape(why)}</span>" if why else ""))
        self.submit.disabled, self.submit.tooltip = why is not None, why or "Give this order, unseen by the others."

    def _submit(self) -> None:
        if self.side is not None and self.play(self.order()):
            self.clear()


class UnitRow:
    """A unit type's row in the production order: its cost, how many, and where (the places
    :func:`~fortress.rulesets.aif.buy.places` gives the power now, the same the check judges)."""

    def __init__(self, kind: str, cost: int, naval: bool) -> None:
        self.kind, self.cost, self.naval = kind, cost, naval
        self.count = W.BoundedIntText(value=0, min=0, max=99, description=f"{kind} ({cost} each)",
                                      style={"description_width": "140px"}, layout=W.Layout(width="230px"),
                                      _dom_classes=("ft-aif-buy-count", f"ft-aif-buy-{kind}"))
        self.place = W.Dropdown(layout=W.Layout(width="200px"), _dom_classes=("ft-aif-buy-place", f"ft-aif-buy-at-{kind}"))
        self.widget = W.HBox([self.count, self.place], _dom_classes=("ft-aif-buy-row",))

    def show(self, view: Any, side: str) -> None:
        """The places ``side`` may put this type now; none: the row greyed with the check's reason."""
        where = buy.places(view.state, side, self.naval)
        keep = self.place.value if self.place.value in where else None
        self.place.options = [(place_name(w), w) for w in where]
        self.place.value = keep if keep is not None else (where[0] if where else None)
        why = None if where else order_reason(view, Produce(0, 0, ((1, self.kind, ""),)), side)
        self.count.disabled = self.place.disabled = why is not None
        self.count.tooltip = why or ""
        if why is not None:
            self.count.value = 0

    def bought(self) -> tuple[int, str, str] | None:
        return (self.count.value, self.kind, self.place.value) if self.count.value and self.place.value else None


class ProductionPanel:
    """A power's sealed production order: its build points this turn, spent on political points,
    on its side's research (a roll's cost said) and on units (a :class:`UnitRow` per unit type),
    the total against the build points; Submit greyed with the game's reason."""

    def __init__(self, play: Play) -> None:
        self.play, self.tables = play, load()
        self.side: str | None = None
        self.view: Any = None
        self.have = self.per_roll = 0
        self.purse = W.HTML(_dom_classes=("ft-aif-purse",))
        self.points = W.BoundedIntText(value=0, min=0, max=999, description="political points",
                                       style={"description_width": "140px"}, _dom_classes=("ft-aif-produce-points",))
        self.research = W.BoundedIntText(value=0, min=0, max=999, description="to research",
                                         style={"description_width": "140px"}, _dom_classes=("ft-aif-produce-research",))
        self.units = {kind: UnitRow(kind, row["cost"], row["branch"] == "naval") for kind, row in attack_tables().units.items()}
        self.rows = W.VBox([self.points, self.research, W.HTML("<b>Units</b> (ATTACK!'s, at its costs):"),
                            *(row.widget for row in self.units.values())])
        for box in (self.points, self.research, *(row.count for row in self.units.values()),
                    *(row.place for row in self.units.values())):
            box.observe(lambda _c: self._check(), "value")
        self.note = W.HTML(_dom_classes=("ft-aif-produce-note",))
        self.submit = W.Button(description=SUBMIT, button_style="primary", _dom_classes=("ft-aif-produce-submit",))
        self.submit.on_click(lambda _b: self._submit())
        self.widget = W.VBox([self.purse, self.rows, self.note, self.submit], _dom_classes=("ft-aif-production",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None:
            return False
        if side != self.side:
            self.clear()
        self.side, self.view = side, view
        self.have, self.per_roll = income(self.tables, view.state, side), roll_cost(view, self.tables.side(side))
        self.purse.value = (f"<b>{html.escape(power_name(self.tables, side))}</b>: {self.have} build points this turn, "
                            f"sealed · a research roll costs {self.per_roll}")
        for row in self.units.values():
            row.show(view, side)
        self._check()
        return True

    def order(self) -> Produce:
        return Produce(self.points.value, self.research.value,
                       tuple(b for row in self.units.values() if (b := row.bought()) is not None))

    def clear(self) -> None:
        self.points.value = self.research.value = 0
        for row in self.units.values():
            row.count.value = 0

    def _check(self) -> None:
        """The spends against the build points, and Submit greyed with the game's reason."""
        if self.view is None or self.side is None:
            return
        order, per_roll = self.order(), self.per_roll
        units = buy.cost(order.units)
        why = order_reason(self.view, order, self.side)
        self.note.value = (f"spends <b>{order.points + order.research + units}</b> of {self.have} build points: "
                           f"{order.points} on points, {order.research} on research ({order.research // per_roll} "
                           f"roll(s), pooled with partners), {units} on units"
                           + (f" · <span class='ft-refused'>{html.escape(why)}</span>" if why else ""))
        self.submit.disabled, self.submit.tooltip = why is not None, why or "Give this order, unseen by the others."

    def _submit(self) -> None:
        if self.side is not None and self.play(self.order()):
            self.clear()
