"""Helpers for the classroom notebooks (``notebooks/*.ipynb``): the logic lives here, tested,
so the notebooks stay short.

* quick mode: :func:`quick`, :func:`pick` (small counts under CI / ``FORTRESS_QUICK=1``);
* positions on the real map: :func:`show`, :func:`units_table`, :func:`attempt`;
* student bots, classroom-safe: :class:`SafeBot`, :func:`as_bot`, :func:`play_match`,
  :func:`round_robin` (a bot that raises or answers an illegal action loses its game, with a
  clear message; the notebook never crashes);
* analysis: :func:`odds_grid`, :func:`play_games`, :func:`city_falls`, :func:`plot_board`;
* replays: :class:`Replay` and :func:`replay_viewer`.

Everything goes through the public engine API (``legal_actions``, ``explain``, ``apply``).

>>> import fortress
>>> game = fortress.new_game(seed=1)
>>> attempt(game, "declare Atlantis", quiet=True).startswith("Not legal")
True
"""
from __future__ import annotations

import html
import os
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

import pandas as pd

import fortress
from fortress.actions import Action, Surrender
from fortress.board import Board
from fortress.game import Game, IllegalAction
from fortress.units import INVADERS, SIDE_NAMES, SIDES, US

CAMPS = ("us", "invaders")


# -- quick mode ---------------------------------------------------------------------------
def quick() -> bool:
    """True under CI or with ``FORTRESS_QUICK=1``: notebooks use small counts."""
    flag = os.environ.get("FORTRESS_QUICK", "")
    if flag:
        return flag not in ("0", "false", "no")
    return bool(os.environ.get("CI"))


def pick(quick_value: Any, full_value: Any) -> Any:
    """``quick_value`` in quick mode, else ``full_value``.

    >>> pick(2, 200) in (2, 200)
    True
    """
    return quick_value if quick() else full_value


# -- positions ----------------------------------------------------------------------------
def area_id(board: Board, name: str) -> str:
    """The id of an area given its name or id (case-insensitive)."""
    return board.find(name)


def units_table(game: Game, areas: Iterable[str] | None = None) -> pd.DataFrame:
    """One row per area (named, or every area with units): holder and the units of each side.

    >>> import fortress
    >>> g = fortress.Game.from_position({"units": {"Denver": "2 infantry"}})
    >>> units_table(g, ["Denver"]).loc[0, "units"]
    'U.S.: 2 infantry'
    """
    board = game.board
    if areas is None:
        ids = sorted({u.area for u in game.state.units.values()}, key=lambda a: board[a].name)
    else:
        ids = [board.find(a) for a in areas]
    rows = []
    for aid in ids:
        area = board[aid]
        here = game.units_in(aid)
        parts = []
        for side in ("us", *INVADERS):
            kinds = [(k, n) for (s, k), n in sorted(here.items()) if s == side]
            if kinds:
                parts.append(f"{SIDE_NAMES[side]}: " + ", ".join(f"{n} {k}" for k, n in kinds))
        marks = []
        if aid in game.state.declared:
            marks.append("declared")
        if aid in game.state.lasers:
            marks.append("laser")
        if aid in game.state.captured:
            marks.append(f"captured by {SIDE_NAMES[game.state.captured[aid]]}")
        rows.append({"area": area.name, "kind": "zone" if area.is_zone else area.kind,
                     "held by": SIDE_NAMES.get(game.controller(aid) or "", "-"),
                     "units": "; ".join(parts) or "-", "marks": ", ".join(marks)})
    return pd.DataFrame(rows, columns=["area", "kind", "held by", "units", "marks"])


def status(game: Game) -> str:
    """One line: round, whose decision, phase (or the result)."""
    if game.is_over:
        return f"Game over: {game.state.result}"
    if game.phase == "setup":
        return f"Setup: {SIDE_NAMES[game.side]} places its starting units."
    return (f"Round {game.round}: {SIDE_NAMES[game.side]} to decide, phase {game.phase} "
            f"({game.reminder()}); cities on the captured track: {game.cities_captured()} of 18.")


def _centre_of(board: Board, ids: list[str]) -> tuple[float, float] | None:
    pts = [board[a].label for a in ids if board[a].label]
    if not pts:
        return None
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def show(game: Game, highlight: Iterable[str] = (), selected: str | None = None, battle: str | None = None,
         height: str = "420px", zoom: float | None = None, table: bool = True):
    """The position on the real board widget (``fortress.ui.board_map.BoardMap``), zoomed
    on ``highlight``, with a status line and (``table``) the units of those areas below.
    Returns the widget; the last expression of a cell displays it."""
    import ipywidgets as W

    from fortress.ui.board_map import BoardMap, MapView
    from fortress.ui.theme import style_widget

    board = game.board
    ids = [board.find(a) for a in highlight]
    sel = board.find(selected) if selected else None
    bat = board.find(battle) if battle else None
    bmap = BoardMap(board, on_click=lambda aid: None, height=height)
    bmap.update(game, MapView(selected=sel, targets=frozenset(ids), battle=bat))
    centre = _centre_of(board, ids + ([sel] if sel else []))
    if centre:
        bmap.map.center = centre
        bmap.map.zoom = zoom or 5.5
    parts: list = [style_widget(), W.HTML(f"<b>{html.escape(status(game))}</b>"), bmap.map]
    if table and ids:
        parts.append(W.HTML(units_table(game, ids).to_html(index=False)))
    box = W.VBox(parts)
    box.add_class("fortress-app")
    box.board_map = bmap  # for tests and for students who want to redraw
    return box


def legal(game: Game, verb: str | None = None, limit: int | None = 12) -> list[str]:
    """The legal actions now in notation (of one ``verb``, e.g. "move"), sorted; Surrender left out."""
    out = sorted(str(a) for a in game.legal_actions()
                 if not isinstance(a, Surrender) and (verb is None or a.verb == verb))
    return out if limit is None else out[:limit]


def attempt(game: Game, text: str | Action, quiet: bool = False) -> str:
    """Try an action: if legal, apply it and report what happened; if not, say why (the
    engine's reason, naming the rule). Returns the message (also printed unless ``quiet``)."""
    reason = game.explain(text)
    if reason is not None:
        msg = f"Not legal: {text}\n  why: {reason}"
    else:
        try:
            events = game.apply(text)
        except IllegalAction as exc:  # explain and apply agree; kept for safety
            msg = f"Not legal: {text}\n  why: {exc.reason}"
        else:
            lines = [e.text for e in events if e.kind != "phase"] or ["(nothing visible happened)"]
            msg = f"Legal: {text}\n" + "\n".join(f"  - {t}" for t in lines) + f"\n  now: {status(game)}"
    if not quiet:
        print(msg)
    return msg


# -- classroom-safe bots -------------------------------------------------------------------
class BotFault(Exception):
    """A bot raised, answered something that is not an action, or answered an illegal one."""

    def __init__(self, bot_name: str, side: str, message: str) -> None:
        super().__init__(f"{bot_name} ({SIDE_NAMES.get(side, side)}): {message}")
        self.bot_name, self.side, self.message = bot_name, side, message


class SafeBot:
    """Wraps a bot object or a plain function ``f(game) -> action`` (an Action or its notation).

    The function gets a *copy* of the game, so it cannot change the real one. Whatever goes
    wrong (an exception, None, an unreadable or illegal answer) becomes a :class:`BotFault`
    with a message a student can act on.
    """

    def __init__(self, brain: Callable[[Game], Any] | Any, name: str | None = None) -> None:
        self.brain = brain
        self.name = name or getattr(brain, "name", None) or getattr(brain, "__name__", None) or type(brain).__name__
        self.reason = ""

    def choose(self, game: Game) -> Action:
        side = game.side
        view = game.copy()
        try:
            if hasattr(self.brain, "choose"):
                answer = self.brain.choose(view)
            else:
                answer = self.brain(view)
        except Exception as exc:  # noqa: BLE001 - any student error must become a clean loss
            tb = traceback.extract_tb(exc.__traceback__)
            where = f" (line {tb[-1].lineno} in {tb[-1].name})" if tb else ""
            raise BotFault(self.name, side, f"raised {type(exc).__name__}: {exc}{where}") from None
        self.reason = getattr(self.brain, "reason", "") or ""
        if isinstance(answer, str):
            try:
                answer = game.parse(answer)
            except ValueError as exc:
                raise BotFault(self.name, side, f"answered {answer!r}, which is not an action: {exc}") from None
        if not isinstance(answer, Action):
            raise BotFault(self.name, side, f"answered {answer!r} ({type(answer).__name__}); "
                                            "a bot must return one of game.legal_actions() or its notation")
        why = game.explain(answer)
        if why is not None:
            raise BotFault(self.name, side, f"answered the illegal action '{answer}' in {game.phase}: {why}")
        return answer


def as_bot(entry: Any, seed: int = 0, name: str | None = None) -> SafeBot:
    """A built-in bot by name ("random", "heuristic", "search"), a function or a bot object,
    always wrapped in :class:`SafeBot`."""
    if isinstance(entry, SafeBot):
        return entry
    if isinstance(entry, str):
        from fortress.ai import make_bot
        return SafeBot(make_bot(entry, seed=seed), name=name or entry)
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
    """{"us": x, "invaders": y} or per side; missing sides play "heuristic"."""
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
    and ``fault`` says why. Never raises because of a bot."""
    seats_in = _seats(bots)
    made: dict[int, SafeBot] = {}
    seats: dict[str, SafeBot] = {}
    for side in SIDES:  # one SafeBot per distinct entry: a function playing three Invaders is one bot
        key = id(seats_in[side])
        if isinstance(seats_in[side], str) or key not in made:
            made[key] = as_bot(seats_in[side], seed=seed * 31 + SIDES.index(side))
        seats[side] = made[key]
    game = game or fortress.new_game(seed=seed, players=players)
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
    return MatchResult(game.winner, why, game.round, game.cities_captured(), len(game.history),
                       time.perf_counter() - start, fault, faulty, game)


def round_robin(entrants: Mapping[str, Any], games: int = 1, seed: int = 0, players: int = 4,
                max_actions: int = 20_000) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Every entrant plays every other, once as the U.S. and once as the Invaders, ``games``
    times each (seeds ``seed``, ``seed+1``, ...). Returns (games frame, standings frame).

    Standings: games, wins, win rate, forfeits; sorted by wins."""
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


# -- analysis ------------------------------------------------------------------------------
def odds_grid(attackers: Mapping[str, str], defenders: Iterable[int], terrains: Iterable[str] = ("plain", "city"),
              defender_unit: str = "infantry", figure: str = "p_cleared") -> pd.DataFrame:
    """Exact odds of typical attacks, long format: one row per (attacker mix, defenders, terrain).

    ``attackers`` maps a label to a force text ("2 hovertank, 1 infantry"), ``defenders``
    gives numbers of ``defender_unit``. Columns: attack, defenders, terrain, and the
    figures P(cleared), expected losses on both sides.

    >>> f = odds_grid({"1 infantry": "1 infantry"}, [1], ["plain"])
    >>> round(float(f.loc[0, "p_cleared"]), 3)
    0.25
    """
    from fortress.odds import exact, parse_force

    rows = []
    for label, text in attackers.items():
        force = dict(parse_force(text))
        for n in defenders:
            for terrain in terrains:
                o = exact(force, {defender_unit: n}, terrain)
                rows.append({"attack": label, "defenders": n, "terrain": terrain, "p_cleared": o.p_cleared,
                             "attacker_losses": o.attacker_losses, "defender_losses": o.defender_losses,
                             "p_attacker_gone": o.p_attacker_gone})
    return pd.DataFrame(rows)


def play_games(n: int, bots: Mapping[str, Any] | None = None, seed: int = 0, players: int = 4
               ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``n`` bot games (default: heuristic everywhere). Returns (games, falls):
    one row per game (seed, winner, rounds, cities, actions, seconds) and one row per city
    that went on the captured track (seed, city, by, round, order)."""
    bots = bots or {"us": "heuristic", "invaders": "heuristic"}
    games, falls = [], []
    for i in range(n):
        s = seed + i
        res = play_match(bots, seed=s, players=players)
        games.append({"seed": s, **res.row()})
        order = 0
        rnd = 1
        for e in res.game.events:
            if e.kind == "turn":
                rnd = int(e.text.split()[1].rstrip(":"))
            if e.kind == "city" and "captured-city track" in e.text and e.areas:
                order += 1
                falls.append({"seed": s, "city": res.game.board[e.areas[0]].name, "area": e.areas[0],
                              "by": e.side, "round": rnd, "order": order})
    return pd.DataFrame(games), pd.DataFrame(falls, columns=["seed", "city", "area", "by", "round", "order"])


def city_falls(falls: pd.DataFrame, games: int, board: Board | None = None) -> pd.DataFrame:
    """Per city: in how many games it fell (and that share of the games), how many times in
    all (a city can be retaken and fall again), how often it was the first city to fall, and
    the mean round of its first fall. Every city is listed, including those that never fell."""
    board = board or Board.default()
    rows = []
    for city in (a for a in board if a.is_city):
        f = falls[falls.area == city.id] if len(falls) else falls
        first = f[f.order == 1] if len(f) else f
        fell_in = f.seed.nunique() if len(f) else 0
        first_fall = f.groupby("seed")["round"].min() if len(f) else pd.Series(dtype=float)
        rows.append({"city": city.name, "area": city.id, "games fallen": fell_in,
                     "share": fell_in / games if games else 0.0, "falls": len(f), "first": len(first),
                     "mean round": float(first_fall.mean()) if len(f) else float("nan")})
    return pd.DataFrame(rows).sort_values(["share", "first"], ascending=False).reset_index(drop=True)


def win_rates(frame: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Win rate of each camp with a Wilson interval, from a frame with a ``winner`` column."""
    from fortress.odds import wilson, z_value

    n = len(frame)
    rows = []
    for camp in CAMPS:
        k = int((frame.winner == camp).sum())
        lo, hi = wilson(k, n, z_value(confidence))
        rows.append({"camp": camp, "wins": k, "games": n, "rate": k / n if n else 0.0, "low": lo, "high": hi})
    return pd.DataFrame(rows)


def plot_board(values: Mapping[str, float] | None = None, board: Board | None = None, ax=None,
               cmap: str = "Reds", title: str = "", label: str = "", vmax: float | None = None):
    """Draw the board with matplotlib from ``board.geometry``: land coloured by ``values``
    (area id -> number; missing areas light grey), zones pale blue, cities starred, and each
    city with a value drawn as a disc sized and coloured by it."""
    import matplotlib.pyplot as plt
    from matplotlib import cm, colors
    from matplotlib.collections import PolyCollection

    board = board or Board.default()
    values = dict(values or {})
    if ax is None:
        _, ax = plt.subplots(figsize=(11, 6.5))
    top = vmax if vmax is not None else max(values.values(), default=1.0) or 1.0
    norm = colors.Normalize(0, top)
    cmap_ = cm.get_cmap(cmap) if hasattr(cm, "get_cmap") else plt.colormaps[cmap]
    polys, faces = [], []
    for area in board:
        geom = board.geometry.get(area.id)
        if not geom:
            continue
        shapes = [geom["coordinates"]] if geom["type"] == "Polygon" else geom["coordinates"]
        if area.is_zone:
            face = "#dbe9f4"
        elif area.id in values:
            face = cmap_(norm(values[area.id]))
        else:
            face = "#eeeeee"
        for shape in shapes:
            polys.append(shape[0])
            faces.append(face)
    ax.add_collection(PolyCollection(polys, facecolors=faces, edgecolors="#555555", linewidths=0.4))
    cities = [a for a in board if a.is_city]
    ax.scatter([a.label[1] for a in cities], [a.label[0] for a in cities], marker="*", s=25, c="black", zorder=3)
    valued = [a for a in cities if a.id in values]
    if valued:  # cities are small on the map: a disc sized and coloured by the value shows them
        ax.scatter([a.label[1] for a in valued], [a.label[0] for a in valued], zorder=4, edgecolors="black",
                   s=[40 + 260 * norm(values[a.id]) for a in valued], c=[cmap_(norm(values[a.id])) for a in valued],
                   linewidths=0.6)
    ax.autoscale_view()
    ax.set_aspect(1.25)
    ax.set_axis_off()
    if title:
        ax.set_title(title)
    sm = cm.ScalarMappable(norm=norm, cmap=cmap_)
    ax.figure.colorbar(sm, ax=ax, shrink=0.6, label=label)
    return ax


# -- replays -------------------------------------------------------------------------------
def bot_game(seed: int = 0, bots: Mapping[str, Any] | None = None, players: int = 4) -> Game:
    """A finished bot game (default: heuristic everywhere), for replays and examples."""
    return play_match(bots or {"us": "heuristic", "invaders": "heuristic"}, seed=seed, players=players).game


class Replay:
    """A saved game, replayed once from its start with the state cached after every action.

    ``states[i]`` is the position after ``i`` actions (``states[0]`` the start), ``marks[i]``
    how many events had happened by then; :meth:`at` gives a game showing position ``i``.
    """

    def __init__(self, text: str, board: Board | None = None) -> None:
        import json

        from fortress.save import SaveError, from_json

        final = from_json(text, board)  # validates the file, with clear errors
        data = json.loads(text)
        if data.get("position"):
            game = Game.from_position(data["position"], final.board, int(data["seed"]), int(data["players"]))
        else:
            game = fortress.new_game(seed=int(data["seed"]), players=int(data["players"]), setup=data["setup"],
                                     board=final.board)
        self.actions = list(final.history)
        self.states = [game.state.copy()]
        self.marks = [len(game.events)]
        for action in self.actions:
            game.apply(action)
            self.states.append(game.state.copy())
            self.marks.append(len(game.events))
        if game.state.to_dict() != final.state.to_dict():
            raise SaveError("replaying this save step by step did not reach its final position.")
        self.game = game  # the final game: events, board, result
        self._view = game.copy()

    @classmethod
    def of(cls, game: Game) -> "Replay":
        return cls(game.to_json())

    def __len__(self) -> int:
        return len(self.actions)

    def at(self, i: int) -> Game:
        """A game object showing the position after ``i`` actions (shared; do not apply to it)."""
        i = max(0, min(i, len(self.actions)))
        self._view.state = self.states[i]
        self._view.touch()
        self._view._legal = None
        return self._view

    def events_of(self, i: int) -> list:
        """The events caused by action ``i`` (1-based: what led to ``states[i]``)."""
        if i <= 0:
            return self.game.events[: self.marks[0]]
        return self.game.events[self.marks[i - 1]: self.marks[i]]

    def log_until(self, i: int, last: int = 25) -> list[str]:
        return [e.text for e in self.game.events[: self.marks[max(0, min(i, len(self.actions)))]]][-last:]

    def battles(self) -> list[tuple[str, int]]:
        """(label, action index) of every battle: the index right after its ``fight``
        (the dice are rolled), labelled with round, attacker and territory."""
        out = []
        attack_at: dict[str, int] = {}
        for i, action in enumerate(self.actions, 1):
            if action.verb == "attack":
                attack_at[action.area] = i
            if action.verb == "fight":
                st = self.states[i - 1]
                battle = st.battle
                area = getattr(action, "area", None) or (battle.get("area") if isinstance(battle, dict) else None)
                if area is None:
                    area = max(attack_at, key=attack_at.get) if attack_at else None
                name = self.game.board[area].name if area else "?"
                out.append((f"round {st.round}: {SIDE_NAMES[st.turn]} attacks {name} (action {i})", i))
        return out

    def frame(self) -> pd.DataFrame:
        """One row per action: index, round, side, phase, notation."""
        rows = []
        for i, action in enumerate(self.actions, 1):
            st = self.states[i - 1]
            rows.append({"index": i, "round": st.round, "turn": st.turn, "phase": st.phase, "action": str(action)})
        return pd.DataFrame(rows)


def replay_viewer(replay: Replay, height: str = "460px"):
    """A slider over the action index, the map, the log beside it, and a dropdown of the battles.
    Returns a :class:`ReplayViewer` (it displays as the widget; its parts are attributes)."""
    import ipywidgets as W

    from fortress.ui.board_map import BoardMap, MapView
    from fortress.ui.theme import style_widget

    bmap = BoardMap(replay.game.board, on_click=lambda aid: None, height=height)
    slider = W.IntSlider(value=0, min=0, max=len(replay), step=1, description="action",
                         continuous_update=False, layout=W.Layout(width="95%"))
    play = W.Play(value=0, min=0, max=len(replay), step=1, interval=300)
    W.jslink((play, "value"), (slider, "value"))
    options = [("(jump to a battle)", -1)] + replay.battles()
    battles = W.Dropdown(options=options, value=-1, description="battle", layout=W.Layout(width="60%"))
    title = W.HTML()
    log = W.HTML(layout=W.Layout(width="38%", max_height=height, overflow="auto"))
    log.add_class("fortress-log")

    def draw(change=None) -> None:
        i = slider.value
        game = replay.at(i)
        recent = frozenset(a for e in replay.events_of(i) for a in e.areas)
        battle = game.state.battle.get("area") if isinstance(game.state.battle, dict) else None
        bmap.update(game, MapView(recent=recent, battle=battle))
        last = str(replay.actions[i - 1]) if i else "(start)"
        title.value = (f"<b>action {i} of {len(replay)}</b>: <code>{html.escape(last)}</code> &mdash; "
                       f"{html.escape(status(game))}")
        lines = replay.log_until(i)
        new = {e.text for e in replay.events_of(i)}
        log.value = "".join(f"<div class='e'>{'<b>' if t in new else ''}{html.escape(t)}"
                            f"{'</b>' if t in new else ''}</div>" for t in lines)

    def jump(change) -> None:
        if change["new"] is not None and change["new"] >= 0:
            slider.value = change["new"]

    slider.observe(draw, names="value")
    battles.observe(jump, names="value")
    draw()
    box = W.VBox([style_widget(), W.HBox([play, slider]), battles, title, W.HBox([bmap.map, log])])
    box.add_class("fortress-app")
    return ReplayViewer(box, slider, battles, log, title, bmap)


@dataclass
class ReplayViewer:
    """The replay widget and its parts; displays as the widget."""

    box: Any
    slider: Any
    battles: Any
    log: Any
    title: Any
    board_map: Any

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)
