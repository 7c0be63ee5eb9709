"""America in Flames' heuristic bot: every decision is one of the legal actions (or an order
the step's own check accepts), chosen by rules of thumb from its own side's view
(``game.view(side)``: other powers' sealed orders are placeholders it cannot read). Each rule
is stated where it is applied; in short:

- the race: research decides the game (the hydrogen bomb, or, after the last turn,
  who holds more research sites, then who is nearer it), so production buys the side's research rolls while the next roll adds at least
  ``MIN_GAIN`` expected research points (E[max of n d10] less E[max of n - 1]), every roll it
  can once either side is within one die of the target; the Axis behind in the race buys only
  ``BEHIND_ROLLS`` and an invasion force (the Allies, who win only by the bomb, race on), a
  side ahead infantry for its threatened research sites
  (:mod:`.heuristic_ops`); then political points up to ``STOCK`` (§5.3), then more rolls;
- the auction: bid while the side's chance to win the race at the target the bid gives is at
  least ``BID_FLOOR`` (a seeded estimate, :func:`race`), never against a partner's standing bid;
- influence (the pre-set-up steps and the minor influence step): spend points, a few levels at
  a time, where a point buys most value (:func:`worth`: each minor's band income over
  ``HORIZON`` turns, a little per square, a flag held against the enemy's likely push), the
  exact result of the order (hurdles, halving, the flash) read from §3.6's own resolution;
  leave a partner the minors it is cheaper in, and keep ``RESERVE`` of the points in the
  regular steps;
- declarations: align every own minor at Mobilisation (§3.1); declare war on (or, with the
  variant, bomb) a minor favouring the enemy from Mobilisation up when the war's result
  (§3.2, the flash of §3.7) is worth more than the points it gives the enemy (§3.5); else pass;
- operations and battles (stage B): :mod:`.heuristic_ops`.

Ties go by the order of the sorted legal actions and the minors' order in the tables. The bot
draws no random number but the race estimate's, from its own generator, so the same seed and
position give the same choice.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from fortress.engine.actions import Action, End, Surrender
from fortress.engine import flow
from fortress.engine.flow import Pass
from fortress.rulesets.aif import buy, declare, heuristic_ops, politics
from fortress.rulesets.aif.common import MAX_LEVELS, income, target
from fortress.rulesets.aif.politics import Order, Politics, Presence, RuleError
from fortress.rulesets.aif.production import cost as roll_cost
from fortress.rulesets.aif.military import presence
from fortress.rulesets.aif.ruleset import RULES
from fortress.rulesets.aif.state import Align, AifState, Bid, Bomb, Declare, Influence, Produce
from fortress.rulesets.aif.tables import Tables, load, other
from fortress.rulesets.aif.track import frozen, signed, walk

MIN_GAIN = 0.1  #: buy a research roll while it adds at least this many expected research points
BEHIND_ROLLS = 2  #: rolls a side behind in the race still buys (each adds a point or more: 5.5, then 1.65)
BID_FLOOR = 0.5  #: bid while the side's estimated chance to win the race stays at least this
RACES = 300  #: races simulated per auction estimate
HORIZON = 6  #: turns of a minor's income an influence order is valued at
SQUARE = 0.5  #: value of a square of progress on the track (towards the next band, the arrows)
RESERVE = 0.1  #: share of its points a power keeps back in the regular influence step
STEP_LEVELS = (1, 2, 3)  #: levels added to a minor at a time while building an order
THREAT = 3  #: levels of an enemy push a contested flag is valued against
STOCK = 30  #: political points a power saves up to before its spare build points go to research
POINT = 1.0  #: value of a political point given to the enemy (1 build point, §5.3)


def expected_best(n: int, die: int = 10) -> float:
    """E[the highest of ``n`` dice]: §8 scores a side's highest die each turn."""
    return float(die - sum((j / die) ** n for j in range(1, die))) if n else 0.0


def wanted_rolls(affordable: int, die: int = 10) -> int:
    """The most rolls whose last one still adds ``MIN_GAIN`` expected points (within ``affordable``)."""
    n = 0
    while n < affordable and expected_best(n + 1, die) - expected_best(n, die) >= MIN_GAIN:
        n += 1
    return n


# -- reading the view ------------------------------------------------------------------------------
@dataclass
class Seat:
    """What the bot reads of its view: the tables, the state, the power acting and its side."""

    game: Any
    t: Tables
    s: AifState
    power: str
    here: Presence  #: the map's presence in the minors (§3.6: +1 a level where an enemy land unit stands)

    @property
    def side(self) -> str:
        return self.t.side(self.power)

    @property
    def partners(self) -> tuple[str, ...]:
        return tuple(p for p in self.t.side_powers(self.side) if p != self.power and p not in self.s.politics.conquered)


def side_rolls(seat: Seat, side: str) -> int:
    """The rolls ``side`` buys this turn by the production rule: each of its powers pays whole
    rolls, the partners earlier in the turn order first, up to :func:`wanted_rolls` (all it can
    once either side is within one die of the target)."""
    t, s = seat.t, seat.s
    each = roll_cost(seat.game.ctx, side)
    can = sum(income(t, s, p) // each for p in t.side_powers(side) if p not in s.politics.conquered)
    die = int(t.research["die"])
    close = max(s.research.values()) + die >= target(seat.game.ctx)
    return can if close else wanted_rolls(can, die)


def checker(view: Any) -> Any:
    """Where to check a choice: the view, or, when it is the last order of a sealed step (which a
    view cannot reveal), a copy with the others' hidden orders made up (only ours is judged)."""
    step = view.ctx.turn.by_name[view.phase]
    return view.determinized(0) if step.sealed and flow.hidden_orders(view.ctx) else view


# -- the race (production, the auction) -----------------------------------------------------------
def race(research: dict[str, int], rolls: dict[str, int], goal: int, first: str, rng: random.Random,
         turns: int, die: int = 10, runs: int = RACES) -> dict[str, float]:
    """Each side's share of ``runs`` simulated research races (§8: the highest of its rolls a
    turn) to ``goal`` within ``turns`` turns (after them the side nearer wins: our limit rule
    looks at the research sites held first, which the estimate leaves to the map), both sides reaching it in one turn going to the higher, then to ``first``."""
    wins = {"allies": 0, "axis": 0}
    for _ in range(runs):
        points = dict(research)
        for _turn in range(turns):
            for team in points:
                points[team] += max((rng.randrange(die) + 1 for _ in range(rolls[team])), default=0)
            if max(points.values()) >= goal:
                break
        best = max(points.values())
        leaders = [team for team in points if points[team] == best]
        wins[first if len(leaders) > 1 else leaders[0]] += 1
    return {team: n / runs for team, n in wins.items()}


# -- valuing the track (influence, declarations) --------------------------------------------------
def band_income(t: Tables, minor: str, square: int) -> float:
    """§3.1: what a minor gives its favoured power at ``square`` (half its resources from 2,
    all with its factories from Full Production)."""
    band, m = t.band(square), t.minors[minor]
    if band is None:
        return 0.0
    return (m.resources / 2 if band.resources == "half" else m.resources if band.resources == "all" else 0) + \
        (m.factories if band.factories else 0)


def square_value(t: Tables, minor: str, square: int) -> float:
    """A flag's value to the power it favours: its band's income over ``HORIZON`` turns, and
    ``SQUARE`` a square."""
    return HORIZON * band_income(t, minor, square) + SQUARE * square


def position_value(t: Tables, minor: str, pos: int, side: str) -> float:
    """The value of signed position ``pos`` (+ Allies) to ``side``: + if it favours ``side``."""
    mine = pos > 0 if side == "allies" else pos < 0
    value = square_value(t, minor, abs(pos))
    return value if mine else -value


def worth(t: Tables, p: Politics, side: str) -> float:
    """The track's value to ``side``: every flag valued half where it stands and half after an
    enemy push of ``THREAT`` levels (hurdles counted), so a flag just over a band edge is worth
    less than one with a margin; conquered and Full Ally flags stand where they are."""
    total = 0.0
    for minor in t.flagged():
        flag = p.flags[minor]
        pos = signed(t, flag)
        if frozen(t, flag):
            total += position_value(t, minor, pos, side)
            continue
        pushed, _ = walk(t, pos, other(side), THREAT, cap=t.full_ally - 1)
        total += (position_value(t, minor, pos, side) + position_value(t, minor, pushed, side)) / 2
    return total


# -- the bot -------------------------------------------------------------------------------------
class AifHeuristic:
    """The heuristic (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, game: Any) -> Action:
        """The choice of the power that decides now: the view's own side when ``game`` is a view
        and that side may act (a seat's bot in a sealed step), else ``game.side``."""
        viewer = game.viewer
        power: str = viewer if isinstance(viewer, str) and viewer in game.to_move else game.side
        view = game if viewer == power else game.view(power)  # others' sealed orders are placeholders
        seat = Seat(view, load(), view.state, power, presence(view.state))
        legal = sorted((a for a in view.legal_actions(power) if not isinstance(a, Surrender)), key=view.sort_key)
        decide = {"auction": self._auction, "pre-set-up": self._influence, "influence": self._influence,
                  "declare": self._declare, "production": self._production}.get(view.phase)
        if decide is not None and not view.state.fight:
            action, why = decide(seat, legal)
        else:  # the operations step and its battles (stage B)
            action, why = heuristic_ops.operate(view, power, legal)
        if checker(view).explain(action, power) is not None:  # a rule of thumb found nothing legal: the first listed
            action, why = legal[0], "no rule of thumb applies here; the first legal action."
        self.reason = f"{view.notation(action)}: {why}"
        return action

    # -- the auction (§13) ----------------------------------------------------------------------
    def _auction(self, seat: Seat, legal: list[Action]) -> tuple[Action, str]:
        bid = next((a for a in legal if isinstance(a, Bid)), None)
        if bid is None:
            return legal[0], "no auction in this game."
        s, side, game = seat.s, seat.side, seat.game
        if s.bids and game.rules.team_of(s.bids[-1][0]) == side:
            return Pass(), "a partner's bid stands; we do not bid against it."
        goal = target_after(seat, bid.amount)
        chance = self._race_chance(seat, goal)
        if chance >= BID_FLOOR:
            return bid, (f"at {goal} research points to win, our estimated chance in the race is {chance:.0%}, "
                         f"at least {BID_FLOOR:.0%}.")
        return Pass(), f"at {goal} research points to win, our estimated chance would be {chance:.0%}, below {BID_FLOOR:.0%}."

    def _race_chance(self, seat: Seat, goal: int) -> float:
        t, s = seat.t, seat.s
        rolls = {team: side_rolls(seat, team) for team in ("allies", "axis")}
        turns = max(1, RULES["last_turn"] - s.round)
        share = race(dict(s.research), rolls, goal, s.initiative, self.rng, turns, int(t.research["die"]))
        return share[seat.side]

    # -- production (§5.3, §8) ------------------------------------------------------------------
    def _production(self, seat: Seat, legal: list[Action]) -> tuple[Action, str]:
        """Rolls first (the race), then units (an invasion when behind, else defence of the
        research sites), then political points up to ``STOCK``, then more rolls."""
        t, s, power, side = seat.t, seat.s, seat.power, seat.side
        have, each = income(t, s, power), roll_cost(seat.game.ctx, side)
        late = seat.side == "axis" and behind(seat)  # the Allies win only by the bomb (§7): they race on
        wanted = min(side_rolls(seat, side), BEHIND_ROLLS) if late else side_rolls(seat, side)
        earlier = t.side_powers(side)[:t.side_powers(side).index(power)]
        paid = sum(min(income(t, s, p) // each, wanted) for p in earlier if p not in s.politics.conquered)
        mine = max(0, min(have // each, wanted - min(paid, wanted)))
        rest = have - mine * each
        units = (heuristic_ops.invasion_buys if late else heuristic_ops.defence_buys)(s, power, rest)
        rest -= buy.cost(units)
        points = min(rest, max(0, STOCK - s.politics.points[power])) if self._minors(seat) else 0
        extra = (rest - points) // each
        research = (mine + extra) * each
        race_text = (f"behind in the race to {target(seat.game.ctx)}, our side buys only the {wanted} roll(s) worth a "
                     "point each and an invasion force for the research sites" if late else
                     f"in the race to {target(seat.game.ctx)} our side buys {wanted} roll(s) (each adding "
                     f"{MIN_GAIN} expected points or more; every roll within a die of the target)")
        why = (f"{race_text}, {mine} of them ours at {each}"
               + (f"; {buy.cost(units)} build point(s) on units" if units else "")
               + (f"; {extra} more roll(s) with what political points need not take (a stock of {STOCK})" if extra else "")
               + f"; {have - research - buy.cost(units)} on political points.")
        return Produce(have - research - buy.cost(units), research, units), why

    # -- influence (§3.6) -----------------------------------------------------------------------
    def _influence(self, seat: Seat, legal: list[Action]) -> tuple[Action, str]:
        t, s, power = seat.t, seat.s, seat.power
        keep = int(s.politics.points[power] * RESERVE) if seat.game.phase == "influence" else 0
        budget = s.politics.points[power] - keep
        order: dict[str, int] = {}
        spent, base = 0, self._valued(seat, order)
        while True:
            best: tuple[float, str, int, float] | None = None
            for minor in self._minors(seat):
                level = politics.level_cost(t, power, minor, seat.here)
                for k in STEP_LEVELS:
                    if spent + k * level > budget or order.get(minor, 0) + k > MAX_LEVELS:
                        break
                    value = self._valued(seat, {**order, minor: order.get(minor, 0) + k})
                    ratio = (value - base) / (k * level)
                    if ratio > 0 and (best is None or ratio > best[0] + 1e-9):
                        best = (ratio, minor, k, value)
            if best is None:
                break
            _, minor, k, base = best
            order[minor] = order.get(minor, 0) + k
            spent += k * politics.level_cost(t, power, minor, seat.here)
        action = Influence(tuple((m, n) for m, n in order.items()))
        if not order:
            return action, f"no level buys value now; {s.politics.points[power]} point(s) kept."
        spots = ", ".join(f"{t.minors[m].name} {n}" for m, n in order.items())
        return action, (f"levels where a point buys most (a band's income over {HORIZON} turns, a margin "
                        f"against the enemy's push): {spots}, {spent} point(s); {s.politics.points[power] - spent} kept"
                        + (f" (a reserve of {keep})." if keep else "."))

    def _minors(self, seat: Seat) -> list[str]:
        """The minors this power works on: flags that may still move, where no partner with the
        points for a level is cheaper (that partner takes them), or the flag favours this power."""
        t, p, power = seat.t, seat.s.politics, seat.power
        out = []
        for minor in t.flagged():
            flag = p.flags[minor]
            if frozen(t, flag):
                continue
            mine = t.minors[minor].cost[power]
            cheaper = [q for q in seat.partners if t.minors[minor].cost[q] < mine and p.points[q] >= t.minors[minor].cost[q]]
            if cheaper and flag.power != power:
                continue
            out.append(minor)
        return out

    def _valued(self, seat: Seat, order: dict[str, int]) -> float:
        """The track's worth to the side after this power's order alone (§3.6's own resolution)."""
        orders = [Order(seat.power, m, n) for m, n in order.items()]
        try:
            out = politics.resolve(seat.s.politics, seat.t, orders, seat.s.initiative, seat.here)
        except RuleError:
            return float("-inf")
        return worth(seat.t, out.state, seat.side)

    # -- declarations (§3.1, §3.2, §3.5, §10.7(c)) -------------------------------------------------
    def _declare(self, seat: Seat, legal: list[Action]) -> tuple[Action, str]:
        t, s, game = seat.t, seat.s, seat.game
        if legal == [End()]:
            return End(), "the other side declares now."
        for action in legal:
            if isinstance(action, Align):
                return action, (f"{t.minors[action.minor].name} is ours at Mobilisation: aligned, it joins our "
                                "side for good while it stays there (3.1).")
        best: tuple[float, Action] | None = None
        base = worth(t, s.politics, seat.side)
        for action in legal:
            if not isinstance(action, (Declare, Bomb)) or not self._enemy_mobilised(seat, action.minor):
                continue
            out = declare.outcome(game.ctx, action)
            gain = worth(t, out.state, seat.side) - base - POINT * enemy_points(s.politics, out.state, seat)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, action)
        if best is None:
            return Pass(), ("no minor favouring the enemy at Mobilisation is worth a war: its flash would "
                            "not pay for the points the enemy gets (3.5).")
        gain, action = best
        verb = "bombs" if isinstance(action, Bomb) else "declares war on"
        return action, (f"{verb} {t.minors[action.minor].name}, the enemy's at Mobilisation: the flash's "  # type: ignore[attr-defined]
                        f"gain is worth {gain:.1f} more than the points the enemy gets (3.2, 3.5, 3.7).")

    def _enemy_mobilised(self, seat: Seat, minor: str) -> bool:
        flag = seat.s.politics.flags[minor]
        return (flag.power is not None and seat.t.side(flag.power) != seat.side
                and flag.square >= seat.t.mobilisation and not frozen(seat.t, flag))


def enemy_points(before: Politics, after: Politics, seat: Seat) -> int:
    """The political points the enemy gained between two states (§3.5's war points)."""
    enemy = seat.t.side_powers(other(seat.side))
    return sum(after.points[p] - before.points[p] for p in enemy)


def behind(seat: Seat) -> bool:
    """Whether ``seat``'s side needs more turns than the enemy to reach the target at the rolls
    each buys now (E[the highest of its rolls] a turn)."""
    t, s, goal, die = seat.t, seat.s, target(seat.game.ctx), int(seat.t.research["die"])

    def turns(team: str) -> float:
        pace = expected_best(side_rolls(seat, team), die)
        return (goal - s.research[team]) / pace if pace else float("inf")
    return turns(seat.side) > turns(other(seat.side))


def target_after(seat: Seat, bid: int) -> int:
    """The research points to win if this side's bid of ``bid`` wins the auction (§13; the short
    game's from its designed target, :func:`..common.target`)."""
    from fortress.rulesets.aif.common import game_target
    return game_target(seat.t, "short-game" in seat.game.variants, bid, seat.side)

