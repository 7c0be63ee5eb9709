"""The fallback for any decision: every legal action in a list, or typed notation."""
from __future__ import annotations

import ipywidgets as W

from fortress.rulesets.america import actions as A
from fortress.rulesets.america.dashboard.panels.base import Panel


class GenericPanel(Panel):
    title = ""
    css = "fortress-panel-generic"
    _armed = -1  # the ply at which a surrender was asked for once

    def build(self) -> list[W.Widget]:
        acts = self.game.legal_actions() if self.game and not self.game.is_over else []
        pick = W.Dropdown(options=[(self.game.notation(a), i) for i, a in enumerate(acts)], layout=W.Layout(width="100%"))
        pick.add_class("fortress-all-actions")
        go = W.Button(description="Do it", layout=W.Layout(width="auto"))
        go.add_class("fortress-all-actions-go")
        go.on_click(lambda _b: acts and pick.value is not None and self.do(acts[pick.value]))
        text = W.Text(placeholder="or type an action, e.g. move 1 hovertank Seattle -> Olympic Peninsula",
                      layout=W.Layout(width="100%"))
        text.add_class("fortress-notation")
        typed = W.Button(description="Do typed action", layout=W.Layout(width="auto"))
        typed.add_class("fortress-notation-go")
        typed.on_click(lambda _b: text.value.strip() and self.do(text.value.strip()))
        return [W.HTML(f"All {len(acts)} legal actions:"), pick, go, text, typed]

    def do(self, action: A.Action | str) -> bool:
        """Play ``action``; a surrender only when asked twice in a row (it ends the game for the
        whole team at once, and no Undo brings it back)."""
        if str(action).strip().lower() == "surrender" and self._armed != len(self.game.history):
            self._armed = len(self.game.history)
            self.app.say("Surrender ends the game at once for your whole team, and cannot be taken back. "
                         "Press the button again to surrender.")
            return False
        self._armed = -1
        return self.app.act(action)
