"""America in Flames' balance: the heuristic bot at every power, per setting (the standard game
and ``short-game``, each with and without ``bidding``) and player count; game ``i`` of a
setting uses seed ``SEED + i`` and each power's bot the seed ``(SEED + i) * 10 + k`` (its place
in the turn order), as ``fortress.ai.seats`` seats them.

    python benchmarks/aif_balance.py --games 200 --seed 1000 [--players 2 --players 6]
        [--setting standard --setting short-game --setting bidding --setting short-game+bidding]
        [--workers 2] [--variant atomic-bomb] [--allied-bid 179]

prints, per setting, each side's wins with a Wilson 95% interval, the mean game length in
turns, the winning bids and how the games ended (the hydrogen bomb, conquest, the turn limit),
and the seconds a game (the figures of docs/bots.md, "America in Flames").
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

SETTINGS = ("standard", "short-game", "bidding", "short-game+bidding")


@dataclass(frozen=True)
class Game:
    """One finished game: its winner, turns played, how it ended, the winning bid, seconds."""

    seed: int
    winner: str
    turns: int
    ending: str
    bid: str
    seconds: float


def variants_of(setting: str, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    """``"short-game+bidding"`` -> ``("short-game", "bidding")``; ``"standard"`` -> ``()``."""
    return tuple(v for v in setting.split("+") if v != "standard") + extra


def ending(result: str) -> str:
    """How a game ended, from its result line (the ruleset's own wording)."""
    text = result.lower()
    if "hydrogen bomb" in text and "last turn" not in text:
        return "bomb"
    if "last turn" in text:
        return "turn limit"
    if "conquer" in text or "aligned" in text:
        return "conquest"
    return "other"


def play(seed: int, players: int, variants: tuple[str, ...], bid: int = 0) -> Game:
    import fortress
    from fortress.ai import make_bot

    start = time.perf_counter()
    game = fortress.new_game(seed=seed, ruleset="aif", players=players, variants=variants)
    if bid:  # as if the Allies had won the auction with ``bid`` (§13: it is added to the target)
        game.state.bids = [("usa", bid)]
        game.touch()
    bots = {s: make_bot("heuristic", seed=seed * 10 + k, ruleset=game.rules) for k, s in enumerate(game.rules.sides)}
    while not game.is_over:
        side = game.side
        game.apply(bots[side].choose(game), side)
    s = game.state
    won = f"{game.rules.team_of(s.bids[-1][0])} {s.bids[-1][1]}" if s.bids else "none"
    return Game(seed, str(game.winner), s.round, ending(s.result), won, time.perf_counter() - start)


def _job(args: tuple[int, int, tuple[str, ...], int]) -> Game:
    return play(*args)


def report(label: str, games: list[Game]) -> str:
    from fortress.odds.intervals import wilson, z_value

    n, z = len(games), z_value(0.95)
    lines = [f"{label}: {n} games, {statistics.mean(g.turns for g in games):.1f} turns a game on average, "
             f"{statistics.mean(g.seconds for g in games):.2f} s a game"]
    for team in ("allies", "axis"):
        won = sum(g.winner == team for g in games)
        lo, hi = wilson(won, n, z)
        lines.append(f"  {team:>6}: {won}/{n} = {won / n:.1%} (Wilson 95%: {lo:.1%}-{hi:.1%})")
    ends = Counter(g.ending for g in games)
    lines.append("  endings: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    bids = Counter(g.bid for g in games)
    if set(bids) != {"none"}:
        lines.append("  winning bids: " + ", ".join(f"{k}: {v}" for k, v in sorted(bids.items())))
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--players", type=int, action="append", help="player counts (default: 2)")
    p.add_argument("--setting", action="append", choices=SETTINGS, help="settings (default: all four)")
    p.add_argument("--variant", action="append", default=[], help="a variant added to every setting")
    p.add_argument("--workers", type=int, default=1, choices=(1, 2))
    p.add_argument("--allied-bid", type=int, default=0, help="every game as if the Allies had won the auction with this bid")
    a = p.parse_args()
    for players in a.players or [2]:
        for setting in a.setting or SETTINGS:
            variants = variants_of(setting, tuple(a.variant))
            jobs = [(a.seed + i, players, variants, a.allied_bid) for i in range(a.games)]
            if a.workers > 1:
                with ProcessPoolExecutor(a.workers) as pool:
                    games = list(pool.map(_job, jobs, chunksize=4))
            else:
                games = [play(*job) for job in jobs]
            label = f"{players} players, {setting}" + "".join(f"+{v}" for v in a.variant)
            print(report(label + (f", Allied bid {a.allied_bid}" if a.allied_bid else ""), games), flush=True)


if __name__ == "__main__":
    main()
