"""Maneuvers' one cache: each group's legal moves, carried from one listing to the next.

A group is a unit type in a source (:meth:`maneuvers.Rules.moves`). A move changes the
side's units in two places only, so after it most groups list the same moves as before.
The side's last full listing this phase is kept in ``game.memo`` (:class:`Listings`) with
the facts it was read from: the side's load and bombers per place, its units free to move
and its unmoved foot units per place, the places over the 5-unit limit and the room the
way back within it takes (:meth:`Rules.way_back`). A later listing, with places over the
limit if and only if the last one had some, takes a group's moves from it when nothing they
were worked out from has changed: no fact of the group's source and destinations
(:meth:`Rules.span`), the same room for the way back there, and, if the group's moves
asked for a way back (:meth:`Rules.settle` notes the places it read while the group is
worked out), the same places over the limit and no fact of those places changed.

During a side's Maneuvers units only leave the groups (a moved unit moves no more), so equal
counts of units by type in a place are the same units, in the same order.
A game and its copies share the memo, so the facts, not the game, say whether the record
holds: they are compared with the state at every listing. ``tests/test_engine_speedups.py``
holds every listing to the one worked out from scratch after every action of random games.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    from fortress.rulesets.america.actions import Move
    from fortress.rulesets.america.phases.maneuvers import Rules

Group = tuple[str, str]  #: (source, unit type)


class Listings:
    """The last full Maneuvers listing of one side this phase: the facts it was read from,
    each group's moves, and the places each group's way back read."""

    __slots__ = ("facts", "groups", "reads")

    def __init__(self) -> None:
        self.facts: tuple[dict[str, int], dict[str, int], dict[str, dict[str, int]], dict[str, dict[str, int]],
                          frozenset[str], dict[str, int]] | None = None
        self.groups: dict[Group, list["Move"]] = {}
        self.reads: dict[Group, set[str]] = {}

    def keep(self, rules: "Rules") -> None:
        """Keep ``rules``'s groups (those it has worked out or carried) as the last listing."""
        over = frozenset(rules.over)
        self.facts = (rules.load, rules.bombing, rules.movers, rules.riders, over, rules.way_back() if over else {})
        self.groups, self.reads = rules.kept, rules.reads

    def still(self, rules: "Rules") -> dict[Group, list["Move"]]:
        """The groups of the last listing whose moves hold in ``rules``'s state (their
        reads go to ``rules.reads``)."""
        if self.facts is None:
            return {}
        load, bombing, movers, riders, over, back = self.facts
        if bool(over) != bool(rules.over):
            return {}
        shifted = over != rules.over  # a group whose way back read the places over the limit is dropped
        changed = {a for a, _ in load.items() ^ rules.load.items()}
        changed.update(a for a, _ in bombing.items() ^ rules.bombing.items())
        _differ(changed, movers, rules.movers)
        _differ(changed, riders, rules.riders)
        if not changed:  # (and so the same places over the limit)
            rules.reads.update(self.reads)
            return self.groups
        room = changed.union(a for a, _ in back.items() ^ rules.way_back().items()) if over else changed
        out = {}
        span, reads = rules.span, self.reads
        for group, moves in self.groups.items():
            read = reads[group]
            if room.isdisjoint(span(*group)) and changed.isdisjoint(read) and not (shifted and read):
                out[group] = moves
                rules.reads[group] = read
        return out


def _differ(changed: set[str], old: Mapping[str, Mapping[str, int]], new: Mapping[str, Mapping[str, int]]) -> None:
    """Add to ``changed`` the places whose units by type differ between ``old`` and ``new``."""
    changed.update(a for a in old.keys() | new.keys() if old.get(a) != new.get(a))
