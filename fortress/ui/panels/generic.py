"""The fallback for any decision: every legal action in a list, or typed notation."""
from __future__ import annotations

import ipywidgets as W

from fortress.ui.panels.base import Panel


class GenericPanel(Panel):
    title = ""
    css = "fortress-panel-generic"

    def build(self) -> list[W.Widget]:
        acts = self.game.legal_actions() if self.game and not self.game.is_over else []
        pick = W.Dropdown(options=[(self.game.notation(a), i) for i, a in enumerate(acts)], layout=W.Layout(width="100%"))
        pick.add_class("fortress-all-actions")
        go = W.Button(description="Do it", layout=W.Layout(width="auto"))
        go.add_class("fortress-all-actions-go")
        go.on_click(lambda _b: acts and pick.value is not None and self.app.act(acts[pick.value]))
        text = W.Text(placeholder="or type an action, e.g. move 1 hovertank Seattle -> Olympic Peninsula",
                      layout=W.Layout(width="100%"))
        text.add_class("fortress-notation")
        typed = W.Button(description="Do typed action", layout=W.Layout(width="auto"))
        typed.add_class("fortress-notation-go")
        typed.on_click(lambda _b: text.value.strip() and self.app.act(text.value.strip()))
        return [W.HTML(f"All {len(acts)} legal actions:"), pick, go, text, typed]
