"""The turn, declared as data, and one module ("delegate") per phase.

Rules (Action Sequence): each player's turn runs these actions in order. A phase
module provides:

* ``Rules``: its rules, stated once (a :class:`fortress.rules.phases.check.Check`): built
  for the state of a game, ``Rules(g).reason(action)`` says why an action is refused
  (None: allowed) and ``Rules(g).legal()`` lists the legal actions (without Surrender);
* ``apply(g, action)``: carry out a legal action;
* optionally ``enter(g)`` (on starting the phase) and ``auto(g) -> bool`` (do one
  step that needs no decision, such as rolling dice; True if it did something).

A phase whose only legal action is ``end`` ends by itself.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from fortress.rules.phases import (capture, combat, declare, invasion, lasers, maneuvers, reinforcements,
                                   setup, supply)
from fortress.rules.units import INVADERS, SIDES, US


@dataclass(frozen=True)
class Step:
    name: str
    module: ModuleType
    sides: tuple[str, ...] = SIDES
    reminder: str = ""


#: The eight actions of a turn, in order (rules: Action Sequence).
TURN: tuple[Step, ...] = (
    Step("reinforcements", reinforcements, SIDES,
         "Invaders bring up to 8 reserve units to their zones; the U.S. places a laser and draws partisan cards."),
    Step("declare", declare, SIDES, "Mark the enemy territories you mean to fight for this turn."),
    Step("maneuvers", maneuvers, SIDES, "Move units through your own territories; bombers may bomb, helicopters scout."),
    Step("lasers", lasers, (US,), "Each laser fires once at an Invader unit in an untargeted territory: 5+ destroys."),
    Step("combat", combat, SIDES, "Fight one round in each declared territory: the defender fires first."),
    Step("invasion", invasion, SIDES, "Move units one step into declared territories now free of enemies."),
    Step("supply", supply, INVADERS, "Invader units with no path home to their zones are destroyed."),
    Step("capture", capture, SIDES, "Take control of the declared territories you now hold alone."),
)
STEP_BY_NAME = {s.name: s for s in TURN}
SETUP = Step("setup", setup, SIDES, "Place your starting units.")
PHASE_NAMES = ("setup",) + tuple(s.name for s in TURN)


def step(name: str) -> Step:
    return SETUP if name == "setup" else STEP_BY_NAME[name]
