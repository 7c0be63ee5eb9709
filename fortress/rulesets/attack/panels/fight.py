"""The battle panel [Battles]: while a battle is under way, what every page shows of it (the
fronts and reserves, who opens and with what, each fire step's dice matched to the units, the
order in which hits destroy) and, for the side that decides, its decisions as buttons (the units
for its front, or Fire). The battle is read from the page's view of the game (``state.fight``
and the ``fire`` events, whose dice say which unit each face matched); the decisions are the
listed ``front`` and ``fire`` actions, greyed with the game's reason (``explain``)."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.rulesets.attack.actions import Word
from fortress.rulesets.attack.battle import Battle, neutral_front, tables
from fortress.rulesets.attack.battle_dice import describe
from fortress.rulesets.attack.combat import holder_name, read_front
from fortress.rulesets.attack.panels.common import Play, discard
from fortress.rulesets.attack.world import place_name

CSS = """<style>
.ft-attack-die { display: inline-block; min-width: 4.5em; margin: 1px; padding: 1px 3px; border: 1px solid #888;
  border-radius: 3px; font-size: 0.85em; text-align: center; background: #f4f4f4; }
.ft-attack-die.ft-hit { background: #f6d3cf; border-color: #b03a2e; font-weight: bold; }
.ft-attack-front td, .ft-attack-front th { padding: 0 0.6em 0 0; text-align: left; vertical-align: top; }
</style>"""


def fighter(view: Any, role: str) -> str:
    """The name of the side fighting as ``role`` in the battle under way (a neutral's: "the neutral";
    a holder that is no player, as America in Flames' minors, by the game's :func:`holder_name`)."""
    side = view.state.fight["attacker" if role == "attacker" else "defender"]
    return "the neutral" if side is None else holder_name(view.ctx, side)


def in_order(units: dict[str, int], kind: str) -> list[str]:
    """``units`` one by one in the order hits destroy them ([Battles] Step 4)."""
    return [t for t in tables().order[kind] for _ in range(units.get(t, 0))]


def die(unit: str, kind: str, face: str, battle: str) -> str:
    """One die of a ``battle`` (army or naval): its face; a hit names the unit it matched."""
    where = "air support " if kind != battle else ""
    label = f"{face} → {unit}" if unit else face
    hint = f"{where}{kind} die: {face}, " + (f"matches a {unit}: a hit" if unit else "no unit of its type fires: a miss")
    return (f"<span class='ft-attack-die{' ft-hit' if unit else ''}' title='{html.escape(hint)}'>"
            f"{html.escape(label)}</span>")


class BattleReport:
    """What a page shows of the battle under way (every page: a battle is public)."""

    def __init__(self, play: Play) -> None:
        self.widget = W.HTML(_dom_classes=("ft-attack-battle",))

    def show(self, view: Any, side: str | None) -> bool:
        fight = view.state.fight
        if not fight:
            return False
        b = Battle.from_dict(fight["engine"])
        foe = fighter(view, "defender")
        self.widget.value = (
            f"{CSS}<div><b>Battle for {html.escape(place_name(fight['area']))}</b> ({b.kind}): "
            f"{html.escape(fighter(view, 'attacker'))} attacks {html.escape(foe)} · round {b.round}</div>"
            f"{self._fronts(b, view)}<div class='ft-attack-now'>{html.escape(self._now(b, view))}</div>"
            f"<div class='ft-attack-order'>Hits destroy front units in this order: "
            f"{html.escape(', '.join(tables().order[b.kind]))}; hits beyond the front are lost.</div>"
            f"<div class='ft-attack-rolls'>{self._rolls(view)}</div>")
        return True

    @staticmethod
    def _fronts(b: Battle, view: Any) -> str:
        rows = []
        for role in ("attacker", "defender"):
            front = in_order(b.front[role], b.kind)
            rows.append(f"<tr class='ft-attack-front-{role}'><th>{html.escape(fighter(view, role))} ({role})</th>"
                        f"<td>front (at most {b.front_max(role)}): {html.escape(', '.join(front) or 'empty')}</td>"
                        f"<td>reserve: {html.escape(describe(b.reserve[role]) if b.reserve[role] else 'none')}</td>"
                        f"<td>next hit destroys: {html.escape(front[0] if front else '-')}</td></tr>")
        return f"<table class='ft-attack-front'>{''.join(rows)}</table>"

    @staticmethod
    def _now(b: Battle, view: Any) -> str:
        """What happens next: a front to choose, or the active side's fire (the opening salvo said)."""
        if b.pending is not None:
            room = b.front_max(b.pending) - sum(b.front[b.pending].values())
            return (f"{fighter(view, b.pending)} chooses the units for its front: "
                    f"{min(room, sum(b.reserve[b.pending].values()))} from its reserve.")
        role = b.active or "defender"
        firing = b.firing()
        dice = sum(firing.values()) + (0 if b.salvo else firing.get(tables().air_unit, 0))
        if b.salvo:
            return (f"Opening salvo: {fighter(view, role)} fires its deployed {tables().salvo[b.kind]} only "
                    f"({dice} {b.kind} dice); then the other side.")
        first = " (no opening salvo: the defender fires first)" if b.step == 0 else ""
        return f"{fighter(view, role)} fires {dice} dice{first}."

    @staticmethod
    def _rolls(view: Any) -> str:
        """The fire steps of this battle so far, from the view's events: each die matched to a unit."""
        events = view.events
        area, kind = view.state.fight["area"], view.state.fight["kind"]
        start = max((i for i, e in enumerate(events) if e.kind == "battle" and area in e.areas), default=len(events))
        lines = []
        for e in events[start + 1:]:
            if e.kind == "fire" and e.rolls:
                dice = "".join(die(unit, thrown, face, kind) for unit, thrown, face in e.rolls)
                lines.append(f"<div class='ft-attack-roll'>{html.escape(e.text)}<br>{dice}</div>")
            elif e.kind in ("fire", "front"):
                lines.append(f"<div class='ft-attack-loss'>{html.escape(e.text)}</div>")
        return "".join(lines) or "No dice rolled yet."


class BattleDecisions:
    """The deciding side's choice in the battle under way: the units for its front (a box per
    type in its reserve, Deploy greyed with the game's reason until the choice is listed), or
    Fire."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.view: Any = None
        self.side = ""
        self.fronts: list[Word] = []
        self.counts: dict[str, W.BoundedIntText] = {}
        self.note = W.HTML(_dom_classes=("ft-attack-battle-note",))
        self.boxes = W.HBox(layout=W.Layout(flex_flow="row wrap"), _dom_classes=("ft-attack-front-counts",))
        self.deploy = W.Button(description="Deploy this front", button_style="primary", _dom_classes=("ft-attack-deploy",))
        self.deploy.on_click(lambda _b: self._deploy())
        self.fire = W.Button(description="Fire", button_style="danger", _dom_classes=("ft-attack-fire",))
        self.fire.on_click(lambda _b: self.play(Word("fire")))
        self.widget = W.VBox([self.note, self.boxes, W.HBox([self.deploy, self.fire])],
                             _dom_classes=("ft-attack-battle-decide",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None or not view.state.fight:
            return False
        legal = [a for a in view.legal_actions(side) if isinstance(a, Word) and a.word in ("front", "fire")]
        if not legal:
            return False
        self.view, self.side = view, side
        self.fronts = [a for a in legal if a.word == "front"]
        fires = any(a.word == "fire" for a in legal)
        self.fire.layout.display = "" if fires else "none"
        self.deploy.layout.display = self.boxes.layout.display = "" if self.fronts else "none"
        if self.fronts:
            self._make_boxes(Battle.from_dict(view.state.fight["engine"]))
            self.note.value = f"Choose your front: {sum(v.value for v in self.counts.values())} units, then Deploy."
        else:
            self.note.value = "Your side fires: roll its dice."
        return True

    def _make_boxes(self, b: Battle) -> None:
        """A box per unit type of the reserve, filled as a neutral would fill the front (ruling 12)."""
        choice = b.decision()
        assert choice is not None
        suggested = neutral_front(choice.available, choice.size)
        discard(self.counts.values())
        self.counts = {t: W.BoundedIntText(value=suggested.get(t, 0), min=0, max=n, description=t,
                                           layout=W.Layout(width="150px"),
                                           _dom_classes=("ft-attack-front-count", f"ft-attack-front-{t}"))
                       for t, n in choice.available.items()}
        for box in self.counts.values():
            box.observe(lambda _c: self._check(), "value")
        self.boxes.children = list(self.counts.values())
        self._check()

    def chosen(self) -> Word:
        """The front the boxes say, as the game writes it."""
        return Word("front", tuple(f"{t}={box.value}" for t, box in sorted(self.counts.items()) if box.value))

    def _check(self) -> None:
        action = self.chosen()
        listed = any(read_front(a) == read_front(action) for a in self.fronts)
        why = None if listed else (self.view.explain(action, self.side) or "not one of the listed fronts")
        self.deploy.disabled, self.deploy.tooltip = why is not None, why or "Put these units on the front."

    def _deploy(self) -> None:
        want = read_front(self.chosen())
        found = next((a for a in self.fronts if read_front(a) == want), None)
        if found is not None:
            self.play(found)
