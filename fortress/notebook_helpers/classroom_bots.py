"""Student bots, classroom-safe: a bot that raises or answers an illegal action loses its game
with a clear message; matches and a round-robin tournament."""
from __future__ import annotations

import inspect
import random
import time
import traceback
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, cast

import pandas as pd

import fortress
from fortress.engine.actions import Action, Surrender
from fortress.engine.game import Game
from fortress.rulesets.america.views import AmericaGame
from fortress.engine.rulesets import side_label
from fortress.rulesets.america.units import INVADERS, SIDES, US

__all__ = ['BotFault', 'SafeBot', 'as_bot', 'MatchResult', 'play_match', 'round_robin', 'CAMPS']


CAMPS = ("us", "invaders")



# -- classroom-safe bots -------------------------------------------------------------------
class BotFault(Exception):
    """A bot raised, answered something that is not an action, or answered an illegal one."""

    def __init__(self, bot_name: str, side: str, message: str) -> None:
        super().__init__(f"{bot_name} ({side_label(side, side)}): {message}")
        self.bot_name, self.side, self.message = bot_name, side, message


class SafeBot:
    """Wraps a bot object or a plain function ``f(game) -> action`` (an Action or its notation).

    The function gets a *determinized copy* of the game (:func:`view_of`): it cannot change
    the real game, and what its side may not see (the partisan deck's order, the other
    Invaders' cards, the future dice) is made up in it. Its answer is checked against the real
    game. Whatever goes wrong (an exception, None, an unreadable or illegal answer) becomes a
    :class:`BotFault` with a message a student can act on.
    """

    def __init__(self, brain: Callable[[Game], Any] | Any, name: str | None = None) -> None:
        self.brain = brain
        self.name = name or getattr(brain, "name", None) or getattr(brain, "__name__", None) or type(brain).__name__
        self.reason = ""

    def choose(self, game: Game) -> Action:
        side = game.side
        fn = self.brain.choose if hasattr(self.brain, "choose") else self.brain
        try:
            answer = fn(view_of(game))
        except Exception as exc:  # noqa: BLE001 - any student error must become a clean loss
            raise BotFault(self.name, side, _crash_text(fn, exc)) from None
        self.reason = getattr(self.brain, "reason", "") or ""
        if isinstance(answer, str):
            try:
                answer = game.parse(answer)
            except ValueError as exc:
                raise BotFault(self.name, side, f"answered {_cut(repr(answer))}, which is not an action: {exc}") from None
        if not isinstance(answer, Action):
            raise BotFault(self.name, side, f"answered {_cut(repr(answer))} ({type(answer).__name__}); "
                                            "a bot must return one of game.legal_actions() or its notation")
        why = game.explain(answer)
        if why is not None:
            raise BotFault(self.name, side, f"answered the illegal action '{_shown(game, answer)}' in {game.phase}: {why}")
        return answer


def view_of(game: Game) -> Game:
    """What a bot sees: ``game.determinized`` with a seed from the game's seed and the ply,
    so a match replays the same while the hidden cards and future dice stay unknown."""
    return game.determinized(((game.state.seed * 1_000_003 + len(game.history)) * 0x9E3779B1 + 0x5AFE) % 2**64)


_FORTRESS = str(Path(fortress.__file__).resolve().parent)


def _crash_text(fn: Callable, exc: Exception) -> str:
    """How a bot crashed: a wrong signature, or the exception at the last line of the
    student's code (outside the fortress package)."""
    if isinstance(exc, TypeError) and not _takes_one(fn):
        name = getattr(fn, "__name__", "the bot")
        return f"{name} must take one argument, `game` (def {name}(game): ...); calling it raised: {exc}"
    tb = traceback.extract_tb(exc.__traceback__)
    theirs = [f for f in tb if not str(Path(f.filename).resolve()).startswith(_FORTRESS)] or tb[-1:]
    where = f" (line {theirs[-1].lineno} in {theirs[-1].name})" if theirs else ""
    return f"raised {type(exc).__name__}: {exc}{where}"


def _takes_one(fn: Callable) -> bool:
    try:
        inspect.signature(fn).bind(None)
    except TypeError:
        return False
    except ValueError:  # no signature to read (a builtin): assume it does
        pass
    return True


def _shown(game: Any, answer: Action) -> str:
    """A refused answer as text: its notation, or (not a well-formed action) as it prints."""
    try:
        return game.notation(answer)
    except ValueError:  # IllegalAction: not well formed
        return _cut(repr(answer))


def _cut(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def as_bot(entry: Any, seed: int = 0, name: str | None = None) -> SafeBot:
    """A built-in bot by name ("random", "heuristic", "search"), a function or a bot object,
    always wrapped in :class:`SafeBot`. ``TypeError`` for a class (pass an instance) or
    anything else that cannot choose."""
    if isinstance(entry, SafeBot):
        return entry
    if isinstance(entry, str):
        from fortress.ai import make_bot
        return SafeBot(make_bot(entry, seed=seed), name=name or entry)
    if isinstance(entry, type):
        raise TypeError(f"{entry.__name__} is a class: pass a bot object, {entry.__name__}(), "
                        "or a function f(game)")
    if not (callable(entry) or hasattr(entry, "choose")):
        raise TypeError(f"{_cut(repr(entry), 40)} ({type(entry).__name__}) is not a bot: give a function "
                        "f(game) -> action, an object with .choose(game), or a built-in name")
    return SafeBot(entry, name=name)


@dataclass
class MatchResult:
    winner: str | None  # "us", "invaders", or None if unfinished
    why: str
    rounds: int
    cities: int
    actions: int
    seconds: float
    fault: str | None = None  # the message if a bot forfeited
    faulty_side: str | None = None
    game: Game | None = field(default=None, repr=False)

    def row(self) -> dict:
        return {"winner": self.winner, "why": self.why, "rounds": self.rounds, "cities": self.cities,
                "actions": self.actions, "seconds": round(self.seconds, 2), "fault": self.fault}


def _seats(bots: Mapping[str, Any]) -> dict[str, Any]:
    """{"us": x, "invaders": y} or per side (keys in any case); missing sides play
    "heuristic". ``TypeError`` if ``bots`` is not a dict, ``ValueError`` for an unknown seat."""
    from fortress.rulesets.america.bots.simulate import check_sides

    if not isinstance(bots, Mapping):
        raise TypeError(f"bots must be a dict of seat -> bot, e.g. {{'us': my_bot, 'invaders': 'heuristic'}}, "
                        f"not a {type(bots).__name__}")
    given = {k.lower() if isinstance(k, str) else k: v for k, v in bots.items()}
    check_sides(given)
    if len(given) < len(bots):
        raise ValueError(f"a seat is given twice in bots (keys ignore case): {', '.join(map(str, bots))}")
    bots = given
    seats = {}
    for side in SIDES:
        if side in bots:
            seats[side] = bots[side]
        elif side in INVADERS and "invaders" in bots:
            seats[side] = bots["invaders"]
        else:
            seats[side] = "heuristic"
    return seats


def play_match(bots: Mapping[str, Any], seed: int = 0, players: int = 4, max_actions: int = 20_000,
               game: Game | None = None, on_step: Callable[[Game, Action, SafeBot], None] | None = None
               ) -> MatchResult:
    """Play one game between bots (``{"us": ..., "invaders": ...}`` or one entry per side;
    entries as in :func:`as_bot`). A bot that faults surrenders for its camp: its camp loses
    and ``fault`` says why. Never raises because of a bot's play; an unknown seat or a
    non-bot entry raises at once. Python's ``random`` is seeded with the game's seed first,
    so bots that use it play the same game again."""
    seats_in = _seats(bots)
    made: dict[int, SafeBot] = {}
    seats: dict[str, SafeBot] = {}
    for side in SIDES:  # one SafeBot per distinct entry: a function playing three Invaders is one bot
        key = id(seats_in[side])
        if isinstance(seats_in[side], str) or key not in made:
            made[key] = as_bot(seats_in[side], seed=seed * 31 + SIDES.index(side))
        seats[side] = made[key]
    game = game or fortress.new_game(seed=seed, players=players)
    random.seed(game.state.seed)
    start = time.perf_counter()
    fault = faulty = None
    while not game.is_over and len(game.history) < max_actions:
        side = game.side
        bot = seats[side]
        try:
            action = bot.choose(game)
        except BotFault as exc:
            fault, faulty = str(exc), side
            game.apply(Surrender())  # the faulty side concedes for its camp
            break
        game.apply(action)
        if on_step is not None:
            on_step(game, action, bot)
    if fault:
        why = f"forfeit: {fault}"
    elif game.is_over:
        why = game.state.result
    else:
        why = f"unfinished after {max_actions} actions"
    return MatchResult(game.winner, why, game.round, cast(AmericaGame, game).cities_captured(), len(game.history),
                       time.perf_counter() - start, fault, faulty, game)


def round_robin(entrants: Mapping[str, Any], games: int = 1, seed: int = 0, players: int = 4,
                max_actions: int = 20_000) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Every entrant plays every other, once as the U.S. and once as the Invaders, ``games``
    times each (seeds ``seed``, ``seed+1``, ...; each game seeds ``random`` as in
    :func:`play_match`, so the same call gives the same standings). Returns (games frame,
    standings frame). Standings: games, wins, win rate, forfeits; sorted by wins."""
    example = "e.g. {'mine': my_bot, 'random': 'random'}"
    if not isinstance(entrants, Mapping):
        raise TypeError(f"round_robin needs a dict name -> bot, {example}; not a {type(entrants).__name__}")
    if len(entrants) < 2:
        raise ValueError(f"round_robin needs at least two bots to play each other, {example}")
    names = list(entrants)
    rows = []
    for i, us_name in enumerate(names):
        for inv_name in names:
            if inv_name == us_name:
                continue
            for k in range(games):
                s = seed + k
                res = play_match({"us": as_bot(entrants[us_name], s, us_name),
                                  "invaders": as_bot(entrants[inv_name], s + 7, inv_name)},
                                 seed=s, players=players, max_actions=max_actions)
                faulty_name = None
                if res.faulty_side:
                    faulty_name = us_name if res.faulty_side == US else inv_name
                rows.append({"us": us_name, "invaders": inv_name, "seed": s, **res.row(),
                             "winner_name": us_name if res.winner == "us" else inv_name if res.winner else None,
                             "forfeit_by": faulty_name})
    frame = pd.DataFrame(rows)
    table = []
    for name in names:
        mine = frame[(frame.us == name) | (frame.invaders == name)] if len(frame) else frame
        wins = int((mine.winner_name == name).sum()) if len(mine) else 0
        as_us = mine[mine.us == name] if len(mine) else mine
        as_inv = mine[mine.invaders == name] if len(mine) else mine
        table.append({"bot": name, "games": len(mine), "wins": wins,
                      "win rate": wins / len(mine) if len(mine) else 0.0,
                      "wins as U.S.": int((as_us.winner == "us").sum()) if len(as_us) else 0,
                      "wins as Invaders": int((as_inv.winner == "invaders").sum()) if len(as_inv) else 0,
                      "forfeits": int((mine.forfeit_by == name).sum()) if len(mine) else 0})
    standings = pd.DataFrame(table).sort_values(["wins", "forfeits"], ascending=[False, True]).reset_index(drop=True)
    return frame, standings


