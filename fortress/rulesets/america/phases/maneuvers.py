"""Maneuvers (rules: Action Sequence 3, Special Unit Abilities).

Each unit moves once, up to its movement value, through territories its side controls
(an Invader's own zones count) and ends in one. Foot units move only when a mobile
unit carries one from its own territory (Transport). Air units fly over any land
territory and their own zones, and end in friendly ones, except:

* Bombing: a bomber may end in an occupied declared enemy territory (up to 5 bombers
  beyond the unit limit); it must attack there in Combat and keeps its place in the
  territory it came from.
* Scouting: a helicopter may end in an unoccupied, non-city declared enemy territory;
  it cannot move or attack again this turn.

The 5-unit limit holds at the end of Maneuvers (project ruling; see
:mod:`fortress.rulesets.america.stacking`): a move may leave a place over the limit (a swap between
two full territories) only while the units still free to move could bring every place
back within it, and 'end' is refused while a place is over it.
"""
from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any, Container, Mapping

from fortress.rulesets.america.actions import Action, End, Move, notation, shared
from fortress.engine.check import Check
from fortress.rulesets.america.stacking import end_refusal, describe
from fortress.rulesets.america.state import Status
from fortress.rulesets.america.units import AIR, FOOT, UnitType

if TYPE_CHECKING:
    from fortress.engine.board import Board
    from fortress.engine.context import Context


def reach(g: "Context", side: str, src: str, unit: UnitType) -> tuple[str, ...]:
    """Areas a unit of type ``unit`` could end in from ``src``, whoever holds what: air
    flies ``unit.move`` over land and its own zones, others step next door."""
    return g.board.flight(src, unit.move, side) if unit.cls == AIR else tuple(g.board.neighbours(src))


def ending(board: "Board", control: Mapping[str, str], side: str, unit: UnitType, dst: str, enemy_there: bool,
           declared: Container[str]) -> str | None:
    """How a ``unit`` of ``side`` may end in ``dst``: "move" (its side holds it), "bomb"
    (a bomber, into a declared territory with enemy units), "scout" (a helicopter, into
    an unoccupied non-city declared territory), or None. ``control``: who holds each
    area; ``declared``: the declared areas."""
    if control[dst] == side:
        return "move"
    if dst in declared and dst not in board.zone_set:
        if unit.bombing and enemy_there:
            return "bomb"
        if unit.scouting and not enemy_there and not board[dst].is_city:
            return "scout"
    return None


class Rules(Check):
    """Each unit moves once; foot units ride a mobile unit; units end where
    :func:`ending` allows; every place within the 5-unit limit at the end (5 bombers
    over a target at any time). A move may leave places over the limit only while
    :meth:`stuck` finds a way back within it; 'end' only with none over it (``over``).

    Control, declarations and enemy positions hold through Maneuvers, so how each unit
    type may end in each area (``endings``, from copies of those facts) and where it may
    end from each source (:meth:`ends`) are worked out once per phase, as asked
    (``game.memo``, emptied at each phase).
    The rest, in one walk over the side's units: ``movers[src]``: units able to move,
    by type, sources in the order of their first unit; ``riders[src]``: unmoved foot
    units by type (each may ride out with a mobile unit); ``load`` and ``bombing``: counts toward the two limits. The unit types
    (``units``) and the two limits (``limit``, ``bombing_limit``) are the ruleset's."""

    __slots__ = ("side", "movers", "riders", "load", "bombing", "endings", "wheres", "shorts", "over", "plan_now",
                 "outs", "units", "limit", "bombing_limit")

    def __init__(self, g: "Context") -> None:
        super().__init__(g)
        self.side = side = g.state.turn
        self.units, self.limit = units, limit = g.tables.units, g.unit_limit
        self.bombing_limit: int = g.tables.numbers["bombing_limit"]
        grounded = side in g.state.grounded
        phase = g.memo.get(("maneuvers", side))
        if phase is None:
            enemy = frozenset(u.area for u in g.state.units.values() if u.side != side)
            facts = (g.board, dict(g.state.control), side, enemy, frozenset(g.state.declared))
            phase = g.memo[("maneuvers", side)] = ({kind: _Endings(facts, unit) for kind, unit in units.items()}, {})
        self.endings: dict[str, _Endings] = phase[0]
        self.wheres: dict[tuple, Any] = phase[1]  # memo: ends() by (src, kind), moves() by (src, kind, n, riders)
        self.movers: dict[str, dict[str, int]] = {}
        self.riders: dict[str, dict[str, int]] = {}
        self.load: dict[str, int] = {}
        self.bombing: dict[str, int] = {}
        movers, riders, load, bombing = self.movers, self.riders, self.load, self.bombing
        self.shorts: dict[int, set[str]] = {}
        for u in g.side_units(side):  # in uid order
            area = u.area
            if u.status == "bombing":
                load[u.origin] = load.get(u.origin, 0) + 1
                bombing[area] = bombing.get(area, 0) + 1
            else:
                load[area] = load.get(area, 0) + 1
            if u.moved:
                continue
            cls = units[u.kind].cls
            if cls == FOOT:
                here = riders.setdefault(area, {})
                here[u.kind] = here.get(u.kind, 0) + 1
            elif not u.status and not (grounded and cls == AIR):
                here = movers.setdefault(area, {})
                here[u.kind] = here.get(u.kind, 0) + 1
        self.over = {a for a, k in load.items() if k > limit}
        self.plan_now: dict[str, int] | None = None
        self.outs: dict[str, list[tuple[str, int, tuple[str, ...]]]] = {}  #: settle's movers and exits by place

    def ends(self, src: str, kind: str) -> tuple[tuple[str, str, list[Move]], ...]:
        """Where a ``kind`` in ``src`` may end, how (see :func:`ending`), and the moves
        there: ``((dst, "move"|"bomb"|"scout", [move 1 ..., move 5 ...]), ...)``."""
        found = self.wheres.get((src, kind))
        if found is None:
            endings, rows = self.endings[kind], _rows(kind, src, self.limit)
            found = self.wheres[(src, kind)] = tuple(
                (dst, how, rows[dst]) for dst in reach(self.g, self.side, src, self.units[kind])
                if (how := endings[dst]) is not None)
        return found

    def how(self, src: str, kind: str, dst: str) -> str | None:
        """How a ``kind`` in ``src`` may end in ``dst`` (None: it may not)."""
        return next((how for to, how, _ in self.ends(src, kind) if to == dst), None)

    def room(self, dst: str, how: str) -> int:
        """Room left in ``dst``: the 5-unit limit, or the bombing limit for bombers."""
        if how == "bomb":
            return self.bombing_limit - self.bombing.get(dst, 0)
        return self.limit - self.load.get(dst, 0)

    def moves(self, src: str, kind: str) -> list[Move]:
        """The moves of ``kind`` units from ``src`` allowed now: for each place in
        :meth:`ends`, 1 up to as many as may go, and one mobile unit carrying each
        unmoved foot unit type (Transport); each kept by :meth:`allows`.

        Laid out for speed: the group's moves as if no destination held any of the
        side's units (:meth:`plan`, once per phase); with no place over the limit, only
        the places short of room now (:meth:`short`) are sifted again."""
        n = self.movers.get(src, _NONE).get(kind, 0)
        if not n:
            return []
        riders = tuple(self.riders.get(src, ())) if self.units[kind].transport else ()
        flat, spans = self.plan(src, kind, n, riders)
        sift = self.sift
        if self.over:
            out: list[Move] = []
            for start, end, dst, how, _ in spans.values():
                out += sift(flat[start:end], src, dst, how)
            return out
        tight = spans.keys() & self.short(max(n, 2) if riders else n)
        if not tight:
            return flat
        out = []
        done = 0
        for start, end, dst, how, _ in sorted(spans[dst] for dst in tight):
            out += flat[done:start]
            out += sift(flat[start:end], src, dst, how)
            done = end
        out += flat[done:]
        return out

    def sift(self, segment: list[Move], src: str, dst: str, how: str) -> list[Move]:
        """The moves of ``segment`` (all from ``src`` to ``dst``, ending as ``how``) that
        :meth:`allows` keeps: the same answers, with what the segment shares worked out once."""
        if how == "bomb":
            return [m for m in segment if self.allows(m, how)]
        over, stuck = self.over, self.stuck
        base = self.limit - self.load.get(dst, 0)
        out = []
        if not over:
            free = back = None
            for m in segment:
                room = base - m.count - (m.passenger is not None)
                if room >= 0:
                    out.append(m)
                    continue
                if free is None:
                    free = self.free(dst)
                    back = sum(n for kind, n in self.movers.get(dst, _NONE).items() if src in self.exits(dst, kind))
                if free < -room:
                    continue
                if back >= -room or not stuck(m, dst):  # type: ignore[operator]  # set with free
                    out.append(m)
            return out
        quick = src not in over and dst not in over
        need = self.way_back().get(dst, 0) if quick else 0
        for m in segment:
            if quick and base - m.count - (m.passenger is not None) >= need or not stuck(m, dst):
                out.append(m)
        return out

    def allows(self, move: Move, how: str) -> bool:
        """Whether ``move`` (ending as ``how``) keeps to the limits: a bombing run within
        the bombing limit; and every place within the 5-unit limit after it, or
        :meth:`stuck` finding a way back. Quick answers first: with no place over the
        limit, a move within the room left, one needing more units to move out than there
        are, or one whose excess could all go back where the move came from; with some, a
        move that takes nothing the way back now needs (:meth:`way_back`)."""
        over, src = self.over, move.src
        if how == "bomb":
            if move.count > self.bombing_limit - self.bombing.get(move.dst, 0):
                return False
            return src not in over or not self.stuck(move, None)  # a bomber keeps its place
        dst = move.dst
        room = self.limit - self.load.get(dst, 0) - move.count - (move.passenger is not None)
        if not over:
            if room >= 0:
                return True
            if self.free(dst) < -room:
                return False
            if sum(n for kind, n in self.movers.get(dst, _NONE).items() if src in self.exits(dst, kind)) >= -room:
                return True  # as many can go back to the source, which has room for them
        elif src not in over and dst not in over and room >= self.way_back().get(dst, 0):
            return True
        return not self.stuck(move, dst)

    def stuck(self, move: Move, dst: str | None) -> list[tuple[str, int]]:
        """The places ``move`` would leave over the 5-unit limit with no sure way back
        within it, and what each would hold (``dst``: where the moving units count,
        None for bombers, which keep their place); see :meth:`settle`."""
        rider = move.passenger is not None
        carried = move.count + rider
        delta = {move.src: -carried, dst: carried} if dst is not None else {}
        return self.settle(delta, (move.src, move.unit), move.count, rider)[1]

    def way_back(self) -> dict[str, int]:
        """The room in each place that :meth:`settle` uses to bring the places over the
        limit now back within it."""
        if self.plan_now is None:
            self.plan_now = self.settle({}, None, 0)[0]
        return self.plan_now

    def free(self, area: str) -> int:
        """How many of the side's units could still leave ``area``: its units free to
        move, and one unmoved foot unit riding out with each mobile unit (Transport)."""
        movers = self.movers.get(area, _NONE)
        return sum(movers.values()) + min(self.carriers(movers), sum(self.riders.get(area, _NONE).values()))

    def carriers(self, movers: Mapping[str, int]) -> int:
        """How many of ``movers`` may carry a foot unit (Transport)."""
        return sum(n for kind, n in movers.items() if self.units[kind].transport)

    def settle(self, delta: Mapping[str, int], moved: tuple[str, str] | None,
               count: int, rider: bool = False) -> tuple[dict[str, int], list[tuple[str, int]]]:
        """A way back within the limit after a move (``delta``: units gained or lost per
        place; ``moved``: its source and unit type, ``count`` units no longer free to
        move, ``rider``: whether it carried a foot unit): the units still free to move in
        each over-full place are sent to places of their :meth:`ends` with room, a mobile
        unit carrying one of the place's unmoved foot units where there is room for both
        (Transport), the places taken in turn. A greedy plan: when it finds a way, one
        exists; when it does not, the move is refused. Returns the room it uses per place
        and the places it leaves over the limit with what each holds."""
        load, limit, outs, units = self.load, self.limit, self.outs, self.units
        msrc, mkind = moved if moved is not None else (None, None)
        used: dict[str, int] = {}
        left = []
        over = [a for a in self.over | delta.keys() if load.get(a, 0) + delta.get(a, 0) > limit]
        if len(over) > 1:
            over.sort()
        for area in over:
            held = load.get(area, 0) + delta.get(area, 0)
            excess = held - limit
            found = outs.get(area)
            if found is None:
                found = outs[area] = [(kind, n, self.exits(area, kind)) for kind, n in self.movers.get(area, _NONE).items()]
            rides = sum(self.riders.get(area, _NONE).values()) - (rider and area == msrc)
            for kind, n, exits in found:
                if excess <= 0:
                    break
                if area == msrc and kind == mkind:
                    n -= count
                carry = units[kind].transport and rides > 0
                if carry:  # places with room for a mobile unit and its passenger first
                    exits = tuple(sorted(exits, key=lambda to: limit - load.get(to, 0) - delta.get(to, 0) - used.get(to, 0) < 2))
                for to in exits:
                    if n <= 0 or excess <= 0:
                        break
                    spare = limit - load.get(to, 0) - delta.get(to, 0) - used.get(to, 0)
                    if spare > 0:
                        take = min(spare, n, excess)
                        ride = min(take, rides, spare - take, excess - take) if carry else 0
                        used[to] = used.get(to, 0) + take + ride
                        n, excess, rides = n - take, excess - take - ride, rides - ride
            if excess > 0:
                left.append((area, held))
        return used, left

    def exits(self, src: str, kind: str) -> tuple[str, ...]:
        """The places of :meth:`ends` that a ``kind`` in ``src`` may simply move to."""
        key = ("exits", src, kind)
        found = self.wheres.get(key)
        if found is None:
            found = self.wheres[key] = tuple(to for to, how, _ in self.ends(src, kind) if how == "move")
        return found

    def plan(self, src: str, kind: str, n: int, riders: tuple[str, ...]) -> tuple[list[Move], dict]:
        """The moves of ``n`` ``kind`` units from ``src`` (with ``riders`` to carry) if no
        destination held any of the side's units, and where each destination's segment
        lies in them: ``(moves, {dst: (start, end, dst, how, row)})``."""
        key = (src, kind, n, riders)
        found = self.wheres.get(key)
        if found is None:
            flat: list[Move] = []
            spans = {}
            for dst, how, row in self.ends(src, kind):
                start = len(flat)
                flat += segment(kind, src, dst, how, row, n, self.bombing_limit if how == "bomb" else self.limit,
                                riders)
                spans[dst] = (start, len(flat), dst, how, row)
            found = self.wheres[key] = (flat, spans)
        return found

    def short(self, need: int) -> set[str]:
        """The areas whose room (either limit) is now below ``need``."""
        found = self.shorts.get(need)
        if found is None:
            found = self.shorts[need] = {a for a, k in self.load.items() if self.limit - k < need} | \
                {a for a, k in self.bombing.items() if self.bombing_limit - k < need}
        return found

    def _grounded(self, kind: str, src: str) -> str:
        """Why no ``kind`` in ``src`` can move at all."""
        g, side = self.g, self.side
        name = g.board[src].name
        if not any(u.kind == kind for u in g.units(src, side)):
            return f"Maneuvers: {g.side_name(side)} has no {kind} in {name}."
        unit = self.units[kind]
        if unit.cls == FOOT:
            return f"Maneuvers: {kind} cannot move by itself (movement 0); a mobile unit may carry one ('move 1 mobile+{kind} ...')."
        if side in g.state.grounded and unit.cls == AIR:
            return f"Maneuvers: {g.side_name(side)}'s aircraft are grounded this turn (partisan card)."
        return f"Maneuvers: only 0 {kind} in {name} can still move (each unit moves once a turn)."

    def _unreachable(self, unit: UnitType, src: str, dst: str) -> str:
        """Why a ``unit`` in ``src`` may not end in ``dst``."""
        g, side, board = self.g, self.side, self.g.board
        area, here = board[dst], board[src]
        if dst == src:
            return f"Maneuvers: the {unit.name}s are in {here.name} already; a move ends in another area."
        if area.is_zone and area.side != side:
            return f"Maneuvers: only {g.side_name(area.side or '')}'s own units may enter {area.name}."
        if dst not in reach(g, side, src, unit):
            if unit.cls != AIR:
                return f"Maneuvers: a {unit.name} moves 1; {area.name} is not next to {here.name}."
            return f"Maneuvers: {area.name} is beyond a {unit.name}'s movement of {unit.move}."
        if dst not in g.state.declared:
            return f"Maneuvers: units end in territories their side controls; {area.name} is not {g.side_name(side)}'s (declare it and take it in Invasion)."
        if unit.bombing:
            return f"Maneuvers: a bomber ends in an enemy territory only to bomb it, and {area.name} has no enemy units."
        if unit.scouting:
            return f"Maneuvers: a helicopter scouts only an unoccupied, non-city declared territory; {area.name} is not one."
        return f"Maneuvers: {unit.name}s end in territories their side controls; {area.name} is held by the enemy."

    def legal(self) -> list[Action]:
        """The :meth:`moves` of each mover type in each source, then 'end' if no place
        is over the 5-unit limit."""
        out: list[Action] = []
        for src, here in self.movers.items():
            for kind in here:
                out += self.moves(src, kind)
        if not self.over:
            out.append(End())
        return out

    def lone_end(self) -> bool:
        """Whether 'end' is the only legal action: no place over the 5-unit limit, and no
        group with a move allowed (the first group with one answers)."""
        if self.over:
            return False
        return not any(self.moves(src, kind) for src, here in self.movers.items() for kind in here)

    def sample(self, rng: Any) -> Action:
        """A legal action drawn uniformly (``Game.random_action``), mostly without listing:
        a move of the groups' plans (:meth:`plan`: every move the rules could allow, each
        once) or 'end' is drawn uniformly and kept if :meth:`allows` keeps it, else drawn
        again, so each legal action has the same chance; after :data:`DRAWS` refusals, drawn
        from the full listing (as likely too)."""
        starts: list[int] = []
        groups: list[tuple[list[Move], dict]] = []
        total = 0
        units, riders = self.units, self.riders
        for src, here in self.movers.items():
            for kind, n in here.items():
                flat, spans = self.plan(src, kind, n, tuple(riders.get(src, ())) if units[kind].transport else ())
                if flat:
                    starts.append(total)
                    groups.append((flat, spans))
                    total += len(flat)
        count = total + (not self.over)  # the moves, and 'end' while no place is over the limit
        for _ in range(DRAWS if count else 0):
            i = rng.randrange(count)
            if i == total:
                return End()
            g = bisect_right(starts, i) - 1
            flat, spans = groups[g]
            move = flat[i - starts[g]]
            if self.allows(move, spans[move.dst][3]):
                return move
        legal = self.legal()
        return legal[rng.randrange(len(legal))]

    def reason(self, action: Action) -> str | None:
        if type(action) is End:
            return end_refusal(self.g.board, "Maneuvers", self.load, self.limit, "move units out first")
        if not isinstance(action, Move):
            return "Maneuvers: move units ('move N UNIT FROM -> TO') or 'end'."
        kind, src, dst, board = action.unit, action.src, action.dst, self.g.board
        allowed = self.moves(src, kind)
        if action in allowed:
            return None
        n = self.movers.get(src, _NONE).get(kind, 0)
        if n and action.count > n:
            return f"Maneuvers: only {n} {kind} in {board[src].name} can still move (each unit moves once a turn)."
        if action.passenger and (not self.units[kind].transport or action.count != 1):
            return "Maneuvers: only one mobile unit at a time may carry one infantry or partisan (Transport)."
        if not n:
            return self._grounded(kind, src)
        if action.count < 1:
            return "Maneuvers: move at least one unit."
        how = self.how(src, kind, dst)
        if how is None:
            return self._unreachable(self.units[kind], src, dst)
        if action.passenger and (how != "move" or action.passenger not in self.riders.get(src, _NONE)):
            return f"Maneuvers: there is no unmoved {action.passenger} in {board[src].name} to carry into {board[dst].name}."
        room = max(self.room(dst, how), 0)
        stuck = self.stuck(action, None if how == "bomb" else dst) if action.count <= self.limit else []
        if not stuck or (how == "bomb" and action.count > room):
            return f"Maneuvers: {board[dst].name} has room for {room} more of your units (the 5-unit limit)."
        return (f"Maneuvers: after that move {describe(board, stuck)} would be over the {self.limit}-unit limit, with too "
                f"few units there still free to move out to places with room ({board[dst].name} has room for "
                f"{room} more of your units; the limit holds at the end of Maneuvers).")


def segment(kind: str, src: str, dst: str, how: str, row: list[Move], n: int, left: int,
            riders: tuple[str, ...]) -> list[Move]:
    """The moves of ``n`` ``kind`` units from ``src`` to ``dst`` (reached as ``how``,
    ``row`` its moves), ``left`` places being free there: 1 up to as many as may go; then,
    where the 5-unit limit leaves room for two, one unit carrying each of ``riders`` (Transport)."""
    if left <= 0:
        return []
    out = row[:n if n < left else left]
    if riders and left >= 2 and how == "move":
        out += [shared(Move, 1, kind, src, dst, p) for p in riders]
    return out


class _Endings(dict):
    """How a unit type may end in each area this phase, ``{area: how or None}`` (see
    :func:`ending`), worked out as asked from ``facts``: the board and copies of the
    phase's control, enemy areas and declarations (never the game: a copy of the game
    shares its memo)."""

    __slots__ = ("facts", "unit")

    def __init__(self, facts: tuple, unit: UnitType) -> None:
        super().__init__()
        self.facts, self.unit = facts, unit

    def __missing__(self, dst: str) -> str | None:
        board, control, side, enemy, declared = self.facts
        how = self[dst] = ending(board, control, side, self.unit, dst, dst in enemy, declared)
        return how


class _Rows(dict):
    """``{dst: [move 1 ..., move 5 ...]}`` for one unit type and source: shared objects,
    never changed (actions are immutable), made as asked."""

    __slots__ = ("kind", "src", "limit")

    def __init__(self, kind: str, src: str, limit: int) -> None:
        super().__init__()
        self.kind, self.src, self.limit = kind, src, limit

    def __missing__(self, dst: str) -> list[Move]:
        row = self[dst] = [shared(Move, k, self.kind, self.src, dst) for k in range(1, self.limit + 1)]
        return row


def _rows(kind: str, src: str, limit: int) -> _Rows:
    """The rows of ``kind`` from ``src``, up to ``limit`` units a move (the unit limit)."""
    found = _ROWS.get((kind, src, limit))
    if found is None:
        found = _ROWS[(kind, src, limit)] = _Rows(kind, src, limit)
    return found


_ROWS: dict[tuple[str, str, int], _Rows] = {}
#: draws :meth:`Rules.sample` makes before it lists (a refused draw is drawn again)
DRAWS = 8
_NONE: dict[str, int] = {}


def apply(g: "Context", action: Action) -> None:
    side = g.state.turn
    if isinstance(action, End):
        if side in g.state.grounded:
            g.state.grounded.remove(side)
        g.next_phase()
        return
    assert isinstance(action, Move)
    src, dst = action.src, action.dst
    how = ending(g.board, g.state.control, side, g.tables.units[action.unit], dst, bool(g.enemies_in(dst, side)), g.state.declared)
    assert how is not None  # reason() let only a possible move through
    movers = [u for u in g.units(src, side) if u.kind == action.unit and not u.moved and not u.status]
    for u in movers[: action.count]:
        g.relocate(u, dst)
        if how == "bomb":
            g.set_status(u, Status.BOMBING, src)
        u.moved = True
        if how == "scout":
            g.set_status(u, Status.SCOUT)
    if action.passenger:
        rider = next(u for u in g.units(src, side) if u.kind == action.passenger and not u.moved)
        g.relocate(rider, dst)
        rider.moved = True
    g.emit("move", f"{g.side_name(side)} {_VERB[how]}: {notation(action, g.board)[5:]}.", side, (src, dst))


_VERB = {"move": "moves", "bomb": "flies in to bomb", "scout": "scouts"}
