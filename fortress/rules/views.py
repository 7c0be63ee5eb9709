"""What players, the UI and bots read from a game (the views of :class:`~fortress.rules.game.Game`):
units and who holds what, markers, cards, the forces of a battle. Areas and sides may be
given by id or by name, as actions are."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from fortress.rules import markers

if TYPE_CHECKING:
    from fortress.rules.context import Context
    from fortress.rules.markers import Markers
    from fortress.rules.rulesets import Ruleset
    from fortress.rules.tables import Tables


class Views:
    """The reading half of :class:`~fortress.rules.game.Game` (its ``ctx`` and ``rules``)."""

    ctx: "Context"
    rules: "Ruleset"

    def area_id(self, area: str) -> str:
        """The id of ``area``, given as an id or as a name in any case (``KeyError`` in words,
        with close names, for one this board does not have)."""
        return area if area in self.ctx.board.areas else self.ctx.board.find(area)

    def side_id(self, side: str) -> str:
        """The id of ``side``, given as an id or as its name in any case ("West", "U.S.");
        ``ValueError`` in words for a side this ruleset does not have."""
        names = self.rules.side_names
        if side in names:
            return side
        key = str(side).strip().casefold()
        for sid, name in names.items():
            if key in (sid, name.casefold()):
                return sid
        raise ValueError(f"no side {str(side)[:40]!r} in this game; the sides are {', '.join(names)}")

    def units(self, area: str, side: str | None = None) -> list:
        """The units in ``area`` (of ``side`` if given), in uid order."""
        return self.ctx.units(self.area_id(area), None if side is None else self.side_id(side))

    def enemies_in(self, area: str, side: str) -> list:
        return self.ctx.enemies_in(area, side)

    def touch(self) -> None:
        """The state was changed from outside (a test, a replay view): drop derived views."""
        self.ctx.touch()

    def units_in(self, area: str) -> Counter:
        """Units in ``area`` as a Counter of ``(side, unit type)``."""
        return Counter((u.side, u.kind) for u in self.ctx.present(self.area_id(area)))

    def controller(self, area: str) -> str | None:
        """The side holding ``area`` (None for one nobody holds)."""
        return self.ctx.state.control.get(self.area_id(area))

    def cities_captured(self) -> int:
        return len(self.ctx.state.captured)

    def markers(self, side: str) -> "Markers":
        """An Invader's control markers now: ``supply``, ``held``, ``declared``, ``in_use``,
        ``left`` (worked out from the board; :mod:`fortress.rules.markers`)."""
        return markers.count(self.ctx.state, self.ctx.board, self.side_id(side), self.tables.numbers)

    def markers_left(self, side: str) -> int:
        """Control markers ``side`` (an Invader) may still place."""
        return self.markers(side).left

    def hand(self, viewer: str) -> tuple:
        """Invader Card variant: the cards ``viewer`` (an Invader) holds, as
        :class:`fortress.rules.invader_cards.InvaderCard`; show them to its player only
        (others see :meth:`hand_size`)."""
        from fortress.rules.invader_cards import hand
        viewer = self.side_id(viewer)
        return hand(self.ctx.state, viewer, self.tables.invader_cards) if hasattr(self.ctx.state, "invader_hands") else ()

    @property
    def tables(self) -> "Tables":
        """The ruleset's data tables (units, dice, cards, numbers: :mod:`fortress.rules.tables`)."""
        tables: Tables = self.rules.tables
        return tables

    def laser_target(self) -> int:
        """The least laser roll that destroys its target now: the black die's ``destroy_on``
        (5), one less while a card such as Power Grid Overcharge is in effect this turn."""
        from fortress.rules.phases.lasers import target_number
        return target_number(self.ctx)

    def hand_size(self, side: str) -> int:
        """How many Invader cards ``side`` holds (public)."""
        return len(getattr(self.ctx.state, "invader_hands", {}).get(self.side_id(side), ()))

    @property
    def footholds(self) -> dict[str, str]:
        """Invader Card variant: the footholds placed, territory -> Invader (public; one works
        while its Invader holds the territory)."""
        return dict(getattr(self.ctx.state, "footholds", {}))

    def attack_forces(self, area: str) -> dict[tuple[str, str], int]:
        """Units of the side to move that could join a battle at ``area`` now, and those
        already sent to it, as ``{(unit type, where): count}`` (bombers inside are keyed
        with ``where = area``)."""
        from fortress.rules.phases.combat import potential_attackers
        side, area = self.ctx.state.turn, self.area_id(area)
        sent = [u for u in self.ctx.side_units(side) if u.committed == area]
        return dict(Counter((u.kind, u.area) for u in potential_attackers(self.ctx, area) + sent))

    def could_attack(self, area: str) -> bool:
        """Whether a unit of the side to move could join a battle at ``area`` this turn: one
        free next to it now (``attack_forces``), or one whose Maneuvers move could end next to
        it (a bound: who holds the way is not checked). False: a battle declared there will
        lapse, no unit being able to attack it (rules: Combat)."""
        from fortress.rules.phases.maneuvers import reach
        ctx, area = self.ctx, self.area_id(area)
        if self.attack_forces(area):
            return True
        near, side = ctx.board.neighbours(area), ctx.state.turn
        return any(u.area in near or near.intersection(reach(ctx, side, u.area, ctx.tables.units[u.kind]))
                   for u in ctx.side_units(side) if not u.status)

    def defence_forces(self, area: str) -> dict[tuple[str, str], int]:
        """The enemy units standing in ``area``, as ``{(unit type, area): count}``."""
        side, area = self.ctx.state.turn, self.area_id(area)
        return dict(Counter((u.kind, area) for u in self.ctx.present(area) if u.side != side))
