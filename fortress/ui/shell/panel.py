"""The panel: a ruleset's own panels where it brings them, and the generic panel everywhere.

**The generic panel**: every legal action of the side the page plays now, grouped by verb. The
first dropdown holds the verbs (the first word of each action's notation, with how many actions
it has), the second the actions of the chosen verb; "Do it" plays the one chosen. The box below
takes an action typed in the notation. The widgets are made once and their options changed on
each move (no widget per redraw).

**A ruleset's panels** come with its map widget: the object the ``fortress.dashboards`` entry
point gives may have ``panels``, a mapping from a key to a :data:`PanelFactory`. A factory is
called once with ``act(action) -> bool`` (plays the action for the side the page acts for) and
makes a :class:`RulesetPanel`; after every move the shell calls its ``show(view, side)`` with
the page's view of the game (``game.view``: never another seat's hidden parts) and the side
this page acts for now (None: it waits). Keys: :data:`ALWAYS` (shown above the rest whatever
the step), a step's name (``game.phase``), or a verb of the side's legal actions; the first
panel of the step, then of the verbs, whose ``show`` returns True takes the moment, and the
generic panel folds below it ("Every legal action"). A step with no panel that takes it gets
the generic panel open. A panel states no rule: what is legal and why not come from
``legal_actions`` and ``explain`` of the view it is given. A panel with a ``viewer`` attribute
is told, before each ``show``, whose view it is given (the page's seat, also while it waits;
None on a page of bots only, whose view is no seat's to show): so a waiting seat may still see
its own things, read-only (ATTACK!'s hand).
"""
from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

import ipywidgets as W

from fortress.engine.actions import Action
from fortress.engine.game import Game

#: (action or typed text, side) -> whether it was played
Act = Callable[[Action | str, str], bool]
#: a ruleset panel's way to play: action -> whether it was played (for the side the page acts for)
Play = Callable[[Action], bool]
ALWAYS = "*"  #: the key of a ruleset's panels shown whatever the step


class RulesetPanel(Protocol):
    """A ruleset's panel: ``widget`` to show; ``show(view, side)`` after every move returns
    whether it takes this moment (a panel under :data:`ALWAYS`: whether it shows anything)."""

    widget: W.Widget

    def show(self, view: Game, side: str | None) -> bool: ...


PanelFactory = Callable[[Play], RulesetPanel]


def discard(widgets: Iterable[W.Widget]) -> None:
    """Close ``widgets`` with all they hold: their children, and each one's layout and style
    (ipywidgets' ``close`` leaves those open, alive in the kernel and the page). For the widgets
    a panel makes for one move (rows, buttons, boxes): none may share a layout or style with a
    widget the panel keeps."""
    for widget in list(widgets):
        discard(getattr(widget, "children", ()))
        for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
            if isinstance(part, W.Widget):
                part.close()
        widget.close()


def verb(text: str) -> str:
    """An action's verb: the first word of its notation."""
    return text.split(maxsplit=1)[0] if text.strip() else text


def grouped(game: Game, side: str) -> dict[str, list[tuple[str, Action]]]:
    """``side``'s legal actions by verb, each with its notation, verbs in the order first met."""
    out: dict[str, list[tuple[str, Action]]] = {}
    for action in game.legal_actions(side):
        text = game.notation(action)
        out.setdefault(verb(text), []).append((text, action))
    return out


class ActionPanel:
    """The legal actions of one side, and typed notation, played through ``act``."""

    def __init__(self, act: Act, panels: Mapping[str, PanelFactory] | None = None) -> None:
        self.act = act
        self.side: str | None = None
        self.actions: dict[str, list[tuple[str, Action]]] = {}
        self._armed = -1  # the ply at which surrender was pressed once
        self._ply = 0
        self.title = W.HTML(_dom_classes=("fortress-shell-panel-title",))
        self.verbs = W.Dropdown(description="verb", layout=W.Layout(width="260px"),
                                _dom_classes=("fortress-shell-verb",))
        self.choice = W.Dropdown(description="action", layout=W.Layout(width="100%"),
                                 _dom_classes=("fortress-shell-action",))
        self.go = W.Button(description="Do it", button_style="primary", layout=W.Layout(width="auto"),
                           _dom_classes=("fortress-shell-do",))
        self.text = W.Text(placeholder="or type an action in the notation", layout=W.Layout(width="100%"),
                           _dom_classes=("fortress-shell-notation",))
        self.typed = W.Button(description="Do typed action", layout=W.Layout(width="auto"),
                              _dom_classes=("fortress-shell-notation-go",))
        self.verbs.observe(lambda _c: self._list_verb(), "value")
        self.go.on_click(lambda _b: self._do_chosen())
        self.typed.on_click(lambda _b: self._do_typed())
        self.controls = W.VBox([self.verbs, self.choice, self.go, self.text, self.typed])
        self.own = {key: make(self._play) for key, make in (panels or {}).items()}  # the ruleset's panels
        self.taken: RulesetPanel | None = None  #: the ruleset's panel that takes the moment, if any
        self.always = W.VBox(_dom_classes=("fortress-shell-always",))
        self.step = W.VBox(_dom_classes=("fortress-shell-own",))
        self.fold = W.Accordion(titles=("Every legal action",), _dom_classes=("fortress-shell-fold",))
        self.generic = W.VBox([self.controls], _dom_classes=("fortress-shell-generic",))
        self.widget = W.VBox([self.title, self.always, self.step, self.generic],
                             _dom_classes=("fortress-shell-panel",))

    def show(self, game: Game, side: str | None, note: str = "", view: Game | None = None,
             viewer: str | None = None) -> None:
        """List ``side``'s legal actions (None: no side of this page acts now; ``note`` says why);
        the ruleset's panels are shown ``view``, the page's view of the game (default: ``side``'s),
        which is ``viewer``'s (None: a page of bots only)."""
        self.side, self._ply = side, len(game.history)
        self.actions = grouped(game, side) if side is not None else {}
        if side is None:
            self.title.value = html.escape(note)
        else:
            count = sum(map(len, self.actions.values()))
            self.title.value = (f"<b>{html.escape(game.rules.side_names.get(side, side))}</b> to act: "
                                f"{count} legal actions")
        self.controls.layout.display = "" if side is not None else "none"
        options = [(f"{v} ({len(acts)})", v) for v, acts in self.actions.items()]
        keep = self.verbs.value if any(v == self.verbs.value for _label, v in options) else None
        self.verbs.options = options
        self.verbs.value = keep if keep is not None else (options[0][1] if options else None)  # the verb kept
        self._list_verb()
        if self.own:
            for panel in self.own.values():
                if hasattr(panel, "viewer"):
                    panel.viewer = viewer if viewer is not None else side
            self._show_own(view if view is not None else game.view(side or game.rules.sides[0]), side)

    def _show_own(self, view: Game, side: str | None) -> None:
        """The ruleset's panels for this moment: the :data:`ALWAYS` one, then the first of the
        step's or the verbs' that takes it; the generic panel open below, or folded if one did."""
        always = self.own.get(ALWAYS)
        self.always.children = [always.widget] if always is not None and always.show(view, side) else []
        keys = [view.phase, *self.actions] if side is not None else []
        self.taken = next((p for k in keys if k != ALWAYS and (p := self.own.get(k)) is not None
                           and p.show(view, side)), None)
        self.step.children = [self.taken.widget] if self.taken is not None else []
        inner, outer = ((self.controls,), (self.fold,)) if self.taken is not None else ((), (self.controls,))
        if self.generic.children != outer:  # folded (closed) as a ruleset panel takes over; kept as it is after
            self.fold.children, self.fold.selected_index = inner, None
            self.generic.children = outer

    def _play(self, action: Action) -> bool:
        """A ruleset panel plays ``action`` for the side this page acts for now."""
        return self.side is not None and self.act(action, self.side)

    def _list_verb(self) -> None:
        acts = self.actions.get(self.verbs.value or "", [])
        self.choice.options = [(text, i) for i, (text, _a) in enumerate(acts)]
        self.choice.value = 0 if acts else None

    def _do_chosen(self) -> None:
        acts = self.actions.get(self.verbs.value or "", [])
        if self.side is None or self.choice.value is None or self.choice.value >= len(acts):
            return
        text, action = acts[self.choice.value]
        self._do(action, text)

    def _do_typed(self) -> None:
        text = self.text.value.strip()
        if self.side is not None and text and self._do(text, text):
            self.text.value = ""

    def _do(self, action: Action | str, text: str) -> bool:
        """Play it; surrender only when pressed twice in a row (it cannot be taken back)."""
        assert self.side is not None
        if verb(text.lower()) == "surrender" and self._armed != self._ply:
            self._armed = self._ply
            self.title.value = ("<span class='ft-refused'>Surrender cannot be taken back: press again to "
                                "surrender.</span>")
            return False
        self._armed = -1
        return self.act(action, self.side)

