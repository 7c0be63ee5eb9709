"""The year [Game Years], [Turn]: the core's round-level turn (:class:`fortress.engine.turn.Turn`)
with ATTACK!'s order of play. Each year the command die's holder plays first and chooses the
direction (:mod:`.direction`); the seasons follow that order; Winter (:mod:`.winter`) lets a
player burn oil for one more action; the end of the year pays income to whoever did not Build,
takes the action markers back (the core clears the choices) and passes the command die on."""
from __future__ import annotations

from typing import Any

from fortress.engine.turn import Step, Turn

SEASONS = ("Spring", "Summer", "Autumn")


def year_order(state: Any, first: str, way: str) -> list[str]:
    """The sides in play from ``first`` round the table clockwise (seat order) or counterclockwise."""
    seats = state.live()
    i = seats.index(first)
    turned = seats[i:] + seats[:i]
    return turned if way == "cw" else [turned[0], *reversed(turned[1:])]


class YearTurn(Turn):
    """The round-level turn, its order of play read from the state (``state.order``)."""

    def _next_side(self, g: Any, step: Step, after: str | None) -> str | None:
        state = g.state
        if step.name == "direction":  # [Setup S5] the starting player alone decides
            return state.first if after is None and state.first not in state.out else None
        order = [s for s in (state.order or state.live()) if s not in state.out]
        start = 0 if after is None else order.index(after) + 1 if after in order else len(order)
        return next((s for s in order[start:] if step.plays(s, state.round)), None)

    def _begin_step(self, g: Any, i: int, rep: int) -> None:
        name = self.steps[i].name
        g.state.season = SEASONS[rep] if name == "season" else "Winter" if name == "winter" else ""
        super()._begin_step(g, i, rep)

    def drop(self, g: Any, side: str) -> None:
        """A side leaving during setup leaves the setup's order (:func:`.setup.drop`)."""
        if g.state.phase == "setup" and g.state.winner is None:
            from fortress.rulesets.attack import setup
            setup.drop(g, side)
            return
        super().drop(g, side)

    def _advance_round(self, g: Any) -> None:
        """A chosen action taken in Winter ends the Winter step, not a season's."""
        state = g.state
        if state.season == "Winter" and state.phase != "winter":
            state.phase = "winter"
        super()._advance_round(g)


def income(g: Any, side: str) -> tuple[int, int]:
    """[Build], [Turn] End of the Year: 1 production per government marker and population card
    (ruling: population counts as a region), 1 oil certificate per oil marker in a held region;
    once a year."""
    s = g.state
    if side in s.income:
        return 0, 0
    s.income.append(side)
    prod = s.markers.get(side, 0) + s.population.get(side, 0)
    oil = sum(1 for r in s.oil if s.control.get(r) == side)
    s.production[side] = s.production.get(side, 0) + prod
    s.oil_certs[side] = s.oil_certs.get(side, 0) + oil
    g.emit("income", f"{g.side_name(side)} receives {prod} production and {oil} oil certificate(s).", side)
    return prod, oil


def end_of_year(g: Any) -> None:
    """[Turn] End of the Year; after the last year the game ends with the scores [End]."""
    from fortress.rulesets.attack import victory
    s = g.state
    for side in s.live():
        income(g, side)
    s.income = []
    order = s.order or s.live()
    s.first = order[(order.index(s.first) + 1) % len(order)] if s.first in order else order[0]
    s.order = year_order(s, s.first, s.direction)
    g.emit("year", f"Year {s.round} ends; {g.side_name(s.first)} takes the command die.")
    if s.round >= s.years:
        victory.finish(g, f"the end of year {s.round}")
