"""Maneuvers' one cache: the legal moves of each group and of each of its destinations,
carried from one listing to the next.

A group is a unit type in a source (:meth:`maneuvers.Rules.moves`), a segment its moves to
one destination (:meth:`maneuvers.Rules.sift`). A move changes the side's units in two
places only, so after it most groups and segments list the same moves as before. The side's
last full listing this phase is kept in ``game.memo`` (:class:`Listings`) with the facts it
was read from: the side's load and bombers per place, its units free to move and its
unmoved foot units per place, the places over the 5-unit limit and the room the way back
within it takes (:meth:`Rules.way_back`). A later listing, with places over the limit if and
only if the last one had some, takes a group's or a segment's moves from it when nothing
they were worked out from has changed (:meth:`Listings.since` says what has):

* no fact of the places they read: the group's source and destinations (:meth:`Rules.span`),
  the segment's source and destination, and the places their way back read
  (:meth:`Rules.settle` notes them while they are worked out);
* the same room for the way back in those destinations;
* if they asked for a way back, the same places over the limit.

During a side's Maneuvers units only leave the groups (a moved unit moves no more), so equal
counts of units by type in a place are the same units, in the same order.
A game and its copies share the memo, so the facts, not the game, say whether the record
holds: they are compared with the state at every listing. ``tests/test_engine_speedups.py``
holds every listing to the one worked out from scratch after every action of random games.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    from fortress.rulesets.america.actions import Move
    from fortress.rulesets.america.phases.maneuvers import Rules

Group = tuple[str, str]  #: (source, unit type)
Segment = tuple[str, str, str, int, tuple[str, ...]]  #: (source, unit type, destination, units, riders)
Worked = tuple[list["Move"], set[str]]  #: moves, and the places their way back read


@dataclass(frozen=True, slots=True)
class Since:
    """What changed since the last listing: the places whose facts did (``changed``),
    those whose room for the way back did too (``room``), and whether the places over the
    limit did (``shifted``)."""

    changed: set[str]
    room: set[str]
    shifted: bool

    def holds(self, places: frozenset[str] | tuple[str, str], read: set[str]) -> bool:
        """Whether moves worked out from ``places`` (and the way back's ``read``) hold."""
        return self.room.isdisjoint(places) and self.changed.isdisjoint(read) and not (self.shifted and read)


class Listings:
    """The last full Maneuvers listing of one side this phase: the facts it was read from,
    and the moves worked out for each group and segment, with what their way back read."""

    __slots__ = ("facts", "groups", "segments")

    def __init__(self) -> None:
        self.facts: tuple[dict[str, int], dict[str, int], dict[str, dict[str, int]], dict[str, dict[str, int]],
                          frozenset[str], dict[str, int]] | None = None
        self.groups: dict[Group, Worked] = {}
        self.segments: dict[Segment, Worked] = {}

    def keep(self, rules: "Rules") -> None:
        """Keep what ``rules`` has worked out or carried as the last listing."""
        over = frozenset(rules.over)
        self.facts = (rules.load, rules.bombing, rules.movers, rules.riders, over, rules.way_back() if over else {})
        self.groups, self.segments = rules.kept, rules.sifts

    def since(self, rules: "Rules") -> Since | None:
        """What changed between the last listing and ``rules``'s state (None: nothing holds)."""
        if self.facts is None:
            return None
        load, bombing, movers, riders, over, back = self.facts
        if bool(over) != bool(rules.over):
            return None
        changed = {a for a, _ in load.items() ^ rules.load.items()}
        changed.update(a for a, _ in bombing.items() ^ rules.bombing.items())
        _differ(changed, movers, rules.movers)
        _differ(changed, riders, rules.riders)
        room = changed.union(a for a, _ in back.items() ^ rules.way_back().items()) if over and changed else changed
        return Since(changed, room, over != rules.over)

    def group(self, rules: "Rules", since: Since, group: Group) -> Worked | None:
        """The group's moves of the last listing, if they hold now."""
        found = self.groups.get(group)
        return found if found is not None and since.holds(rules.span(*group), found[1]) else None

    def segment(self, since: Since, key: Segment) -> Worked | None:
        """The segment's moves of the last listing, if they hold now."""
        found = self.segments.get(key)
        return found if found is not None and since.holds((key[0], key[2]), found[1]) else None


def _differ(changed: set[str], old: Mapping[str, Mapping[str, int]], new: Mapping[str, Mapping[str, int]]) -> None:
    """Add to ``changed`` the places whose units by type differ between ``old`` and ``new``."""
    changed.update(a for a in old.keys() | new.keys() if old.get(a) != new.get(a))
