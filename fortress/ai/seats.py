"""Bot-versus-bot games of any ruleset, a bot per side, serially: each side's win rate with its
Wilson interval, and the speed (``fortress simulate --ruleset attack --bots red=heuristic``).
Fortress America's own simulation, with its teams and cities, is :mod:`fortress.rulesets.america.bots.simulate`.

Game ``i`` uses seed ``seed + i``; the bot of the side in seat ``k`` gets seed
``(seed + i) * 10 + k``.

>>> r = simulate(1, seed=100, ruleset="attack", players=4, bots={"red": "heuristic"})
>>> r.games, r.wins["red"]
(1, 1)
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Mapping

MAX_ACTIONS = 100_000  #: a game longer than this is an engine or bot bug


def play_game(seed: int, ruleset: str, players: int, bots: Mapping[str, str],
              variants: tuple[str, ...] = ()) -> tuple[str | None, int]:
    """One game to its end; every side not in ``bots`` plays "random". Returns the winner
    and the number of actions."""
    import fortress
    from fortress.ai import make_bot

    game = fortress.new_game(seed=seed, players=players, ruleset=ruleset, variants=variants)
    sides = [side for seat in game.seats for side in seat]
    seated = {s: make_bot(bots.get(s, "random"), seed=seed * 10 + k, ruleset=game.rules) for k, s in enumerate(sides)}
    while not game.is_over:
        if len(game.history) > MAX_ACTIONS:
            raise RuntimeError(f"game {seed} did not end after {MAX_ACTIONS} actions")
        game.apply(seated[game.side].choose(game))
    winner: str | None = game.winner
    return winner, len(game.history)


@dataclass
class Results:
    """Wins per side over ``games`` games, and the time they took."""

    games: int
    sides: tuple[str, ...]
    bots: dict[str, str]
    wins: dict[str, int] = field(default_factory=dict)
    actions: int = 0
    seconds: float = 0.0

    def table(self, confidence: float = 0.95) -> str:
        from fortress.odds.intervals import wilson, z_value
        z = z_value(confidence)
        lines = [f"{self.games} games, {self.games / max(self.seconds, 1e-9):.2f} games/s, "
                 f"{self.actions / max(self.games, 1):.0f} actions a game"]
        for side in self.sides:
            n = self.wins.get(side, 0)
            lo, hi = wilson(n, self.games, z)
            lines.append(f"{side:>8} ({self.bots[side]}): wins {n}/{self.games} = {n / self.games:.0%} "
                         f"[{lo:.0%}, {hi:.0%}]")
        return "\n".join(lines)


def simulate(games: int, seed: int, ruleset: str, players: int, bots: Mapping[str, str],
             variants: tuple[str, ...] = ()) -> Results:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``, ...) and count each side's wins."""
    from fortress.engine import rulesets
    rules = rulesets.get(ruleset)
    sides = tuple(side for seat in rules.seats(players) for side in seat)
    unknown = sorted(set(bots) - set(sides))
    if unknown:
        raise ValueError(f"no side {unknown[0]!r} at {players} players; the sides are {', '.join(sides)}")
    out = Results(games, sides, {s: bots.get(s, "random") for s in sides})
    start = time.perf_counter()
    for i in range(games):
        winner, n = play_game(seed + i, ruleset, players, bots, variants)
        out.actions += n
        if winner is not None:
            out.wins[winner] = out.wins.get(winner, 0) + 1
    out.seconds = time.perf_counter() - start
    return out


def parse(text: str) -> dict[str, Any]:
    """``"red=heuristic,blue=random"`` as a dict (refused in words when malformed)."""
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        side, eq, bot = part.partition("=")
        if not eq or not side or not bot:
            raise ValueError(f"write bots like 'red=heuristic,blue=random'; got {part[:40]!r}")
        out[side] = bot
    return out
