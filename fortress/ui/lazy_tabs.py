"""Tabs whose pages are built the first time they are opened (a light first
paint). A lazy page is an empty box until the tab is selected, or until the code asks for it
with :meth:`LazyTabs.page`; then its builder runs once and the page takes the box's place.
The page's widgets are not in the first cell's widget state the browser loads.
"""
from __future__ import annotations

from typing import Callable, Sequence, TypeAlias

import ipywidgets as W

Page: TypeAlias = "W.Widget | Callable[[], W.Widget]"  # a built page, or what builds it


class LazyTabs:
    """A ``W.Tab`` (``self.tab``) over ``pages``: (title, widget or builder) pairs."""

    def __init__(self, pages: Sequence[tuple[str, Page]], css: str = "") -> None:
        self.titles = tuple(title for title, _ in pages)
        self._builders = {i: make for i, (_, make) in enumerate(pages) if not isinstance(make, W.Widget)}
        children = [make if isinstance(make, W.Widget) else W.Box(_dom_classes=("fortress-lazy-page",))
                    for _, make in pages]
        self.tab = W.Tab(children=children, titles=self.titles)  # titles given: no update message
        if css:
            self.tab.add_class(css)
        self.tab.observe(self._opened, names=["selected_index"])

    def built(self, title: str) -> bool:
        """Whether the page ``title`` has been built."""
        return self.titles.index(title) not in self._builders

    def page(self, title: str) -> W.Widget:
        """The page ``title``, built now if it was not yet."""
        i = self.titles.index(title)
        make = self._builders.pop(i, None)
        if make is not None:
            children = list(self.tab.children)
            old, children[i] = children[i], make()
            self.tab.children = children
            old.layout.close()
            old.close()
        return self.tab.children[i]

    def _opened(self, change: dict) -> None:
        i = change["new"]
        if i is not None and i in self._builders:
            self.page(self.titles[i])
