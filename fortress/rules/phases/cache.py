"""Incremental legal actions: a phase keeps what it worked out in ``g.memo`` and updates
it action by action instead of recomputing every legal action after each one.

Why a cache stays valid (the protocol every phase follows):

* it describes one state object (``cache.state``) during one phase: ``Game.begin_phase``
  empties ``g.memo``, and a copy, an undo or a replay view has another state object;
* the phase's ``apply`` updates it (:func:`following`) only when the list the game
  handed out (``g._legal``) is the one the cache produced: anything else (a copy, a test
  that changed the state and reset ``g._legal``) may have changed the state behind its
  back, so the cache is dropped;
* the phase's ``legal`` uses it (:func:`updated`) only right after such an update;
  otherwise it builds a new cache from scratch. A phase with an ``auto`` step that
  changes the state between an action and the next ``legal`` must drop its cache there.

A test checks after every action of many random games that the incremental list equals
a computation from scratch, in the same order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fortress.rules.game import Game


class Cache:
    """Base of a phase's cache; subclasses add what they keep."""

    __slots__ = ("state", "out", "ready")

    def __init__(self, g: "Game") -> None:
        self.state = g.state
        self.out: list | None = None  # the list of legal actions it last produced
        self.ready = False  # updated by apply since it last produced a list

    def produce(self, acts: list) -> list:
        """Remember ``acts`` as the list handed out, and return it."""
        self.out = acts
        self.ready = False
        return acts


def updated(g: "Game", key: str) -> Cache | None:
    """For ``legal``: the cache under ``key`` if ``apply`` brought it up to date."""
    c = g.memo.get(key)
    if c is not None and c.ready and c.state is g.state:
        return c
    return None


def following(g: "Game", key: str) -> Cache | None:
    """For ``apply``: the cache under ``key`` if it produced the legal actions the game
    is applying one of (then it must be updated and is marked ready); else None, and a
    stale cache is dropped."""
    c = g.memo.get(key)
    if c is None:
        return None
    if c.out is not None and c.out is g._legal and c.state is g.state:
        c.ready = True
        return c
    del g.memo[key]
    return None
