"""Rulesets, registered by name: each brings its own data folder (``rules.toml`` with its
sides, teams, seats and turn), its board, its steps and actions with their notation, its
battle and its victory conditions. ``new_game`` plays Fortress America unless told
otherwise.

>>> from fortress.engine import rulesets
>>> rulesets.names()[0], rulesets.DEFAULT
('fortress-america', 'fortress-america')
>>> fa = rulesets.get()
>>> fa.teams["invaders"], fa.side_names["us"]
(('west', 'south', 'east'), 'U.S.')

Rulesets are found through the ``fortress.rulesets`` entry-point group (a package declares
``[project.entry-points."fortress.rulesets"] NAME = "module:function"``, the function building
its :class:`Ruleset`; Fortress America is declared in this project's ``pyproject.toml``), so a
ruleset may ship as a package of its own. :func:`register` adds one from code (a
:class:`Ruleset`, or a function that builds one on first use); :func:`get` returns it by name.
"""
from __future__ import annotations

import importlib
import importlib.metadata
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fortress.engine.board import Board
    from fortress.engine.actions import Action
    from fortress.engine.dice import Rng

# The hooks below take the game's context (:class:`fortress.engine.context.Context`) as
# ``g``, and ``turn`` is a :class:`fortress.engine.turn.Turn`; both modules import this one,
# so the types are named in words here (no import cycle, not even a type-only one).
GameContext = Any

DEFAULT = "fortress-america"


def _nothing(*_args: Any) -> None:
    return None


def _remove(state: Any, unit: Any) -> str:
    del state.units[unit.uid]
    return "removed from the board"


def read_data(folder: Path | str) -> dict[str, Any]:
    """A ruleset's ``rules.toml``, read from its data folder."""
    with open(Path(folder) / "rules.toml", "rb") as fh:
        return tomllib.load(fh)


def teams_of(data: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """Each team's sides, in side order (a side without a team is a team of its own)."""
    out: dict[str, tuple[str, ...]] = {t: () for t in data.get("teams", {})}
    for side, row in data["sides"].items():
        team = row.get("team", side)
        out[team] = out.get(team, ()) + (side,)
    return out


@dataclass(frozen=True)
class Ruleset:
    """What a ruleset brings. The facade (:class:`fortress.Game`), the context and the turn
    call these; the ruleset's own steps do the rest.

    ``data`` is its ``rules.toml``: ``[sides]`` (``name``, ``team``), ``[teams]`` (``name``),
    ``[players]`` (the seats at each player count), ``[turn]`` (see
    :mod:`fortress.engine.turn`) and its own numbers.
    """

    name: str
    data_dir: Path
    data: Mapping[str, Any]
    turn: Any  #: its :class:`~fortress.engine.turn.Turn`, usually ``Turn.from_data(data["turn"], ...)``
    board: Callable[[], "Board"]  #: its default board
    new_state: Callable[[int, int, "Board"], Any]  #: (seed, players, board) -> the state before setup
    parse: Callable[[str, "Board"], "Action"]  #: reads an action's notation
    end_turn: Callable[[GameContext], None]  #: a side's turn ends: clear its markers, check victory
    setup: Callable[[Any, str], None] | None = None  #: (game, preset) plays the setup step
    presets: tuple[str, ...] = ()
    default_setup: str | None = None
    check_armies: Callable[[GameContext], None] = _nothing  #: units were lost: who is out, who won
    lose: Callable[[Any, Any], str] = _remove  #: a unit leaves the board; where it goes, in words
    close: Callable[[Any], None] = _nothing  #: tidy the state when the game ends
    side_to_move: Callable[[Any], str] = field(default=lambda state: state.turn)
    chance: Callable[[Any], object] = field(default=lambda state: state.rng)  #: changes when chance shows
    hide: Callable[[Any, "Rng"], None] = _nothing  #: re-draw what players cannot see (bots' look-ahead)
    #: (state, rng, observer): re-draw what ``observer`` cannot see (``determinized`` and views
    #: use it, with the view's side or the side to move, in place of ``hide`` when given)
    hide_from: Callable[[Any, "Rng", str], None] | None = None
    #: (state, side): hide in this copy of the state what ``side`` may not see (``Game.view``);
    #: default: ``hide_from`` with a fixed generator (the real hidden parts replaced by made-up ones)
    mask: Callable[[Any, str], None] | None = None
    #: every side that may act now, for a ruleset where several may act outside sealed steps
    #: (a negotiation); default: the sides a sealed step awaits, else ``side_to_move``
    to_move: Callable[[GameContext], Iterable[str]] | None = None
    #: each side's score (a free-for-all): ``Game.scores``, and ``Game.returns`` ranks by it
    scores: Callable[[GameContext], Mapping[str, float]] | None = None
    #: what each side's score counts, by kind (``Game.score_parts``): {side: {kind: count}}
    score_parts: Callable[[GameContext], Mapping[str, Mapping[str, int]]] | None = None
    #: (game) -> lines of the ruleset's own status for a player (``fortress play``'s ``status``)
    describe: Callable[[Any], str] | None = None
    #: (game, text) -> a step's reminder with the ruleset's values filled in (``Game.reminder``)
    remind: Callable[[Any, str], str] | None = None
    title: str = ""
    notation: Callable[["Action", "Board"], str] = field(default=lambda action, board: str(action))  #: writes it
    sort_key: Callable[["Action", "Board"], Any] = field(default=lambda action, board: str(action))  #: bots' order
    game_over: Callable[[GameContext], None] = _nothing  #: the game has just ended (after the victory event)
    ranking: Callable[[GameContext], tuple[Any, ...]] = field(default=lambda g: ())  #: individual standings, if any
    #: the class of its games: the engine's :class:`~fortress.engine.game.Game` (None), or a
    #: subclass adding the ruleset's own views (Fortress America's: markers, hands, forces)
    game_class: Any = None
    #: (description, board, seed, players, variants, ruleset name) -> a game set up from a
    #: readable position (``Game.from_position``); None for a ruleset without positions
    from_position: Callable[..., Any] | None = None
    #: (state data, save version) -> the state data as a save of that older version digested it
    digest_layout: Callable[[dict[str, Any], int], dict[str, Any]] = field(default=lambda data, version: data)
    #: field name -> check of an action field's value (``(value, board, ruleset) -> reason or
    #: None``), besides the engine's checks of areas and sides (:mod:`fortress.engine.shape`)
    field_checks: Mapping[str, Callable[[object, "Board", Any], str | None]] = field(default_factory=dict)
    #: (game) -> the game's map as SVG text, which a notebook shows (``Game._repr_mimebundle_``)
    draw: Callable[[Any], str] | None = None
    #: its data tables, read from ``data_dir`` as it is built: Fortress America's are a
    #: :class:`fortress.rulesets.america.tables.Tables` (units, dice, cards, numbers); None for a ruleset without them
    tables: Any = None
    #: its own computer players: name -> factory (``seed`` keyword) -> a bot with ``name``,
    #: ``reason`` and ``choose(game)``, or the factory's ``"module:attr"`` (imported when first
    #: seated, as an entry point is); ``fortress.ai.make_bot`` looks here before the shared bots
    bots: Mapping[str, Callable[..., Any] | str] = field(default_factory=dict)
    #: the package of its battle odds (``exact``, ``monte_carlo``, ``parse_force``,
    #: ``for_game``), imported when first asked (:func:`fortress.odds.calculator`); None: none
    odds: str | None = None

    # -- sides and teams, from the data ------------------------------------------------------
    @cached_property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.data["sides"])

    @cached_property
    def side_names(self) -> dict[str, str]:
        return {s: row.get("name", s) for s, row in self.data["sides"].items()}

    @cached_property
    def teams(self) -> dict[str, tuple[str, ...]]:
        return teams_of(self.data)

    @cached_property
    def team_names(self) -> dict[str, str]:
        """Each team's name (a side without a team: the side's name)."""
        return {t: (self.data.get("teams", {}).get(t) or {}).get("name", self.side_names.get(t, t))
                for t in self.teams}

    def team_wins(self, team: str) -> str:
        """"The U.S. wins", "The Invaders win": the team's name and the verb agreeing with it."""
        return f"{self.team_names.get(team, team)} {'win' if len(self.teams.get(team, ())) > 1 else 'wins'}"

    def team_of(self, side: str) -> str:
        team: str = self.data["sides"][side].get("team", side)
        return team

    def seats(self, players: int) -> list[tuple[str, ...]]:
        """The players and the sides each controls at this player count."""
        seating = self.data.get("players") or {}
        if str(players) not in seating:
            counts = list(seating) or [str(len(self.sides))]
            spelled = " or ".join(filter(None, [", ".join(counts[:-1]), counts[-1]]))
            raise ValueError(f"{self.title or self.name} is for {spelled} players")
        return [tuple(seat) for seat in seating[str(players)]]

    @cached_property
    def variants(self) -> dict[str, dict[str, Any]]:
        """The optional rules a game may switch on (``[variants]``): name -> ``name``, ``text``."""
        return {name: dict(row) for name, row in (self.data.get("variants") or {}).items()}

    def check_variants(self, names: Iterable[str] | str | None) -> frozenset[str]:
        """``names`` as a set of this ruleset's variants (one name may be given as a string);
        an unknown name is refused with a ``ValueError`` listing the known ones."""
        names = () if names is None else names
        listed = [names] if isinstance(names, str) else list(names) if isinstance(names, Iterable) else names
        if not isinstance(listed, list) or not all(isinstance(name, str) for name in listed):
            raise ValueError("variants are given as a set or list of their names (strings)")
        for name in sorted(set(listed)):
            if name not in self.variants:
                known = ", ".join(self.variants) or "none"
                raise ValueError(f"{self.title or self.name} has no variant {name[:40]!r}; its variants are: {known}")
        return frozenset(listed)

    @property
    def default_players(self) -> int:
        return int(max(self.data.get("players") or {str(len(self.sides)): None}, key=int))


GROUP = "fortress.rulesets"  #: the entry-point group rulesets are found in
_REGISTRY: dict[str, Ruleset | Callable[[], Ruleset] | str] = {}
_FOUND = False


def _registry() -> dict[str, Ruleset | Callable[[], Ruleset] | str]:
    """The rulesets by name: those the installed packages declare (read once), then those
    registered from code."""
    global _FOUND
    if not _FOUND:
        _FOUND = True
        found: dict[str, Ruleset | Callable[[], Ruleset] | str] = {
            ep.name: ep.value for ep in importlib.metadata.entry_points(group=GROUP)}
        _REGISTRY.update({k: v for k, v in found.items() if k not in _REGISTRY})
    return _REGISTRY


def register(name: str, ruleset: Ruleset | Callable[[], Ruleset]) -> None:
    """Make ``ruleset`` (or the function that builds it on first use) known as ``name``."""
    _registry()[name] = ruleset


def unregister(name: str) -> None:
    if name == DEFAULT:
        raise ValueError("the default ruleset stays registered")
    _registry().pop(name, None)


def side_label(side: str | None, otherwise: str | None = None, ruleset: str | None = None) -> str:
    """``side``'s name in texts, as ruleset ``ruleset`` (default: Fortress America) names it;
    ``otherwise`` (default: ``side`` itself) for no side or a side it does not have."""
    fallback = (side or "") if otherwise is None else otherwise
    return get(ruleset).side_names.get(side or "", fallback)


def names() -> tuple[str, ...]:
    """The rulesets' names, the default first."""
    return tuple(sorted(_registry(), key=lambda n: (n != DEFAULT, n)))


def get(name: str | None = None) -> Ruleset:
    """The ruleset registered as ``name`` (default: Fortress America)."""
    name = name or DEFAULT
    registry = _registry()
    try:
        found = registry[name]
    except KeyError:
        known = ", ".join(names()) or "none"
        raise ValueError(f"unknown ruleset {name!r}; the rulesets installed are {known} (a ruleset is "
                         f"installed with its package: pip install it, or again if its entry point is new)") from None
    if isinstance(found, Ruleset):
        return found
    if isinstance(found, str):
        module, attr = found.split(":")
        found = getattr(importlib.import_module(module), attr)
    ruleset = found()
    registry[name] = ruleset
    return ruleset
