"""The other sides' answers to turns already played out: the search's one play-out cache.

A play-out (:func:`fortress.rulesets.america.bots.search.rollout`) plays the plan to the end
of the searching side's turn, then every side by the heuristic to the horizon (for the U.S.
through the three Invaders' turns to its next Declare, about two thirds of a U.S.
play-out). From the end of the side's turn on, what happens depends only on the position
(the determinized copy's state, its dice included, and the engine's flow) and on the
answering heuristic's random generator: the plan no longer plays. Plans often end the turn
in the same position on the same determinization seed (about 3 in 10 U.S. plan and seed
pairs at the bench's positions: a knob that changes nothing this turn, a target list that
fights the same battles), so the value reached from such a position is kept and the other
sides' turns are not played again.

The key is the whole position pickled (equal keys are equal positions; equal positions
written in another order only miss). The table holds one search decision's play-outs: it
is emptied when a play-out starts from another root position (another game object, or the
same game further on), so it stays a few hundred entries. A test holds cached values to
play-outs from scratch (``tests/test_rollouts.py``).
"""
from __future__ import annotations

import hashlib
import pickle
import weakref

#: (the root position's game, weakly, and its history length; the table of its answers)
_CURRENT: tuple = ((None, -1), {})


def key(sim, answering, scoring: tuple) -> bytes:
    """The position ``sim`` stands in, with the random generator of ``answering`` (the bot
    that plays every side from here) and ``scoring`` (what else the value depends on: the
    side searched, its camp, the round the play-out started in), as 16 bytes."""
    flow = sim.ctx.flow
    data = pickle.dumps((sim.state, flow.used, flow.sealed, flow.plies, flow.rep, answering.rng.getstate(), scoring),
                        protocol=pickle.HIGHEST_PROTOCOL)
    return hashlib.blake2b(data, digest_size=16).digest()


def table(root) -> dict[bytes, float]:
    """Position key -> value at the horizon, for play-outs from ``root`` (a new, empty table
    when ``root`` is not the position of the last play-outs)."""
    global _CURRENT
    (ref, length), found = _CURRENT
    if ref is None or ref() is not root or length != len(root.history):
        found = {}
        _CURRENT = ((weakref.ref(root), len(root.history)), found)
    return found


def clear() -> None:
    """Forget every answer (the next play-out plays from scratch)."""
    global _CURRENT
    _CURRENT = ((None, -1), {})
