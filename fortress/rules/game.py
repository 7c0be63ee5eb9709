"""``Game``: the public API of the rules engine. It keeps the history, the log, undo and
saves, and routes each action to the step of the turn that plays it; the steps work
through a :class:`~fortress.rules.context.Context`, the turn is
:mod:`fortress.rules.turn`, and the rules of the game come from a ruleset
(:mod:`fortress.rules.rulesets`; Fortress America unless told otherwise).

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

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from fortress.board import Board
from fortress.rules import actions as A
from fortress.rules import rulesets, shape
from fortress.rules.context import Context
from fortress.rules.dice import Rng, seed_value, whole
from fortress.rules.events import Event
from fortress.rules.rulesets import Ruleset
from fortress.rules.views import Views

if TYPE_CHECKING:
    from fortress.rules.state import BattleView

_SURRENDER = A.Surrender()


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` says why in plain words."""

    def __init__(self, action: object, reason: str, text: str | None = None) -> None:
        label = text or _label(action)  # text: the action in the notation
        super().__init__(f"{label}: {reason}" if label.strip() else reason)
        self.action = action
        self.reason = reason


def _label(action: object, limit: int = 80) -> str:
    """``action`` as text for a message, cut short (an action may come from anywhere)."""
    try:
        text = str(action)
    except Exception:  # a malformed action object may not even print
        text = f"<{type(action).__name__}>"
    return text if len(text) <= limit else text[:limit] + "..."


class Game(Views):
    """A game. Build one with :func:`fortress.new_game` (or :meth:`from_position`,
    :meth:`from_json`)."""

    def __init__(self, state: Any, board: Board, setup: str | None = None, rules: Ruleset | None = None,
                 position: dict | None = None, options: dict | None = None) -> None:
        self.rules = rules or rulesets.get()
        self.options: dict = dict(options or {})  # what the game was started with (saved)
        variants = self.rules.check_variants(self.options.pop("variants", ()))
        if variants:  # recorded only when some are on: a plain game saves as before
            self.options["variants"] = sorted(variants)
        self.ctx = Context(state, board, self.rules, variants)
        self.setup = setup
        self.position = position  # the description a position game was built from
        self.history: list[A.Action] = []
        self._chance_marks: list[int] = []  # history indexes whose action revealed dice or cards
        self._actors: list[tuple] = []  # who took each action of the history, in which turn (see undoable)
        self._start: Any = state.copy()
        self._start_events: list[Event] = []
        self._lookahead = False  # a determinized copy: its hidden cards and dice are made up
        self._redraws: tuple[tuple[int, int], ...] = ()  # a determinized copy's (ply, seed) of each re-draw

    def start(self, phase: str | None, prepare: Callable[["Game"], None] | None = None) -> None:
        """Begin play at step ``phase`` (None: the first turn of the first round);
        ``prepare(game)`` then runs (a setup preset plays its placements); the position
        reached is the game's start, which undo and saves go back to. Then everything
        that needs no decision is done."""
        if phase is None:
            self.ctx.turn.first_turn(self.ctx)
        else:
            self.ctx.begin_phase(phase)
        if prepare is not None:
            prepare(self)
        self._start = self.state.copy()
        self._start_events = list(self.ctx.events)
        self.history, self._chance_marks, self._actors = [], [], []
        self.ctx.turn.settle(self.ctx)

    # -- what the game holds -------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.ctx.state

    @state.setter
    def state(self, state: Any) -> None:
        """Show another state (a replay view): derived views are dropped."""
        self.ctx.replace_state(state)

    @property
    def board(self) -> Board:
        return self.ctx.board

    @property
    def events(self) -> list[Event]:
        return self.ctx.events

    @property
    def memo(self) -> dict:
        return self.ctx.memo

    @memo.setter
    def memo(self, value: dict) -> None:
        self.ctx.memo = value

    @property
    def _legal(self) -> list | None:
        return self.ctx._legal

    @_legal.setter
    def _legal(self, value: list | None) -> None:
        self.ctx._legal = value

    # -- who, when, what -----------------------------------------------------------------
    @property
    def side(self) -> str:
        """The side that must decide now (the defender during its choices in a battle)."""
        return self.rules.side_to_move(self.ctx.state)

    @property
    def battle(self) -> BattleView | None:
        """The battle being fought, read-only (None outside a battle, or in a ruleset without one)."""
        b = getattr(self.ctx.state, "battle", None)
        return None if b is None else b.view(self.ctx.state)

    @property
    def phase(self) -> str:
        return self.ctx.state.phase

    @property
    def round(self) -> int:
        return self.ctx.state.round

    @property
    def is_over(self) -> bool:
        return self.ctx.state.winner is not None

    @property
    def winner(self) -> str | None:
        """The winning team (Fortress America: "us" or "invaders") once the game is over."""
        return self.ctx.state.winner

    @property
    def variants(self) -> frozenset[str]:
        """The optional rules this game plays (names from the ruleset's ``[variants]``)."""
        return self.ctx.variants

    @property
    def ranking(self) -> tuple:
        """The individual result once the game is over, best first, if the ruleset gives one
        (Fortress America: with the variant ``individual-victory``, after an Invader win, a
        :class:`fortress.rules.ranking.Standing` per Invader); empty otherwise."""
        if not self.is_over:
            return ()
        return self.rules.ranking(self.ctx)

    @property
    def log(self) -> list[str]:
        return [e.text for e in self.ctx.events]

    def returns(self) -> dict[str, float]:
        """+1 for each side of the winning team, -1 for the others, 0 while playing."""
        if not self.is_over:
            return {s: 0.0 for s in self.rules.sides}
        won = set(self.rules.teams.get(self.winner or "", ()))
        return {s: 1.0 if s in won else -1.0 for s in self.rules.sides}

    @property
    def seats(self) -> list[tuple[str, ...]]:
        """The players and the sides each controls (rules: Setup 1, Choose Forces)."""
        return self.rules.seats(self.state.players)

    def seat_of(self, side: str) -> int:
        """Index of the player who controls ``side``."""
        side = self.side_id(side)
        return next(i for i, seat in enumerate(self.seats) if side in seat)

    def reminder(self) -> str:
        """The step's one-line reminder (``{laser_target}`` in it reads :meth:`laser_target`)."""
        text: str = self.ctx.turn.step(self.phase).reminder
        return text.replace("{laser_target}", str(self.laser_target())) if "{laser_target}" in text else text

    # -- the three verbs ---------------------------------------------------------------------
    def legal_actions(self) -> list[A.Action]:
        """Every action the side to move may take now (Surrender last)."""
        ctx = self.ctx
        if ctx.state.winner is not None:
            return []
        if ctx._legal is None:
            ctx._legal = self._compute_legal()
        return ctx._legal + [_SURRENDER]

    def explain(self, action: A.Action | str) -> str | None:
        """None if ``action`` is legal now, else a reason a student can read (the step's
        check, the same that lists the legal actions)."""
        if isinstance(action, str):
            try:
                action = self.parse(action)
            except A.NotationError as exc:
                return str(exc)
        ctx = self.ctx
        if ctx.state.winner is not None:
            return f"the game is over: {ctx.state.result}"
        if isinstance(action, A.Surrender) or self._listed(action):
            return None
        malformed = shape.malformed(action, self.board, self.rules)  # wrong types, unknown ids
        if malformed is not None:
            return malformed
        return ctx.turn.by_name[ctx.state.phase].Rules(ctx).reason(action)

    def _listed(self, action: object) -> bool:
        """``action`` is one of the very objects legal_actions() gave out (the usual case)."""
        legal = self.ctx._legal
        if legal is not None and self.ctx.state.winner is None:
            for c in legal:
                if c is action:
                    return True
        return False

    def apply(self, action: A.Action | str) -> list[Event]:
        """Carry out ``action`` for ``game.side``; returns the events it caused.

        All or nothing: raises :class:`IllegalAction` and changes nothing (history, state,
        log) if it is not legal, is malformed, or fails while being carried out.
        """
        if isinstance(action, str):
            try:
                action = self.parse(action)
            except A.NotationError as exc:
                raise IllegalAction(action, str(exc)) from None
        if not self._listed(action):
            reason = self.explain(action)
            if reason is not None:
                raise IllegalAction(action, reason, self._said(action))
        ctx = self.ctx
        actor = self._actor()
        first, done = len(ctx.events), len(self.history)
        chance = self.rules.chance
        before = chance(ctx.state)
        try:
            if isinstance(action, A.Surrender):
                self._surrender()
            else:
                ctx.turn.by_name[ctx.state.phase].apply(ctx, action)
            ctx._legal = None
            ctx.turn.settle(ctx)
        except BaseException as exc:  # a failure half-way (or Ctrl-C): put the game back as it was
            self._replay(self.history[:done])
            if not isinstance(exc, Exception):
                raise
            raise IllegalAction(action, f"it could not be carried out ({type(exc).__name__}); "
                                        "the game is unchanged", self._said(action)) from exc
        self.history.append(action)  # recorded only once carried out
        self._actors.append(actor)
        if chance(ctx.state) != before:  # dice rolled, cards drawn
            self._chance_marks.append(len(self.history) - 1)
        return ctx.events[first:]

    def _compute_legal(self) -> list[A.Action]:
        """The legal actions (without Surrender), from the step's check."""
        ctx = self.ctx
        return ctx.turn.by_name[ctx.state.phase].Rules(ctx).legal()

    def parse(self, text: str) -> A.Action:
        """Read an action in the ruleset's notation, e.g. ``move 2 hovertank Seattle -> Olympic Peninsula``."""
        return self.rules.parse(text, self.board)

    def _surrender(self) -> None:
        """The side to move concedes for its team; another team wins."""
        side, rules = self.side, self.rules
        self.state.surrendered = side
        team = rules.team_of(side)
        winner = next(t for t in rules.teams if t != team)
        name = rules.team_names[team]
        why = f"{name[:1].lower()}{name[1:]} surrendered"
        if len(rules.teams[team]) > 1:
            why += f" ({rules.side_names[side]} conceded for {name[:1].lower()}{name[1:]})"
        self.ctx.end_game(winner, why + ".")

    def notation(self, action: A.Action) -> str:
        """``action`` in the notation, its areas named as this game's board names them.
        Raises :class:`IllegalAction` (why, in words) for an object that is not a
        well-formed action (``Move(1, "infantry", ["seattle"], ...)``)."""
        try:
            return self.rules.notation(action, self.board)
        except Exception:
            why = shape.malformed(action, self.board, self.rules) or "it cannot be written in the notation"
            raise IllegalAction(action, why) from None

    def _said(self, action: object) -> str:
        """``action`` in the notation for a message, or as best it prints if it is malformed."""
        try:
            return self.notation(action)  # type: ignore[arg-type]  # maybe malformed: see below
        except Exception:  # a malformed action object may not even write
            return _label(action)

    def sort_key(self, action: A.Action) -> tuple[str, ...]:
        """A key that sorts actions as their notation does (the bots' stable order)."""
        return self.rules.sort_key(action, self.board)

    # -- undo, copies ------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """The last action can be taken back: it revealed no die or card."""
        return len(self.history) > self._made and (not self._chance_marks or
                                                   self._chance_marks[-1] != len(self.history) - 1)

    @property
    def _made(self) -> int:
        """The actions before this copy's last re-draw (its making): never taken back in it."""
        return self._redraws[-1][0] if self._redraws else 0

    def _actor(self) -> tuple:
        """Who decides now, and in whose turn of which round."""
        s = self.ctx.state
        return (self.side, s.round, s.turn)

    @property
    def undoable(self) -> int:
        """How many of the last actions the side to move may take back now: its own, taken in
        this turn, none that revealed dice or cards (nor any before one), none once the game is
        over. What a player's Undo offers (``can_undo`` is the engine's wider take-back)."""
        if self.is_over or not self.history:
            return 0
        now, stop = self._actor(), max(self._chance_marks[-1] if self._chance_marks else -1, self._made - 1)
        n = 0
        for i in range(len(self.history) - 1, stop, -1):
            if self._actors[i] != now:
                break
            n += 1
        return n

    def undo(self) -> A.Action:
        """Take back the last action (not one that revealed dice or cards); returns it."""
        if not self.history:
            raise IllegalAction("undo", "there is nothing to undo")
        if len(self.history) <= self._made:
            raise IllegalAction("undo", "a determinized copy cannot take back the moves made before it")
        if not self.can_undo:
            raise IllegalAction("undo", "the last action revealed dice or cards; it cannot be taken back")
        last = self.history[-1]
        self._replay(self.history[:-1])
        return last

    def _replay(self, actions: list[A.Action]) -> None:
        """Rebuild the game from its start by playing ``actions`` (undo; a failed apply); a
        determinized copy re-draws where it was made, as it was made."""
        self.ctx.replace_state(self._start.copy())
        self.ctx.events = list(self._start_events)
        self.history, self._chance_marks, self._actors = [], [], []
        for i in range(len(actions) + 1):
            for ply, seed in self._redraws:
                if ply == i:
                    self._redraw(seed)
            if i < len(actions):
                self.apply(actions[i])

    def copy(self) -> "Game":
        """An independent copy (for look-ahead). It shares the board, which is immutable."""
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        new.ctx = self.ctx.copy()
        new.history = list(self.history)
        new._chance_marks = list(self._chance_marks)
        new._actors = list(self._actors)
        return new

    def determinized(self, seed: int) -> "Game":
        """A copy in which hidden things are re-drawn: what the ruleset hides (Fortress
        America: the order of the undrawn partisan cards, the other Invaders' cards) and the
        future dice. Bots look ahead in such copies, never in the real game. Nothing in it
        leads back to the real draws: its seed is ``seed``, and it cannot take back the moves
        made before it (undo would replay them with the real dice)."""
        new = self.copy()
        new._lookahead = True
        new._redraws = (*self._redraws, (len(self.history), seed))
        new._redraw(seed)
        return new

    def _redraw(self, seed: int) -> None:
        rng = Rng(seed)
        self.rules.hide(self.state, rng)
        self.state.rng, self.state.seed = rng.next64(), seed

    # -- saving ------------------------------------------------------------------------------
    def to_json(self, indent: int | None = 1, seats: dict[str, str] | None = None) -> str:
        """A versioned save: ruleset, options, seed, the actions, and a snapshot digest for checking;
        ``seats`` (who plays each side, e.g. the dashboard's bots) is kept if given."""
        from fortress.rules.save import to_json
        if self._lookahead:
            raise ValueError("a determinized copy cannot be saved: its hidden cards and future dice were "
                             "made up for look-ahead; save the real game")
        return to_json(self, indent, seats)

    @classmethod
    def from_position(cls, description: dict | str, board: Board | None = None, seed: int = 0,
                      players: int = 4, variants: Iterable[str] = (), ruleset: str | None = None) -> "Game":
        """A game set up from a readable description (see :mod:`fortress.rules.positions`),
        playing the optional rules ``variants`` (of ``ruleset``: Fortress America, or a ruleset
        registered on its code with its own data folder)."""
        from fortress.rules.positions import build
        return build(description, board, seed, players, variants, ruleset)

    @classmethod
    def from_json(cls, text: str | bytes, board: Board | None = None) -> "Game":
        """Rebuild a saved game by replaying it; raises ``fortress.rules.save.SaveError`` with a
        plain-words reason for a corrupt, truncated, edited or newer-version file."""
        from fortress.rules.save import from_json
        return from_json(text, board)

    def __repr__(self) -> str:
        status = f"winner={self.winner}" if self.is_over else f"side={self.side} phase={self.phase}"
        return f"<Game round {self.round} {status} actions={len(self.history)}>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """How a notebook shows a game, with nothing else imported: its map as SVG text
        (:mod:`fortress.draw.svg`, plain Python: no widget or notebook library) besides this
        text. ``import fortress.render`` adds the live map widget where a kernel runs one."""
        from fortress.draw.svg import game_svg

        bundle = {"text/plain": repr(self)}
        if (not include or "image/svg+xml" in include) and "image/svg+xml" not in (exclude or ()):
            bundle["image/svg+xml"] = game_svg(self)
        return bundle


def new_game(seed: int = 0, players: int | None = None, setup: str | None = "default", board: Board | None = None,
             ruleset: str | None = None, variants: Iterable[str] = ()) -> Game:
    """Start a game of the ruleset registered as ``ruleset`` (default: Fortress America).

    ``players``: how many play (Fortress America: 2, 3 or 4; rules: Setup, Choose Forces;
    default: the most the ruleset seats). ``setup``: None (the players place their
    starting units through actions), ``"default"`` (the ruleset's default preset:
    ``"balanced"`` for Fortress America), ``"random"`` (a seeded random setup) or the name
    of a preset in :mod:`fortress.rules.setups`. ``variants``: the optional rules to play,
    by name (the ruleset's ``[variants]``; Fortress America: ``"individual-victory"``); an
    unknown name is refused with a ``ValueError``.
    """
    rules = rulesets.get(ruleset)
    variants = rules.check_variants(variants)
    seed = seed_value(seed)  # a numpy integer becomes an int; one a save cannot hold is refused
    players = rules.default_players if players is None else whole(players, "players")
    rules.seats(players)  # refuses a player count the ruleset does not seat
    if setup == "default":
        setup = rules.default_setup
    if setup is not None and setup not in rules.presets:
        raise ValueError(f"unknown setup {setup!r}; choose one of {', '.join(rules.presets)} or None")
    board = board or rules.board()
    game = Game(rules.new_state(seed, players, board), board, setup, rules,
                options={"players": players, "setup": setup, "variants": variants})
    play_setup = rules.setup
    prepare = (lambda g: play_setup(g, setup)) if setup is not None and play_setup is not None else None
    game.start(rules.turn.setup.name if rules.turn.setup else None, prepare)
    return game
