"""What players, the UI and bots read from a game of Fortress America, beyond the engine's
:class:`~fortress.engine.game.Game`: units and who holds what, markers, cards, the forces of a
battle. Areas and sides may be given by id or by name, as actions are. The ruleset plays its
games as :class:`AmericaGame` (its ``game_class``)."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from fortress.engine.game import Game
from fortress.rulesets.america import markers

if TYPE_CHECKING:
    from fortress.rulesets.america.markers import Markers


class AmericaGame(Game):
    """A game of Fortress America: the engine's :class:`~fortress.engine.game.Game` and the
    views below."""

    def units(self, area: str, side: str | None = None) -> list:
        """The units in ``area`` (of ``side`` if given), in uid order."""
        return self.ctx.units(self.area_id(area), None if side is None else self.side_id(side))

    def enemies_in(self, area: str, side: str) -> list:
        return self.ctx.enemies_in(area, side)

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
        ``left`` (worked out from the board; :mod:`fortress.rulesets.america.markers`)."""
        return markers.count(self.ctx.state, self.ctx.board, self.side_id(side), self.tables.numbers)

    def markers_left(self, side: str) -> int:
        """Control markers ``side`` (an Invader) may still place."""
        return self.markers(side).left

    def hand(self, viewer: str) -> tuple:
        """Invader Card variant: the cards ``viewer`` (an Invader) holds, as
        :class:`fortress.rulesets.america.invader_cards.InvaderCard`; show them to its player only
        (others see :meth:`hand_size`)."""
        from fortress.rulesets.america.invader_cards import hand
        viewer = self.side_id(viewer)
        return hand(self.ctx.state, viewer, self.tables.invader_cards) if hasattr(self.ctx.state, "invader_hands") else ()

    def laser_target(self) -> int:
        """The least laser roll that destroys its target now: the black die's ``destroy_on``
        (5), one less while a card such as Power Grid Overcharge is in effect this turn."""
        from fortress.rulesets.america.phases.lasers import target_number
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
        from fortress.rulesets.america.phases.combat import potential_attackers
        side, area = self.ctx.state.turn, self.area_id(area)
        sent = [u for u in self.ctx.side_units(side) if u.committed == area]
        return dict(Counter((u.kind, u.area) for u in potential_attackers(self.ctx, area) + sent))

    def could_attack(self, area: str) -> bool:
        """Whether a unit of the side to move could join a battle at ``area`` this turn: one
        free next to it now (``attack_forces``), or one whose Maneuvers move could end next to
        it (a bound: who holds the way is not checked). False: a battle declared there will
        lapse, no unit being able to attack it (rules: Combat)."""
        from fortress.rulesets.america.phases.maneuvers import reach
        ctx, area = self.ctx, self.area_id(area)
        if self.attack_forces(area):
            return True
        near, side = ctx.board.neighbours(area), ctx.state.turn
        return any(u.area in near or near.intersection(reach(ctx, side, u.area, ctx.tables.units[u.kind]))
                   for u in ctx.side_units(side) if not u.status)

    def retreat_blocks(self, area: str, side: str) -> dict[str, str]:
        """Why a unit of ``side`` retreating from ``area`` may not go into each neighbour that
        is no retreat site, in words, by neighbour (rules: Retreat/Disengage; the check that
        lists the sites). With every neighbour here, it has nowhere to go and is destroyed."""
        from fortress.rulesets.america.phases.combat import retreat_block
        ctx, area = self.ctx, self.area_id(area)
        return {n: why for n in sorted(ctx.board.neighbours(area)) if (why := retreat_block(ctx, side, n)) is not None}

    def defence_forces(self, area: str) -> dict[tuple[str, str], int]:
        """The enemy units standing in ``area``, as ``{(unit type, area): count}``."""
        side, area = self.ctx.state.turn, self.area_id(area)
        return dict(Counter((u.kind, area) for u in self.ctx.present(area) if u.side != side))
