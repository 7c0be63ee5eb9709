"""Combat (rules: Action Sequence 5, Combat Resolution).

One round per declared territory that holds defenders. The player picks a battle
(``attack AREA``), sends units from adjacent areas (``commit N UNIT FROM``; bombers
that bombed the territory are in it already and must attack), then ``fight`` (with at
least one attacking unit). Declared battles are fought ("resolve battles in declared
territories containing defending units"): Combat ends only once no declared territory
with defenders is left that a free unit can attack; at the end, the declarations nobody
could attack lapse (logged; their control markers come back). The
battle itself is :class:`fortress.rulesets.america.battle.Battle`, the same code the odds calculator
and the bots use. Choices go to the side the rules give them to: the firing side picks
casualties, the defender picks who retreats and where, the attacker picks who
disengages. A choice with only one option is made automatically.
"""
from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import TYPE_CHECKING

from fortress.rulesets.america.actions import Action, Attack, Casualty, Commit, Disengage, End, Fight, Retreat, shared
from fortress.rulesets.america.battle import ATTACKER, DEFENDER, Battle
from fortress.rulesets.america.dice import COMBINED_ARMS, FACE_WORDS
from fortress.engine.check import Check
from fortress.rulesets.america.state import BattleState, Roll, Stage, Status

if TYPE_CHECKING:
    from fortress.engine.context import Context
    from fortress.rulesets.america.state import Unit


_uid = attrgetter("uid")
_BOMBING = Status.BOMBING  # a module constant: looking up an enum member on its class is slow in the unit walks


def enter(g: "Context") -> None:
    g.state.fought = []
    g.state.battle = None
    for u in g.state.units.values():
        u.committed = None


# -- who can fight where ------------------------------------------------------------------------
def potential_attackers(g: "Context", area: str) -> list["Unit"]:
    """Units of the side to move free to join the battle at ``area``: those next to it
    (not scouting, bombing elsewhere, disengaged or already in a battle) and the
    bombers that bombed it."""
    side = g.state.turn
    out = [u for u in g.units(area, side) if u.status == _BOMBING and u.committed is None]
    for n in g.board.neighbours(area):
        out.extend(u for u in g.units(n, side) if not u.status and u.committed is None)
    return out


def _choices(g: "Context") -> tuple[list[str], list[str]]:
    """The open battles (declared, with defenders, not fought yet), in declared order,
    split into those a potential attacker can start now and those nobody can attack.
    One walk over the units instead of one look at each area's neighbours."""
    s = g.state
    side = s.turn
    enemy = {u.area for other in g.rules.sides if other != side for u in g.side_units(other)}
    free, bombers = set(), set()
    for u in g.side_units(side):
        if u.status == _BOMBING:
            if u.committed is None:
                bombers.add(u.area)
        elif not u.status and u.committed is None:
            free.add(u.area)
    neighbours, fought = g.board.neighbours, s.fought
    can: list[str] = []
    stuck: list[str] = []
    for a in s.declared:
        if a in enemy and a not in fought:
            (can if a in bombers or not free.isdisjoint(neighbours(a)) else stuck).append(a)
    return can, stuck


def sent(g: "Context", area: str) -> list["Unit"]:
    """The units of the side to move sent to the battle at ``area`` so far (bombers that
    bombed it included), in uid order. They stand in the area or next to it."""
    turn = g.state.turn
    out = [u for a in (area, *g.board.neighbours(area)) for u in g.present(a) if u.committed == area and u.side == turn]
    out.sort(key=_uid)  # the order of a walk over all units
    return out


def _attack(area: str) -> Attack:
    """One shared object per action (see fortress.rulesets.america.actions.shared)."""
    return shared(Attack, area)


def retreat_sites(g: "Context", area: str, side: str) -> list[str]:
    """Adjacent friendly territories, not declared, with no enemy and with room (rules:
    Retreat/Disengage, "a friendly non-declared territory"): the neighbours with no
    :func:`retreat_block`."""
    return [n for n in sorted(g.board.neighbours(area)) if retreat_block(g, side, n) is None]


def retreat_block(g: "Context", side: str, dst: str) -> str | None:
    """Why a unit of ``side`` may not retreat into ``dst``, next to its battle, in words (None:
    it may). An invasion zone is not a territory (the same reading as the lasers'), so an
    Invader never retreats into one."""
    s, name = g.state, g.board[dst].name
    if dst in g.board.zone_set:
        return f"{name} is an invasion zone"
    if s.control[dst] != side:
        return f"{name} is held by {g.side_name(s.control[dst]) if s.control[dst] else 'nobody'}"
    if dst in s.declared:
        return f"{name} is declared for a battle"
    if g.enemies_in(dst, side):
        return f"{name} has enemy units"
    if g.room(dst, side) <= 0:
        return f"{name} is full (the 5-unit limit)"
    return None


# -- the three stages ------------------------------------------------------------------------------
class Rules(Check):
    """Choose a battle, send units into it, then make the choices the battle asks for."""

    __slots__ = ("b", "can", "free", "sent")

    def __init__(self, g: "Context") -> None:
        super().__init__(g)
        self.b = b = g.state.battle
        if b is None:
            self.can = _choices(g)[0]
        elif b.stage == Stage.ASSEMBLE:
            self.free = Counter((u.kind, u.area) for u in potential_attackers(g, b.area) if u.area != b.area)
            self.sent = bool(sent(g, b.area))

    def candidates(self) -> list[Action]:
        b = self.b
        if b is None:
            return [_attack(a) for a in self.g.state.declared] + [End()]
        if b.stage == Stage.ASSEMBLE:
            return [Commit(k, kind, src) for (kind, src), n in sorted(self.free.items()) for k in range(1, n + 1)] \
                + [Fight()]
        return _decision_actions(self.g, b)

    def legal(self) -> list[Action]:
        """Choosing a battle: the open battles :func:`_choices` found (those
        :meth:`_choose_battle` allows), or 'end' once there is none."""
        if self.b is None:
            return [_attack(a) for a in self.can] or [End()]
        return super().legal()

    def reason(self, action: Action) -> str | None:
        if self.b is None:
            return self._choose_battle(action)
        if self.b.stage == Stage.ASSEMBLE:
            return self._assemble(action)
        return self._decide(action)

    def _choose_battle(self, action: Action) -> str | None:
        """A declared territory with defenders, not fought yet, that a free unit is next to
        (or bombers bombed); Combat ends only once every such battle is fought."""
        g, s = self.g, self.g.state
        if type(action) is End:
            if not self.can:
                return None
            names = ", ".join(g.board[a].name for a in self.can)
            return (f"Combat: declared battles are fought while a unit of yours can attack them; "
                    f"fight for {names} before ending Combat.")
        if not isinstance(action, Attack):
            return "Combat: choose a battle ('attack AREA') or 'end'."
        area = g.board[action.area]
        if action.area not in s.declared:
            return f"Combat: only declared territories can be fought over; {area.name} was not declared."
        if action.area in s.fought:
            return f"Combat: {area.name} has had its battle this turn (one round per territory)."
        if not g.enemies_in(action.area, s.turn):
            return f"Combat: {area.name} holds no defenders; take it in Invasion."
        if action.area not in self.can:
            return f"Combat: none of your units is next to {area.name} and free to attack it."
        return None

    def _assemble(self, action: Action) -> str | None:
        """Units free to attack (see :func:`potential_attackers`) join from next door."""
        g, area = self.g, self.b.area
        if type(action) is Fight:
            return None if self.sent else \
                "Combat: a battle needs at least one attacking unit; send units ('commit N UNIT FROM') before 'fight'."
        if not isinstance(action, Commit):
            return "Combat: send units ('commit N UNIT FROM') then 'fight'."
        src = g.board[action.src]
        if not g.board.adjacent(action.src, area):
            return f"Combat: attackers come from territories next to {g.board[area].name}; {src.name} is not."
        if not 0 < action.count <= self.free.get((action.unit, action.src), 0):
            return (f"Combat: not that many {action.unit} in {src.name} are free to attack (each unit joins one battle; "
                    "scouts and units that disengaged cannot attack).")
        return None

    def _decide(self, action: Action) -> str | None:
        """The battle's own choices (:meth:`fortress.rulesets.america.battle.Battle.decision`)."""
        g = self.g
        if action in _decision_actions(g, self.b):
            return None
        d = self.b.battle.decision()
        if d and d.kind == "hit":
            return ("Combat: a hit destroys a unit chosen by the firing side within the firing unit's order of casualties "
                    "(Foot fire: foot, then mechanized, then air; Mechanized: foot or mechanized, then air; Air: any); "
                    f"choose one of: {', '.join(f'{k} in {g.board[w].name}' for k, w in d.options)}.")
        if d and d.kind == "retreat":
            return ("Combat: a retreating unit goes to an adjacent friendly territory (not an invasion zone) that is not "
                    "declared, has no enemy and has room (5-unit limit); with none, it is destroyed.")
        if d is None:
            return "Combat: the dice are rolling; there is nothing to decide."
        return "Combat: the attacker chooses one of its units in this battle to disengage."


def _decision_actions(g: "Context", b: BattleState) -> list[Action]:
    assert b.battle is not None  # decisions come up only in a battle being fought
    d = b.battle.decision()
    if d is None:
        return []
    if d.kind == "hit":
        return [Casualty(kind, where) for kind, where in d.options]
    if d.kind == "disengage":
        return [Disengage(kind, where) for kind, where in d.options]
    acts: list[Action] = []
    for kind, where in d.options:
        sites = retreat_sites(g, where, b.defender)
        acts.extend(Retreat(kind, where, s) for s in sites) if sites else acts.append(Retreat(kind, where, None))
    return acts


def auto(g: "Context") -> bool:
    b = g.state.battle
    if b is None or b.stage != Stage.FIGHT:
        return False
    battle = b.battle
    if battle.done:
        _finish(g, b)
        return True
    d = battle.decision()
    if d is None:
        _roll(g, b)
        return True
    acts = _decision_actions(g, b)
    if len(acts) == 1:
        apply(g, acts[0])
        return True
    b.decider = g.state.turn if d.decider == ATTACKER else b.defender
    return False


def apply(g: "Context", action: Action) -> None:
    s = g.state
    if isinstance(action, End):
        _lapse(g)
        g.next_phase()
    elif isinstance(action, Attack):
        s.battle = BattleState(action.area, g.enemies_in(action.area, s.turn)[0].side)
        for u in potential_attackers(g, action.area):
            if u.area == action.area:  # bombers inside
                u.committed = action.area
        g.emit("battle", f"{g.side_name(s.turn)} attacks {g.board[action.area].name}.", s.turn, (action.area,))
    elif isinstance(action, Commit):
        area = s.battle.area
        ready = [u for u in potential_attackers(g, area) if u.kind == action.unit and u.area == action.src]
        for u in ready[: action.count]:
            u.committed = area
        g.emit("commit", f"{g.side_name(s.turn)} sends {action.count} {action.unit} from {g.board[action.src].name}.",
               s.turn, (action.src, area))
    elif isinstance(action, Fight):
        _start(g, s.battle)
    else:
        _choose(g, s.battle, action)


def _lapse(g: "Context") -> None:
    """Combat ends: each open battle nobody can attack lapses; its declaration is taken
    back (an Invader's control marker comes back)."""
    s = g.state
    for area in _choices(g)[1]:
        s.declared.remove(area)
        g.emit("lapse", f"{g.side_name(s.turn)}'s declared battle in {g.board[area].name} lapses: "
               "no unit can attack it.", s.turn, (area,))


def _start(g: "Context", b: BattleState) -> None:
    s, area = g.state, b.area
    attackers = Counter((u.kind, u.area) for u in sent(g, area))
    defenders = Counter((u.kind, area) for u in g.enemies_in(area, s.turn))
    b.battle = Battle(area, g.board[area].kind, dict(attackers), dict(defenders), g.tables)
    b.stage = Stage.FIGHT


def _roll(g: "Context", b: BattleState) -> None:
    battle = b.battle
    assert battle is not None and battle.firing is not None  # rolled only when a class is to fire
    role, cls = battle.firing
    side = g.state.turn if role == ATTACKER else b.defender
    miss = battle.combined_arms_miss(role)  # before the roll's casualties change the classes
    rolls = battle.roll(g.dice)
    b.rolls.extend(Roll(side, kind, die, face) for (kind, _w), die, face in rolls)
    faces = ", ".join(f"{kind} {FACE_WORDS[face]}" for (kind, _w), _die, face in rolls)
    g.emit("roll", f"{g.side_name(side)} ({role}) {cls} fire in {g.board[b.area].name}: {faces}.", side,
           (b.area,), tuple((kind, die, face) for (kind, _w), die, face in rolls))
    if miss and any(face == COMBINED_ARMS for _t, _d, face in rolls):
        g.emit("combined_arms", miss, side, (b.area,))


def _unit_for(g: "Context", b: BattleState, kind: str, where: str, role: str) -> "Unit":
    s, area = g.state, b.area
    for u in g.present(where):  # in uid order, as a walk over every unit
        if u.kind != kind:
            continue
        if role == ATTACKER and u.side == s.turn and u.committed == area:
            return u
        if role == DEFENDER and u.side != s.turn:
            return u
    raise LookupError(f"no {kind} in {where} for the {role}")


def _choose(g: "Context", b: BattleState, action: Action) -> None:
    battle = b.battle
    assert battle is not None  # a decision is only asked in a battle being fought
    assert isinstance(action, (Casualty, Disengage, Retreat))  # what reason() lets through here
    b.decider = None
    token = (action.unit, action.src if isinstance(action, Retreat) else action.area)
    d = battle.decision()
    assert d is not None
    battle.choose(token)
    if isinstance(action, Casualty):
        g.destroy(_unit_for(g, b, *token, d.victim), "battle")
    elif isinstance(action, Disengage):
        u = _unit_for(g, b, *token, ATTACKER)
        u.committed = None
        if u.origin is not None:  # a bomber returns to the territory it came from
            g.relocate(u, u.origin)
        g.set_status(u, Status.DISENGAGED)
        g.emit("disengage", f"{g.side_name(u.side)} {u.kind} disengages and returns to {g.board[u.area].name}.",
               u.side, (u.area,))
    elif isinstance(action, Retreat):
        u = _unit_for(g, b, *token, DEFENDER)
        if action.dst is None:
            battle.destroy_retreated(token)
            g.destroy(u, "no territory to retreat to")
        else:
            g.relocate(u, action.dst)
            g.emit("retreat", f"{g.side_name(u.side)} {u.kind} retreats to {g.board[action.dst].name}.",
                   u.side, (b.area, action.dst))


def _finish(g: "Context", b: BattleState) -> None:
    s, area, battle = g.state, b.area, b.battle
    assert battle is not None
    s.fought.append(area)
    s.battle = None
    name = g.board[area].name
    if battle.cleared:
        g.emit("battle", f"Battle for {name}: no defender is left.", s.turn, (area,))
    else:
        g.emit("battle", f"Battle for {name}: the defenders hold.", b.defender, (area,))
    g.check_armies()
