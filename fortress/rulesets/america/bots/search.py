"""``search``: determinized flat Monte Carlo over turn plans, with heuristic rollouts.

The decision that shapes a turn is which territories to fight for and how hard. At the
first Declare decision of each of its turns the bot considers a handful of *plans*:
settings of the heuristic's knobs (declare threshold, attack threshold, how many units
follow into new ground...) and, above all, which territories to declare (only the first
one or two of the heuristic's targets, its list without one of them, cities only; see
:func:`candidate_plans`). For each plan it plays on many times in
determinized copies (``game.determinized``: the undrawn partisan cards and future
dice re-drawn, so nothing hidden is seen), its own side following the plan and every
other side the heuristic, to a horizon (:func:`horizon_reached`: for the Invaders the
end of the U.S. turn, when victory is checked; for the U.S. its next Declare, after the
Invaders have answered), and scores the position reached with a static evaluation
(:func:`evaluate_invaders`: cities captured first; :func:`evaluate_us`: the forces
left, and from round 6 the captured cities). Plans share determinization seeds (common
random numbers), plans that play out exactly like the balanced one are dropped, the
rest are sampled by successive halving within the ``budget`` (seconds, or a count of
``playouts``; too few to choose keep the balanced plan, and the reason says so); a plan replaces the
balanced one only on a clear paired gain. The play-outs can run on several processes
(``workers``, :mod:`fortress.rulesets.america.bots.rollouts`): a play-out depends only on the position, the
plan and the seed, so more workers mean more play-outs in the same time, and the same
choice under a rollout cap. The best plan then drives the heuristic for the rest of that
turn; every other decision (placements, casualties, retreats...) is the heuristic's,
answered in milliseconds.
"""
from __future__ import annotations

import random
import time

from fortress.engine.actions import Action, Surrender
from fortress.rulesets.america.bots import answers, rollouts, us_retake
from fortress.ai import in_play
from fortress.rulesets.america.bots.heuristic import HeuristicBot
from fortress.rulesets.america.units import INVADERS, US

#: name -> heuristic knobs (see :class:`HeuristicBot`); "fortify" and "counter-attack" matter to the U.S. only
PLANS: dict[str, dict] = {
    "balanced": {},
    "aggressive": {"declare": 0.15, "attack": 0.2},
    "cautious": {"declare": 0.5, "attack": 0.6},
    "spread out": {"fill": 1},
    "mass up": {"fill": 5},
    "fortify": {"declare": 0.6, "attack": 0.7, "guard": 1.5, "retake": 1.0},
    "counter-attack": {"guard": 0.25, "retake": 4.0},
}
#: knob plans searched beside the target plans (see :func:`candidate_plans`)
KNOB_PLANS = {"us": ("balanced", "aggressive", "fortify", "counter-attack"),
              "invaders": ("balanced", "aggressive", "mass up")}
WIN = 1000.0
#: How each camp samples its plans: ``first``, seeds every plan plays before any plan is
#: dropped; a plan replaces the balanced one only if its mean paired gain, less ``se``
#: standard errors, exceeds ``margin``. Other settings can be judged offline with
#: ``benchmarks/us_sampling_study.py`` (docs/bots.md, "Sampling the plans": six seeds and a
#: lighter rule chose better by the evaluation, but did not win more games).
SAMPLING: dict[str, dict[str, float]] = {
    "us": {"first": 2, "se": 1.0, "margin": 0.25},
    "invaders": {"first": 2, "se": 1.0, "margin": 0.25},
}
#: shared seeds a plan needs before it can replace the balanced one
MIN_SEEDS = 3
#: rollouts in a round of the search while few plans are left (at least two seeds each)
ROUND = 8
#: play-outs a searched decision should reach: the first round takes 14-18 (two seeds for
#: every plan), and a plan needs :data:`MIN_SEEDS` seeds shared with the balanced one to replace it
ENOUGH = 24
#: bounds, in seconds, of the budget :func:`machine_budget` gives
MACHINE_BUDGET = (2.0, 10.0)
#: the reference position of :func:`machine_budget`: a game seed and the round of its U.S. Declare
REFERENCE = (7004, 4)
_PER_PLAYOUT: list[float] = []  # seconds per play-out on this machine, timed once per process


def evaluate(game, camp: str) -> float:
    """Static value of ``game`` for ``camp``: :func:`evaluate_invaders` for the Invaders,
    :func:`evaluate_us` for the U.S. (the two camps are scored at different horizons)."""
    return evaluate_us(game) if camp == "us" else evaluate_invaders(game)


def evaluate_invaders(game) -> float:
    """The Invaders' progress toward the captured-city target plus a small weight on the
    balance of forces; ±:data:`WIN` for a finished game."""
    if game.is_over:
        return WIN if game.winner == "invaders" else -WIN
    s = game.state
    inv, us = forces(game)
    value = 5.0 * len(s.captured) + 0.1 * (inv + 0.5 * reserve_value(game) - us)
    return value + 3.0 * len(s.captured) * s.round / game.tables.numbers["rounds"]  # late captures count more


#: U.S. evaluation weights, in unit value (infantry 1): round numbers chosen with the
#: full-game results of plans from the same positions (docs/bots.md, "The U.S. evaluation")
US_WEIGHTS = {"invaders": 0.5, "reserves": 0.25, "captured": 0.5}
#: From round 6 on the captured cities decide: the Invaders win on their count at the end of
#: a U.S. turn, and late in the game every city over 17 must be retaken that very turn. Round
#: at the horizon -> weights (in unit value) of a captured city, of an Invader unit and of a
#: captured city the U.S. can go for next turn (``us_retake.targets``: few defenders, U.S.
#: units near); from a logistic fit of the winner on these counts at the U.S. Declares of
#: 600 heuristic games (``benchmarks/us_eval_fit.py``; benchmarks/NOTES.md, "the U.S.
#: evaluation late in the game"; a refit on 1,200 games of today's rules gives weights close
#: to these, "Session 12"). The Invader reserves are spent by then. Before round 6:
#: :data:`US_WEIGHTS`.
US_LATE = {6: (8.0, 0.3, 5.0), 7: (10.0, 0.3, 4.0), 8: (15.0, 0.25, 4.5), 9: (15.0, 0.25, 6.5),
           10: (15.0, 0.2, 7.0)}


def evaluate_us(game) -> float:
    """The U.S. side's forces less half the Invaders' (a quarter for their reserves) and
    half a point per captured city; from round 6 (:data:`US_LATE`) the forces less a smaller
    share of the Invaders', less several units per captured city, plus some per captured
    city within the U.S.'s reach. ±:data:`WIN` for a finished game.

    Measured on full games played from the same positions with different plans, the
    U.S. forces left after the Invaders' next turns predict who wins; the captured count
    early does not (cities retaken at a high price are lost again). Late in the game it
    decides: the U.S. wins 46% of heuristic games from a round-7 Declare with 17 cities
    captured, 10% with 19 (1,200 games of today's rules, the heuristic U.S. then at ``guard`` 0.5,
    ``benchmarks/us_eval_fit.py``)."""
    if game.is_over:
        return WIN if game.winner == "us" else -WIN
    inv, us = forces(game)
    w = US_WEIGHTS
    late = US_LATE.get(game.round)
    if late is None:
        return us - w["invaders"] * inv - w["reserves"] * reserve_value(game) - w["captured"] * len(game.state.captured)
    city, invader, target = late
    return us - invader * inv - city * len(game.state.captured) + target * len(us_retake.targets(game))


def forces(game) -> tuple[int, int]:
    """Value of the Invader and of the U.S. units on the board."""
    inv = us = 0
    values = game.tables.values
    for u in game.state.units.values():
        if u.side == US:
            us += values[u.kind]
        else:
            inv += values[u.kind]
    return inv, us


def reserve_value(game) -> int:
    """Value of the units in the reserves of the Invaders still in the game."""
    s, values = game.state, game.tables.values
    return sum(values[k] * n for side in INVADERS if side not in s.out for k, n in s.reserves[side].items())


class PlannedBot(HeuristicBot):
    """The heuristic, but declaring exactly ``targets`` (those still legal) this turn."""

    def __init__(self, seed: int = 0, targets: list[str] | None = None, **knobs) -> None:
        super().__init__(seed=seed, **knobs)
        self.targets = targets

    def declare_plan(self, game, threshold: float | None = None) -> list[str]:
        if self.targets is None or threshold is not None:
            return super().declare_plan(game, threshold)
        return list(self.targets)


def candidate_plans(game, camp: str) -> dict[str, tuple[dict, list[str] | None]]:
    """Plans for the turn: name -> (knobs, declared targets or None for the heuristic's).
    Besides knob settings, plans that differ in *what* is fought for: only the first one
    or two targets of the heuristic's declare list (units concentrate), the list without
    one of its first three targets, cities only."""
    plans: dict[str, tuple[dict, list[str] | None]] = {n: (PLANS[n], None) for n in KNOB_PLANS[camp]}
    base = HeuristicBot().declare_plan(game)
    board = game.board
    seen = {tuple(base)}

    def add(name: str, targets: list[str]) -> None:
        if tuple(targets) not in seen:
            seen.add(tuple(targets))
            plans[name] = ({}, targets)
    for k in (1, 2):
        if len(base) > k:
            add(f"only first {k}", base[:k])
    for area in base[:3]:
        if len(base) >= 2:
            add(f"without {area}", [a for a in base if a != area])
    cities = [a for a in base if board[a].is_city]
    if cities:
        add("cities only", cities)
    return plans


class SearchBot:
    """Flat Monte Carlo over :data:`PLANS` at each turn's first Declare decision, its
    play-outs on ``workers`` processes (default 1; :func:`rollouts.default_workers` for
    every core)."""

    name = "search"

    def __init__(self, seed: int = 0, budget: float | None = None, max_rollouts: int = 400,
                 workers: int = 1, playouts: int | None = None) -> None:
        self.rng = random.Random(seed)
        #: seconds per searched decision; None: :func:`machine_budget` (set at the first search)
        self.budget = budget
        #: a budget in play-outs instead of seconds: each search makes this many (fewer only
        #: when every plan but one is dropped or the seeds run out), however long they take
        self.playouts = None if playouts is None else max(1, int(playouts))
        self.max_rollouts = max_rollouts
        self.workers = max(1, int(workers))
        self.reason = ""
        self.default = HeuristicBot(seed=seed)
        self.turn_bot: HeuristicBot | None = None
        self.turn_key: tuple | None = None
        self.last_search: dict = {}

    def choose(self, game) -> Action:
        in_play(game)
        key = (game.round, game.state.turn)
        if game.side == game.state.turn and game.phase == "declare" and self.turn_key != key:
            self.turn_key, self.turn_bot = key, self._search(game)
        bot = self.turn_bot if (self.turn_key == key and game.side == game.state.turn) else self.default
        assert bot is not None  # set by _search on the side's declare step
        action = bot.choose(game)
        if isinstance(action, Surrender):  # the heuristic never surrenders; keep it that way
            action = next(a for a in game.legal_actions() if not isinstance(a, Surrender))
        self.reason = bot.reason
        if bot is self.turn_bot and self.last_search.get("plan"):
            self.reason = f"{bot.reason.rstrip('.')} ({self.last_search['plan']} plan, {self.last_search['why']})."
        return action

    # -- the search ------------------------------------------------------------------------
    def _search(self, game, play=None) -> HeuristicBot:
        """The plan for the rest of the turn; its rollouts on ``play`` (a runner of
        :mod:`fortress.rulesets.america.bots.rollouts`: by default serial or on the pool, by ``workers``)."""
        side = game.side
        camp = "us" if side == US else "invaders"
        if play is None:
            play = rollouts.runner(game, side, camp, self.workers)  # (starts the pool on first use)
        if self.budget is None and self.playouts is None:
            self.budget = machine_budget(self.workers)
        deadline = time.monotonic() + (self.budget or 0.0) if self.playouts is None else float("inf")
        left = self.playouts if self.playouts is not None else -1  # play-outs still to make (-1: by the clock)
        sampling = SAMPLING[camp]
        first = int(sampling["first"])
        candidates = candidate_plans(game, camp)
        plans = list(candidates)
        seen: dict[str, dict[int, float]] = {p: {} for p in plans}  # plan -> {seed index: value}
        seeds = [self.rng.getrandbits(62) for _ in range(self.max_rollouts)]
        alive, i = list(plans), 0
        while i < len(seeds) and time.monotonic() < deadline and len(alive) > 1 and left != 0:
            # every plan meets the same determinizations (common random numbers); a round is
            # two seeds, more while few plans are left (the same rounds for any worker count);
            # no plan is dropped before it has played sampling["first"] seeds
            step = first - i if 0 < i < first else max(2, -(-ROUND // len(alive)))
            jobs = [(p, j) for j in range(i, min(i + step, len(seeds))) for p in alive]
            if left > 0:
                jobs, left = jobs[:left], max(left - len(jobs), 0)
            for (p, j), value in zip(jobs, play.run([(candidates[p], seeds[j]) for p, j in jobs], deadline)):
                if value is not None:
                    seen[p][j] = value
            i += step
            # a plan that played out exactly like the balanced one on every seed so far
            # most likely makes the same moves: drop it (the balanced plan stands for it)
            alive = [p for p in alive if p == "balanced" or seen[p] != seen["balanced"]
                     or len(seen[p]) < len(seen["balanced"])]
            if len(alive) > 2 and i >= first:  # successive halving: drop the weaker half
                keep = sorted(alive, key=lambda p: -_mean(seen[p]))[: max(2, len(alive) // 2)]
                alive = keep if "balanced" in keep else keep[:-1] + ["balanced"]
        top = max(len(seen[p]) for p in alive)
        best = max(alive, key=lambda p: (len(seen[p]) == top, _mean(seen[p]), p == "balanced"))
        if best != "balanced" and not self._clear_gain(seen[best], seen["balanced"], sampling):
            best = "balanced"  # a gain within noise: keep the default
        mean = _mean(seen[best])
        runs = sum(len(v) for v in seen.values())
        few = too_few(seen, alive)
        why = (f"too few play-outs to choose: {runs}, and a plan needs {MIN_SEEDS} seeds shared with the "
               "balanced one to replace it" if few else
               f"best of {len(plans)} plans over {runs} play-outs, value {mean:+.1f}")
        self.last_search = {"plan": best, "rollouts": runs, "value": mean, "too_few": few, "why": why,
                            "challengers": challengers(seen)}
        knobs, targets = candidates[best]
        return PlannedBot(seed=self.rng.getrandbits(32), targets=targets, **knobs)

    @staticmethod
    def _clear_gain(values: dict[int, float], base: dict[int, float], sampling: dict[str, float]) -> bool:
        """On at least :data:`MIN_SEEDS` shared seeds, the mean paired gain over the
        balanced plan, less ``sampling["se"]`` standard errors, exceeds ``sampling["margin"]``."""
        deltas = [v - base[j] for j, v in values.items() if j in base]
        n = len(deltas)
        if n < MIN_SEEDS:
            return False
        mean = sum(deltas) / n
        se = (sum((d - mean) ** 2 for d in deltas) / (n - 1) / n) ** 0.5
        return mean - sampling["se"] * se > sampling["margin"]


def machine_budget(workers: int = 1) -> float:
    """Seconds per searched decision that buy :data:`ENOUGH` play-outs on this machine, as
    it runs now, within :data:`MACHINE_BUDGET`: three U.S. play-outs are timed (wall clock,
    as the budget is) at the :data:`REFERENCE` position once per process, the first time
    a search without a budget is made (about a second); ``workers`` share the play-outs."""
    if not _PER_PLAYOUT:
        _PER_PLAYOUT.append(_time_playouts())
    low, high = MACHINE_BUDGET
    return min(high, max(low, 1.2 * ENOUGH * _PER_PLAYOUT[0] / max(1, workers)))


def _time_playouts(count: int = 3) -> float:
    """Wall-clock seconds per U.S. play-out at the :data:`REFERENCE` position."""
    from fortress.engine.game import new_game

    seed, rnd = REFERENCE
    game = new_game(seed=seed)
    bots = {s: HeuristicBot(seed=seed + i) for i, s in enumerate((US, *INVADERS))}
    while not game.is_over and not (game.side == US and game.phase == "declare" and game.round == rnd):
        game.apply(bots[game.side].choose(game))
    plan = candidate_plans(game, "us")["balanced"]
    start = time.perf_counter()
    for n in range(count):
        rollout(game, US, "us", plan, n)
    return (time.perf_counter() - start) / count


def too_few(seen: dict[str, dict[int, float]], alive: list[str]) -> bool:
    """Whether the search stopped before any plan still in the running beside the balanced
    one had the :data:`MIN_SEEDS` shared seeds it needs to replace it (``seen``: plan ->
    {seed index: value}; ``alive``: the plans not dropped)."""
    base = seen["balanced"]
    return any(len(seen[p].keys() & base.keys()) < MIN_SEEDS for p in alive if p != "balanced")


def challengers(seen: dict[str, dict[int, float]]) -> int:
    """The plans besides the balanced one that played out differently from it on a seed both
    played (the others are its clones: they make the same moves this turn)."""
    base = seen["balanced"]
    return sum(1 for p, values in seen.items()
               if p != "balanced" and any(j in base and v != base[j] for j, v in values.items()))


def _mean(values: dict[int, float]) -> float:
    return sum(values.values()) / max(len(values), 1)


def rollout(game, side: str, camp: str, plan: tuple, seed: int) -> float:
    """Play ``plan`` for ``side`` to the end of its turn in ``game.determinized(seed)``, the
    heuristic elsewhere, and return the evaluation for ``camp`` at the horizon
    (:func:`horizon_reached`). The same arguments give the same value in any process. A
    play-out whose turn ends where another's from ``game`` did (:mod:`answers`) takes that
    one's value instead of playing the other sides' turns again."""
    sim = game.determinized(seed)
    start = sim.round
    knobs, targets = plan
    own = PlannedBot(seed=seed, targets=targets, **knobs)
    other = HeuristicBot(seed=seed + 1)
    known = answers.table(game)
    position = None  # the position at the end of the side's turn (answers.key)
    while not sim.is_over and not horizon_reached(sim, camp, start):
        turn = sim.state.turn
        if position is None and (turn != side or sim.round != start):  # the plan has played
            position = answers.key(sim, other, (side, camp, start))
            if position in known:  # the other sides' answer to it was played out already
                return known[position]
        bot = own if (turn == side and sim.round == start and sim.side == side) else other
        sim.apply(bot.choose(sim))
    value = evaluate(sim, camp)
    if position is not None:
        known[position] = value
    return value


def horizon_reached(sim, camp: str, start: int) -> bool:
    """Where a rollout from round ``start`` stops. The Invaders: the end of the round (the
    end of the U.S. turn, when victory is checked). The U.S., whose turn ends the round:
    the start of its next Declare, so the Invaders' answer to the plan is seen."""
    if camp == "invaders":
        return sim.round != start
    return sim.round != start and sim.state.turn == US and sim.phase == "declare"
