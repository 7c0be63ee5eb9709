"""Bot turns you can follow: the bots' moves recorded as they are played, a move
list grouped by side's turn and phase, and a paragraph per turn saying what happened.

Pure logic, no widgets: :class:`Tape` records each bot move (the position after it, its
events, and for a move that rolled a battle's dice the odds the attacker had just before);
:func:`move_list` groups the steps; :func:`summarize_turn` writes one turn's paragraph from
its steps' events (the game's log) and those odds. ``fortress.rulesets.america.dashboard.follow_panel`` shows them.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fortress.rulesets.america.odds import odds_of
from fortress.rulesets.america.battle import Battle
from fortress.engine.events import Event
from fortress.engine.rulesets import side_label


MAX_TURNS = 4  #: the tape keeps the bots' last four turns at most (a round of four sides)


@dataclass(frozen=True)
class Fight:
    """A battle as it stood when its dice were rolled: where, how many attacking units,
    and the attacker's exact chance of clearing the territory."""

    area: str
    units: int
    odds: float | None


@dataclass(frozen=True)
class Step:
    """One bot move: who made it, when, in the notation, why, and what it did."""

    ply: int  # its index in ``game.history``
    round: int
    side: str  # whose turn it was (the mover may be a defender choosing casualties)
    phase: str
    text: str
    reason: str
    events: tuple[Event, ...]
    fight: Fight | None = None


@dataclass(frozen=True)
class Snapshot:
    """What a step needs from the position before it (taken before the move is applied)."""

    ply: int
    round: int
    turn: str
    phase: str
    captured: int
    battle: Any  # the game's BattleView, or None


def fight_of(game, view) -> Fight | None:
    """The odds of the battle ``view`` (``game.battle``) as assembled, before its dice."""
    if view is None or view.rolls:
        return None
    units = sum(view.attackers.values())
    try:
        battle = Battle(view.area, game.board[view.area].kind, dict(view.attackers), dict(view.defenders), game.tables)
        odds: float | None = odds_of(battle).p_cleared
    except Exception:  # noqa: BLE001 - odds are advice; a summary never fails for them
        odds = None
    return Fight(view.area, units, odds)


@dataclass
class Tape:
    """The bots' latest run of moves, with every position it passed through.

    ``states[0]`` is the position before the first step, ``states[i]`` the one after step
    ``i`` (1-based). A run ends when someone else's turn comes between two bot moves (a
    human's own turn): the next bot move starts a new tape. A human decision inside a bot's
    turn (a casualty, a retreat) does not break the run."""

    steps: list[Step] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    cities: int = 0  # captured cities before the first step
    _fights: dict[str, Fight] = field(default_factory=dict)

    def snapshot(self, game) -> Snapshot:
        s = game.state
        return Snapshot(len(game.history), s.round, s.turn, s.phase, game.cities_captured(), game.battle)

    def clear(self) -> None:
        self.steps, self.states, self.cities = [], [], 0

    def record(self, before: Snapshot, game, action, reason: str, events: Sequence[Event],
               before_state: Any) -> Step:
        """Add the move ``action`` (already applied to ``game``; ``before`` and
        ``before_state`` taken just before it)."""
        last = self.steps[-1] if self.steps else None
        if last is None or (before.ply != last.ply + 1 and (before.round, before.turn) != (last.round, last.side)):
            self.clear()
            self.states, self.cities = [before_state], before.captured
        fight = None
        if any(e.kind == "roll" for e in events) and before.battle is not None and not before.battle.rolls:
            fight = fight_of(game, before.battle)
        step = Step(before.ply, before.round, before.turn, before.phase, game.notation(action), reason,
                    tuple(events), fight)
        self.steps.append(step)
        self.states.append(game.state.copy())
        if last is not None and (step.round, step.side) != (last.round, last.side):
            self._keep_last_turns()
        return step

    def _keep_last_turns(self) -> None:
        """At most :data:`MAX_TURNS` turns (bots playing every side never break the run): the
        oldest turn goes, with its positions (about 23 KiB each)."""
        turns = self.turns()
        if len(turns) > MAX_TURNS:
            k = len(turns[0])
            self.cities += sum(1 for st in turns[0] for e in st.events if e.kind == "city")
            del self.steps[:k], self.states[:k]

    def turns(self) -> list[list[Step]]:
        """The steps cut into sides' turns (round, side), in order."""
        out: list[list[Step]] = []
        for step in self.steps:
            if not out or (out[-1][0].round, out[-1][0].side) != (step.round, step.side):
                out.append([])
            out[-1].append(step)
        return out

    def cities_before(self, turn: Sequence[Step]) -> int:
        """Captured cities before ``turn`` (one of :meth:`turns`)."""
        n = self.cities
        for step in self.steps:
            if step is turn[0]:
                return n
            n += sum(1 for e in step.events if e.kind == "city")
        return n


# -- the move list --------------------------------------------------------------------------
@dataclass(frozen=True)
class Group:
    """The steps of one phase of one side's turn (a row of the move list)."""

    round: int
    side: str
    phase: str
    steps: tuple[tuple[int, Step], ...]  # (position in the tape, 1-based; step)


def move_list(steps: Sequence[Step]) -> list[Group]:
    """``steps`` grouped by round, side's turn and phase, in order, as a chess site's move
    list groups moves by turn; a phase that comes again (after a human's choice) continues
    the same group."""
    out: list[Group] = []
    for i, step in enumerate(steps, 1):
        if out and (out[-1].round, out[-1].side, out[-1].phase) == (step.round, step.side, step.phase):
            out[-1] = Group(step.round, step.side, step.phase, out[-1].steps + ((i, step),))
        else:
            out.append(Group(step.round, step.side, step.phase, ((i, step),)))
    return out


# -- the summary ----------------------------------------------------------------------------
def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _names(ids: Sequence[str], names: Mapping[str, str], limit: int = 4) -> str:
    """"A", "A and B", "A, B and C"; past ``limit``: "A, B, C, D and 3 more"."""
    words = [names.get(a, a) for a in ids]
    if len(words) > limit:
        words = words[:limit] + [f"{len(ids) - limit} more"]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _battle_sentence(fight: Fight | None, area: str, cleared: bool, taken: bool, names: Mapping[str, str]) -> str:
    name = names.get(area, area)
    odds = f" (odds {fight.odds:.0%})" if fight and fight.odds is not None else ""
    force = f" with {_plural(fight.units, 'unit')}" if fight else ""
    outcome = "took it" if taken else ("cleared it" if cleared else "the defenders held")
    joint = " and " if taken or cleared else ": "
    return f"attacked {name}{force}{odds}{joint}{outcome}"


def _battles(steps: Sequence[Step], names: Mapping[str, str], captured: set[str]) -> list[str]:
    """One clause per battle fought: where, with how many units, at what odds, how it ended.
    A battle has two "battle" events: its start (the attacker's) and its end (the attacker's
    when no defender is left, the defender's when they hold)."""
    side = steps[0].side
    fights = {s.fight.area: s.fight for s in steps if s.fight}
    clauses, started = [], set()
    for e in (e for s in steps for e in s.events if e.kind == "battle" and e.areas):
        area = e.areas[0]
        if area not in started:
            started.add(area)
            continue
        clauses.append(_battle_sentence(fights.get(area), area, e.side == side, area in captured, names))
    return clauses


def summarize_turn(steps: Sequence[Step], names: Mapping[str, str], cities_before: int = 0) -> str:
    """One paragraph saying what a side did in one turn, from its steps' events (the game's
    log) and the odds recorded before each battle's dice; ``names`` maps area ids to names,
    ``cities_before`` is how many cities were captured before this turn.

    "West declared 3 battles. West attacked Portland with 5 units (odds 48%) and took it.
    West captured Portland and Cascades; Portland is the 3rd captured city."
    """
    if not steps:
        return ""
    side = steps[0].side
    who = side_label(side, side)
    events = [e for s in steps for e in s.events]
    captures = [e.areas[0] for e in events if e.kind == "capture" and e.side == side and e.areas]
    parts = [*_preparations(steps, events, side, who, names),
             *(f"{who} {c}." for c in _battles(steps, names, set(captures))),
             *_losses(events, side)]
    invaded = sorted({e.areas[-1] for s in steps if s.phase == "invasion" for e in s.events
                      if e.kind == "move" and e.side == side and len(e.areas) == 2})
    if invaded:
        parts.append(f"It moved into {_names(invaded, names)}.")
    if captures:
        parts.append(f"{who} captured {_names(captures, names)}" + _cities(events, side, names, cities_before) + ".")
    elif steps[-1].phase not in ("capture", "supply"):
        parts.append(f"{who}'s turn is not over yet.")
    return " ".join(parts) if parts else f"{who} made {_plural(len(steps), 'move')}."


def _preparations(steps: Sequence[Step], events: Sequence[Event], side: str, who: str,
                  names: Mapping[str, str]) -> list[str]:
    """The declarations, the maneuvers and the laser shots, a sentence each."""
    out = []
    declared = [e.areas[0] for e in events if e.kind == "declare" and e.side == side and e.areas]
    if declared:
        out.append(f"{who} declared {_plural(len(declared), 'battle')} ({_names(declared, names)}).")
    moved = sum(1 for s in steps if s.phase == "maneuvers" and any(e.kind == "move" for e in s.events))
    if moved:
        out.append(f"It made {_plural(moved, 'maneuver')}.")
    shots = sum(1 for e in events if e.kind == "laser" and e.side == side)
    if shots:
        out.append(f"{who} fired {_plural(shots, 'laser')}.")
    return out


def _losses(events: Sequence[Event], side: str) -> list[str]:
    """"It destroyed 2 enemy units and lost 1 unit." (units destroyed in battle or by lasers)"""
    killed = sum(1 for e in events if e.kind == "destroy" and e.side != side)
    lost = sum(1 for e in events if e.kind == "destroy" and e.side == side)
    said = ([f"destroyed {_plural(killed, 'enemy unit')}"] if killed else []) + \
        ([f"lost {_plural(lost, 'unit')}"] if lost else [])
    return [f"It {' and '.join(said)}."] if said else []


def _cities(events: Sequence[Event], side: str, names: Mapping[str, str], before: int) -> str:
    """"; Boston is the 3rd captured city" for each city that went on the track."""
    cities = [e.areas[0] for e in events if e.kind == "city" and e.areas and e.side == side]
    return "".join(f"; {names.get(c, c)} is the {ordinal(before + k)} captured city"
                   for k, c in enumerate(cities, 1))
