"""Fuzzing support (issue 20): real saves and their mutants, malformed positions, action
strings and action objects, and the one check each input gets. Used by ``tests/test_fuzz.py``
(the committed corpus in ``tests/data/fuzz/`` plus hypothesis) and ``benchmarks/fuzz.py``
(a longer run that counts outcomes for ``docs/reliability.md``).

The contract checked: every input either works or raises the documented error
(``SaveError``, ``PositionError``, ``IllegalAction``) with a short message, within 2 s; a
refused action leaves the game byte-identical; what is accepted keeps the invariants
and saves to a file that loads again.
"""
from __future__ import annotations

import json
import random
import time
import tracemalloc
from dataclasses import dataclass, fields, replace
from functools import cache
from pathlib import Path

import fortress
from fortress.rulesets.america import actions as A
from fortress.rulesets.america.positions import PositionError
from fortress.engine.save import SaveError
from tests import invariants

CORPUS = Path(__file__).resolve().parent / "data" / "fuzz"
SECONDS = 2.0
MEMORY = 500 * 2**20
MESSAGE = 400  #: the longest error message allowed (it must never echo a large input)


@dataclass
class Outcome:
    kind: str  # "works", "refused" or "FAILED"
    detail: str = ""
    seconds: float = 0.0
    peak: int = 0  # bytes, when measured

    @property
    def ok(self) -> bool:
        return self.kind != "FAILED" and self.seconds <= SECONDS and self.peak <= MEMORY


def measured(check, *args, memory: bool = False) -> Outcome:
    """``check(*args)``, its peak allocation traced if ``memory`` (each check times the
    engine's call itself, not the checks made afterwards)."""
    if not memory:
        return check(*args)
    tracemalloc.start()
    try:
        outcome = check(*args)
        outcome.peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return outcome


def _timed(call, *args):
    """``(result or exception, seconds)`` of ``call(*args)``: CPU seconds of this process, which
    other jobs on the machine barely change (a wall clock on a busy machine read 14 s for what takes
    a fraction of a second)."""
    start = time.process_time()
    try:
        result = call(*args)
    except Exception as exc:  # noqa: BLE001  (the caller sorts documented errors from the rest)
        result = exc
    return result, time.process_time() - start


def _refusal(exc: Exception) -> Outcome:
    text = str(exc)
    if len(text) > MESSAGE or "internal error" in text:
        return Outcome("FAILED", f"bad message ({len(text)} chars): {text[:120]}")
    return Outcome("refused", type(exc).__name__)


def _reloads(game: fortress.Game) -> str | None:
    """Why ``game`` is broken (an invariant, or its save does not load back), or None."""
    try:
        _invariants(game)
        again = fortress.Game.from_json(game.to_json())
    except (AssertionError, SaveError) as exc:
        return f"{type(exc).__name__}: {str(exc)[:120]}"
    if again.state.to_dict() != game.state.to_dict():
        return "its save reloads to another state"
    return None


def _invariants(game: fortress.Game) -> None:
    """``tests/invariants.py`` (during setup, units are still in the hand: the index only)."""
    if game.phase == "setup":
        invariants.check_index(game)
    else:
        invariants.check(game)


# -- saves ------------------------------------------------------------------------------------
def try_save(text: str | bytes) -> Outcome:
    game, seconds = _timed(fortress.Game.from_json, text)
    return _judge(game, seconds, SaveError)


def _judge(result, seconds: float, documented: type) -> Outcome:
    """The outcome of building a game: it works and keeps its promises, or ``documented`` was raised."""
    if isinstance(result, documented):
        outcome = _refusal(result)
    elif isinstance(result, Exception):  # the point: anything else is a failure
        outcome = Outcome("FAILED", f"{type(result).__name__}: {str(result)[:120]}")
    else:
        broken = _reloads(result)
        outcome = Outcome("FAILED", broken) if broken else Outcome("works")
    outcome.seconds = seconds
    return outcome


@cache
def real_saves() -> dict[str, str]:
    """Eight real saves: games cut at several lengths, a finished one, a position game and a
    game set up by hand (setup None)."""
    out = {}
    for name, seed, players, setup, length in (("start", 1, 4, "balanced", 0), ("early", 2, 3, "coastal", 12),
                                               ("round1", 3, 2, "random", 60), ("mid", 4, 4, "balanced", 250),
                                               ("by-hand", 5, 4, None, 90), ("finished", 6, 2, "balanced", None)):
        game = fortress.new_game(seed=seed, players=players, setup=setup)
        rng = random.Random(seed)
        while not game.is_over and (length is None or len(game.history) < length):
            game.apply(rng.choice(game.legal_actions()[:-1]))
        out[name] = game.to_json()
    for name, desc in (("position", POSITIONS["maneuvers"]), ("position-combat", POSITIONS["combat"])):
        game = fortress.Game.from_position(desc, seed=7)
        rng = random.Random(7)
        for _ in range(8):
            game.apply(rng.choice(game.legal_actions()[:-1]))
        out[name] = game.to_json()
    return out


#: JSON text put in place of a value: numbers and nesting Python's json reads badly
RAW = ["1e999", "-1e999", "NaN", "Infinity", "9" * 5000, "-" + "9" * 30, "1.0", "true", "null", "3.5",
       "[" * 3000 + "]" * 3000, '{"a":' * 500 + "1" + "}" * 500, '"' + "x" * 5000 + '"', '"\\u0000"',
       '"\\ud800"', "[[[[[[[[[[[[1]]]]]]]]]]]]", '{"units":["Denver"]}', '{"units":{"Denver":"10000000 infantry"}}',
       '{"turn":3}', '"x"', "5", "[]", "{}", '["declare Seattle"]']
WORDS = ["1.0", "True", "²", "0", "-1", "99999999999", "9" * 300, "Atlantis", "hovertanks", "->", "", "x" * 250,
         "us", "west", "destroyed", "Denver", "Pacific: Golden Gate", "bomber", "partisan", "+", "\x00", "é"]


def mutate_save(text: str, rng: random.Random) -> str:
    """One random mutation of a save: of its text, of a value in it, or of an action (of
    its text alone once it is no longer a JSON object)."""
    mutant = rng.choice((_text_mutant, _value_mutant, _action_mutant, _key_mutant))
    try:
        return mutant(text, rng)
    except (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError):
        return _text_mutant(text, rng)


def _text_mutant(text: str, rng: random.Random) -> str:
    i, j = sorted(rng.randrange(len(text) + 1) for _ in range(2))
    op = rng.randrange(5)
    if op == 0:
        return text[:i]
    if op == 1:
        return text[:i] + chr(rng.choice([0, 34, 44, 58, 91, 93, 123, 125, 92, rng.randrange(32, 0x2FF)])) + text[i + 1:]
    if op == 2:
        return text[:i] + text[j:]
    if op == 3:
        return text[:j] + text[i:j] + text[j:]
    return text[:i] + rng.choice(RAW) + text[i:]


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list) and data:
        for i in {0, len(data) - 1}:
            yield from _paths(data[i], prefix + (i,))


def _put(data, path, value):
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: _put(data.get(head), rest, value)}
    copy = list(data)
    copy[head] = _put(copy[head], rest, value)
    return copy


def _value_mutant(text: str, rng: random.Random) -> str:
    data = json.loads(text)
    path = rng.choice(list(_paths(data))[1:] or [("seed",)])
    raw = rng.choice(RAW)
    return json.dumps(_put(data, path, "@@RAW@@")).replace('"@@RAW@@"', raw, 1)


def _key_mutant(text: str, rng: random.Random) -> str:
    data = json.loads(text)
    key = rng.choice(sorted(data))
    op = rng.randrange(3)
    if op == 0:
        del data[key]
    elif op == 1:
        data["position"] = mutate_position(rng.choice(list(POSITIONS.values())), rng)
    else:
        data[key] = rng.choice([None, True, 1.0, -1, 2**64, "", [], {}, "x" * 300])
    return json.dumps(data)


def _action_mutant(text: str, rng: random.Random) -> str:
    data = json.loads(text)
    actions = data.get("actions") or ["end"]
    i = rng.randrange(len(actions))
    op = rng.randrange(3)
    if op == 0:
        actions[i] = mutate_action_text(actions[i], rng)
    elif op == 1:
        j = rng.randrange(len(actions))
        actions[i], actions[j] = actions[j], actions[i]
    else:
        del actions[i:]
    data["actions"] = actions
    return json.dumps(data)


# -- positions --------------------------------------------------------------------------------
POSITIONS = {
    "maneuvers": {"turn": "west", "phase": "maneuvers", "round": 2, "control": {"west": ["Great Basin", "Seattle"]},
                  "units": {"Great Basin": "west: 3 hovertank, 1 mobile", "Seattle": "2 infantry, 1 helicopter",
                            "Denver": "us: 2 infantry, 1 hovertank"}, "lasers": ["Denver"]},
    "combat": {"turn": "west", "phase": "combat", "round": 3, "declared": ["Olympic Peninsula"],
               "control": {"west": ["Seattle"]}, "captured": {"Seattle": "west"},
               "units": {"Seattle": "west: 3 hovertank, 2 infantry", "Olympic Peninsula": "us: 2 infantry"}},
    "us-lasers": {"turn": "us", "phase": "lasers", "round": 4, "lasers": ["Denver", "Seattle"],
                  "control": {"west": ["Great Basin"]}, "units": {"Great Basin": "west: 2 hovertank"}},
    "empty": {},
}


def try_position(desc, seed: int = 0, players: int = 4) -> Outcome:
    game, seconds = _timed(lambda: fortress.Game.from_position(desc, seed=seed, players=players))
    return _judge(game, seconds, PositionError)


POSITION_VALUES = [None, True, 1.0, -5, 0, 10**9, 2**70, "", "x" * 200, [], {}, ["Denver"], {"Denver": "x"},
                   "Pacific: Golden Gate", "Great Basin", "Denver", "us", "west", "invasion", "setup", "lasers",
                   "6 infantry", "us: 3 infantry, 3 hovertank", "10000000 infantry", "west: 5 bomber",
                   "² infantry", "1 partisan", "east: 1 partisan", ["Denver", "Denver"], ["Atlantis"],
                   {"us": ["Pacific: Golden Gate"]}, {"Great Basin": "west"}, {"Denver": "south"}]
POSITION_KEYS = ["turn", "phase", "round", "declared", "lasers", "captured", "control", "units", "out", "turnn"]


#: values that fit each key (a mutant takes one of these 40% of the time)
GOOD_VALUES = {"turn": ["west", "south", "east", "us"], "round": list(range(1, 11)), "out": [[], ["east"]],
               "phase": ["declare", "maneuvers", "combat", "invasion", "capture", "reinforcements"],
               "declared": [[], ["Denver"], ["Seattle", "Great Basin"]], "lasers": [[], ["Denver"], ["Boise"]],
               "units": ["2 infantry", "us: 1 hovertank, 1 bomber", "west: 2 hovertank", "south: 3 infantry"],
               "control": [["Great Basin"], ["Seattle"]], "captured": ["west", "south"]}


def mutate_position(desc: dict, rng: random.Random) -> dict:
    """``desc`` with one key set to a value, or one entry of its units, control or lists changed."""
    out = json.loads(json.dumps(desc))
    key = rng.choice(POSITION_KEYS)
    good = GOOD_VALUES.get(key) if rng.random() < 0.4 else None
    value = rng.choice(good or POSITION_VALUES)
    if key in ("units", "control", "captured") and rng.random() < 0.6:
        inner = dict(out[key]) if isinstance(out.get(key), dict) else {}
        names = ["west", "south", "us"] if key == "control" else ["Denver", "Seattle", "Great Basin", "Boise"]
        inner[rng.choice(names + ["Pacific: Golden Gate", "Atlantis"])] = value
        out[key] = inner
    else:
        out[key] = value
    return out


#: the shapes of issue 20 item 4 (and a few more): what each must give
BAD_POSITIONS = {
    "6 units in one area": {"units": {"Denver": "6 infantry"}},
    "U.S. units in an invasion zone": {"units": {"Pacific: Golden Gate": "us: 1 infantry"}},
    "a laser on a non-city": {"lasers": ["Great Basin"]},
    "a laser in a captured city": {"control": {"west": ["Seattle"]}, "lasers": ["Seattle"]},
    "a captured non-city": {"control": {"west": ["Great Basin"]}, "captured": {"Great Basin": "west"}},
    "the U.S. holding a zone": {"control": {"us": ["Pacific: Golden Gate"]}},
    "round -5": {"round": -5},
    "round 10**9": {"round": 10**9},
    "round 11": {"round": 11},
    "ten million infantry": {"units": {"Denver": "10000000 infantry"}},
    "units as a list": {"units": ["Denver"]},
    "turn as a number": {"turn": 3},
    "an unknown side": {"turn": "north"},
    "an unknown unit": {"units": {"Denver": "2 dragons"}},
    "an unknown area": {"units": {"Atlantis": "2 infantry"}},
    "an unknown phase": {"phase": "tea"},
    "an Invader's lasers phase": {"turn": "west", "phase": "lasers"},
    "an unknown key": {"turnn": "west"},
    "West partisans": {"units": {"Great Basin": "west: 1 partisan"}, "control": {"west": ["Great Basin"]}},
    "more hovertanks than the pool": {"control": {"west": [f"{n}" for n in ("Great Basin", "Seattle", "Cascades")]},
                                      "units": {"Great Basin": "west: 5 hovertank", "Seattle": "west: 5 hovertank",
                                                "Cascades": "west: 3 hovertank"}},
    "a superscript count": {"units": {"Denver": "² infantry"}},
    "a float round": {"round": 2.0},
    "a bool round": {"round": True},
    "twice declared": {"declared": ["Denver", "Denver"]},
    "TOML garbage": "turn = [[[",
    "TOML date": "round = 1979-05-27",
    "not a dict": ["turn", "west"],
}


# -- actions ----------------------------------------------------------------------------------
@cache
def action_games() -> dict[str, str]:
    """Saves of games at the phases actions are tried in (each test loads a fresh copy)."""
    out = {}
    for name, seed, length in (("setup", 1, None), ("declare", 2, 0), ("maneuvers", 3, 3), ("later", 4, 160)):
        game = fortress.new_game(seed=seed, setup=None if name == "setup" else "balanced")
        rng = random.Random(seed)
        while length is not None and len(game.history) < length and not game.is_over:
            game.apply(rng.choice(game.legal_actions()[:-1]))
        if name == "maneuvers":
            while game.phase != "maneuvers":
                game.apply(rng.choice([a for a in game.legal_actions()[:-1] if not isinstance(a, A.Declare)]
                                      or game.legal_actions()[:-1]))
        out[name] = game.to_json()
    for name in ("combat", "us-lasers"):
        out[name] = fortress.Game.from_position(POSITIONS[name], seed=3).to_json()
    return out


def fingerprint(game: fortress.Game) -> tuple:
    return game.to_json(), tuple(game.log), len(game.history), game.phase


def try_action(game: fortress.Game, action) -> Outcome:
    """Apply ``action``: it works (and the game keeps its invariants), or is refused with
    :class:`IllegalAction` and the game is unchanged."""
    before = fingerprint(game)
    result, seconds = _timed(game.apply, action)
    if isinstance(result, fortress.IllegalAction):
        outcome = _refusal(result) if fingerprint(game) == before else Outcome("FAILED", "a refused action changed the game")
    elif isinstance(result, Exception):
        outcome = Outcome("FAILED", f"{type(result).__name__}: {str(result)[:120]}")
    else:
        try:
            _invariants(game)
            outcome = Outcome("works")
        except AssertionError as exc:
            outcome = Outcome("FAILED", f"invariant: {exc}")
    outcome.seconds = seconds
    return outcome


def mutate_action_text(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    op = rng.randrange(5)
    i = rng.randrange(len(words))
    if op == 0:
        words[i] = rng.choice(WORDS)
    elif op == 1:
        del words[i]
    elif op == 2:
        words.insert(i, rng.choice(WORDS))
    elif op == 3:
        words[i] = words[i].upper() if rng.random() < 0.5 else words[i][::-1]
    else:
        return text[:rng.randrange(len(text) + 1)]
    return " ".join(words)


#: field values an action object may be given (the right types and many wrong ones)
FIELD_VALUES = [1, 2, 5, 0, -1, 1.0, True, False, 2**70, None, "", "x", [], ("a",), {"a": 1}, b"seattle",
                "seattle", "denver", "great-basin", "olympic-peninsula", "pacific-golden-gate", "Seattle",
                "infantry", "hovertank", "bomber", "partisan", "Infantry", "us", "west", "south", "US"]


def mutate_action(action: A.Action, rng: random.Random):
    """``action`` with one field set to a value from :data:`FIELD_VALUES` (or something that is
    not an action at all)."""
    names = [f.name for f in fields(action)]
    if not names or rng.random() < 0.05:
        return rng.choice([None, 5, "end", object(), A.Action(), action])
    return replace(action, **{rng.choice(names): rng.choice(FIELD_VALUES)})


# -- the committed corpus -------------------------------------------------------------------------
def corpus(kind: str) -> list[dict]:
    """Entries of ``tests/data/fuzz/<kind>.jsonl`` (saves, positions, actions, objects)."""
    path = CORPUS / f"{kind}.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def object_from(entry: dict):
    """An action object from a corpus entry ``{"verb": ..., "fields": [...]}``: the
    dataclass built with whatever values the entry holds (or the values themselves for
    an unknown verb)."""
    cls = {verb.word: verb.cls for verb in A.VERBS}.get(entry["verb"])
    return cls(*entry["fields"]) if cls is not None else entry["fields"]
