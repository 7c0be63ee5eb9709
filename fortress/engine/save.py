"""Saved games: a versioned JSON of the ruleset, its options (players, setup), the seed
and the action list, plus a snapshot of the final state for checking. Loading replays
the actions, so a save gives the identical game, dice included.

Version 2 records ``ruleset`` and ``options`` (with ``variants``, the optional rules, when
a game plays any: a plain game's save is as it always was); version 1 saves (no ruleset: Fortress
America, options from ``players`` and ``setup``) still load. Version 3 digests the typed
state's plain data (``State.to_dict``: card tasks and the battle in progress whole); version 4
(partisan cards name territories) gives a card task its ``places`` where it had a ``region``.
The digests of versions 1 to 3 are checked against the state in their older layout.

A ruleset with sealed steps (several sides acting at once) also records ``sides``, the side
that took each action. A save for a seat (``game.to_json(seat=side)``) names its ``seat`` and
writes the other sides' sealed orders not yet revealed as ``sealed``; it loads as that side's
view of the game (:meth:`fortress.Game.view`: orders hidden, no undo before it, not saved
again). The seat's save still holds the seed the game's actions replay with.

>>> import fortress
>>> game = fortress.new_game(seed=3)
>>> _ = game.apply(game.legal_actions()[0])
>>> again = fortress.Game.from_json(game.to_json())
>>> again.history == game.history and again.state.to_dict() == game.state.to_dict()
True
"""
from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from fortress.engine.schema import MAX_DEPTH, save_problem, too_deep

if TYPE_CHECKING:
    from fortress.engine.board import Board
    from fortress.engine.game import Game

FORMAT = "fortress-save"
VERSION = 4


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says why in plain words."""


def state_json(game: "Game", version: int = VERSION) -> str:
    data = game.state.to_dict()
    if version < VERSION:
        data = game.rules.digest_layout(data, version)  # the layout an older save digested
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def digest(game: "Game", version: int = VERSION) -> str:
    """The fingerprint of the game's state that a save of ``version`` records."""
    return hashlib.sha256(state_json(game, version).encode()).hexdigest()


def to_json(game: "Game", indent: int | None = 1, seats: dict[str, str] | None = None,
            seat: str | None = None) -> str:
    s = game.state
    actions = [game.notation(a) for a in game.history]
    if seat is not None:  # the other sides' orders not yet revealed stay unseen
        for side, ply in game.ctx.flow.plies.items():
            if side != seat:
                actions[ply] = "sealed"
    data = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": game.rules.name,
        "options": game.options,
        "seed": s.seed,
        "players": s.players,
        "setup": game.setup,
        "board": game.board.metadata.get("title", ""),
        "position": game.position,
        "actions": actions,
        "snapshot": {"round": s.round, "phase": s.phase, "side": game.side, "winner": s.winner,
                     "digest": digest(game)},
    }
    if game.simultaneous:
        data["sides"] = [actor[0] for actor in game._actors]
    if seat is not None:
        data["seat"] = seat
    if seats is not None:
        data["seats"] = checked_seats(game, seats)
    return json.dumps(data, indent=indent)


def checked_seats(game: "Game", seats: dict[str, str]) -> dict[str, str]:
    """``seats`` as a save holds them (``save.schema.json``): each of the game's sides to a
    name of 1 to 40 characters; ``ValueError`` in words otherwise, before anything is written."""
    out = {}
    for side, who in dict(seats).items():
        if side not in game.rules.side_names:
            raise ValueError(f"seats: no side {str(side)[:40]!r} in this game")
        if not isinstance(who, str) or not 1 <= len(who) <= 40:
            raise ValueError(f"seats.{side} must be a name of 1 to 40 characters, such as 'human' or 'heuristic'")
        out[side] = who
    return out


def saved_seats(text: str | bytes) -> dict[str, str]:
    """Who played each side, as the save records it (its optional ``seats``: "human" or a
    bot's name); {} for a save without them. Raises :class:`SaveError` as loading does."""
    return dict(read(text).get("seats") or {})


MAX_BYTES = 4 * 2**20  #: the largest save read (a 3,000-action game saves in about 110 kB)
_MAX_DIGITS = 20  #: digits of an integer in a save (seeds are 64-bit)


def start_game(data: dict[str, Any], board: "Board | None" = None) -> "Game":
    """The game a save's actions are played from: its ruleset and options, or its position."""
    from fortress.engine.game import Game, new_game

    options = data.get("options") or {"players": data["players"], "setup": data["setup"]}
    if data.get("position") is not None:
        return Game.from_position(data["position"], board, int(data["seed"]), int(options["players"]),
                                  options.get("variants", ()))
    return new_game(seed=int(data["seed"]), board=board, ruleset=data.get("ruleset"), **options)


def from_json(text: str | bytes, board: "Board | None" = None) -> "Game":
    """The game ``text`` saved; raises :class:`SaveError` (and nothing else) for anything
    wrong with it. The file is checked against ``save.schema.json`` before anything is built,
    and the work done grows with its actions, never with a number inside it."""
    try:
        data = read(text)
        game = _rebuild(data, board)
        seat = data.get("seat")
        if seat is not None:  # a seat's save: the others' hidden orders are placeholders
            game._seat_replay = game.side_id(seat)
        _replay(game, data["actions"], data.get("sides"))
        _check_snapshot(game, data.get("snapshot") or {}, data["version"])
        if seat is not None:  # loaded as that side's view
            game = game.view(seat)
    except SaveError:
        raise
    except Exception as exc:  # a hole in the checks (RecursionError, MemoryError...): still only a SaveError
        raise SaveError(f"this save could not be loaded (internal error: {type(exc).__name__}).") from None
    return game


def read(text: str | bytes) -> dict[str, Any]:
    """The save's data, checked for size, nesting, format, version and the schema."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError(f"a save is text, not {type(text).__name__}.")
    if len(text) > MAX_BYTES:
        raise SaveError(f"this file is too large to be a fortress save (the limit is {MAX_BYTES // 2**20} MiB).")
    try:
        text = text.decode("utf-8") if isinstance(text, (bytes, bytearray)) else text
    except UnicodeDecodeError:
        raise SaveError("this is not a fortress save: it is not UTF-8 text.") from None
    if too_deep(text):
        raise SaveError(f"this is not a fortress save: it is nested more than {MAX_DEPTH} levels deep.")
    try:
        data = json.loads(text, parse_int=_integer, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise SaveError(f"this is not a fortress save: it is not valid JSON ({exc.msg} at line {exc.lineno}, "
                        f"column {exc.colno}). The file may be truncated or damaged.") from None
    _check_version(data)
    wrong = save_problem(data)
    if wrong:
        raise SaveError(f"this save is damaged: {wrong}.")
    checked: dict[str, Any] = data  # an object: _check_version saw to it
    return checked


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > _MAX_DIGITS:
        raise SaveError(f"this save is damaged: it holds a number of more than {_MAX_DIGITS} digits.")
    return int(digits)


def _no_constant(name: str) -> None:
    raise SaveError(f"this save is damaged: it holds {name}, which is not a number in JSON.")


def _check_version(data: object) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a fortress save (its 'format' is not 'fortress-save').")
    version = data.get("version")
    if type(version) is not int:
        raise SaveError("this save has no version number; it is damaged.")
    if version > VERSION:
        raise SaveError(f"this save was made by a newer version of fortress (save version {version}); "
                        f"this version reads saves up to version {VERSION}. Please update fortress.")


def _rebuild(data: dict[str, Any], board: "Board | None") -> "Game":
    from fortress.engine.game import PositionError

    try:
        return start_game(data, board)
    except PositionError as exc:
        raise SaveError(f"this save's position is not possible: {_cut(str(exc))}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveError(f"this save's setup cannot be rebuilt: {_cut(str(exc))}") from None


def _replay(game: "Game", actions: list[str], sides: list[str] | None = None) -> None:
    from fortress.engine.game import IllegalAction

    if sides is not None and len(sides) != len(actions):
        raise SaveError("this save is damaged: its 'sides' do not match its actions one for one.")
    for i, text_action in enumerate(actions, 1):
        try:
            game.apply(text_action, None if sides is None else sides[i - 1])
        except IllegalAction as exc:
            raise SaveError(f"action {i} of the save, '{_cut(text_action, 60)}', is not legal when replayed: "
                            f"{_cut(exc.reason)} The save was edited or made with different rules.") from None


def _check_snapshot(game: "Game", snap: dict[str, Any], version: int) -> None:
    if snap.get("digest") and snap["digest"] != digest(game, version):
        raise SaveError("replaying this save does not give the position it recorded; "
                        "it was edited or made with different rules or a different map.")


def _cut(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


_SHARED = ("board", "rules", "turn", "tables")  # what a copy shares instead of holding: not sent


def to_bytes(game: "Game") -> bytes:
    """A binary copy of ``game`` without its board, to send to another process of the same
    version (the bots' parallel look-ahead); :func:`from_bytes` reads it back. Not a save
    file: use :meth:`Game.to_json` for that. The ruleset goes by its registered name."""
    import pickle
    fields = {k: v for k, v in game.__dict__.items() if k not in ("ctx", "rules")}
    ctx = {k: v for k, v in game.ctx.__dict__.items() if k not in _SHARED}
    if not isinstance(ctx.get("_legal"), list):  # a step's check kept unlisted (check.Pending) holds the context
        ctx["_legal"] = None
    return pickle.dumps({"ruleset": game.rules.name, "game": fields, "ctx": ctx}, protocol=pickle.HIGHEST_PROTOCOL)


def from_bytes(data: bytes, board: Any) -> "Game":
    """The game :func:`to_bytes` wrote, on ``board`` (the same board it was played on)."""
    import pickle

    from fortress.engine import rulesets
    from fortress.engine.context import Context
    from fortress.engine.game import Game
    parts = pickle.loads(data)
    rules = rulesets.get(parts["ruleset"])
    cls: type[Game] = rules.game_class or Game
    game = cls.__new__(cls)
    game.__dict__.update(parts["game"])
    game.rules = rules
    game.ctx = Context.__new__(Context)
    game.ctx.__dict__.update(parts["ctx"], board=board, rules=rules, turn=rules.turn, tables=rules.tables)
    return game
