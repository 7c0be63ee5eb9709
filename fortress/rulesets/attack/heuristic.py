"""ATTACK! Deluxe's heuristic bot: every decision is one of ``game.legal_actions()``, chosen by
rules of thumb, each stated where it is applied:

- the year: Build, Move, Research (the first year: Research, Move, Navigate: points first, as
  a capital may fall at any time; the last: Move, Attack, Research, with no limit on research,
  as units count for nothing at the end); burn oil in Winter when it can, then Attack;
- expansion: take neutral (or weakly held enemy) regions next to its own when the exact odds
  (:mod:`.odds`, against a sample of the neutral's army for the year, cached per battle) are
  good; commit every free unit the rules allow, the capital keeping a garrison of three, or
  one more than the enemy army units next to it;
- otherwise move interior units one region towards the frontier;
- Build: convert every oil certificate, then advanced units up to the Minerals limit, then
  infantry; Research: every level is a point, so Population and every technology below
  level 2 (the last year: every level) each Research action, lowest first, paid in the
  cheapest units per level, the capital keeping its garrison;
- Negotiate: look at the cheapest-looking neutral, influence when it costs at most 4;
- fronts by the battle's own policy (the neutral's, ruling 12); ``fire`` when asked.

Ties: the legal actions are sorted by notation (``game.sort_key``) before any rule, so the
engine's listing order never matters; equally good targets go by name (the first), research
at equal levels Minerals, Factories, Rail, Oil, payment by ``PAY_ORDER``, then the area with
most of the unit, then by name; otherwise the first action listed.

It reads only what its side may see: the public board and its own peeks.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from fortress.engine.actions import Action, End, Surrender
from fortress.engine.dice import Rng
from fortress.rulesets.attack import combat, world
from fortress.rulesets.attack.actions import Go, Word
from fortress.rulesets.attack.battle import Battle, neutral_army, neutral_front
from fortress.rulesets.attack.odds import odds

SEASON_PLAN = ("build", "move", "research", "attack", "negotiate", "transport", "navigate")
LAST_YEAR = ("move", "attack", "research", "navigate", "build")  #: units count for nothing at the end
FIRST_YEAR = ("research", "move", "navigate", "build", "attack")  #: points first: a capital may fall at any time
GOOD_ODDS = 0.6  #: attack a region only when the attacker wins at least this often
ENOUGH = 0.85  #: stop sending units to a target once the odds reach this
DEPLOYED = 3  #: infantry sent to each of two neighbours at setup
CAPITAL_GARRISON = 3  #: units the capital keeps when others march out
SAMPLES = 4  #: neutral armies sampled per year for the odds
CHEAP_LEVEL = 2  #: before the last year, research each technology up to this level (a level costs L units)
PAY_ORDER = ("artillery", "infantry", "tank", "aircraft")  #: retooling paid in these first (production per level: 2, 3, 2, 3)
RESEARCH_ORDER = ("population", "minerals", "factories", "rail", "oil")
ADVANCED = ("tank", "artillery", "aircraft")


@lru_cache(maxsize=4096)
def win_chance(attack: tuple[tuple[str, int], ...], defence: tuple[tuple[str, int], ...] | None, year: int) -> float:
    """The attacker's chance against ``defence`` (None: a neutral, averaged over a fixed sample
    of its armies for ``year``): exact odds for small battles, seeded Monte Carlo past 2,000 states."""
    if defence is None:
        armies = [neutral_army(year, Rng(year * 7919 + k)) for k in range(SAMPLES)]
    else:
        armies = [dict(defence)]
    chances = [1.0 if not army else
               odds(Battle.start("army", "a", dict(attack), "d", dict(army)), max_states=2000, runs=200).attacker_wins
               for army in armies]
    return sum(chances) / len(chances)


class AttackHeuristic:
    """The heuristic (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, game: Any) -> Action:
        # sorted by notation: the engine's order follows set order, which varies between processes
        legal = sorted((a for a in game.legal_actions() if not isinstance(a, Surrender)), key=game.sort_key)
        action, why = self._decide(game, legal)
        if action not in legal:  # a rule of thumb found nothing: fall back on the first listed
            action, why = legal[0], "nothing better to do"
        self.reason = f"{game.notation(action)}: {why}."
        return action

    # -- dispatch ---------------------------------------------------------------------------
    def _decide(self, game: Any, legal: list[Action]) -> tuple[Action, str]:
        s = game.state
        if s.fight:
            return front_by_policy(s, legal)
        words = {a.word for a in legal if isinstance(a, Word)}
        phase = s.phase
        if phase == "setup":
            return _setup(game, legal)
        if phase == "season" or any(type(a).__name__ == "Choose" for a in legal):
            return _season(legal, FIRST_YEAR if s.round == 1 else LAST_YEAR if _last_year(s) else SEASON_PLAN)
        if phase == "winter":
            return _winter(legal)
        handlers = {"attack": _attack, "move": _move, "build": _build, "research": _research,
                    "negotiate": _negotiate, "navigate": _navigate}
        if phase in handlers:
            return handlers[phase](game, legal)
        if "fire" in words:
            return Word("fire"), "fire"
        return pass_or_end(legal, f"nothing to do in {phase or 'this step'}")


def pass_or_end(legal: list[Action], why: str) -> tuple[Action, str]:
    """The step's way out (End, pass, decline), or the one action there is, with ``why``."""
    for a in legal:
        if isinstance(a, End) or (isinstance(a, Word) and a.word in ("pass", "decline")) or type(a).__name__ == "Pass":
            return a, why
    return legal[0], why


def front_by_policy(s: Any, legal: list[Action]) -> tuple[Action, str]:
    """Fronts by the battle's own policy (ruling 12); otherwise the one step there is."""
    choice = combat.engine(s).decision()
    if choice is not None:
        want = neutral_front(choice.available, choice.size)
        for a in legal:
            if isinstance(a, Word) and a.word == "front" and _front_units(a) == want:
                return a, "the front by the battle's policy"
    return legal[0], "the battle's next step"


def _front_units(a: Word) -> dict[str, int]:
    out = {}
    for arg in a.args:
        kind, _, n = arg.partition("=")
        if n.isdigit() and int(n):
            out[kind] = int(n)
    return out


def _setup(game: Any, legal: list[Action]) -> tuple[Action, str]:
    """Minerals as the starting card; the first capital offered; starting units spread to two
    neighbours (more regions held, more points)."""
    for a in legal:
        if type(a).__name__ == "Government" and getattr(a, "card", "") == "minerals":
            return a, "Minerals: more advanced units per Build"
    capitals = [a for a in legal if type(a).__name__ == "Capital"]
    if capitals:
        land = world.graph().land
        a = max(capitals, key=lambda c: (len(land.get(getattr(c, "region", ""), ())), str(c)))
        return a, "the capital with most land neighbours: room to grow"
    deploys = [a for a in legal if type(a).__name__ == "Deploy" and getattr(a, "kind", "") == "infantry"]
    if deploys:
        s, side = game.state, game.side
        held = {getattr(a, "region", ""): s.army_size(side, getattr(a, "region", "")) for a in deploys}
        used = [r for r, n in held.items() if n]
        room = [r for r in (used if len(used) >= 2 else held) if held[r] < DEPLOYED]
        if room:
            region = min(room, key=lambda r: (held[r], r))
            return next(a for a in deploys if getattr(a, "region", "") == region), "infantry to hold a neighbour"
        return pass_or_end(legal, "two neighbours held")
    return legal[0], "the first choice offered"


def _season(legal: list[Action], plan: tuple[str, ...]) -> tuple[Action, str]:
    """The year's plan: Build, Move, Research (the first year: Research, Move, Navigate); a
    fourth action (burned oil): Attack."""
    offered = {getattr(a, "step", None): a for a in legal}
    for step in plan:
        if step in offered:
            return offered[step], f"the year's plan: {step} next"
    return legal[0], "the only action left"


def _winter(legal: list[Action]) -> tuple[Action, str]:
    """Burn oil when it can (a fourth action), else pass."""
    for a in legal:
        if isinstance(a, Word) and a.word == "burn":
            return a, "burning oil buys one more action"
    return pass_or_end(legal, "no oil to burn: pass")


# -- expansion -------------------------------------------------------------------------------
def free_force(s: Any, side: str, legal: list[Action], target: str, how: str) -> dict[tuple[str, str], Go]:
    """The largest legal order per (kind, origin) towards ``target``, the capital keeping its garrison."""
    best: dict[tuple[str, str], Go] = {}
    capital = s.capital.get(side)
    for a in legal:
        if not (isinstance(a, Go) and a.how == how and a.dest == target):
            continue
        if a.origin == capital and s.army_size(side, capital) - a.n < garrison(s, side):
            continue
        key = (a.kind, a.origin)
        if key not in best or best[key].n < a.n:
            best[key] = a
    return best


def _chance(game: Any, side: str, target: str, extra: dict[str, int]) -> float:
    """The chance that ``side``'s units at ``target`` plus ``extra`` take it."""
    s = game.state
    force = s.army(side, target)
    for kind, n in extra.items():
        force[kind] = force.get(kind, 0) + n
    holder = s.control.get(target)
    defence = None if holder is None else tuple(sorted(s.army(holder, target).items()))
    return win_chance(tuple(sorted(force.items())), defence, max(1, s.round))


def garrison(s: Any, side: str) -> int:
    """Units ``side``'s capital keeps: ``CAPITAL_GARRISON``, or one more than the other sides'
    army units next to it (its fall ends the game with nothing for ``side``)."""
    capital = s.capital.get(side)
    near = sum(s.army_size(other, r) for r in world.graph().land.get(capital, ()) for other in s.live() if other != side)
    return int(max(CAPITAL_GARRISON, near + 1))


def total_of(orders: dict[tuple[str, str], Go]) -> dict[str, int]:
    """Units per type that ``orders`` send (the force an attack's odds are worked out for)."""
    out: dict[str, int] = {}
    for (kind, _), a in orders.items():
        out[kind] = out.get(kind, 0) + a.n
    return out


def _value(s: Any, side: str, target: str) -> float:
    """A region is a point and a marker; an enemy capital ends the game, so it is worth
    taking only while ``side`` leads (it then wins)."""
    holder = s.control.get(target)
    if holder is not None and s.capital.get(holder) == target:
        return 8.0 if _leads_after(s, side) else 0.0
    return 1.0 + (0.5 if target in s.oil else 0.0)


def _leads_after(s: Any, side: str) -> bool:
    from fortress.rulesets.attack import victory
    from fortress.rulesets.attack.tables import load
    table = load().victory
    mine = victory.points(s, side, table) + 4
    return all(mine > victory.points(s, other, table) for other in s.live() if other != side)


def _next_order(game: Any, target: str, orders: dict[tuple[str, str], Go], how: str) -> Go:
    """The smallest order that brings ``target`` to ``ENOUGH`` odds (infantry first), else the largest."""
    side = game.side
    for (kind, origin), most in sorted(orders.items(), key=lambda kv: (kv[0][0] != "infantry", kv[0])):
        for n in range(1, most.n + 1):
            if _chance(game, side, target, {kind: n}) >= ENOUGH:
                return Go(how, n, kind, origin, target)
    return max(orders.values(), key=lambda a: (a.n, a.kind, a.origin))


def _target_order(game: Any, legal: list[Action], how: str, committed: list[str]) -> tuple[Action, str] | None:
    """The next order: reinforce a committed target still short of ``ENOUGH`` odds, else open
    the most valuable new target whose odds with every free unit are good."""
    s, side = game.state, game.side
    for target in committed:
        orders = free_force(s, side, legal, target, how)
        if orders and _chance(game, side, target, {}) < ENOUGH:
            return _next_order(game, target, orders, how), f"more units against {target}"
    if how == "attack" and committed:
        return None
    best: tuple[float, str, dict[tuple[str, str], Go]] | None = None
    for target in sorted({a.dest for a in legal if isinstance(a, Go) and a.how == how} - set(committed)):
        if s.control.get(target) == side:
            continue
        orders = free_force(s, side, legal, target, how)
        p = _chance(game, side, target, total_of(orders)) if orders else 0.0
        score = p * _value(s, side, target)
        if p >= GOOD_ODDS and score > 0 and (best is None or score > best[0]):
            best = (score, target, orders)
    if best is None:
        return None
    _, target, orders = best
    return _next_order(game, target, orders, how), f"{target}: good odds with the units it needs"


def _attack(game: Any, legal: list[Action]) -> tuple[Action, str]:
    found = _target_order(game, legal, "attack", list(game.state.act.get("targets", [])))
    return found or pass_or_end(legal, "no target with good odds")


def _move(game: Any, legal: list[Action]) -> tuple[Action, str]:
    """Into neutral regions with good odds (a battle after the move), else towards the frontier."""
    s, side = game.state, game.side
    committed = sorted(r for r in s.armies.get(side, {}) if s.control.get(r) != side)
    found = _target_order(game, legal, "move", committed)
    return found or _frontward(game, legal) or pass_or_end(legal, "every unit is where it should be")


def _frontier_distance(s: Any, side: str) -> dict[str, int]:
    """Regions' distance (land borders) from the nearest region not held by ``side``."""
    land = world.graph().land
    frontier = [r for r in s.held(side) if any(s.control.get(n) != side for n in land.get(r, ()))]
    dist = {r: 0 for r in frontier}
    ring = frontier
    while ring:
        nxt = [n for r in ring for n in land.get(r, ()) if s.control.get(n) == side and n not in dist]
        for n in nxt:
            dist[n] = dist[[r for r in ring if n in land.get(r, ())][0]] + 1
        ring = list(dict.fromkeys(nxt))
    return dist


def _frontward(game: Any, legal: list[Action]) -> tuple[Action, str] | None:
    s, side = game.state, game.side
    dist = _frontier_distance(s, side)
    capital = s.capital.get(side)
    def onward(a: Go) -> bool:
        if a.origin == capital:  # the capital's surplus, beyond its garrison, leaves it
            return s.army_size(side, capital) - a.n >= garrison(s, side) and dist.get(a.dest, 99) <= dist.get(a.origin, 99)
        return dist.get(a.dest, 99) < dist.get(a.origin, 99)
    moves = [a for a in legal if isinstance(a, Go) and a.how == "move" and s.control.get(a.dest) == side and onward(a)]
    if not moves:
        return None
    a = max(moves, key=lambda m: (m.n, m.kind, m.origin, m.dest))
    return a, "interior units one region towards the frontier"


# -- economy ---------------------------------------------------------------------------------
def _build(game: Any, legal: list[Action]) -> tuple[Action, str]:
    """Convert all oil, then advanced units (tank, artillery, aircraft) while allowed, then infantry."""
    words = [a for a in legal if isinstance(a, Word)]
    converts = [a for a in words if a.word == "convert"]
    if converts:
        return max(converts, key=lambda a: int(a.args[0])), "oil certificates into production"
    capital = game.state.capital.get(game.side)
    builds = [a for a in words if a.word == "build"]
    for kind in (*ADVANCED, "infantry"):
        here = [a for a in builds if a.args[0] == kind]
        if here:
            at_capital = [a for a in here if a.args[1] == capital]
            return (at_capital or here)[0], f"{kind}: the strongest unit still allowed"
    return pass_or_end(legal, "production spent")


def _research(game: Any, legal: list[Action]) -> tuple[Action, str]:
    """Population, then the lowest technology (ties: Minerals, Factories, Rail, Oil), each
    level a point: every level up to ``CHEAP_LEVEL`` (the last year: every level), paid in the
    cheapest units per level (``PAY_ORDER``) from the area with most of them, the capital keeping
    its garrison."""
    s, side = game.state, game.side
    words = [a for a in legal if isinstance(a, Word)]
    oil = [a for a in words if a.word == "oil"]
    if oil:
        return oil[0], "the new oil marker in a region held"
    last = _last_year(s)  # units count for nothing at the end: research all it can
    levels = s.tech.get(side, {})
    for tech in sorted(RESEARCH_ORDER, key=lambda t: (t != "population", levels.get(t, 0), RESEARCH_ORDER.index(t))):
        if not last and tech != "population" and levels.get(tech, 0) >= CHEAP_LEVEL:
            continue
        options = [a for a in words if a.word == "research" and a.args[0] == tech and _spare(game, a, last)]
        if options:
            a = min(options, key=lambda o: (PAY_ORDER.index(o.args[1]) if o.args[1] in PAY_ORDER else len(PAY_ORDER),
                                            -s.army(side, o.args[2]).get(o.args[1], 0), o.args[2]))
            return a, f"{tech}: a point for {a.args[1]} from {a.args[2]}"
    return pass_or_end(legal, "nothing worth its retooling")


def _spare(game: Any, a: Word, last: bool) -> bool:
    """Whether ``a``'s retooling leaves the capital its garrison (ships pay only in the last year)."""
    s, side = game.state, game.side
    tech, unit, area = a.args
    if unit not in s.armies.get(side, {}).get(area, {}):
        return last
    if area == s.capital.get(side) and not last:
        lv = 1 if tech == "population" else s.tech.get(side, {}).get(tech, 0) + 1
        return bool(s.army_size(side, area) - dict(game.rules.tables.retool(tech, lv))[unit] >= garrison(s, side))
    return True


def _last_year(s: Any) -> bool:
    return bool(s.round >= s.years)


def _navigate(game: Any, legal: list[Action]) -> tuple[Action, str]:
    """Each sea zone held is a point: ships leave a coastline or a crowded zone for an empty zone."""
    from fortress.rulesets.attack.actions import Sail
    s, side = game.state, game.side
    fleets = s.ships.get(side, {})
    spread = [a for a in legal if isinstance(a, Sail) and "/" not in a.ship
              and (a.origin.startswith(world.COAST) or sum(fleets.get(a.origin, {}).values()) > 1)
              and not any(places.get(a.dest) for places in s.ships.values())]
    if spread:
        return spread[0], f"{a_name(spread[0].dest)}: an empty zone is a point"
    return pass_or_end(legal, "the ships hold what they can")


def a_name(area: str) -> str:
    return area.replace("-", " ")


def _negotiate(game: Any, legal: list[Action]) -> tuple[Action, str]:
    """Look at a neutral; influence when it costs at most 4 (same or allied government)."""
    from fortress.rulesets.attack import negotiate
    s, side = game.state, game.side
    words = {a.word: a for a in legal if isinstance(a, Word)}
    if "discard" in words:
        return words["discard"], "the hand keeps the newer card"
    region = s.act.get("region")
    if "influence" in words and region and side in s.peeked.get(region, []):
        if negotiate.cost(game.ctx, region) <= 4:  # the rule's own cost, for the side acting
            return words["influence"], f"{region} is cheap to win over"
        return pass_or_end(legal, f"{region} is too dear")
    peeks = [a for a in legal if isinstance(a, Word) and a.word == "negotiate"]
    if peeks:
        return peeks[0], "look at a neighbouring neutral"
    return pass_or_end(legal, "no neutral to negotiate with")


def bot(seed: int = 0) -> AttackHeuristic:
    """The factory the ruleset registers as ``heuristic``."""
    return AttackHeuristic(seed=seed)
