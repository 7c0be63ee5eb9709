"""``heuristic``: a fast rule-of-thumb player, like a sensible beginner.

Invaders mass next to weakly held cities, attack where the odds calculator gives good
chances, invade with infantry first and keep a unit in each captured city. The U.S.
counter-attacks: it declares the captured cities it can reach that hold at most two
Invader units, moves units next to them, fires lasers at their defenders and invades
the cleared ones with any unit (``us_retake``); it also moves strength into threatened
cities, fires its other lasers at the most dangerous units and drops a card's units, among
the territories the card names, where they retake ground or stiffen a threatened city.
Every decision is a scored pick among the legal actions; the declare plan is made once per
turn and cached.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import repeat
from operator import is_

from fortress.rulesets.america.actions import (Action, Attack, Casualty, Commit, Declare, Disengage, End, Fight, Fire, Ground,
                              Invade, Place, PlaceLaser, Retreat, Sabotage, Surrender)
from fortress.ai import in_play
from fortress.rulesets.america.bots import cards, us_retake
from fortress.rulesets.america.bots.common import (allies, battle_choice, best, by_area, by_kind, enemy_value_by_area,
                                first_kind, odds, strength, threat)
from fortress.rulesets.america.bots.maneuvers import Maneuvers
from fortress.rulesets.america.odds import cleared_at_most
from fortress.rulesets.america.state import Stage
from fortress.rulesets.america.units import INVADERS, US

#: P(cleared) at which the attacker stops sending units into a battle and fights.
SURE = 0.95
#: Share of each unit type an Invader aims for on the board when reinforcing.
MIX = {"infantry": 3.0, "hovertank": 2.0, "mobile": 1.5, "helicopter": 1.5, "bomber": 1.0}


class HeuristicBot(Maneuvers):
    """Scored rules per phase. Knobs: ``declare`` and ``attack``, the odds (P(cleared))
    for declaring and for fighting a battle; ``fill``, units an Invader moves into new
    ground; ``guard``, how strongly the U.S. pulls units into threatened cities;
    ``retake``, how strongly the U.S. goes for captured cities (0: not at all)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, declare: float = 0.3, attack: float = 0.35, fill: int = 3,
                 guard: float = 0.1, retake: float = 2.0) -> None:
        self.rng = random.Random(seed)
        self.reason = ""
        self._said: tuple | None = None  # (game, action, why): the reason, written when read
        self.declare_at = declare
        self.attack_at = attack
        self.fill = fill
        self.guard = guard
        self.retake = retake
        self._plan_key: tuple | None = None
        self._plan: list[str] = []
        self._moves: dict | None = None  # the Maneuvers context and move scores (_move_context)

    # -- entry point -------------------------------------------------------------------------
    def choose(self, game) -> Action:
        in_play(game)
        legal = game.legal_actions()
        # the engine's order, which may vary between processes (set order): every handler picks
        # as if the options were sorted by notation (common.best: ties to the first in that order)
        options = legal[:-1] if legal and isinstance(legal[-1], Surrender) else legal  # Surrender is listed last
        if not options:
            self.reason = "No other action is possible."
            return legal[-1]
        if len(options) == 1:
            self._said = (game, options[0], "the only legal action")
            return options[0]
        handler = getattr(self, "_" + game.phase, None)
        action, why = handler(game, options) if handler else (None, "")
        if action is None or not _listed(action, options):
            options.sort(key=game.sort_key)
            action = next((a for a in options if isinstance(a, End)), None) or self.rng.choice(options)
            why = why or "nothing better to do"
        self._said = (game, action, why)
        return action

    @property
    def reason(self) -> str:
        """Why the last action was chosen: its notation and the rule that picked it (written
        when first read: play-outs never read it)."""
        if self._said is not None:
            game, action, why = self._said
            self._reason, self._said = f"{game.notation(action)}: {why}.", None
        return self._reason

    @reason.setter
    def reason(self, text: str) -> None:
        self._reason, self._said = text, None

    # -- setup ---------------------------------------------------------------------------------
    def _setup(self, game, options):
        places = [a for a in options if isinstance(a, Place)]
        have = by_area(game, game.side)
        zones = set(game.board.zones())

        def score(a: Place) -> tuple:
            exposed = any(n in zones for n in game.board.neighbours(a.area))
            return (game.tables.values[a.unit], -strength(have.get(a.area, Counter()), game.tables.values), exposed)
        return best(places, score, game.sort_key), f"strongest unit to the weakest {'city' if game.side == US else 'zone'}"

    # -- reinforcements --------------------------------------------------------------------
    def _reinforcements(self, game, options):
        kind = first_kind(options, game.sort_key)
        if kind is PlaceLaser:
            return self._laser_site(game, options)
        if kind is Sabotage:
            return self._sabotage(game, options)
        if kind is Ground:
            classes = game.tables.classes
            air = Counter(u.side for u in game.state.units.values() if classes[u.kind] == "air" and u.side != US)
            grounded = best(options, lambda a: air.get(a.side, 0), game.sort_key)
            return grounded, f"{grounded.side} has the most aircraft"
        if game.side == US:
            return self._partisan(game, options)
        return cards.choose(game, options) or self._reinforce(game, options)

    def _laser_site(self, game, options):
        enemy = enemy_value_by_area(game, US)
        best = min(options, key=lambda a: (threat(game, a.area, enemy), a.area))
        return best, "the safest city keeps its laser longest"

    def _sabotage(self, game, options):
        enemy = enemy_value_by_area(game, game.side)
        near_city = self._us_city_neighbourhood(game)

        def score(a: Sabotage) -> float:
            alone = enemy.get(a.area, 0) == game.tables.values[a.unit]
            return game.tables.values[a.unit] + 3 * (a.area in near_city) + 8 * (alone and game.board[a.area].is_city)
        return best(options, score, game.sort_key), "the most dangerous Invader unit near U.S. cities"

    def _us_city_neighbourhood(self, game) -> set[str]:
        out: set[str] = set()
        for c in game.board.cities:
            if game.controller(c) == US:
                out |= game.board.neighbours(c)
        return out

    def _partisan(self, game, options):
        """A card's unit: the best of the territories the card names that can take it (the legal
        places): an unoccupied enemy city or territory to retake, else a threatened U.S. city."""
        enemy = enemy_value_by_area(game, US)
        board, control = game.board, game.state.control

        def score(a: Place) -> float:
            area = board[a.area]
            if control[a.area] != US:  # an unoccupied enemy territory: retaken at capture
                cut = sum(1 for n in board.neighbours(a.area) if control.get(n) in INVADERS)
                return (100 if area.is_city else 30) + cut
            t = threat(game, a.area, enemy)
            return (20 + t if area.is_city else t / 2) - len(game.units(a.area, US))
        place = best(options, score, game.sort_key)
        why = "retake it" if control[place.area] != US else "stiffen a threatened place"
        return place, f"a partisan to {why}"

    def _reinforce(self, game, options):
        side = game.side
        onboard = Counter(u.kind for u in game.state.units.values() if u.side == side)
        kinds = sorted({a.unit for a in options if isinstance(a, Place)})
        if not kinds:
            return End(), "nothing left in reserve to bring in"
        kind = min(kinds, key=lambda k: (onboard[k] / MIX.get(k, 1.0), -game.tables.values[k]))
        zone_scores = {z: self._zone_score(game, z, side) for z in {a.area for a in options if isinstance(a, Place)}}
        zone = max(zone_scores, key=lambda z: (zone_scores[z], z))
        return Place(kind, zone), f"a {kind} to the zone nearest weak targets"

    def _zone_score(self, game, zone: str, side: str) -> float:
        control, board = game.state.control, game.board
        score = -0.5 * len(game.units(zone, side))
        for n in board.neighbours(zone):
            if not board[n].is_land:
                continue
            if control[n] == side:
                score += 2
            elif control[n] not in allies(side):
                score += 3 if board[n].is_city else 1
        return score

    # -- declare -------------------------------------------------------------------------------
    def _declare(self, game, options):
        played = cards.choose(game, options)  # a strike first: the plan then sees its result
        if played is not None:
            return played
        key = (game.round, game.side, "declare")
        if self._plan_key != key:
            self._plan_key, self._plan = key, self.declare_plan(game)
        declared = set(game.state.declared)
        open_ = {a.area: a for a in options if type(a) is Declare}
        for area in self._plan:
            if area not in declared and area in open_:
                return open_[area], f"{game.board[area].name} is worth fighting for"
        return End(), f"declared {len(declared)} territories"

    def declare_plan(self, game, threshold: float | None = None) -> list[str]:
        """Enemy territories next to the side's units, empty or with fair odds; cities first."""
        side, board, control = game.side, game.board, game.state.control
        threshold = self.declare_at if threshold is None else threshold
        camp = allies(side)
        mine = {u.area for u in game.state.units.values() if u.side == side}
        near: set[str] = set()
        for a in mine:
            near |= board.neighbours(a)
        scored = []
        for area in near:
            if not board[area].is_land or control[area] == side or control[area] in camp - {side}:
                continue
            if any(u.side in camp for u in game.units(area)) and not game.units(area, side):
                continue
            defenders = by_kind(game.defence_forces(area))
            p, lost_a, lost_d = odds(board[area].kind, by_kind(game.attack_forces(area)), defenders, game.tables)
            if defenders and p < threshold and lost_d <= lost_a:
                continue
            scored.append((board[area].is_city, p, lost_d - lost_a, area))
        scored.sort(reverse=True)
        plan = [s[-1] for s in scored]
        if side == US and self.retake:  # captured cities within reach: retaken by laser, battle or invasion
            found = us_retake.targets(game)
            plan = sorted(found, key=lambda c: (found[c], c)) + plan
            plan = list(dict.fromkeys(plan))
        return plan

    # -- lasers --------------------------------------------------------------------------------
    def _lasers(self, game, options):
        board, control = game.board, game.state.control
        enemy = enemy_value_by_area(game, US)
        near_city = self._us_city_neighbourhood(game)
        us_units = by_area(game, US)

        def score(a: Fire) -> float:
            if not isinstance(a, Fire):
                return -1.0
            s: float = game.tables.values[a.unit] + 2 * (a.area in near_city)
            if enemy.get(a.area, 0) == game.tables.values[a.unit]:  # the last defender: the area can be retaken
                ours_next = any(n in us_units for n in board.neighbours(a.area))
                s += (6 if board[a.area].is_city else 2) * (1 + ours_next)
            s += self.retake * us_retake.laser_bonus(game, a.area, us_units)
            return s + (1 if control[a.area] in INVADERS and board[a.area].is_city else 0)
        shot = best(options, score, game.sort_key)
        if not isinstance(shot, Fire):
            return End(), "no target left"
        return shot, f"the most dangerous target ({shot.unit} in {board[shot.area].name})"

    # -- combat --------------------------------------------------------------------------------
    def _combat(self, game, options):
        b = game.battle
        if b is None:
            return self._pick_battle(game, options)
        if b.stage == Stage.ASSEMBLE:
            return self._assemble(game, options, b)
        return self._battle_decision(game, options, b)

    def _pick_battle(self, game, options):
        board = game.board
        forced = not any(type(a) is End for a in options)
        fair: list[tuple[Attack, float, float]] = []  # (attack, score, P(cleared))
        for a in options:
            if not isinstance(a, Attack):
                continue
            p, lost_a, lost_d = odds(board[a.area].kind, by_kind(game.attack_forces(a.area)),
                                     by_kind(game.defence_forces(a.area)), game.tables)
            worth = 3 if board[a.area].is_city else 1
            score = p * worth + 0.1 * (lost_d - lost_a)
            if (p >= self._attack_bar(game, a.area) or lost_d > 1.5 * lost_a or forced) and score > -1e9:
                fair.append((a, score, p))
        chosen = best(fair, lambda f: f[1], lambda f: game.sort_key(f[0]))
        if chosen is None:
            return End(), "no remaining battle has fair odds"
        return chosen[0], f"{chosen[2]:.0%} to clear {board[chosen[0].area].name}"

    def _attack_bar(self, game, area: str) -> float:
        """P(cleared) needed to fight: lower for the U.S. at a captured city, and almost
        nothing when every retaken city counts."""
        if game.side != US or not self.retake or game.state.control[area] not in INVADERS \
                or not game.board[area].is_city:
            return self.attack_at
        return 0.05 if us_retake.all_out(game) else 0.6 * self.attack_at

    def _assemble(self, game, options, b):
        area, side, board = b.area, game.side, game.board
        committed = Counter(b.units("attacker"))
        defenders = by_kind(game.defence_forces(area))
        commits = [a for a in options if isinstance(a, Commit)]
        # fight once P(cleared) reaches SURE; no odds needed where a bound says it cannot
        can = not commits or (committed and cleared_at_most(committed, sum(defenders.values()), game.tables) >= SURE - 1e-9)
        if can:
            p, _, _ = odds(board[area].kind, committed, defenders, game.tables)
            if not commits or p >= SURE:
                return Fight(), f"{p:.0%} to clear {board[area].name}"
        others = [x for x in game.state.declared if x != area and x not in game.state.fought
                  and game.enemies_in(x, side)]
        classes, values = game.tables.classes, game.tables.values
        have = {classes[k] for k in committed}

        def score(a: Commit) -> tuple:
            shared = sum(1 for x in others if board.adjacent(a.src, x))
            return (classes[a.unit] not in have, -shared, a.count, values[a.unit])
        return best(commits, score, game.sort_key), f"join the battle for {board[area].name}"

    def _battle_decision(self, game, options, b):
        token = battle_choice(b.battle)
        kind = first_kind(options, game.sort_key)
        if kind is Casualty:
            return Casualty(*token), "destroy the most valuable unit the rules allow"
        if kind is Disengage:
            return Disengage(*token), "send back the cheapest unit that keeps combined arms"
        moves = [a for a in options if isinstance(a, Retreat) and (a.unit, a.src) == token]
        if not moves:
            return None, ""
        side = game.side
        return best(moves, lambda a: (a.dst is not None and game.board[a.dst].is_city,
                                      len(game.units(a.dst, side)) if a.dst else -1), game.sort_key), \
            "save the most valuable defender"

    # -- invasion ------------------------------------------------------------------------------
    def _invasion(self, game, options):
        side, board = game.side, game.board
        here = _Tally(game, side)
        scored = [(a, s) for a in options if isinstance(a, Invade) and (s := self._invade_score(game, a, here, side)) > 0]
        chosen = best(scored, lambda pair: pair[1], lambda pair: game.sort_key(pair[0]))
        if chosen is None:
            return End(), "the new ground is held"
        return chosen[0], f"occupy {board[chosen[0].dst].name}"

    def _invade_score(self, game, a: Invade, here: "_Tally", side: str) -> float:
        board = game.board
        dst, src = board[a.dst], board[a.src]
        retake = us_retake.invade_gain(game, a, here[a.dst]) if side == US and self.retake else 0.0
        left = here[a.src] - a.count
        if retake and (left >= 1 or not src.is_city):
            return retake
        there = here[a.dst]
        want = (self.fill + 1 if dst.is_city else self.fill) if side != US else (2 if dst.is_city else 1)
        if there >= want or a.count > want - there:
            return 0.0
        if game.tables.classes[a.unit] == "air":
            return 0.0
        if src.is_city and (game.controller(a.src) == side or self._retaking(game, a.src)):
            keep = 1 if side != US else (2 if threat(game, a.src, here.enemy()) > 0 else 1)
            if left < keep:
                return 0.0
        kind_pref = {"infantry": 3, "partisan": 3, "mobile": 2, "hovertank": 1}.get(a.unit, 0)
        return 1 + 2 * dst.is_city + kind_pref + 0.1 * a.count


class _Tally(dict[str, int]):
    """One decision's count of the side's units per area, each area counted when first asked
    (the engine's unit index), and the other camp's value per area when first asked."""

    def __init__(self, game, side: str) -> None:
        super().__init__()
        self.game, self.side = game, side
        self._enemy: dict[str, int] | None = None

    def __missing__(self, area: str) -> int:
        n = self[area] = len(self.game.units(area, self.side))
        return n

    def enemy(self) -> dict[str, int]:
        if self._enemy is None:
            self._enemy = enemy_value_by_area(self.game, self.side)
        return self._enemy


def _listed(action: Action, options: list[Action]) -> bool:
    """``action in options``, the handlers' usual answers (one of the options, or 'end')
    found without comparing actions field by field."""
    if any(map(is_, options, repeat(action))):
        return True
    if type(action) is End:
        return End in map(type, options)
    return action in options
