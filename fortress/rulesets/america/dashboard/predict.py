"""Class-prediction mode, the logic: before a move that rolls dice (a battle's round,
a laser shot), the question with its exact odds; after it, the answer and every die
explained with the rule it applied. No widgets here (``fortress.rulesets.america.dashboard.predict_panel``).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fortress.rulesets.america.odds import odds_of
from fortress.rulesets.america import actions as A
from fortress.rulesets.america.battle import Battle
from fortress.rulesets.america.dice import FACE_WORDS
from fortress.rulesets.america.tables import default
from fortress.engine.events import Event
from fortress.engine.rulesets import side_label

BATTLE, LASER = "battle", "laser"


@dataclass(frozen=True)
class Question:
    """What the class guesses: ``choices`` are (key, label, exact probability)."""

    kind: str  # BATTLE or LASER
    area: str
    attacker: str  # who rolls against whom: the attacking side, or the U.S. for a laser
    title: str
    choices: tuple[tuple[str, str, float], ...]
    asked_at: int  # len(game.events) when asked: the answer is in the events after


def rolls_dice(action: A.Action) -> bool:
    """Does ``action`` roll dice? Fight (a battle's round; its later dice may follow the
    choices of casualties) and Fire (a laser shot) are the only moves that do."""
    return isinstance(action, (A.Fight, A.Fire))


def question(game, action: A.Action) -> Question:
    """The question before ``action`` rolls: for a laser, destroyed or missed; for a battle,
    cleared or held, each with its exact chance."""
    names = game.board
    if isinstance(action, A.Fire):
        need, sides = game.laser_target(), game.tables.laser_die.sides
        p = max(0, sides - need + 1) / sides
        title = (f"The laser fires at the {side_label(action.side)} {action.unit} in {names[action.area].name}: "
                 f"a {sides}-sided die, {need} or more destroys it.")
        return Question(LASER, action.area, "us", title,
                        (("destroyed", "Destroyed", p), ("missed", "Missed", 1 - p)), len(game.events))
    view = game.battle
    assert view is not None, "a Fight is played in a battle"
    battle = Battle(view.area, game.board[view.area].kind, dict(view.attackers), dict(view.defenders), game.tables)
    odds = odds_of(battle)
    att, dfn = side_label(view.attacker), side_label(view.defender)
    title = (f"Battle for {names[view.area].name}: {att} attacks with {_units(view.units('attacker'))}, "
             f"{dfn} defends with {_units(view.units('defender'))}.")
    return Question(BATTLE, view.area, view.attacker, title,
                    (("cleared", f"{att} clears it", odds.p_cleared),
                     ("held", f"{dfn} holds", 1 - odds.p_cleared)), len(game.events))


def _units(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "nothing"


def answer(q: Question, events: Sequence[Event]) -> str | None:
    """The key of what happened, from the events after the question (None: not decided yet):
    a laser shot is followed by its target's destruction or not; a battle ends with a
    "battle" event after its dice, the attacker's when no defender is left."""
    later = events[q.asked_at:]
    rolled = False
    for i, e in enumerate(later):
        if q.kind == LASER and e.kind == "laser":
            return "destroyed" if i + 1 < len(later) and later[i + 1].kind == "destroy" else "missed"
        rolled = rolled or bool(e.rolls)
        if q.kind == BATTLE and rolled and e.kind == "battle" and e.areas[:1] == (q.area,):
            return "cleared" if e.side == q.attacker else "held"
    return None


# -- every die explained ----------------------------------------------------------------------
def die_name(die: str) -> str:
    """``red d6``: a die of Fortress America's (its name alone if it has none of that name)."""
    dice = default().dice
    return f"{die} d{dice[die].sides}" if die in dice else die


def explain_die(unit: str, die: str, face: str, defending: bool, miss: str = "") -> str:
    """One die of a battle: what it rolled and the rule that gave it its effect."""
    word = FACE_WORDS.get(face, face)
    head = f"{unit} ({die_name(die)}): {word}"
    if face == "hit":
        return f"{head}, one enemy unit is destroyed (the order of casualties says which class first)."
    if face == "combined_arms":
        if miss:
            return f"{head}, no hit: {miss.removeprefix('Combined Arms is no hit: ')}"
        why = ("always a hit for a defender" if defending else
               "a hit: in open ground, or with air, mechanized and foot units together in a city or mountain")
        return f"{head}, {why}."
    if face == "retreat":
        return (f"{head}, one attacking unit must disengage." if defending
                else f"{head}, one defending unit must retreat (destroyed if it has nowhere to go).")
    return f"{head}, no effect."


def explain(events: Sequence[Event], attacker: str) -> list[str]:
    """Every die rolled in ``events``, with its rule; a laser shot with its target number."""
    out = []
    for i, e in enumerate(events):
        if e.kind == "laser":
            out.append(f"Laser ({die_name('black')}): {e.text}")
        elif e.kind == "roll":
            after = events[i + 1] if i + 1 < len(events) else None
            miss = after.text if after is not None and after.kind == "combined_arms" else ""
            who = f"{side_label(e.side or '', e.side)} {'defending' if e.side != attacker else 'attacking'}"
            out.extend(f"{who}: {explain_die(u, d, f, e.side != attacker, miss)}" for u, d, f in e.rolls)
    return out
