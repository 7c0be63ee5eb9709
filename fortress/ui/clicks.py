"""Clicks carry the step they were made at (issue 40, item 3).

A click travels from the browser to the page's kernel while the kernel may already have
moved the game on (a bot's move, another page's move at the same seat) and sent the new
board: applied to the new position, it would do something the player never chose. The page
shows the ply it drew last (``.fortress-seen-ply [data-ply]``, :func:`seen_html`); the
template's script adds that ply to every widget event it sends (``fortress_ply`` in the
custom message's content); :func:`install` makes it readable while the click is handled
(:func:`clicked_at`), and :meth:`fortress.rulesets.america.dashboard.app.App.act` refuses a click made at another
ply than the game's. Events without it (a notebook, tests calling ``click()``) are not asked.
"""
from __future__ import annotations

from contextvars import ContextVar
from typing import Any

import ipywidgets as W

STAMP = "fortress_ply"
_CLICKED_AT: ContextVar[int | None] = ContextVar("fortress_clicked_at", default=None)


def clicked_at() -> int | None:
    """The ply the page showed when the click being handled was made (None: not known)."""
    return _CLICKED_AT.get()


def consume() -> None:
    """The click being handled was checked: what its handler does next is asked no more."""
    _CLICKED_AT.set(None)


def seen_html(ply: int) -> str:
    """What the page shows of the ply it drew (hidden; the script reads it)."""
    return f"<span data-ply='{ply}'></span>"


def install() -> None:
    """Read each widget event's stamp while its handlers run (once per kernel)."""
    if getattr(W.Widget, "_fortress_stamped", False):
        return
    original = W.Widget._handle_custom_msg

    def handle(self: W.Widget, content: Any, buffers: Any) -> Any:
        stamp = content.get(STAMP) if isinstance(content, dict) else None
        token = _CLICKED_AT.set(stamp if isinstance(stamp, int) and not isinstance(stamp, bool) else None)
        try:
            return original(self, content, buffers)
        finally:
            _CLICKED_AT.reset(token)

    W.Widget._handle_custom_msg = handle
    W.Widget._fortress_stamped = True
