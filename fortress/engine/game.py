"""``Game``: the public API of the rules engine. It keeps the history, the log, undo and
saves, and routes each action to the step of the turn that plays it; the steps work
through a :class:`~fortress.engine.context.Context`, the turn is
:mod:`fortress.engine.turn`, and the rules of the game come from a ruleset
(:mod:`fortress.engine.rulesets`; Fortress America unless told otherwise).

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

import secrets
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from fortress.engine.board import Board
from fortress.engine.check import Check, Pending, unlisted
from fortress.engine import actions as A
from fortress.engine import flow
from fortress.engine import rulesets
from fortress.engine import shape
from fortress.engine.context import Context
from fortress.engine.dice import Rng, seed_value, whole
from fortress.engine.events import Event
from fortress.engine.rulesets import Ruleset
from fortress.engine.state import GameState
_SURRENDER = A.Surrender()


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` says why in plain words."""

    def __init__(self, action: object, reason: str, text: str | None = None) -> None:
        label = text or _label(action)  # text: the action in the notation
        super().__init__(f"{label}: {reason}" if label.strip() else reason)
        self.action = action
        self.reason = reason


class PositionError(ValueError):
    """A position description that cannot be set up; the message says why in plain words."""


def _label(action: object, limit: int = 80) -> str:
    """``action`` as text for a message, cut short (an action may come from anywhere)."""
    try:
        text = str(action)
    except Exception:  # a malformed action object may not even print
        text = f"<{type(action).__name__}>"
    return text if len(text) <= limit else text[:limit] + "..."


class Game:
    """A game. Build one with :func:`fortress.new_game` (or :meth:`from_position`,
    :meth:`from_json`). A ruleset may play its games in a subclass that adds its own views
    (its ``game_class``)."""

    _view: str | None = None  #: a view's side (:meth:`view`): what that side may see, nothing more
    _floor = 0  #: actions before this index are never taken back (a view's or a copy's making)
    _seat_replay: str | None = None  #: replaying a save for this seat: others' orders may be ``sealed``

    def __init__(self, state: GameState, board: Board, setup: str | None = None, rules: Ruleset | None = None,
                 position: dict[str, Any] | None = None, options: dict[str, Any] | None = None) -> None:
        self.rules = rules or rulesets.get()
        self.options: dict[str, Any] = dict(options or {})  # what the game was started with (saved)
        variants = self.rules.check_variants(self.options.pop("variants", ()))
        if variants:  # recorded only when some are on: a plain game saves as before
            self.options["variants"] = sorted(variants)
        self.ctx = Context(state, board, self.rules, variants)
        self.setup = setup
        self.position = position  # the description a position game was built from
        self.history: list[A.Action] = []
        self._chance_marks: list[int] = []  # history indexes whose action revealed dice or cards
        self._actors: list[tuple[str, int, str]] = []  # who took each action of the history, in which turn (see undoable)
        self._start: GameState = state.copy()
        self._start_events: list[Event] = []
        self._start_flow = self.ctx.flow.copy()
        self._lookahead = False  # a determinized copy: its hidden cards and dice are made up
        self._redraws: tuple[tuple[int, int], ...] = ()  # a determinized copy's (ply, seed) of each re-draw

    def start(self, phase: str | None, prepare: Callable[["Game"], None] | None = None) -> None:
        """Begin play at step ``phase`` (None: the opening steps, if any, then the first round);
        ``prepare(game)`` then runs (a setup preset plays its placements); the position
        reached is the game's start, which undo and saves go back to. Then everything
        that needs no decision is done."""
        if phase is None:
            self.ctx.turn.open(self.ctx)
        else:
            self.ctx.begin_phase(phase)
        if prepare is not None:
            prepare(self)
        self._start = self.state.copy()
        self._start_events = list(self.ctx.events)
        self._start_flow = self.ctx.flow.copy()
        self.history, self._chance_marks, self._actors = [], [], []
        self.ctx.turn.settle(self.ctx)

    # -- what the game holds -------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The ruleset's state (a :class:`~fortress.engine.state.GameState`; typed ``Any`` here
        so that a ruleset's own code reads its own fields)."""
        return self.ctx.state

    @state.setter
    def state(self, state: GameState) -> None:
        """Show another state (a replay view): derived views are dropped."""
        self.ctx.replace_state(state)

    @property
    def board(self) -> Board:
        return self.ctx.board

    @property
    def events(self) -> list[Event]:
        return self.ctx.events

    @property
    def memo(self) -> dict[Any, Any]:
        return self.ctx.memo

    @memo.setter
    def memo(self, value: dict[Any, Any]) -> None:
        self.ctx.memo = value

    @property
    def _legal(self) -> Any:
        return self.ctx._legal

    @_legal.setter
    def _legal(self, value: Any) -> None:
        self.ctx._legal = value

    # -- who, when, what -----------------------------------------------------------------
    @property
    def side(self) -> str:
        """The side that must decide now (the defender during its choices in a battle; in a
        sealed step, the first in the turn order whose orders are still awaited). Where several
        sides may act, :attr:`to_move` names them all."""
        ctx = self.ctx
        if ctx.turn.simultaneous:
            decider: str = ctx.turn.decider(ctx)
            return decider
        return self.rules.side_to_move(ctx.state)

    @property
    def simultaneous(self) -> bool:
        """Whether the turn has a sealed step (sides give orders unseen, revealed together)."""
        return bool(self.ctx.turn.simultaneous)

    @property
    def to_move(self) -> frozenset[str]:
        """Every side that may act now (several in a sealed step; none once the game is over)."""
        deciders: frozenset[str] = self.ctx.turn.deciders(self.ctx)
        return deciders

    @property
    def round_label(self) -> str:
        """The round's name: its calendar label ("May/Jun 1945") if the ruleset has one."""
        label: str = self.ctx.turn.label(self.round)
        return label

    @property
    def battle(self) -> Any:
        """The battle being fought, read-only (the ruleset's view of it: ``state.battle.view``;
        None outside a battle, or in a ruleset without one)."""
        b = getattr(self.ctx.state, "battle", None)
        return None if b is None else b.view(self.ctx.state)

    # -- names and the ruleset's tables --------------------------------------------------------
    def area_id(self, area: str) -> str:
        """The id of ``area``, given as an id or as a name in any case (``KeyError`` in words,
        with close names, for one this board does not have)."""
        return area if area in self.ctx.board.areas else self.ctx.board.find(area)

    def side_id(self, side: str) -> str:
        """The id of ``side``, given as an id or as its name in any case ("West", "U.S.");
        ``ValueError`` in words for a side this ruleset does not have."""
        names = self.rules.side_names
        if side in names:
            return side
        key = str(side).strip().casefold()
        for sid, name in names.items():
            if key in (sid, name.casefold()):
                return sid
        raise ValueError(f"no side {str(side)[:40]!r} in this game; the sides are {', '.join(names)}")

    def touch(self) -> None:
        """The state was changed from outside (a test, a replay view): drop derived views (the
        legal actions listed included)."""
        self.ctx.touch()
        self._legal = None

    @property
    def tables(self) -> Any:
        """The ruleset's data tables (Fortress America's: :class:`fortress.rulesets.america.tables.Tables`)."""
        return self.rules.tables

    @property
    def phase(self) -> str:
        phase: str = self.ctx.state.phase
        return phase

    @property
    def round(self) -> int:
        round_: int = self.ctx.state.round
        return round_

    @property
    def viewer(self) -> str | None:
        """The side this copy is a view of (``game.view(side)`` and its look-aheads); None for
        the game itself."""
        return self._view

    @property
    def is_over(self) -> bool:
        return self.ctx.state.winner is not None

    @property
    def winner(self) -> str | None:
        """The winning team (Fortress America: "us" or "invaders") once the game is over."""
        winner: str | None = self.ctx.state.winner
        return winner

    @property
    def variants(self) -> frozenset[str]:
        """The optional rules this game plays (names from the ruleset's ``[variants]``)."""
        return self.ctx.variants

    @property
    def ranking(self) -> tuple[Any, ...]:
        """The individual result once the game is over, best first, if the ruleset gives one
        (Fortress America: with the variant ``individual-victory``, after an Invader win, a
        :class:`fortress.rulesets.america.ranking.Standing` per Invader); empty otherwise."""
        if not self.is_over:
            return ()
        return self.rules.ranking(self.ctx)

    @property
    def log(self) -> list[str]:
        return [e.text for e in self.ctx.events]

    @property
    def scores(self) -> dict[str, float]:
        """Each side's score, for a ruleset that keeps one (its ``scores`` hook); {} otherwise."""
        hook = self.rules.scores
        return {} if hook is None else dict(hook(self.ctx))

    @property
    def score_parts(self) -> dict[str, dict[str, int]]:
        """What each side's score counts, by kind (ATTACK!'s regions, sea zones, capitals...),
        for a ruleset that says (its ``score_parts`` hook); {} otherwise."""
        hook = self.rules.score_parts
        return {} if hook is None else {side: dict(parts) for side, parts in hook(self.ctx).items()}

    def returns(self) -> dict[str, float]:
        """0 for every side while playing. Once over: for a ruleset with scores, from +1 (the
        best) to -1 (the worst) by rank among the sides seated at this player count (a side
        no player holds, as ATTACK!'s sixth colour in a four-player game, gets 0), a side that
        is out below every other, ties sharing their ranks' mean; otherwise +1 for each side
        of the winning team, -1 for the others."""
        sides = self.rules.sides
        if not self.is_over:
            return {s: 0.0 for s in sides}
        if self.rules.scores is not None and len(sides) > 1:
            seated = tuple(s for s in sides if any(s in seat for seat in self.seats))  # the sides in play
            ranked = _ranked(self.scores, seated, self.state.out) if len(seated) > 1 else {}
            return {s: ranked.get(s, 0.0) for s in sides}
        won = set(self.rules.teams.get(self.winner or "", ()))
        return {s: 1.0 if s in won else -1.0 for s in sides}

    @property
    def seats(self) -> list[tuple[str, ...]]:
        """The players and the sides each controls (rules: Setup 1, Choose Forces)."""
        return self.rules.seats(self.state.players)

    def seat_of(self, side: str) -> int:
        """Index of the player who controls ``side``."""
        side = self.side_id(side)
        return next(i for i, seat in enumerate(self.seats) if side in seat)

    def view(self, side: str) -> "Game":
        """What ``side`` may see of the game, as a game of its own: the ruleset masks the
        hidden parts of its state (``mask``: other hands, the decks' order), the log keeps the
        events ``side`` may see, other sides' sealed orders not yet revealed are ``sealed``
        placeholders, and the seed and generator are not the game's (a view's own dice are
        made up). Bots look ahead in ``view.determinized(seed)``, which re-draws what the
        view hides. A view cannot be saved, nor take back the moves made before it."""
        side = self.side_id(side)
        new = self.copy()
        new._view, new._lookahead, new._seat_replay = side, True, None
        state, rules = new.ctx.state, self.rules
        if rules.mask is not None:
            rules.mask(state, side)
        elif rules.hide_from is not None:
            rules.hide_from(state, Rng(0), side)
        else:
            rules.hide(state, Rng(0))
        state.rng = state.seed = 0
        ctx = new.ctx
        ctx.touch()
        ctx._legal, ctx.memo = None, {}
        ctx.events = [e for e in ctx.events if e.seen_by(side)]
        for other in ctx.flow.sealed:
            if other != side:
                ctx.flow.sealed[other] = flow.SEALED
                if other in ctx.flow.plies:
                    new.history[ctx.flow.plies[other]] = flow.SEALED
        new._start, new._start_events, new._start_flow = state.copy(), list(ctx.events), ctx.flow.copy()
        new._floor, new._redraws = len(new.history), ()
        return new

    def reminder(self) -> str:
        """The step's one-line reminder, as the ruleset's ``remind`` hook fills it in (Fortress
        America: ``{laser_target}`` reads :meth:`laser_target`)."""
        text: str = self.ctx.turn.step(self.phase).reminder
        remind = self.rules.remind
        return text if remind is None else remind(self, text)

    # -- the three verbs ---------------------------------------------------------------------
    def legal_actions(self, side: str | None = None) -> list[A.Action]:
        """Every action ``side`` (default: :attr:`side`, who decides now) may take now
        (Surrender last); none for a side that may not act now."""
        ctx = self.ctx
        if ctx.state.winner is not None:
            return []
        if side is not None:
            side = self.side_id(side)
            if side != self.side:
                if side not in self.to_move:
                    return []
                with self._acting(side):
                    return self._compute_legal() + [_SURRENDER]
        legal: list[A.Action] | Pending | None = ctx._legal
        if legal is None:
            ctx._legal = legal = self._compute_legal()
        elif isinstance(legal, Pending):
            ctx._legal = legal = legal.check.legal()
        return legal + [_SURRENDER]

    def random_action(self, rng: Any) -> A.Action:
        """A legal action for the side deciding now, drawn uniformly from
        ``legal_actions()`` less Surrender with ``rng.randrange`` (a :class:`random.Random`).
        The same chances as ``rng.choice(legal_actions()[:-1])``, not the same draws: where
        listing costs, the step draws without listing (Maneuvers draws among the moves the
        groups could make and keeps the first its rules allow), so random play runs faster.
        Raises :class:`IllegalAction` once the game is over."""
        ctx = self.ctx
        if ctx.state.winner is not None:
            raise IllegalAction("random", f"the game is over: {ctx.state.result}")
        legal = ctx._legal
        if legal is None:  # a copy, a replay: the step's check, kept unlisted if it can draw
            rules = self._check()
            legal = ctx._legal = Pending(rules) if unlisted(rules) else rules.legal()
        if isinstance(legal, Pending):
            action: A.Action = legal.check.sample(rng)  # type: ignore[attr-defined]  # a phase with sample
            legal.sampled = action
            return action
        chosen: A.Action = legal[rng.randrange(len(legal))]
        return chosen

    @contextmanager
    def _acting(self, side: str | None) -> Iterator[None]:
        """Check or carry out an action for ``side`` (None: whoever decides now)."""
        ctx = self.ctx
        before, ctx.actor = ctx.actor, side
        try:
            yield
        finally:
            ctx.actor = before

    def _not_now(self, side: str) -> str | None:
        """Why ``side`` may not act now (None: it may)."""
        if self.is_over:
            return f"the game is over: {self.state.result}"
        deciders = self.to_move
        if side in deciders:
            return None
        names = [self.rules.side_names[s] for s in self.rules.sides if s in deciders]
        return (f"{self.rules.side_names[side]} may not act now: "
                f"{joined(names)} {'decides' if len(names) == 1 else 'decide'} now")

    def explain(self, action: A.Action | str, side: str | None = None, *, order_only: bool = False) -> str | None:
        """None if ``action`` is legal now for ``side`` (default: whoever decides now), else a
        reason a student can read (the step's check, the same that lists the legal actions).

        ``order_only``: judge a sealed order by its step's check alone, even in a copy that
        could not carry it out (a view holding the last order awaited cannot reveal the
        others'): what a page asks before it sends the order to the real game."""
        if isinstance(action, str):
            try:
                action = self.parse(action)
            except A.NotationError as exc:
                return str(exc)
        ctx = self.ctx
        if ctx.state.winner is not None:
            return f"the game is over: {ctx.state.result}"
        if side is not None:
            try:
                side = self.side_id(side)
            except ValueError as exc:
                return str(exc)
            why = self._not_now(side)
            if why is not None:
                return why
            if side != self.side:
                with self._acting(side):
                    return self._reason(action, order_only)
        if isinstance(action, A.Surrender) or self._listed(action):
            return None
        return self._reason(action, order_only)

    def _reason(self, action: A.Action, order_only: bool = False) -> str | None:
        """The step's reason for refusing ``action`` for the acting side (None: allowed)."""
        if isinstance(action, A.Surrender):
            return None
        ctx = self.ctx
        step = ctx.turn.by_name[ctx.state.phase]
        if isinstance(action, flow.Sealed):
            seat = self._seat_replay
            return None if seat is not None and step.sealed and ctx.acting != seat else \
                "'sealed' stands for another side's hidden order in a view; it is never played"
        malformed = shape.malformed(action, self.board, self.rules)  # wrong types, unknown ids
        if malformed is not None:
            return malformed
        if step.sealed and not order_only and flow.hidden_orders(ctx) and len(flow.pending(ctx, step)) == 1:
            return "the other sides' sealed orders are hidden in this copy of the game, so they cannot be revealed"
        reason: str | None = step.Rules(ctx).reason(action)
        return reason

    def _listed(self, action: object) -> bool:
        """``action`` is one of the very objects legal_actions() or random_action() gave out
        (the usual case)."""
        legal = self.ctx._legal
        if legal is not None and self.ctx.state.winner is None:
            if isinstance(legal, Pending):  # drawn by random_action, which the step's check allowed
                return legal.sampled is action
            for c in legal:
                if c is action:
                    return True
        return False

    def apply(self, action: A.Action | str, side: str | None = None) -> list[Event]:
        """Carry out ``action`` for ``side`` (default: ``game.side``, who decides now; a side
        that may not act now is refused); returns the events it caused.

        All or nothing: raises :class:`IllegalAction` and changes nothing (history, state,
        log) if it is not legal, is malformed, or fails while being carried out.
        """
        if isinstance(action, str):
            try:
                action = self.parse(action)
            except A.NotationError as exc:
                raise IllegalAction(action, str(exc)) from None
        if side is not None:
            try:
                side = self.side_id(side)
            except ValueError as exc:
                raise IllegalAction(action, str(exc), self._said(action)) from None
            if side == self.side:
                side = None  # the usual case: whoever decides now
        if side is not None or not self._listed(action):
            reason = self.explain(action, side)
            if reason is not None:
                raise IllegalAction(action, reason, self._said(action))
        if side is None:  # the usual case, kept quick
            return self._carry_out(action)
        with self._acting(side):
            return self._carry_out(action)

    def _carry_out(self, action: A.Action) -> list[Event]:
        ctx = self.ctx
        actor = self._actor()
        first, done = len(ctx.events), len(self.history)
        chance = self.rules.chance
        before = chance(ctx.state)
        step = ctx.turn.by_name[ctx.state.phase]
        try:
            if isinstance(action, A.Surrender):
                self._surrender()
            else:
                step.apply(ctx, action)
            ctx._legal = None
            ctx.actor = None
            ctx.turn.settle(ctx)
        except BaseException as exc:  # a failure half-way (or Ctrl-C): put the game back as it was
            self._replay(self.history[:done])
            if not isinstance(exc, Exception):
                raise
            raise IllegalAction(action, f"it could not be carried out ({type(exc).__name__}); "
                                        "the game is unchanged", self._said(action)) from exc
        self.history.append(action)  # recorded only once carried out
        self._actors.append(actor)
        if step.sealed and actor[0] in ctx.flow.sealed:  # an order kept unseen until all are in
            ctx.flow.plies[actor[0]] = len(self.history) - 1
        if chance(ctx.state) != before:  # dice rolled, cards drawn
            self._chance_marks.append(len(self.history) - 1)
        return ctx.events[first:]

    def _compute_legal(self) -> list[A.Action]:
        """The legal actions (without Surrender), from the step's check."""
        legal: list[A.Action] = self._check().legal()
        return legal

    def _check(self) -> Check:
        """The current step's check, built for the state now."""
        ctx = self.ctx
        check: Check = ctx.turn.by_name[ctx.state.phase].Rules(ctx)
        return check

    def parse(self, text: str) -> A.Action:
        """Read an action in the ruleset's notation, e.g. ``move 2 hovertank Seattle -> Olympic Peninsula``."""
        if self.ctx.turn.own_words:
            found = flow.parse(" ".join(text.lower().split()))
            if found is not None:
                return found
        return self.rules.parse(text, self.board)

    def _surrender(self) -> None:
        """The acting side concedes for its team: with two teams the other wins; with more,
        the team's sides are out and play goes on until one team is left."""
        side, rules = self.ctx.acting, self.rules
        self.state.surrendered = side
        team = rules.team_of(side)
        name = rules.team_names[team]
        name = f"{name[:1].lower()}{name[1:]}" if name.startswith("The ") else name  # "the U.S.", "Amber"
        why = f"{name} surrendered"
        if len(rules.teams[team]) > 1:
            why += f" ({rules.side_names[side]} conceded for {name})"
        if len(rules.teams) > 2:
            for s in rules.teams[team]:
                self.ctx.eliminate(s, why + ".")
            return
        winner = next(t for t in rules.teams if t != team)
        self.ctx.end_game(winner, why + ".")

    def notation(self, action: A.Action) -> str:
        """``action`` in the notation, its areas named as this game's board names them.
        Raises :class:`IllegalAction` (why, in words) for an object that is not a
        well-formed action (``Move(1, "infantry", ["seattle"], ...)``)."""
        try:
            if isinstance(action, flow.FLOW_ACTIONS):
                return str(action)
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
        key: tuple[str, ...] = self.rules.sort_key(action, self.board)
        return key

    # -- undo, copies ------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """The last action can be taken back: it revealed no die or card."""
        return len(self.history) > self._made and (not self._chance_marks or
                                                   self._chance_marks[-1] != len(self.history) - 1)

    @property
    def _made(self) -> int:
        """The actions before this copy's last re-draw (its making) or before a view was made:
        never taken back in it."""
        return max(self._floor, self._redraws[-1][0] if self._redraws else 0)

    def _actor(self) -> tuple[str, int, str]:
        """Who decides now (or acts: ``apply(action, side)``), in whose turn of which round."""
        ctx = self.ctx
        s = ctx.state
        return (ctx.actor if ctx.actor is not None else self.side, s.round, s.turn)

    @property
    def undoable(self) -> int:
        """How many of the last actions the player to move may take back now: their own (of any
        side their seat controls: a seat ordering for several powers takes back the first
        power's order too), taken in this turn, none that revealed dice or cards (nor any
        before one), none once the game is over. What a player's Undo offers (``can_undo`` is
        the engine's wider take-back)."""
        if self.is_over or not self.history:
            return 0
        (side, *when), stop = self._actor(), max(self._chance_marks[-1] if self._chance_marks else -1, self._made - 1)
        player = self._player(side)
        n = 0
        for i in range(len(self.history) - 1, stop, -1):
            by, *then = self._actors[i]
            if then != when or self._player(by) != player:
                break
            n += 1
        return n

    def _player(self, side: str) -> int | str:
        """The seat controlling ``side`` (the side itself if no seat does)."""
        return next((i for i, seat in enumerate(self.seats) if side in seat), side)

    def undo(self) -> A.Action:
        """Take back the last action (not one that revealed dice or cards); returns it."""
        if not self.history:
            raise IllegalAction("undo", "there is nothing to undo")
        if len(self.history) <= self._made:
            raise IllegalAction("undo", "a view or a determinized copy cannot take back the moves made before it")
        if not self.can_undo:
            raise IllegalAction("undo", "the last action revealed dice or cards; it cannot be taken back")
        last = self.history[-1]
        self._replay(self.history[:-1])
        return last

    def _replay(self, actions: list[A.Action]) -> None:
        """Rebuild the game from its start (a view's: its making) by playing ``actions``, each
        by the side that took it (undo; a failed apply); a determinized copy re-draws where it
        was made, as it was made."""
        actors, marks, floor = list(self._actors), list(self._chance_marks), self._floor
        self.ctx.replace_state(self._start.copy())
        self.ctx.flow = self._start_flow.copy()
        self.ctx.events = list(self._start_events)
        if not floor:  # as ``start`` left it: what needed no decision (an auction without bidding) is done
            self.ctx.turn.settle(self.ctx)
        self.history, self._actors = list(actions[:floor]), actors[:floor]
        self._chance_marks = [m for m in marks if m < floor]
        for i in range(floor, len(actions) + 1):
            for ply, seed in self._redraws:
                if ply == i:
                    self._redraw(seed)
            if i < len(actions):
                self.apply(actions[i], actors[i][0])

    def copy(self) -> "Game":
        """An independent copy (for look-ahead). It shares the board, which is immutable."""
        new = type(self).__new__(type(self))
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
        """Re-draw what the observer (a view's side, else whoever decides) cannot see: the
        ruleset's hidden parts, the other sides' sealed orders not yet revealed, the future dice."""
        rng, rules, observer = Rng(seed), self.rules, self._view or self.side
        if rules.hide_from is not None:
            rules.hide_from(self.state, rng, observer)
        else:
            rules.hide(self.state, rng)
        ctx = self.ctx
        for side in [s for s in ctx.flow.sealed if s != observer]:  # made up from what that side may order
            with self._acting(side):
                legal = self._compute_legal()
            ctx.flow.sealed[side] = legal[rng.below(len(legal))]
        ctx.touch()
        self.state.rng, self.state.seed = rng.next64(), seed

    # -- saving ------------------------------------------------------------------------------
    def to_json(self, indent: int | None = 1, seats: dict[str, str] | None = None, seat: str | None = None) -> str:
        """A versioned save: ruleset, options, seed, the actions, and a snapshot digest for checking;
        ``seats`` (who plays each side, e.g. the dashboard's bots) is kept if given. ``seat``: a
        save for that side's player, in which the other sides' sealed orders not yet revealed
        are ``sealed`` placeholders (the game's own save, without ``seat``, keeps them)."""
        from fortress.engine.save import to_json
        if self._view is not None:
            raise ValueError("a view cannot be saved: it holds only what one side sees; save the game "
                             "(for a seat: game.to_json(seat=...))")
        if self._lookahead:
            raise ValueError("a determinized copy cannot be saved: its hidden cards and future dice were "
                             "made up for look-ahead; save the real game")
        return to_json(self, indent, seats, None if seat is None else self.side_id(seat))

    @classmethod
    def from_position(cls, description: dict[str, Any] | str, board: Board | None = None, seed: int = 0,
                      players: int = 4, variants: Iterable[str] = (), ruleset: str | None = None) -> "Game":
        """A game set up from a readable description (the ruleset's ``from_position``; Fortress
        America's: :mod:`fortress.rulesets.america.positions`), playing the optional rules
        ``variants`` of ``ruleset`` (default: Fortress America)."""
        rules = rulesets.get(ruleset)
        if rules.from_position is None:
            raise PositionError(f"{rules.title or rules.name} has no position descriptions")
        game: Game = rules.from_position(description, board, seed, players, variants, ruleset)
        return game

    @classmethod
    def from_json(cls, text: str | bytes, board: Board | None = None) -> "Game":
        """Rebuild a saved game by replaying it; raises ``fortress.engine.save.SaveError`` with a
        plain-words reason for a corrupt, truncated, edited or newer-version file."""
        from fortress.engine.save import from_json
        return from_json(text, board)

    def __repr__(self) -> str:
        status = f"winner={self.winner}" if self.is_over else f"side={self.side} phase={self.phase}"
        return f"<Game round {self.round} {status} actions={len(self.history)}>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """How a notebook shows a game, with nothing else imported: besides this text, its map
        as SVG text if the ruleset draws one (its ``draw``; Fortress America's is
        :mod:`fortress.draw.svg`, plain Python: no widget or notebook library)."""
        bundle = {"text/plain": repr(self)}
        wanted = (not include or "image/svg+xml" in include) and "image/svg+xml" not in (exclude or ())
        if wanted and self.rules.draw is not None:
            bundle["image/svg+xml"] = self.rules.draw(self)
        return bundle


def joined(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return " and ".join(filter(None, (", ".join(names[:-1]), names[-1]))) if names else ""


def _ranked(scores: dict[str, float], sides: tuple[str, ...], out: Iterable[str]) -> dict[str, float]:
    """Returns from +1 (best) to -1 (worst) by rank; a side that is out ranks below every
    other; tied sides share the mean of their ranks' returns."""
    gone = set(out)
    key = {s: (s not in gone, scores.get(s, 0.0)) for s in sides}
    order = sorted(sides, key=key.__getitem__, reverse=True)
    step = 2.0 / (len(sides) - 1)
    out_: dict[str, float] = {}
    for s in sides:
        ranks = [i for i, t in enumerate(order) if key[t] == key[s]]
        out_[s] = sum(1.0 - step * i for i in ranks) / len(ranks)
    return out_


def new_game(seed: int | None = None, players: int | None = None, setup: str | None = "default", board: Board | None = None,
             ruleset: str | None = None, variants: Iterable[str] = ()) -> Game:
    """Start a game of the ruleset registered as ``ruleset`` (default: Fortress America).

    ``seed``: the dice and cards' seed (the same seed and actions give the same game); None
    (the default) draws an unguessable 63-bit one (``secrets``), which the game's own save
    keeps and no view shows.

    ``players``: how many play (Fortress America: 2, 3 or 4; rules: Setup, Choose Forces;
    default: the most the ruleset seats). ``setup``: None (the players place their
    starting units through actions), ``"default"`` (the ruleset's default preset:
    ``"balanced"`` for Fortress America), ``"random"`` (a seeded random setup) or the name
    of a preset in :mod:`fortress.rulesets.america.setups`. ``variants``: the optional rules to play,
    by name (the ruleset's ``[variants]``; Fortress America: ``"individual-victory"``); an
    unknown name is refused with a ``ValueError``.
    """
    rules = rulesets.get(ruleset)
    variants = rules.check_variants(variants)
    seed = secrets.randbits(63) if seed is None else seed_value(seed)  # numpy ints become ints; too big: refused
    players = rules.default_players if players is None else whole(players, "players")
    rules.seats(players)  # refuses a player count the ruleset does not seat
    if setup == "default":
        setup = rules.default_setup
    if setup is not None and setup not in rules.presets:
        raise ValueError(f"unknown setup {setup!r}; choose one of {', '.join(rules.presets)} or None")
    board = board or rules.board()
    game: Game = (rules.game_class or Game)(rules.new_state(seed, players, board), board, setup, rules,
                                            options={"players": players, "setup": setup, "variants": variants})
    play_setup = rules.setup
    prepare = (lambda g: play_setup(g, setup)) if setup is not None and play_setup is not None else None
    game.start(rules.turn.setup.name if rules.turn.setup else None, prepare)
    return game
