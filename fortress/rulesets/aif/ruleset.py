"""America in Flames as a ruleset (``fortress.new_game(ruleset="aif")``, ``fortress play
--ruleset aif``): the political war for the Americas, after the supplement. Stage A's engine
(:mod:`.politics`, :mod:`.atomic`, :mod:`.seats`) in stage B's turn, with its military on the
Americas map (:mod:`.military`, :mod:`.operations`, :mod:`.buy`: ATTACK!'s units and battles).

Seats: 2 to 6 players, the text's groups (§13); teams: the Allies and the Axis. Options (the
ruleset's variants): ``short-game`` (§12), ``bidding`` (§13's auction), ``atomic-bomb``
(§10.7(c)). The flow:

1. Opening steps: the auction (with ``bidding``), then the two pre-set-up minor influence steps,
   sealed (:mod:`.presetup`).
2. Two-month turns from May/Jun 1945 (the calendar of ``data/rules.toml``): declarations of war
   (:mod:`.declare`), the operations (:mod:`.operations`: ATTACK!'s Move, Attack, Navigate and
   Transport on the Americas map, with its battles), production and the research roll, sealed
   (:mod:`.production`), the minor influence step, sealed after the automatic influence
   (:mod:`.influence`), then the end of the turn (:func:`end_turn`): the initiative for the
   next turn, and the design limit.

The board is the committed Americas map (fortress/geodata/americas/); the military state and
its rules are ATTACK!'s (:mod:`.military` adds the politics). docs/rules-aif.md says what is
the text's and what is ours.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from fortress.engine.actions import Action, NotationError
from fortress.engine.board import Area, Board
from fortress.engine.data import DataError
from fortress.engine.dice import Rng
from fortress.engine.rulesets import Ruleset, read_data, teams_of
from fortress.rulesets.attack import side_to_move
from fortress.rulesets.aif import (atomic, auction, declare, influence, military, operations, politics, presetup,
                                   production)
from fortress.rulesets.aif.common import income, state, tables, target
from fortress.rulesets.aif.state import AifState
from fortress.rulesets.aif.state import parse as parse_own
from fortress.rulesets.attack import actions as attack_actions
from fortress.rulesets.attack import world
from fortress.rulesets.attack.tables import load as attack_tables
from fortress.rulesets.aif.tables import DATA_DIR
from fortress.rulesets.aif.track import describe as flag_text

NAME = "aif"
STEPS = {"auction": auction, "pre-set-up": presetup, "declare": declare, "production": production,
         "influence": influence, **operations.STEPS}


def rules_data(folder: Path = DATA_DIR) -> dict[str, Any]:
    """``rules.toml`` with the seats of powers.toml (§13) as its ``[players]``."""
    data = read_data(folder)
    data["players"] = {str(n): [list(seat) for seat in seats] for n, seats in tables().seats.items()}
    return data


RULES = rules_data()


EDGE_KINDS = ("land", "coast", "sea", "canal", "box")


@cache
def board() -> Board:
    """The committed Americas map as a core board: regions, sea areas and the two off-map boxes,
    with their typed edges (the political track is state, not an area)."""
    m = world.americas_graph().world
    coastal = {e.a for e in m.edges if e.type == "coast"} | {e.b for e in m.edges if e.type == "coast"}
    areas = [Area(a.id, a.name, a.kind, label=a.label, coastal=a.kind == "region" and a.id in coastal)
             for a in m.areas.values()]
    edges = sorted({(*sorted((e.a, e.b)), e.type) for e in m.edges})
    return Board(areas, [(a, b, kind) for a, b, kind in edges], metadata={"title": "America in Flames: the Americas"},
                 kinds=("region", "zone", "box"), edge_kinds=EDGE_KINDS)


def new_state(seed: int, players: int, board: Board) -> AifState:
    """§13: every flagged minor on 0, the others Full Allies of their controller; the Allies
    with 20 research points, the Axis with none (§8); the Axis hold the initiative. The map
    (design): each power holds its regions and an unflagged minor's are its controller's; the
    flagged minors' have no holder until war; the forces of ``forces.toml``."""
    t = tables()
    s = AifState(seed=seed, players=players, rng=Rng(seed).state, politics=politics.start(t),
                 research=atomic.start_points(t), initiative=t.first_initiative, turn=RULES["turn"]["order"][0],
                 sides=list(RULES["turn"]["order"]))
    for region in world.americas_graph().regions(world.AMERICAS):
        holder = military.owner(region)
        holder = t.minors[holder].controller or "" if holder in t.minors else holder
        if holder:
            s.control[region] = holder
    for power, forces in (t.forces or {}).items():
        for branch, add in (("armies", s.add_army), ("ships", s.add_ship)):
            for place, counts in forces[branch].items():
                for kind, n in counts.items():
                    add(power, place, kind, n)
    return s


def parse(text: str, board: Board) -> Action:
    """America in Flames' own notation (:func:`.state.parse`), else ATTACK!'s for the operations
    (``move 2 infantry texas northern-mexico``, ``navigate destroyer caribbean gulf-of-mexico``,
    ``front infantry=2``, ``fire``...)."""
    try:
        return parse_own(text, board)
    except NotationError as own:
        try:
            return attack_actions.parse(text, board)
        except NotationError:
            raise own from None


def end_turn(g: Any) -> None:
    """The turn ends: after the last turn (design) the side holding more research sites wins
    (§5.3's five sites: the war's objective), then the side nearer the hydrogen bomb (more
    research points), then the initiative; else each side rolls for the next turn's
    initiative, the Axis adding 2 (§13), a tie going to the side that did not hold it (design)."""
    s = state(g)
    s.attacked = []
    if g.state.round >= RULES["last_turn"]:
        t, control = tables(), military.research_control(s)
        sites = {team: atomic.sites_held(t, control, team) for team in ("allies", "axis")}
        best = max(("allies", "axis"), key=lambda team: (sites[team], s.research[team], team == s.initiative))
        g.end_game(best, f"after {g.turn.label(s.round)}, the last turn (our limit), the {best.capitalize()} win by "
                         f"research sites held (Allies {sites['allies']}, Axis {sites['axis']}), then research points "
                         f"(Allies {s.research['allies']}, Axis {s.research['axis']}, of {target(g)}) (our rule).")
        return
    die = RULES["initiative_die"]
    allies, axis = g.dice.below(die) + 1, g.dice.below(die) + 1
    score = {"allies": allies, "axis": axis + RULES["initiative_bonus"]}
    s.initiative = (other_side(s.initiative) if score["allies"] == score["axis"]
                    else max(score, key=score.__getitem__))
    g.emit("initiative", f"Initiative for {g.turn.label(s.round + 1)}: Allies roll {allies}, Axis {axis} + "
                         f"{RULES['initiative_bonus']}: the {s.initiative.capitalize()}.",
           rolls=(("allies", f"d{die}", str(allies)), ("axis", f"d{die}", str(axis))))


def other_side(team: str) -> str:
    return "axis" if team == "allies" else "allies"


def describe(game: Any) -> str:
    """The status lines a player reads (``fortress play``'s ``status``)."""
    s: AifState = game.state
    t = tables()
    lines = [f"Research: Allies {s.research['allies']}, Axis {s.research['axis']} of {target(game.ctx)}; "
             f"initiative: {s.initiative.capitalize()}."]
    lines += [f"{p.name}: {s.politics.points[pid]} political points, {income(t, s, pid)} build points a turn; "
              f"{len(s.held(pid))} regions, {units(s.armies.get(pid, {}))} army units, "
              f"{units(s.ships.get(pid, {}))} ships" + (" (conquered)" if pid in s.politics.conquered else "")
              for pid, p in t.powers.items()]
    lines += [f"  {t.minors[m].name}: {flag_text(t, s.politics.flags[m])}" for m in t.flagged()]
    return "\n".join(lines)


def units(places: dict[str, dict[str, int]]) -> int:
    return sum(n for counts in places.values() for n in counts.values())


def ruleset() -> Ruleset:
    """America in Flames, as its entry point builds it (its starting forces checked on the map)."""
    if problem := military.forces_problem(tables().forces or {}):
        raise DataError(f"{DATA_DIR}/{problem}")
    return Ruleset(
        name=NAME, title="America in Flames", data_dir=DATA_DIR, data=RULES,
        turn=operations.AifTurn.from_data(RULES["turn"], STEPS, teams_of(RULES)),
        board=board, new_state=new_state, parse=parse, end_turn=end_turn, describe=describe,
        side_to_move=side_to_move, tables=attack_tables(),
        bots={"heuristic": "fortress.rulesets.aif.heuristic:AifHeuristic"},  # imported when first seated
    )
