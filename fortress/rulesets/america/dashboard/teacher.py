"""The teacher's view of a shared game store: every game on the server, of every ruleset (its
ruleset, seats, whose turn and join code), any game on the projector as a spectator (Fortress
America's in its dashboard, another ruleset's in the shell), and a batch of games of any
ruleset for a class with their seat links.

What differs between rulesets comes through their public API: titles and side names
(:mod:`fortress.engine.rulesets`), player counts and bots, a score (``Game.scores``) or
Fortress America's captured cities; nothing here names another ruleset.

Opened as ``/?teacher=TOKEN`` on ``fortress serve`` (the server prints that link; the token
is ``FORTRESS_TEACHER_TOKEN``), or from ``teacher.ipynb``. Nothing here shows a game's seed,
deck or starting save: the list is the store's summaries.
"""
from __future__ import annotations

import base64
import csv
import hmac
import html
import io
import os
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as W

import fortress
from fortress.engine import rulesets
from fortress.store import SPECTATOR, GameStore, NewGame, StoreError
from fortress.ui import theme as T
from fortress.rulesets.america.dashboard.bots import HUMAN, bot_choices
from fortress.rulesets.america.dashboard.classroom import spectate
from fortress.ui.pages import page_link, store_seats
from fortress.ui.serve import TEACHER_ENV

if TYPE_CHECKING:
    from fortress.engine.game import Game
    from fortress.rulesets.america.dashboard.app import App

CITIES = 18  # the captured-city track (rules: Victory)
MAX_BATCH = 60
#: a prepared position to start from (the tutorial's lasers lesson), as Game.from_position reads it
LASERS_POSITION = """turn = "us"
phase = "lasers"
round = 2
lasers = ["Seattle", "Portland"]

[control]
west = ["Olympic Peninsula", "Cascades"]

[units]
"Olympic Peninsula" = "west: 2 hovertank, 1 infantry"
"Cascades" = "west: 1 helicopter"
"Pacific: Strait of Juan de Fuca" = "west: 2 infantry"
"Seattle" = "2 infantry"
"""


def allowed(token: str, expected: str | None = None) -> bool:
    """Whether ``token`` is the teacher's (``FORTRESS_TEACHER_TOKEN``; none set: nobody is)."""
    expected = expected if expected is not None else os.environ.get(TEACHER_ENV, "")
    return bool(expected) and hmac.compare_digest(token.encode(), expected.encode())


def ruleset_of(summary: dict[str, Any]) -> rulesets.Ruleset:
    """The ruleset of a listed game (a game stored before summaries named it: Fortress America's,
    until its next move rewrites its summary)."""
    try:
        return rulesets.get(summary.get("ruleset") or rulesets.DEFAULT)
    except Exception:  # noqa: BLE001 - a ruleset no longer installed: the default's names
        return rulesets.get(rulesets.DEFAULT)


def standing(summary: dict[str, Any], rules: rulesets.Ruleset) -> str:
    """How the game stands: each side's score (a ruleset that keeps one), else the cities captured."""
    scores = summary.get("scores") or {}
    if scores:
        ranked = sorted(scores.items(), key=lambda kv: -kv[1])
        return ", ".join(f"{rules.side_names.get(s, s)} {v:g}" for s, v in ranked)
    return f"{summary['captured']} / {CITIES} cities" if summary.get("captured") is not None else ""


def seats_text(store: GameStore, game_id: str, rules: rulesets.Ruleset) -> str:
    """Each player seat: its number, its sides, and a bot's name, joined or free."""
    claimed = store.claimed(game_id)
    out = []
    for seat in store.seats_of(game_id):
        if seat.seat == SPECTATOR:
            continue
        who = f"{seat.bot} bot" if seat.bot else "joined" if seat.seat in claimed else "free"
        out.append(f"{seat.seat} {' + '.join(rules.side_names.get(s, s) for s in seat.sides)} ({who})")
    return "; ".join(out)


def games_rows(store: GameStore) -> list[dict[str, Any]]:
    """What the teacher's list shows of each game, newest first, whatever its ruleset."""
    filled = store.seats_filled()
    rows = []
    for g in store.list_games():
        rules = ruleset_of(g)
        taken, total = filled.get(g["id"], (0, 0))
        side = rules.side_names.get(g["side"] or "", g["side"] or "nobody")
        turn = "game over" if g["over"] else f"{side} ({g['phase']})"
        rows.append({"title": g["title"], "ruleset": rules.title or rules.name, "name": rules.name,
                     "code": g["code"], "round": g["round"], "standing": standing(g, rules), "turn": turn,
                     "last": g["last"] or "", "moves": g["plies"], "seats": f"{taken} / {total}",
                     "players": seats_text(store, g["id"], rules), "id": g["id"]})
    return rows


def games_html(rows: list[dict[str, Any]]) -> str:
    heads = ("Game", "Ruleset", "Join code", "Round", "Standing", "Whose turn", "Last move", "Moves", "Seats filled",
             "Seats")
    keys = ("title", "ruleset", "code", "round", "standing", "turn", "last", "moves", "seats", "players")
    body = "".join("<tr class='fortress-teacher-game'>" + "".join(f"<td>{html.escape(str(r[k]))}</td>" for k in keys)
                   + "</tr>" for r in rows)
    return (f"<table class='fortress-teacher-games'><tr>{''.join(f'<th>{h}</th>' for h in heads)}</tr>{body}</table>"
            if rows else "<i>No games on this server yet.</i>")


@dataclass(frozen=True)
class Made:
    """One game of a batch: its title and what creating it gave."""

    title: str
    made: NewGame
    seats: tuple[tuple[str, ...], ...]
    bots: frozenset[str] = frozenset()  # seat numbers the server's bots play: they get no link
    ruleset: str = rulesets.DEFAULT


def make_batch(store: GameStore, count: int, source: str, seats: dict[str, str], title: str,
               players: int = 4, ruleset: str = rulesets.DEFAULT) -> list[Made]:
    """``count`` games of ``ruleset`` from ``source`` (a save, a position description in TOML or
    JSON, or empty: a new game), seated as ``seats`` (side -> human or bot; "*": every side not
    named)."""
    if not 1 <= count <= MAX_BATCH:
        raise StoreError(f"a batch is 1 to {MAX_BATCH} games, not {count}")
    out = []
    for i in range(count):
        game = start_game(source, secrets.randbelow(2**31), players, ruleset)
        name = f"{title} {i + 1}".strip()
        kinds = store_seats(game, {side: seats.get(side, seats.get("*", HUMAN)) for side in game.rules.sides})
        bots = frozenset(seat for seat, kind in kinds.items() if kind != "human")
        out.append(Made(name, store.create_game(game, kinds, title=name), tuple(game.seats), bots, game.rules.name))
    return out


def start_game(source: str, seed: int, players: int, ruleset: str = rulesets.DEFAULT) -> "Game":
    """A game from a save, a position description, or a fresh one (Fortress America's on the
    balanced preset)."""
    text = source.strip()
    if not text:
        setup = "balanced" if "balanced" in rulesets.get(ruleset).presets else "default"
        return fortress.new_game(seed, players=players, setup=setup, ruleset=ruleset)
    if text.startswith("{") and '"actions"' in text:
        return fortress.Game.from_json(text)
    return fortress.Game.from_position(text, seed=seed, players=players, ruleset=ruleset)


def batch_csv(batch: list[Made]) -> str:
    """One line per seat: game, join code, seat, sides, link (a printable class list)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["game", "join code", "seat", "plays", "link"])
    for m in batch:
        for seat, token in m.made.tokens.items():
            if seat in m.bots or (seat == SPECTATOR and m.ruleset != rulesets.DEFAULT):
                continue  # a bot needs no link; the shell (other rulesets) opens players' seats only
            names = rulesets.get(m.ruleset).side_names
            sides = "spectator" if seat == SPECTATOR else " + ".join(names.get(s, s) for s in m.seats[int(seat) - 1])
            writer.writerow([m.title, m.made.code, seat, sides, page_link(f"seat={token}")])
    return out.getvalue()


def batch_html(batch: list[Made], links: bool = True) -> str:
    """The same list as a printable page (``links`` False: without the link column, for the
    teacher's screen, which may be on a projector: a seat link plays its seat)."""
    rows = [r if links else r[:-1] for r in csv.reader(io.StringIO(batch_csv(batch)))]
    head = "".join(f"<th>{html.escape(h)}</th>" for h in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows[1:])
    return (f"<!doctype html><meta charset='utf-8'><title>Fortress America: class games</title>"
            f"<style>td,th{{border:1px solid #999;padding:3px 6px;font:12px sans-serif}}</style>"
            f"<table class='fortress-batch'><tr>{head}</tr>{body}</table>")


def download(name: str, mime: str, text: str) -> str:
    data = base64.b64encode(text.encode()).decode()
    return f"<a class='fortress-batch-{name.rsplit('.', 1)[-1]}' download='{name}' href='data:{mime};base64,{data}'>{name}</a>"


class TeacherView:
    """The teacher's page: ``root`` is the widget to display."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.games = W.HTML("")
        self.games.add_class("fortress-teacher-list")
        refresh = W.Button(description="Refresh list", layout=W.Layout(width="auto"))
        refresh.add_class("fortress-teacher-refresh")
        refresh.on_click(lambda _b: self.refresh())
        self.pick = W.Dropdown(options=[], description="game", layout=W.Layout(width="320px"))
        self.pick.add_class("fortress-teacher-pick")
        watch = W.Button(description="Watch (spectator)", layout=W.Layout(width="auto"))
        watch.add_class("fortress-teacher-watch")
        watch.on_click(lambda _b: self.watch())
        self.message = W.HTML("")
        self.message.add_class("fortress-teacher-message")
        self.spectator = W.VBox()
        self.held = W.Dropdown(options=[], description="seat", layout=W.Layout(width="420px"))
        self.held.add_class("fortress-teacher-held")
        free = W.Button(description="Free this seat", layout=W.Layout(width="auto"))
        free.add_class("fortress-teacher-free")
        free.on_click(lambda _b: self.free())
        self.app: App | None = None
        self.shell: Any = None  #: the shell showing a game of another ruleset, once one is watched
        self._codes: dict[str, str] = {}
        self._rulesets: dict[str, str] = {}
        self.batch = self._batch_form()
        self.root = W.VBox([T.style_widget(), W.HTML("<h3>The teacher's view</h3>"),
                            W.HBox([refresh]), self.games, W.HTML("<b>Open a game on the projector</b>"),
                            W.HBox([self.pick, watch]),
                            W.HTML("<b>Free a seat</b> <small>(a student's laptop died, or the wrong browser took "
                                   "it: its page stops playing it, and the join code gives it out again)</small>"),
                            W.HBox([self.held, free]), self.message, self.spectator,
                            W.HTML("<b>A batch of games for a class</b>"), self.batch])
        self.root.add_class("fortress-teacher")
        self.refresh()

    def _batch_form(self) -> W.VBox:
        self.count = W.BoundedIntText(value=15, min=1, max=MAX_BATCH, description="games", layout=W.Layout(width="160px"))
        self.count.add_class("fortress-batch-count")
        self.title = W.Text(value="Table", description="titles", layout=W.Layout(width="240px"))
        self.ruleset = W.Dropdown(options=[(rulesets.get(n).title or n, n) for n in rulesets.names()],
                                  value=rulesets.DEFAULT, description="game", layout=W.Layout(width="300px"))
        self.ruleset.add_class("fortress-batch-ruleset")
        self.players = W.BoundedIntText(value=4, min=1, max=8, description="players", layout=W.Layout(width="160px"))
        self.players.add_class("fortress-batch-players")
        self.invaders = W.Dropdown(description="Invaders", layout=W.Layout(width="260px"))
        self.invaders.add_class("fortress-batch-invaders")
        self._bots_of(rulesets.DEFAULT)
        self.ruleset.observe(lambda change: self._ruleset_picked(change["new"]), "value")
        self.source = W.Textarea(value=LASERS_POSITION, layout=W.Layout(width="100%", height="180px"),
                                 placeholder="a position (TOML or JSON) or a save; empty: a new game")
        self.source.add_class("fortress-batch-source")
        make = W.Button(description="Create games", button_style="success", layout=W.Layout(width="auto"))
        make.add_class("fortress-batch-create")
        make.on_click(lambda _b: self.create())
        self.made = W.HTML("")
        self.made.add_class("fortress-batch-made")
        self.first = W.HTML("<small>Start from (the tutorial's lasers position; paste another position or a "
                            "save, or empty it for a new game). U.S.: a student.</small>")
        return W.VBox([W.HBox([self.ruleset, self.players, self.count, self.title, self.invaders],
                              layout=W.Layout(flex_flow="row wrap")), self.first, self.source, make, self.made])

    def _bots_of(self, name: str) -> None:
        """The other seats' choices for ruleset ``name``: its bots, or students."""
        bots = bot_choices(name)
        self.invaders.options = [(f"{b} bots", b) for b in bots] + [("students", HUMAN)]
        self.invaders.value = "heuristic" if "heuristic" in bots else bots[0]

    def _ruleset_picked(self, name: str) -> None:
        """Another ruleset for the batch: its bots, its usual player count, a new game to start from."""
        rules = rulesets.get(name)
        self._bots_of(name)
        self.players.value = rules.default_players
        default = name == rulesets.DEFAULT
        self.invaders.description = "Invaders" if default else "other seats"
        self.source.value = LASERS_POSITION if default else ""
        first = " + ".join(rules.side_names.get(s, s) for s in rules.seats(self.players.value)[0])
        self.first.value = (f"<small>Start from (a position or a save; empty: a new game). {html.escape(first)}: a "
                            "student.</small>")

    def refresh(self) -> None:
        rows = games_rows(self.store)
        self.games.value = games_html(rows)
        self.pick.options = [(f"{r['title'] or 'game'} ({r['ruleset']}, {r['code']})", r["id"]) for r in rows]
        self._codes = {r["id"]: r["code"] for r in rows}
        self._rulesets = {r["id"]: r["name"] for r in rows}
        if rows and self.pick.value is None:
            self.pick.value = rows[0]["id"]
        titles = {r["id"]: f"{r['title'] or 'game'} ({r['code']})" for r in rows}
        self.held.options = [(f"{titles.get(game_id, game_id)} seat {seat}: {holder.name or 'a browser'}, "
                              f"for {holder.held_for()}", (game_id, seat))
                             for (game_id, seat), holder in sorted(self.store.holders().items())]

    def free(self) -> None:
        """Free the picked seat (:meth:`GameStore.free`): its page only watches from then on."""
        if self.held.value is None:
            self.message.value = "<span class='ft-refused'>No seat is held by anyone now.</span>"
            return
        game_id, seat = self.held.value
        self.store.free(game_id, seat)
        self.message.value = (f"<span class='ft-info fortress-teacher-freed'>Seat {html.escape(seat)} of game "
                              f"{html.escape(self._codes.get(game_id, ''))} is free: its page only watches now, "
                              "and the join code gives it out again.</span>")
        self.refresh()

    def watch(self) -> None:
        """Open the picked game as a spectator below the list."""
        from fortress.rulesets.america.dashboard.app import App

        if self.pick.value is None:
            self.message.value = "<span class='ft-refused'>No game to watch yet.</span>"
            return
        name = self._rulesets.get(self.pick.value, rulesets.DEFAULT)
        if name != rulesets.DEFAULT:
            self.watch_in_shell(name, self.pick.value)
            return
        if self.app is None:
            self.app = App(store=self.store)
            self.spectator.children = [self.app.root]
            self.app.follow_store()
        game_id = self.pick.value
        self.app.play_shared(spectate(self.store, game_id, self._codes.get(game_id, "")), "Watching as a spectator.")
        self.spectator.children = [self.app.root]

    def watch_in_shell(self, name: str, game_id: str) -> None:
        """A game of another ruleset, as a spectator sees it, in that ruleset's shell (Watch again
        to see the moves made since)."""
        from fortress.ui.shell import build_shell

        if self.shell is None or self.shell.rules.name != name:
            self.shell = build_shell(name, display_it=False)
        _ply, game = self.store.snapshot(game_id)
        self.shell.show_seat(game, (), f"Watching game {self._codes.get(game_id, '')} as a spectator.")
        self.spectator.children = [self.shell.root]

    def create(self) -> None:
        rules = rulesets.get(self.ruleset.value)
        try:
            first = rules.seats(self.players.value)[0]
        except (ValueError, KeyError) as exc:
            self.made.value = f"<span class='ft-refused'>No games made: {html.escape(str(exc)[:400])}</span>"
            return
        seats = {"*": self.invaders.value, **{s: HUMAN for s in first}}
        try:
            batch = make_batch(self.store, self.count.value, self.source.value, seats, self.title.value,
                               self.players.value, self.ruleset.value)
        except (ValueError, StoreError, fortress.IllegalAction) as exc:
            self.made.value = f"<span class='ft-refused'>No games made: {html.escape(str(exc)[:400])}</span>"
            return
        table = batch_html(batch)
        self.made.value = (f"<p>{len(batch)} games made. Students join with their game's code; the seat links are "
                           f"in the files, to print or share privately: "
                           f"{download('class-games.csv', 'text/csv', batch_csv(batch))} "
                           f"&middot; {download('class-games.html', 'text/html', table)}</p>"
                           f"{batch_html(batch, links=False).split('</style>', 1)[1]}")
        self.refresh()


def build_teacher(store: GameStore, token: str, display_it: bool = True) -> TeacherView | W.HTML:
    """The teacher's view for the right token; a one-line refusal (and nothing else) otherwise."""
    view: TeacherView | W.HTML
    if allowed(token):
        view = TeacherView(store)
        shown = view.root
    else:
        view = shown = W.HTML("<span class='ft-refused'>This teacher link's token is wrong: copy the teacher "
                              "link <code>fortress serve</code> printed when it started.</span>")
        shown.add_class("fortress-teacher-refused")
    if display_it:
        from IPython.display import display
        display(shown)  # type: ignore[no-untyped-call]  # IPython is untyped
    return view
