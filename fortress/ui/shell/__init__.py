"""The dashboard shell: plays any installed ruleset through the public API alone.

Fortress America keeps its own dashboard (:func:`fortress.ui.build_app`); every other ruleset
found through the ``fortress.rulesets`` entry point plays in a :class:`Shell`: a header (the
ruleset, the round, who is to move), a message line, the board (the ruleset's map widget from
the ``fortress.dashboards`` entry point, else its ``draw`` picture, else a table of the board's
areas), the ruleset's status lines, the log the page's side may see, the generic panel (every
legal action of the page's side, grouped by verb, and a box for typed notation), seats (human
or a bot) and a game bar (new game, save, load, undo). :func:`start` lists the installed
rulesets, each with a button that opens its dashboard.

Nothing here names a ruleset (``tests/test_layers.py``). The widgets are imported on first use,
as in :mod:`fortress.ui`.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fortress.ui.shell.app import Shell

#: the ruleset ``fortress serve --ruleset NAME`` serves: the start page opens its shell at once
RULESET_ENV = "FORTRESS_RULESET"


def build_shell(ruleset: str, display_it: bool = True, **options: Any) -> "Shell":
    """A :class:`Shell` playing a new game of ``ruleset``; shown (in a notebook) unless
    ``display_it`` is False. ``options`` go to :class:`Shell` (``players``, ``seed``, ``seats``)."""
    from fortress.ui.shell.app import Shell

    shell = Shell(ruleset, **options)
    if display_it:
        from IPython.display import display
        display(shell.root)  # type: ignore[no-untyped-call]  # IPython is untyped
    return shell


def start(ruleset: str | None = None) -> Any:
    """The start page: a widget listing every installed ruleset (title, players) with a button
    that opens it (Fortress America: :func:`fortress.ui.build_app`; the others: a :class:`Shell`).
    With ``ruleset`` (default: ``$FORTRESS_RULESET``, set by ``fortress serve --ruleset``) that
    ruleset is opened at once. The page object is the widget's ``page`` attribute. On a game
    store, ``?teacher=TOKEN`` opens the teacher's view instead (:func:`fortress.ui.teacher_page`),
    its widget returned. A preheated kernel (``fortress serve``'s pool) opens the ruleset's shell
    before it waits for its page's query, so a seat link it serves only opens its seat (issue
    35, item 11)."""
    from fortress.store import StoreError
    from fortress.ui import pages, teacher_page
    from fortress.ui.shell.startpage import StartPage

    try:
        store = pages.store_from_env()
    except StoreError:  # the shell's page says so when it opens its store
        store = None
    chosen = ruleset or os.environ.get(RULESET_ENV) or None
    page, made = None, []
    if store is not None and chosen and pages.preheated():  # built while no page waits for it
        with pages.built_before_query() as made:
            page = StartPage()
            page.open(chosen)  # the shell then waits for its page's query, and opens its seat
    query = pages.page_query() if store is not None else {}
    if store is not None and "teacher" in query:
        for widget in made:  # else the teacher's page would be sent the shell's widgets
            widget.close()
        found = teacher_page(store, query["teacher"])
        return getattr(found, "root", found)
    if page is None:
        page = StartPage()
        if chosen:
            page.open(chosen)
    return page.widget


def __getattr__(name: str) -> Any:
    if name == "Shell":
        from fortress.ui.shell.app import Shell
        return Shell
    raise AttributeError(f"module 'fortress.ui.shell' has no attribute {name!r}")
