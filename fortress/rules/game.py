"""``Game``: the public API of the rules engine.

>>> import fortress
>>> game = fortress.new_game(seed=1, setup="balanced")
>>> game.phase, game.side, game.round
('declare', 'west', 1)
>>> action = game.legal_actions()[0]
>>> game.explain(action) is None
True
>>> events = game.apply(action)
"""
from __future__ import annotations

from bisect import insort
from collections import Counter
from operator import attrgetter

from fortress.rules import actions as A
from fortress.board import Board
from fortress.rules.dice import Rng
from fortress.rules.events import Event
from fortress.rules.turn import SETUP, TURN, step
from fortress.rules.state import RULES, State, Unit, new_state
from fortress.rules.units import INVADERS, SIDE_NAMES, SIDES, US

_uid = attrgetter("uid")
TURN_ORDER: tuple[str, ...] = tuple(RULES["turn_order"])
UNIT_LIMIT: int = RULES["unit_limit"]


_SURRENDER = A.Surrender()
_MODULE = {s.name: s.module for s in TURN + (SETUP,)}  # phase name -> its module (what step() gives, quicker)
_AUTO = {s.module: s.module.auto for s in TURN + (SETUP,) if hasattr(s.module, "auto")}  # phases with automatic steps


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` says why in plain words."""

    def __init__(self, action: object, reason: str, text: str | None = None) -> None:
        super().__init__(f"{text or action}: {reason}")  # text: the action in the notation
        self.action = action
        self.reason = reason


class Game:
    """A game of Fortress America. Build one with :func:`fortress.new_game`."""

    def __init__(self, state: State, board: Board, setup: str | None = None) -> None:
        self.state = state
        self.board = board
        self.setup = setup
        self.history: list[A.Action] = []
        self.events: list[Event] = []
        self._chance_marks: list[int] = []  # history indexes whose action revealed dice or cards
        self._legal: list[A.Action] | None = None
        self._index: tuple | None = None
        #: facts a phase works out once and reuses while it lasts (emptied at each phase)
        self.memo: dict = {}
        self.position: dict | None = None  # the description a position game was built from
        self._start: State = state.copy()
        self._start_events: list[Event] = []

    # -- who, when, what -----------------------------------------------------------------
    @property
    def side(self) -> str:
        """The side that must decide now (the defender during its choices in a battle)."""
        b = self.state.battle
        if b and b.get("decider"):
            return b["decider"]
        return self.state.turn

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def is_over(self) -> bool:
        return self.state.winner is not None

    @property
    def winner(self) -> str | None:
        """"us" or "invaders" once the game is over."""
        return self.state.winner

    @property
    def log(self) -> list[str]:
        return [e.text for e in self.events]

    def returns(self) -> dict[str, float]:
        """+1 for each side of the winning camp, -1 for the others, 0 while playing."""
        if not self.is_over:
            return {s: 0.0 for s in SIDES}
        won = {US} if self.winner == US else set(INVADERS)
        return {s: 1.0 if s in won else -1.0 for s in SIDES}

    @property
    def seats(self) -> list[tuple[str, ...]]:
        """The players and the sides each controls (rules: Setup 1, Choose Forces)."""
        return [tuple(seat) for seat in RULES["players"][str(self.state.players)]]

    def seat_of(self, side: str) -> int:
        """Index of the player who controls ``side``."""
        return next(i for i, seat in enumerate(self.seats) if side in seat)

    def reminder(self) -> str:
        return step(self.phase).reminder

    # -- the three verbs ---------------------------------------------------------------------
    def legal_actions(self) -> list[A.Action]:
        """Every action the side to move may take now (Surrender last)."""
        if self.state.winner is not None:
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal + [_SURRENDER]

    def explain(self, action: A.Action | str) -> str | None:
        """None if ``action`` is legal now, else a reason a student can read (the phase's
        check, the same that lists the legal actions)."""
        if isinstance(action, str):
            try:
                action = self.parse(action)
            except A.NotationError as exc:
                return str(exc)
        if self.state.winner is not None:
            return f"the game is over: {self.state.result}"
        if isinstance(action, A.Surrender) or self._listed(action):
            return None
        return _MODULE[self.state.phase].Rules(self).reason(action)

    def _listed(self, action: object) -> bool:
        """``action`` is one of the very objects legal_actions() gave out (the usual case)."""
        legal = self._legal
        if legal is not None and self.state.winner is None:
            for c in legal:
                if c is action:
                    return True
        return False

    def apply(self, action: A.Action | str) -> list[Event]:
        """Carry out ``action`` for ``game.side``; returns the events it caused.

        Raises :class:`IllegalAction` (and changes nothing) if it is not legal.
        """
        if isinstance(action, str):
            try:
                action = self.parse(action)
            except A.NotationError as exc:
                raise IllegalAction(action, str(exc)) from None
        if not self._listed(action):
            reason = self.explain(action)
            if reason is not None:
                raise IllegalAction(action, reason, self.notation(action))
        first = len(self.events)
        rng_before, deck_before = self.state.rng, len(self.state.deck)
        self.history.append(action)
        if isinstance(action, A.Surrender):
            self._surrender()
        else:
            _MODULE[self.state.phase].apply(self, action)
        self._legal = None
        self._settle()
        if self.state.rng != rng_before or len(self.state.deck) != deck_before:  # dice rolled, cards drawn
            self._chance_marks.append(len(self.history) - 1)
        return self.events[first:]

    def parse(self, text: str) -> A.Action:
        """Read an action in the notation, e.g. ``move 2 hovertank Seattle -> Olympic Peninsula``."""
        return A.parse(text, self.board)

    def notation(self, action: A.Action) -> str:
        """``action`` in the notation, its areas named as this game's board names them."""
        return A.notation(action, self.board)

    def sort_key(self, action: A.Action) -> tuple[str, ...]:
        """A key that sorts actions as their notation does (the bots' stable order)."""
        return A.sort_key(action, self.board)

    # -- undo, copies ------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """The last action can be taken back: it revealed no die or card."""
        return bool(self.history) and (not self._chance_marks or self._chance_marks[-1] != len(self.history) - 1)

    def undo(self) -> A.Action:
        """Take back the last action (not one that revealed dice or cards); returns it."""
        if not self.history:
            raise IllegalAction("undo", "there is nothing to undo")
        if not self.can_undo:
            raise IllegalAction("undo", "the last action revealed dice or cards; it cannot be taken back")
        last = self.history[-1]
        replay = self.history[:-1]
        self.state, self.events, self.history, self._chance_marks = self._start.copy(), list(self._start_events), [], []
        self._legal = self._index = None
        self.memo = {}
        for action in replay:
            self.apply(action)
        return last

    def copy(self) -> "Game":
        """An independent copy (for look-ahead). It shares the board, which is immutable."""
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        new.state = self.state.copy()
        new.history = list(self.history)
        new.events = list(self.events)
        new._chance_marks = list(self._chance_marks)
        new._legal = new._index = None
        new.memo = dict(self.memo)
        return new

    def determinized(self, seed: int) -> "Game":
        """A copy in which hidden things are re-drawn: the order of the undrawn partisan
        cards and the future dice. Bots look ahead in such copies, never in the real game."""
        new = self.copy()
        rng = Rng(seed)
        rng.shuffle(new.state.deck)
        new.state.rng = rng.next64()
        return new

    # -- saving ------------------------------------------------------------------------------
    def to_json(self, indent: int | None = 1) -> str:
        """A versioned save: setup, seed, the actions, and a snapshot digest for checking."""
        from fortress.rules.save import to_json
        return to_json(self, indent)

    @classmethod
    def from_position(cls, description: dict | str, board: Board | None = None, seed: int = 0,
                      players: int = 4) -> "Game":
        """A game set up from a readable description (see :mod:`fortress.rules.positions`)."""
        from fortress.rules.positions import build
        return build(description, board, seed, players)

    @classmethod
    def from_json(cls, text: str | bytes, board: Board | None = None) -> "Game":
        """Rebuild a saved game by replaying it; raises ``fortress.rules.save.SaveError`` with a
        plain-words reason for a corrupt, truncated, edited or newer-version file."""
        from fortress.rules.save import from_json
        return from_json(text, board)

    # -- views for players, the UI and bots ------------------------------------------------------
    def units_in(self, area: str) -> Counter:
        """Units in ``area`` as a Counter of ``(side, unit type)``."""
        return Counter((u.side, u.kind) for u in self.state.units.values() if u.area == area)

    def controller(self, area: str) -> str | None:
        return self.state.control.get(area)

    def cities_captured(self) -> int:
        return len(self.state.captured)

    def attack_forces(self, area: str) -> dict[tuple[str, str], int]:
        """Units of the side to move that could join a battle at ``area`` now, and those
        already sent to it, as ``{(unit type, where): count}`` (bombers inside are keyed
        with ``where = area``)."""
        from fortress.rules.phases.combat import potential_attackers
        side = self.state.turn
        sent = [u for u in self.state.units.values() if u.side == side and u.committed == area]
        return dict(Counter((u.kind, u.area) for u in potential_attackers(self, area) + sent))

    def defence_forces(self, area: str) -> dict[tuple[str, str], int]:
        """The enemy units standing in ``area``, as ``{(unit type, area): count}``."""
        side = self.state.turn
        return dict(Counter((u.kind, area) for u in self.state.units.values() if u.area == area and u.side != side))

    # -- helpers the phases share --------------------------------------------------------------
    def emit(self, kind: str, text: str, side: str | None = None, areas: tuple[str, ...] = (),
             rolls: tuple = ()) -> Event:
        event = Event(kind, text, side, areas, rolls)
        self.events.append(event)
        return event

    def rng(self) -> Rng:
        """The game's generator; call :meth:`keep_rng` after drawing from it."""
        return Rng(self.state.rng)

    def keep_rng(self, rng: Rng) -> None:
        self.state.rng = rng.state

    def _indexed(self) -> tuple[dict[str, list[Unit]], dict[str, list[Unit]]]:
        """Units by area and bombing bombers by origin. Cached; every change of a unit's
        area or status calls :meth:`touch` to drop the cache."""
        if self._index is not None:
            return self._index
        by_area: dict[str, list[Unit]] = {}
        by_origin: dict[str, list[Unit]] = {}
        for u in self.state.units.values():
            by_area.setdefault(u.area, []).append(u)
            if u.status == "bombing":
                by_origin.setdefault(u.origin, []).append(u)
        self._index = (by_area, by_origin)
        return self._index

    def touch(self) -> None:
        """Units moved, appeared, vanished or changed status: drop cached views."""
        self._index = None

    def relocate(self, unit: Unit, area: str, bombing_from: str | None = None) -> None:
        """Move ``unit`` to ``area`` (as a bomber bombing from ``bombing_from``), keeping
        the cached views up to date instead of rebuilding them."""
        if self._index is not None:  # lists stay in uid order, as a fresh build makes them
            by_area, by_origin = self._index
            by_area[unit.area].remove(unit)
            insort(by_area.setdefault(area, []), unit, key=_uid)
            if bombing_from is not None:
                insort(by_origin.setdefault(bombing_from, []), unit, key=_uid)
        unit.area = area
        if bombing_from is not None:
            unit.status, unit.origin = "bombing", bombing_from

    def arrived(self, unit: Unit) -> None:
        """``unit`` was just added to the state (it has the largest uid): add it to the
        cached views instead of rebuilding them."""
        if self._index is not None:
            self._index[0].setdefault(unit.area, []).append(unit)

    def _compute_legal(self) -> list[A.Action]:
        """The legal actions (without Surrender), from the phase's check."""
        return _MODULE[self.state.phase].Rules(self).legal()

    def present(self, area: str) -> list[Unit] | tuple:
        """Every unit in ``area``, in uid order: the cached list itself, not to be changed."""
        return (self._index or self._indexed())[0].get(area, ())

    def units(self, area: str, side: str | None = None) -> list[Unit]:
        here = (self._index or self._indexed())[0].get(area, ())
        return [u for u in here if side is None or u.side == side]

    def enemies_in(self, area: str, side: str) -> list[Unit]:
        return [u for u in (self._index or self._indexed())[0].get(area, ()) if u.side != side]

    def load(self, area: str, side: str) -> int:
        """Units of ``side`` counting toward the 5-unit limit in ``area`` (a bombing
        bomber keeps its place in the territory it came from)."""
        by_area, by_origin = self._index or self._indexed()
        n = 0
        for u in by_area.get(area, ()):
            if u.side == side and u.status != "bombing":
                n += 1
        for u in by_origin.get(area, ()):
            if u.side == side:
                n += 1
        return n

    def room(self, area: str, side: str) -> int:
        return UNIT_LIMIT - self.load(area, side)

    def friendly(self, area: str, side: str) -> bool:
        return self.state.control.get(area) == side

    def destroy(self, unit: Unit, why: str) -> None:
        self.state.remove_unit(unit)
        if self._index is not None:  # take it out of the cached views instead of dropping them
            by_area, by_origin = self._index
            _drop(by_area.get(unit.area), unit)
            if unit.status == "bombing":
                _drop(by_origin.get(unit.origin), unit)
        where = "to the graveyard" if unit.side != US else "back to U.S. reserves"
        self.emit("destroy", f"{SIDE_NAMES[unit.side]} {unit.kind} in {self.board[unit.area].name} destroyed ({why}); {where}.",
                  unit.side, (unit.area,))

    # -- flow ------------------------------------------------------------------------------------
    def _settle(self) -> None:
        """Do everything that needs no decision, until someone must decide or the game ends."""
        state = self.state
        while state.winner is None:
            module = _MODULE[state.phase]
            auto = _AUTO.get(module)
            if auto is not None and auto(self):
                self._legal = None
                continue
            legal = module.Rules(self).legal()
            if len(legal) == 1 and type(legal[0]) is A.End:
                module.apply(self, A.End())
                continue
            self._legal = legal
            return
        self._legal = None

    def begin_phase(self, name: str) -> None:
        self.state.phase = name
        self._legal = None
        self.memo = {}
        self.emit("phase", f"{SIDE_NAMES[self.state.turn]}: {name.capitalize()}.", self.state.turn)
        enter = getattr(step(name).module, "enter", None)
        if enter is not None:
            enter(self)

    def next_phase(self) -> None:
        """Move to the next phase of this turn that applies to the side, or end the turn."""
        names = [s.name for s in TURN]
        i = names.index(self.phase) + 1 if self.phase in names else 0
        for s in TURN[i:]:
            if self.state.turn in s.sides and not self._skips(s.name):
                self.begin_phase(s.name)
                return
        self._next_turn()

    def _skips(self, name: str) -> bool:
        # Rules (Invader First Turn): each Invader skips Reinforcements on its first turn.
        return name == "reinforcements" and self.state.turn in INVADERS and self.state.round == 1

    def start_turn(self, side: str) -> None:
        self.state.turn = side
        self.state.phase = ""
        self.emit("turn", f"Round {self.state.round}: {SIDE_NAMES[side]}'s turn.", side)
        self.next_phase()

    def _next_turn(self) -> None:
        order = TURN_ORDER
        i = order.index(self.state.turn)
        for side in order[i + 1:]:
            if side not in self.state.out:
                self.start_turn(side)
                return
        # the U.S. turn is over: the capture step handled the victory check and the round marker.
        self.state.round += 1
        for side in order:
            if side not in self.state.out:
                self.start_turn(side)
                return

    def end_game(self, winner: str, why: str) -> None:
        self.state.winner = winner
        self.state.result = why
        self.state.battle = None
        self.emit("victory", f"{'The U.S.' if winner == US else 'The Invaders'} win: {why}", winner)

    def _surrender(self) -> None:
        side = self.side
        self.state.surrendered = side
        if side == US:
            self.end_game("invaders", "the U.S. surrendered.")
        else:
            self.end_game(US, f"the Invaders surrendered ({SIDE_NAMES[side]} conceded for the Invader camp).")

    def check_armies(self) -> None:
        """Rules: an Invader with no units on the board and none in reserve is out;
        if all are out, the U.S. wins."""
        on_board = None  # worked out only when an Invader has nothing left in reserve
        for side in INVADERS:
            if side in self.state.out or any(self.state.reserves[side].values()) or self.state.phase == "setup":
                continue
            if on_board is None:
                on_board = {u.side for u in self.state.units.values()}
            if side not in on_board:
                self.state.out.append(side)
                self.emit("out", f"{SIDE_NAMES[side]} has no units left and is out of the game.", side)
        if len(self.state.out) == len(INVADERS) and not self.is_over:
            self.end_game(US, "all Invading armies are destroyed.")

    def __repr__(self) -> str:
        status = f"winner={self.winner}" if self.is_over else f"side={self.side} phase={self.phase}"
        return f"<Game round {self.round} {status} actions={len(self.history)}>"


def _drop(units: list[Unit] | None, unit: Unit) -> None:
    """Remove ``unit`` (this very object) from a cached view's list."""
    for i, u in enumerate(units or ()):
        if u is unit:
            del units[i]
            return


def new_game(seed: int = 0, players: int = 4, setup: str | None = "balanced", board: Board | None = None) -> Game:
    """Start a game.

    ``players`` is 2, 3 or 4 (rules: Setup, Choose Forces). ``setup`` is None (the
    players place their starting units through actions), ``"random"`` (a seeded random
    setup) or the name of a preset in :mod:`fortress.rules.setups`.
    """
    from fortress.rules import setups
    from fortress.rules.cards import new_deck

    if players not in (2, 3, 4):
        raise ValueError("Fortress America is for 2, 3 or 4 players")
    board = board or Board.default()
    state = new_state(seed, players)
    for area in board:
        state.control[area.id] = area.side if area.is_zone else US
    deck = new_deck()
    rng = Rng(seed)
    rng.shuffle(deck)
    state.deck, state.rng = deck, rng.state
    game = Game(state, board, setup)
    game.begin_phase("setup")
    if setup is not None:
        setups.apply_setup(game, setup)
    game._start = game.state.copy()
    game._start_events = list(game.events)
    game.history = []
    game._chance_marks = []
    game._settle()
    return game
