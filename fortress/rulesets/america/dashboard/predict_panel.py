"""Class-prediction mode: a toggle in the header; with it on, the game pauses before
each battle's round and each laser shot (a player's or a bot's), shows the exact odds and
lets the class guess (two buttons); after the dice, it says what happened and explains every
die with the rule it applied. The logic is :mod:`fortress.rulesets.america.dashboard.predict`; the widgets are made
once and updated.
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Callable

import ipywidgets as W

from fortress.rulesets.america.dashboard.predict import Question, answer, explain, question, rolls_dice

if TYPE_CHECKING:
    from fortress.rulesets.america.dashboard.app import App


class PredictPanel:
    def __init__(self, app: "App") -> None:
        self.app = app
        self.toggle = W.Checkbox(value=False, description="class predicts the dice", indent=False,
                                 layout=W.Layout(width="auto"))
        self.toggle.add_class("fortress-predict-toggle")
        self.toggle.observe(lambda c: None if c["new"] else self.clear(), "value")
        self.box = W.VBox(layout=W.Layout(display="none", border="2px solid #0072B2", padding="4px"))
        self.box.add_class("fortress-predict")  # its widgets come with the first question (a light first paint)
        self.question: Question | None = None
        self.guess: str | None = None
        self._go: Callable[[], bool] | None = None

    def _build(self) -> None:
        self.text = W.HTML()
        self.buttons = [self._button(i) for i in range(2)]
        self.close = W.Button(description="Got it", layout=W.Layout(width="auto"), _dom_classes=("fortress-predict-close",))
        self.close.on_click(lambda _b: self.done())
        self.box.children = [self.text, W.HBox([*self.buttons, self.close])]

    def _button(self, i: int) -> W.Button:
        b = W.Button(layout=W.Layout(width="auto"), button_style="info", _dom_classes=("fortress-predict-guess",))
        b.on_click(lambda _b: self.guessed(i))
        return b

    @property
    def waiting(self) -> bool:
        """A question is on screen and the class has not guessed yet."""
        return self._go is not None

    def wants(self, action) -> bool:
        """Ask before ``action``? (The mode is on and the action rolls dice.)"""
        return self.toggle.value and rolls_dice(action)

    def ask(self, game, action, go: Callable[[], bool]) -> None:
        """Pause before ``action``; ``go()`` plays it once the class has guessed (False if refused)."""
        if not self.box.children:
            self._build()
        self.question, self.guess, self._go = question(game, action), None, go
        q = self.question
        odds = " &middot; ".join(f"{html.escape(label)}: <b>{p:.1%}</b>" for _k, label, p in q.choices)
        self.text.value = (f"<b>Class prediction.</b> {html.escape(q.title)}<br>Exact odds: {odds}"
                           "<br>What will happen? The class guesses, then the dice roll.")
        for b, (_key, label, _p) in zip(self.buttons, q.choices):
            b.description, b.layout.display = label, None
        self.close.layout.display = "none"
        self.box.layout.display = None

    def guessed(self, i: int) -> None:
        """The class chose answer ``i``: the move is played, the dice roll."""
        if self.question is None or self._go is None:
            return
        self.guess, go, self._go = self.question.choices[i][0], self._go, None
        for b in self.buttons:
            b.layout.display = "none"
        if not go():  # refused (the app said why): nothing to wait for
            self.clear()
            return
        self.refresh(self.app.game)
        if self.close.layout.display is not None:  # no result yet (casualties to choose): play on
            self.app.maybe_auto()

    def done(self) -> None:
        """"Got it": the box closes and the bots, if they move by themselves, play on."""
        self.clear()
        self.app.maybe_auto()

    def refresh(self, game) -> None:
        """Once the dice have decided, what happened and every die with its rule."""
        q = self.question
        if q is None or self.guess is None or self.close.layout.display is None:
            return
        result = answer(q, game.events)
        if result is None:
            self.text.value = (f"<b>Class prediction.</b> {html.escape(q.title)} The class guessed "
                               f"<b>{html.escape(self._label(self.guess))}</b>; the battle goes on (casualties "
                               "to choose)...")
            return
        right = "right" if result == self.guess else "wrong"
        dice = "".join(f"<li>{html.escape(line)}</li>" for line in explain(game.events[q.asked_at:], q.attacker))
        self.text.value = (f"<b>Class prediction.</b> {html.escape(q.title)}<br>The class guessed "
                           f"<b>{html.escape(self._label(self.guess))}</b> "
                           f"({self._p(self.guess):.0%}); it happened: <b>{html.escape(self._label(result))}</b> "
                           f"({self._p(result):.0%}). The class was <b>{right}</b>.<ol>{dice}</ol>")
        self.close.layout.display = None

    def _label(self, key: str) -> str:
        return next((label for k, label, _p in self.question.choices if k == key), key) if self.question else key

    def _p(self, key: str) -> float:
        return next((p for k, _l, p in self.question.choices if k == key), 0.0) if self.question else 0.0

    def clear(self) -> None:
        self.question, self.guess, self._go = None, None, None
        self.box.layout.display = "none"
