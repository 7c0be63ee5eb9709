"""The heuristic's Maneuvers: a score for every listed move, kept between decisions.

Within one Maneuvers phase only the side's own units move, one move a decision, so the
context the scores read (the side's units, their loads toward the unit limit, the other
camp's value per area, the distances to the targets) and the scores themselves are kept
in one place, :attr:`Maneuvers._moves`: after the bot's own move only its two places are
read again (the engine's unit index) and only the scores of moves from or to them (or,
for the U.S., next to a city to retake whose support changed) are dropped.
``tests/test_heuristic_speedups.py`` holds the kept context to one made from scratch, and
the choices to those of a bot without it, at every Maneuvers decision of whole games.
"""
from __future__ import annotations

from collections import Counter
from typing import Mapping

from fortress.rulesets.america import stacking
from fortress.rulesets.america.actions import End, Move
from fortress.rulesets.america.bots import us_retake
from fortress.rulesets.america.bots.common import FAR, allies, distances, kinds_in, side_view, strength, threat
from fortress.rulesets.america.units import INVADERS, US

#: Score for an Invader move into one of its captured cities that stands empty (enough to
#: outweigh a step away from the fighting).
GARRISON = 4.0


class Maneuvers:
    """The heuristic's Maneuvers rules (a part of :class:`~.heuristic.HeuristicBot`, which
    holds the knobs ``guard`` and ``retake`` they read)."""

    guard: float
    retake: float
    _moves: dict | None

    def _maneuvers(self, game, options):
        """The best-scored move that leaves its destination within the 5-unit limit (the
        bot makes no swaps); if a place is over the limit all the same ('end' is not
        listed), the best move out of one."""
        side = game.side
        ctx = self._move_context(game)
        urgent = ctx["urgent"] = self.retake and us_retake.all_out(game)  # read by the U.S. move scores
        ctx["guard"] = 0.0 if urgent and game.round >= game.tables.numbers["rounds"] else self.guard
        scores = ctx["scores"]  # id(move) -> (move, score): a look-up without hashing the move
        load = ctx["load"]
        limit = game.tables.numbers["unit_limit"]
        over = set() if End in map(type, reversed(options)) else {area for area, _ in stacking.over_limit(load, limit)}
        chosen, top = None, -1.0 if over else 0.0
        known_score, load_at, sort_key, touch = scores.get, load.get, game.sort_key, ctx["touch"]
        for a in options:  # in the engine's order: ties go to the first in notation order
            if type(a) is not Move or (over and a.src not in over) \
                    or load_at(a.dst, 0) + a.count + (a.passenger is not None) > limit:
                continue
            known = known_score(id(a))
            if known is not None and known[0] is a:
                s = known[1]
            else:
                s = self._move_score(game, a, ctx, side)
                scores[id(a)] = (a, s)
                touch.setdefault(a.src, []).append(a)
                touch.setdefault(a.dst, []).append(a)
            if s > top or (s == top and chosen is not None and sort_key(a) < sort_key(chosen)):
                chosen, top = a, s
        ctx["chose"] = chosen
        if chosen is None:
            return End(), "every unit is where it is needed"
        return chosen, ctx["why"].get(chosen, "move closer to the fighting")

    def _move_context(self, game) -> dict:
        """What the move scores read, with the scores themselves. Within one Maneuvers phase
        only the side's own units move, so the context of the previous decision is kept and
        only the scores its moves can have changed are dropped (:meth:`_stale`); when the one
        action since is the move chosen then, only its two places are read again."""
        side, s, history = game.side, game.state, game.history
        ctx = self._moves
        if ctx is not None and ctx["game"] is history and len(history) == ctx["seen"] + 1 \
                and ctx["chose"] is not None and history[-1] is ctx["chose"] and ctx["key"][:2] == (game.round, side):
            self._moved(game, ctx, ctx["chose"])
            return ctx
        units, load, enemy = side_view(game, side)
        key = (game.round, side, tuple(s.declared), tuple(s.control.values()))
        if ctx is not None and ctx["key"] == key and ctx["game"] is history and ctx["enemy"] == enemy:
            self._stale(game, ctx, units)
        else:
            ctx = self._fresh_context(game, key, units, enemy)
        ctx["load"], ctx["seen"], ctx["chose"] = load, len(history), None
        return ctx

    def _fresh_context(self, game, key: tuple, units: dict, enemy: dict) -> dict:
        side, s, board = game.side, game.state, game.board
        attack = [a for a in s.declared if game.enemies_in(a, side)]
        goals = attack or list(s.declared) or [a for a in board.cities if s.control[a] not in allies(side)]
        dist = distances(board, goals) if goals else {}
        ctx = self._moves = {"key": key, "game": game.history, "scores": {}, "touch": {},
                             "enemy": enemy, "attack": set(attack), "dist": dist, "why": {},
                             "us_cities": {c for c in board.cities if s.control.get(c) == US},
                             "cities": frozenset(board.cities), "declared": frozenset(s.declared),
                             "units": units, "count": {}, "strength": {}}
        self._recount(ctx, units.keys(), game.tables.values)
        return ctx

    def _moved(self, game, ctx: dict, move: Move) -> None:
        """The context after ``move``, the side's one action since the last decision: only
        the units and loads of its two places changed (a test holds this to the context
        made from scratch)."""
        side, units, load, places = game.side, dict(ctx["units"]), dict(ctx["load"]), {move.src, move.dst}
        for area in places:
            here = kinds_in(game.units(area, side))
            if here:
                units[area] = here
            else:
                units.pop(area, None)
            n = game.ctx.load(area, side)
            if n:
                load[area] = n
            else:
                load.pop(area, None)
        self._stale(game, ctx, units, places)
        ctx["load"], ctx["seen"], ctx["chose"] = load, len(game.history), None

    @staticmethod
    def _recount(ctx: dict, areas, values: Mapping[str, int]) -> None:
        """Units and their value in ``areas``, from ``ctx["units"]``."""
        units, count, held = ctx["units"], ctx["count"], ctx["strength"]
        for a in areas:
            c = units.get(a)
            if c is None:
                count.pop(a, None)
                held.pop(a, None)
            else:
                count[a] = sum(c.values())
                held[a] = strength(c, values)

    def _stale(self, game, ctx: dict, units: dict, places=None) -> None:
        """Drop the scores of moves that start or end where the units changed (among
        ``places``, if given: the others are known not to), and (U.S.) of moves next to a
        city to retake whose support changed."""
        old = ctx["units"]
        dirty = {a for a in (old.keys() | units.keys() if places is None else places) if not _same(old.get(a), units.get(a))}
        if not dirty:
            return
        ctx["units"] = units
        self._recount(ctx, dirty, game.tables.values)
        board = game.board
        scores, why, touch = ctx["scores"], ctx["why"], ctx["touch"]
        for area in dirty:  # touch: area -> the moves scored from or to it since it last changed
            for a in touch.pop(area, ()):
                kept = scores.get(id(a))
                if kept is not None and kept[0] is a:
                    del scores[id(a)]
                    why.pop(a, None)
        goals = [c for c in ctx.get("retake", ()) if board.neighbours(c) & dirty]
        for c in goals:  # the moves into a neighbour of c (adjacency is symmetric: Board's edges)
            for n in board.neighbours(c):
                for a in touch.get(n, ()):
                    kept = scores.get(id(a))
                    if kept is not None and kept[0] is a and a.dst == n:
                        del scores[id(a)]
                        why.pop(a, None)

    def _move_score(self, game, a: Move, ctx: dict, side: str) -> float:
        board, dist, src, dst = game.board, ctx["dist"], a.src, a.dst
        if dst in ctx["declared"]:  # bombing run (scouting is never worth a helicopter's attack)
            if a.unit != "bomber" or dst not in ctx["attack"]:
                return 0.0
            ctx["why"][a] = f"bomb {board[dst].name}, a declared target"
            return 2.0 + board[dst].is_city + 0.01 * a.count
        far_src, far_dst = dist.get(src, FAR), dist.get(dst, FAR)
        gain = far_src - far_dst
        if far_src == 1 and src not in ctx["attack"]:
            gain = min(gain, 0)  # already next to a target
        if far_dst == 0 or far_dst >= FAR:
            gain = min(gain, 0)
        left = ctx["count"].get(src, 0) - a.count - (1 if a.passenger else 0)
        score = float(gain) + 0.3 * bool(a.passenger) + 0.01 * a.count
        if side == US:
            urgent = ctx["urgent"]
            score += ctx["guard"] * self._defence_gain(game, a, ctx, left)
            score += self.retake * (2 if urgent else 1) * us_retake.move_gain(game, a, ctx)
            if left <= 0 and self._retaking(game, src):
                score -= 3  # the city is retaken at Capture only if a U.S. unit is still in it
            return score if score > 0.05 else 0.0
        cities = ctx["cities"]
        if src in cities and left <= 0:
            score -= 3  # never leave a captured city empty
        if dst in cities and game.state.control.get(dst) == side and not ctx["count"].get(dst) \
                and not (a.unit == "bomber" and not a.passenger):
            score += GARRISON  # an empty captured city (unguarded): partisans retake it by just landing
            ctx["why"][a] = f"garrison {board[dst].name}, a captured city left empty"
        if side in INVADERS and far_dst > far_src:
            score -= 1
        return score if score > 0.05 else 0.0

    def _defence_gain(self, game, a: Move, ctx: dict, left: int) -> float:
        """U.S.: value of moving strength from a safe place into a threatened city."""
        board, enemy, held, cities = game.board, ctx["enemy"], ctx["strength"], ctx["us_cities"]
        if a.dst not in cities and not board[a.src].is_city:
            return 0.0  # no U.S. city gains or loses a defender
        values = game.tables.values
        moved = values[a.unit] * a.count + (values[a.passenger] if a.passenger else 0)
        memo = ctx.setdefault("threat", {})

        def danger(area: str) -> float:
            if area not in memo:
                memo[area] = threat(game, area, enemy)
            return memo[area]

        def need(area: str, extra: int) -> float:
            if area not in cities:
                return 0.0
            return max(0.0, danger(area) - held.get(area, 0) - extra)
        before = need(a.src, 0) + need(a.dst, 0)
        after = need(a.src, -moved) + need(a.dst, moved)
        gain = (before - after) / 3.0
        if board[a.src].is_city and left < 1 and danger(a.src) > 0:
            gain -= 3
        if gain > 0.3:
            ctx["why"][a] = f"reinforce {board[a.dst].name}, threatened by nearby Invaders"
        return gain

    @staticmethod
    def _retaking(game, area: str) -> bool:
        """U.S.: a captured city declared this turn, retaken at Capture if a U.S. unit is in it."""
        return (game.side == US and area in game.state.declared and game.board[area].is_city
                and game.state.control.get(area) in INVADERS)


def _same(a: Counter | None, b: Counter | None) -> bool:
    """Two unit Counters hold the same units (compared as dicts: ``Counter.__eq__`` is slow,
    and these Counters never hold zero counts)."""
    return a is b or (a is not None and b is not None and dict.__eq__(a, b))
