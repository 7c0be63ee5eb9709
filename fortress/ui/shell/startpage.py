"""The start page: every installed ruleset (its title and player counts), each with a button
that opens its dashboard in the page: the default ruleset's own (:func:`fortress.ui.build_app`),
any other's in a :class:`fortress.ui.shell.app.Shell`, on the game store ``fortress serve`` names
(``FORTRESS_STORE``) if any, at the seat the page's address names (``?seat=TOKEN``)."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.engine import rulesets
from fortress.ui.shell.gamebar import player_counts


def players_text(counts: list[int]) -> str:
    """"4 players", "2-6 players", "1 or 2 players"."""
    if len(counts) == 1:
        return f"{counts[0]} player{'s' if counts[0] != 1 else ''}"
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return f"{counts[0]}-{counts[-1]} players"
    return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players"


class StartPage:
    """The list of rulesets; ``widget`` shows it, then the dashboard opened from it."""

    def __init__(self) -> None:
        self.opened: Any = None  #: the dashboard opened (an App or a Shell), once one is
        self.message = W.HTML(_dom_classes=("fortress-start-message",))
        self.rows = [self._row(name) for name in rulesets.names()]
        self.listing = W.VBox([W.HTML("<h3>Choose a game</h3>"), *self.rows, self.message],
                              _dom_classes=("fortress-start",))
        self.back = W.Button(description="All games", layout=W.Layout(width="auto"),
                             _dom_classes=("fortress-start-back",))
        self.back.on_click(lambda _b: self.close())
        self.widget = W.VBox([self.listing], _dom_classes=("fortress-start-page",))
        self.widget.page = self  # the page object, for whoever holds the widget

    def _row(self, name: str) -> W.Widget:
        try:
            rules = rulesets.get(name)
            about = f"{html.escape(rules.title or name)} <small>({players_text(player_counts(rules))})</small>"
        except Exception as exc:  # noqa: BLE001 - a broken ruleset package is named, not fatal
            about = f"{html.escape(name)} <small>(cannot be loaded: {html.escape(type(exc).__name__)})</small>"
        button = W.Button(description="Play", button_style="success", layout=W.Layout(width="auto"),
                          _dom_classes=("fortress-start-open", f"fortress-start-{name}"))
        button.on_click(lambda _b: self.open(name))
        return W.HBox([W.HTML(about, layout=W.Layout(width="360px")), button])

    def open(self, name: str) -> Any:
        """Open ruleset ``name``'s dashboard in the page (a new game); returns it."""
        try:
            if name == rulesets.DEFAULT:
                from fortress.ui import build_app
                self.opened = build_app(display_it=False)
            else:
                self.opened = open_shell(name)
        except Exception as exc:  # noqa: BLE001 - the list stays, with the reason
            self.message.value = (f"<span class='ft-refused'>Cannot open {html.escape(name)}: "
                                  f"{html.escape(str(exc) or type(exc).__name__)}</span>")
            return None
        self.message.value = ""
        self.widget.children = [self.back, self.opened.root]
        return self.opened

    def close(self) -> None:
        """Back to the list; the dashboard opened goes."""
        self.widget.children = [self.listing]
        if self.opened is not None:
            self.opened.root.close()
        self.opened = None


def open_shell(name: str) -> Any:
    """A shell of ruleset ``name``: on the server's game store if it has one, at the seat of the
    page's ``?seat=TOKEN`` if given (:mod:`fortress.ui.shell.stored`)."""
    from fortress.ui import pages
    from fortress.ui.shell.app import Shell
    from fortress.ui.shell.stored import open_from_page

    shell = Shell(name, store=pages.store_from_env())
    open_from_page(shell, pages.page_query())
    return shell
