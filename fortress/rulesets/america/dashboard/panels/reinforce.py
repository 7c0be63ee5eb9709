"""Reinforcements: Invaders bring reserves to their zones; the U.S. places a laser and
resolves its partisan cards (place units, sabotage, ground aircraft)."""
from __future__ import annotations

import ipywidgets as W

from fortress.rulesets.america import actions as A
from fortress.engine.board import Board
from fortress.rulesets.america.cards import Card, either
from fortress.rulesets.america.state import Task, TaskKind
from fortress.ui import theme as T
from fortress.rulesets.america.dashboard.panels.base import Panel


class ReinforcePanel(Panel):
    title = "Reinforcements"
    css = "fortress-panel-reinforce"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.unit: str | None = None

    def _task(self) -> Task | None:
        tasks = self.game.state.tasks
        return tasks[0] if tasks else None

    def _kind(self) -> TaskKind | None:
        task = self._task()
        return task.kind if task else None

    def _places(self) -> list[A.Place]:
        return self.legal(A.Place)

    def _unit(self) -> str | None:
        kinds = sorted({a.unit for a in self._places()})
        if self.unit not in kinds:
            self.unit = kinds[0] if kinds else None
        return self.unit

    def targets(self) -> frozenset[str]:
        kind = self._kind()
        if kind == TaskKind.REINFORCE:
            return frozenset(a.area for a in self._places() if a.unit == self._unit())
        if kind == TaskKind.PLACE:
            return frozenset(a.area for a in self._places())
        return frozenset(a.area for a in self.legal((A.PlaceLaser, A.Sabotage)))

    def build(self) -> list[W.Widget]:
        task = self._task()
        if task is None:
            return [self.end_button()]
        kind = task.kind
        out: list[W.Widget] = []
        if kind == TaskKind.REINFORCE:
            reserves = self.game.state.reserves[self.game.side]
            kinds = sorted({a.unit for a in self._places()})
            out.append(W.HTML(f"Bring <b>{task.left}</b> more reserve units into your zones (as far as reserves and "
                              "room allow): pick a type, click a zone."))
            if kinds:
                pick = W.ToggleButtons(options=[(f"{k} ({reserves.get(k, 0)})", k) for k in kinds],
                                       value=self._unit())
                pick.add_class("fortress-unit-choice")
                pick.observe(self._on_pick, "value")
                out.append(pick)
            out.append(self.end_button("Done reinforcing"))
        elif kind in (TaskKind.LASER, TaskKind.EXTRA_LASER):
            why = f" ({task.card})" if task.card else ""
            out.append(W.HTML(f"Place a laser{why}: click a U.S.-held city without one (green outline)."))
        elif kind == TaskKind.PLACE:
            out.append(W.HTML(f"Partisan card <b>{task.card}</b>{self._progress(task)}: place a <b>{task.unit}</b> "
                              f"in {either(map(self.name, task.places))}. Click a highlighted territory."))
        elif kind == TaskKind.SABOTAGE:
            out.append(W.HTML(f"Partisan card <b>{task.card}</b>: choose an Invader unit to destroy. "
                              "Click a highlighted territory, then the unit."))
            if self.selected:
                acts = [a for a in self.legal(A.Sabotage) if a.area == self.selected]
                out.append(self.buttons([(f"Sabotage {T.side_label(a.side)} {a.unit}", a) for a in acts],
                                        "fortress-sabotage"))
        elif kind == TaskKind.GROUND:
            out.append(W.HTML(f"Partisan card <b>{task.card}</b>: ground one Invader's aircraft for its next "
                              "Maneuvers."))
            out.append(self.buttons([(f"Ground {T.side_label(a.side)}", a) for a in self.legal(A.Ground)],
                                    "fortress-ground"))
        else:
            out.append(self.end_button())
        return out

    def _on_pick(self, change) -> None:
        self.unit = change["new"]
        self.app.refresh(panel_only=True)

    def _progress(self, task: Task) -> str:
        """" (unit 1 of 2)" for a card that places several units; "" for one."""
        card = next((c for c in self.game.tables.cards.values() if c.name == task.card), None)
        total = len(card.tasks()) if card is not None else 0
        left = sum(1 for t in self.game.state.tasks if t.kind == TaskKind.PLACE and t.card == task.card)
        return f" (unit {total - left + 1} of {total})" if total > 1 and 0 < left <= total else ""

    def click(self, aid: str) -> None:
        task = self._task()
        kind = task.kind if task else None
        if kind == TaskKind.REINFORCE:
            self.try_action(A.Place(self._unit() or "infantry", aid))
        elif kind in (TaskKind.LASER, TaskKind.EXTRA_LASER):
            self.try_action(A.PlaceLaser(aid))
        elif kind == TaskKind.PLACE:
            assert task is not None
            self.try_action(A.Place(task.unit, aid))
        elif kind == TaskKind.SABOTAGE:
            if any(a.area == aid for a in self.legal(A.Sabotage)):
                self.selected = aid
                self.app.refresh(panel_only=True)
            else:
                self.app.say(f"No Invader unit on land in {self.name(aid)} to sabotage.")
        else:
            super().click(aid)


def cards_html(game) -> str:
    """The partisan cards the U.S. drew this turn."""
    hand = game.state.hand
    if not hand:
        return "<div><i>No partisan card drawn this turn.</i></div>"
    cards = game.tables.cards
    return "".join(_card_html(cards[c], game.board) for c in hand if c in cards)


def _card_html(card: Card, board: Board) -> str:
    """A card's name and text, and for a card that places units, what it places where."""
    orders = card.orders(board)
    where = f" <i>Places {orders}.</i>" if orders else ""
    return f"<div class='ft-card'><b>{card.name}</b>: {card.text}{where}</div>"
