"""The year track and the action chooser (Spring, Summer, Autumn; Winter's Burn Oil) [Turn]."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.engine.flow import Choose, Pass
from fortress.rulesets.attack.actions import Word
from fortress.rulesets.attack.panels.common import ACTIONS, LABELS, WAYS, Play, discard, names


class YearTrack:
    """The year, season, command die, direction and each player's actions used this year."""

    def __init__(self, play: Play) -> None:
        self.widget = W.HTML(_dom_classes=("ft-attack-year",))

    def show(self, view: Any, side: str | None) -> bool:
        s = view.state
        if not s.round:
            return False
        used = view.ctx.flow.used
        rows = "".join(
            f"<tr><th>{html.escape(view.rules.side_names[p])}</th><td>"
            f"{html.escape(', '.join(LABELS.get(a, a) for a in used.get(p, {})) or '-')}</td></tr>"
            for p in (s.order or s.live()))
        way = WAYS.get(s.direction, "not chosen yet")
        self.widget.value = (
            f"<div><b>{html.escape(view.round_label)}</b> of {s.years} · <b>{html.escape(s.season or 'the year begins')}"
            f"</b> · command die: <b>{html.escape(view.rules.side_names.get(s.first, s.first))}</b> · "
            f"direction: {way} ({html.escape(names(view, s.order or s.live()))})</div>"
            f"<table class='ft-attack-used'><tr><th>player</th><th>actions used this year</th></tr>{rows}</table>")
        return True


class ActionChooser:
    """The Spring/Summer/Autumn choice and Winter: the eight actions as buttons, greyed with the
    game's reason when not allowed now; Winter's Burn Oil with its region, and Pass; in Winter
    also the standing permissions the player gives (a button per other player: grant or revoke,
    as the legal actions list them) [Explanations]."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.note = W.HTML(_dom_classes=("ft-attack-chooser-note",))
        self.buttons = {a: W.Button(description=LABELS[a], layout=W.Layout(width="110px"),
                                    _dom_classes=("ft-attack-action", f"ft-attack-action-{a}")) for a in ACTIONS}
        for name, button in self.buttons.items():
            button.on_click(lambda _b, name=name: self.play(Choose(name)))
        self.burn = W.Button(description=LABELS["burn"], layout=W.Layout(width="110px"),
                             _dom_classes=("ft-attack-action", "ft-attack-action-burn"))
        self.region = W.Dropdown(layout=W.Layout(width="180px"), _dom_classes=("ft-attack-burn-region",))
        self.burn.on_click(lambda _b: self._burn())
        self.passing = W.Button(description="Pass", layout=W.Layout(width="110px"),
                                _dom_classes=("ft-attack-action", "ft-attack-pass"))
        self.passing.on_click(lambda _b: self.play(Pass()))
        self.granted = W.HTML(_dom_classes=("ft-attack-granted",))
        self.permits = W.HBox(layout=W.Layout(flex_flow="row wrap"), _dom_classes=("ft-attack-permissions",))
        self.widget = W.VBox([self.note, W.HBox(list(self.buttons.values()), layout=W.Layout(flex_flow="row wrap")),
                              W.HBox([self.burn, self.region, self.passing]), self.granted, self.permits],
                             _dom_classes=("ft-attack-chooser",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None:
            return False
        for name, button in self.buttons.items():
            why = view.explain(Choose(name), side)
            button.disabled, button.tooltip = why is not None, why or f"Take the {LABELS[name]} action now."
        legal = view.legal_actions(side)
        burns = [a for a in legal if isinstance(a, Word) and a.word == "burn"]
        self.region.options = [(view.board[a.args[0]].name, a) for a in burns]
        self.region.value = burns[0] if burns else None
        self.region.layout.display = "" if burns else "none"
        why_not = None if burns else view.explain(Word("burn", (self._some_oil(view, side),)), side)
        self.burn.disabled, self.burn.tooltip = bool(why_not), why_not or "Burn oil here for one more action."
        passes = any(isinstance(a, Pass) for a in legal)
        self.passing.layout.display = "" if passes else "none"
        self.note.value = f"<b>{html.escape(view.state.season)}</b>: {html.escape(view.reminder())}"
        self._permissions(view, side, [a for a in legal if isinstance(a, Word) and a.word in ("grant", "revoke")])
        return True

    def _permissions(self, view: Any, side: str, offered: list[Word]) -> None:
        """Who may pass the player's regions and zones now, and a button per grant or revoke listed."""
        discard(self.permits.children)
        buttons = []
        for action in offered:
            other = view.rules.side_names.get(action.args[0], action.args[0])
            button = W.Button(description=f"Let {other} pass" if action.word == "grant" else f"Withdraw {other}'s permission",
                              layout=W.Layout(width="auto"),
                              _dom_classes=("ft-attack-permission", f"ft-attack-{action.word}-{action.args[0]}"))
            button.on_click(lambda _b, action=action: self.play(action))
            buttons.append(button)
        self.permits.children = buttons
        allowed = [g.split(">")[1] for g in view.state.grants if g.split(">")[0] == side]
        self.granted.value = ("" if not offered else
                              f"Permission to pass your regions and sea zones: {html.escape(names(view, allowed) or 'nobody')}.")

    @staticmethod
    def _some_oil(view: Any, side: str) -> str:
        """A region to ask the check about burning: one of ``side``'s with oil, else its capital."""
        s = view.state
        found: str = next((r for r in sorted(s.oil) if s.control.get(r) == side), s.capital.get(side, "capital"))
        return found

    def _burn(self) -> None:
        if self.region.value is not None:
            self.play(self.region.value)


