"""The declarations panel (§3.1, §3.2, §10.7(c)) and the auction panel (§13): each button greyed
with the game's own reason (``explain``) when the game would refuse it."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.engine.actions import Action
from fortress.engine.flow import Pass
from fortress.rulesets.aif.panels.common import Play, power_name
from fortress.rulesets.aif.state import Align, Bid, Bomb, Declare
from fortress.rulesets.aif.tables import load
from fortress.rulesets.aif.track import describe

VERBS = (("declare", "Declare war", Declare), ("align", "Align", Align), ("bomb", "Atom bomb", Bomb))


def greyed(button: W.Button, view: Any, side: str, action: Action, hint: str) -> None:
    """``button`` greyed with the game's reason when ``action`` would be refused, else ``hint``."""
    why = view.explain(action, side)
    button.disabled, button.tooltip = why is not None, why or hint


class DeclarePanel:
    """The acting power's declaration: a minor, then Declare war, Align or Atom bomb (the variant),
    each greyed with the game's reason (said in words below); or Pass. (A power of the side not
    declaring now has only ``end``, which the game plays by itself.)"""

    def __init__(self, play: Play) -> None:
        self.play, self.tables = play, load()
        self.view: Any = None
        self.side: str | None = None
        self.title = W.HTML(_dom_classes=("ft-aif-declare-title",))
        self.minor = W.Dropdown(description="minor", layout=W.Layout(width="330px"), _dom_classes=("ft-aif-minor",))
        self.minor.observe(lambda _c: self._grey(), "value")
        self.buttons = {verb: W.Button(description=label, _dom_classes=("ft-aif-act", f"ft-aif-do-{verb}"))
                        for verb, label, _kind in VERBS}
        for verb, _label, kind in VERBS:
            self.buttons[verb].on_click(lambda _b, kind=kind: self.minor.value and self.play(kind(self.minor.value)))
        self.why = W.HTML(_dom_classes=("ft-aif-declare-why",))
        self.passing = W.Button(description="Pass", _dom_classes=("ft-aif-pass",))
        self.passing.on_click(lambda _b: self.play(Pass()))
        self.widget = W.VBox([self.title, self.minor, W.HBox(list(self.buttons.values())), self.why, self.passing],
                             _dom_classes=("ft-aif-declare",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None:
            return False
        self.view, self.side, t = view, side, self.tables
        flags = view.state.politics.flags
        keep = self.minor.value
        self.minor.options = [(f"{t.minors[m].name} ({describe(t, flags[m])})", m) for m in t.flagged()]
        self.minor.value = keep if keep in t.minors else t.flagged()[0]
        self.buttons["bomb"].layout.display = "" if "atomic-bomb" in view.variants else "none"
        self.title.value = f"<b>{html.escape(power_name(t, side))}</b>: declarations of war"
        self._grey()
        return True

    def _grey(self) -> None:
        if self.view is None or self.side is None or self.minor.value is None:
            return
        reasons = []
        for verb, label, kind in VERBS:
            action = kind(self.minor.value)
            greyed(self.buttons[verb], self.view, self.side, action, f"{label}: {self.view.notation(action)}")
            if self.buttons[verb].disabled and self.buttons[verb].layout.display != "none":
                reasons.append(f"{label}: {self.buttons[verb].tooltip}")
        self.why.value = "<br>".join(f"<small>{html.escape(r)}</small>" for r in reasons)


class AuctionPanel:
    """The auction (§13, the variant "bidding"): bid one more than the last, or pass. (Without
    the variant the game passes over the auction by itself.)"""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.tables = load()
        self.state = W.HTML(_dom_classes=("ft-aif-auction-state",))
        self.bid = W.Button(description="Bid", button_style="primary", _dom_classes=("ft-aif-bid",))
        self.passing = W.Button(description="Pass", _dom_classes=("ft-aif-auction-pass",))
        self.offer: Action | None = None
        self.bid.on_click(lambda _b: self.offer is not None and self.play(self.offer))
        self.passing.on_click(lambda _b: self.play(Pass()))
        self.widget = W.VBox([self.state, W.HBox([self.bid, self.passing])], _dom_classes=("ft-aif-auction",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None or "bidding" not in view.variants:
            return False
        bids = [a for a in view.legal_actions(side) if isinstance(a, Bid)]
        self.offer = bids[0] if bids else None
        last = view.state.bids[-1] if view.state.bids else None
        self.state.value = (f"<b>{html.escape(power_name(self.tables, side))}</b> bids for its seat. "
                            + (f"High bid: {last[1]} by {html.escape(power_name(self.tables, last[0]))}."
                               if last else "No bid yet."))
        self.bid.description = f"Bid {self.offer.amount}" if isinstance(self.offer, Bid) else "Bid"
        greyed(self.bid, view, side, self.offer or Bid(0), "One more than the last bid.")
        return True
