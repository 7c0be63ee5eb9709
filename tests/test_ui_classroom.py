"""The dashboard on the shared game store (issue 17), widget level with a real SQLite store:
two pages on one game see each other's moves, a lost race reloads and says so, a spectator
cannot act, a wrong token shows nothing, bots move exactly once, the teacher's view."""
from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from websockets.sync.server import serve as ws_serve

import fortress
from fortress.engine import rulesets
from fortress.ai import make_bot
from fortress.rulesets.america import actions as A
from fortress.store import GameStore, NewGame, StoreError
from fortress.ui import build_app
from fortress.rulesets.america.dashboard.app import App
from fortress.ui.pages import page_query
from fortress.rulesets.america.dashboard.teacher import TeacherView, allowed, batch_csv, games_rows, make_batch
from tests.test_store import store_waiting  # noqa: F401 - a fixture: a store waiting (the SQLite file and PostgreSQL database: conftest.py)
from tests.test_ui_helpers import walk

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def store(tmp_path):
    s = GameStore(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    yield s
    s.close()


def page(store: GameStore, tmp_path, **query: str) -> App:
    app = build_app(display_it=False, save_dir=tmp_path / "autosave", store=store, query=query)
    assert isinstance(app, App)
    return app


def us_v_west(store, tmp_path) -> tuple[App, App]:
    """Page A creates a 4-player game (U.S. and West human, South and East random bots);
    page B opens West's seat link."""
    a = page(store, tmp_path)
    a.controls.players.value = 4
    for pick, kind in zip(a.controls.seat_pickers, ("human", "human", "random", "random")):
        pick.value = kind
    a.controls.new_game()
    assert a.shared is not None and a.shared.made is not None
    b = page(store, tmp_path, seat=a.shared.made.tokens["2"])
    assert b.shared is not None and b.shared.seat.sides == ("west",)
    a.check_seats()  # what a's follower does when idle: West's seat is b's now (a played it hot-seat)
    assert a.shared.sides == ("us",)
    return a, b


def move(app: App, seed: int = 0) -> bool:
    """The page's player makes one (random) legal move through the dashboard."""
    return app.act(make_bot("random", seed=seed).choose(app.game))


def mover(a: App, b: App) -> App:
    side = a.game.side
    return a if a.shared and side in a.shared.seat.sides else b


@pytest.mark.slow
def test_two_pages_on_one_store_see_each_others_moves(store, tmp_path):
    a, b = us_v_west(store, tmp_path)
    sides_moved = set()
    for i in range(400):  # the game's seed is drawn anew: play on until both bot seats have moved
        if a.game.is_over or (i >= 60 and {"south", "east"} <= {s for _ply, s, _t in store.actions(a.game_id)}):
            break
        who = mover(a, b)
        side = who.game.side
        assert move(who, seed=i), who.message.value
        sides_moved.add(side)
        for other in (a, b):
            other.pull()  # what the page's follower does when the store changes
        assert a.game.history == b.game.history == store.game(a.game_id).history
    assert {"us", "west"} <= sides_moved
    sides = {side for _ply, side, _text in store.actions(a.game_id)}
    assert {"south", "east"} <= sides  # the bot seats were played by the store


def test_bot_seats_get_no_links(store, tmp_path):
    """Issue 35 item 9: the bots' seat links were handed out, and opening one said "Your move
    (South)" while the bot played. The page that made the game lists the human seats' links
    (and the spectator's) only."""
    a, _b = us_v_west(store, tmp_path)
    links = a.controls.classroom.links.value
    assert {"1", "2", "spectator"} == set(re.findall(r"fortress-seat-link' data-seat='([^']+)'", links))
    assert a.shared.made.tokens["3"] not in links and a.shared.made.tokens["4"] not in links


@pytest.mark.quick  # over 2 CPU-s, kept in the quick tier on purpose
def test_the_follower_redraws_when_another_seat_moves(store_url, store_waiting, tmp_path):  # noqa: F811 - the fixtures
    """The page's follower task (on the kernel's loop in a served page) pulls the other seat's
    move and bot moves: on SQLite by polling, on PostgreSQL by LISTEN/NOTIFY."""
    shared_store = GameStore(store_url)
    a, b = us_v_west(shared_store, tmp_path)
    moving, waiting = (a, b) if a.game.side == "us" else (b, a)

    async def scenario() -> None:
        waiting.follow_store()
        t0 = time.perf_counter()
        while not store_waiting.is_set() and time.perf_counter() - t0 < 120:  # the follower's task waits
            await asyncio.sleep(0.01)
        assert store_waiting.is_set(), "the follower never looked at the game"
        t0 = time.perf_counter()
        assert move(moving)
        while waiting.shared.ply < moving.shared.ply and time.perf_counter() - t0 < 120:
            await asyncio.sleep(0.01)
        waiting.closed = True
        await asyncio.sleep(0)

    asyncio.run(scenario())
    assert waiting.game.history == moving.game.history  # the follower pulled the move
    shared_store.close()


@pytest.mark.slow
def test_a_bot_turn_never_stalls_when_the_driving_page_closes(store, tmp_path):
    """The page that moved is gone before its bots moved: any page still following the game
    plays them once the bot turn has been quiet for a moment."""
    a = page(store, tmp_path)
    a.controls.players.value = 2
    a.controls.seat_pickers[1].value = "random"
    a.controls.new_game()
    token, game_id = a.shared.token, a.game_id
    watcher = page(store, tmp_path, seat=a.shared.made.tokens["spectator"])
    ply, game = store.snapshot(game_id)
    while game.side == "us":  # the U.S. player's turn, stored without any page playing the bots after it
        game = store.submit(token, ply, game.notation(make_bot("random", seed=ply).choose(game)))
        ply += 1
    assert game.side != "us" and store.plies(game_id) == ply

    async def scenario() -> None:
        watcher.follow_store()
        t0 = time.perf_counter()
        while store.game(game_id).side != "us" and time.perf_counter() - t0 < 30:
            await asyncio.sleep(0.05)
        watcher.closed = True

    asyncio.run(scenario())
    assert store.game(game_id).side == "us" and store.plies(game_id) > ply
    assert watcher.game.history == store.game(game_id).history


def test_whose_turn_is_said_on_every_page(store, tmp_path):
    a, b = us_v_west(store, tmp_path)
    waiting, moving = (a, b) if b.game.side == "west" else (b, a)
    assert "Your move" in moving.turn_note.value
    assert "Waiting for" in waiting.turn_note.value and "another player" in waiting.status.value
    assert a.controls.classroom.links.value.count("fortress-seat-link") == 3  # the two human seats and a spectator (bots have none)
    assert a.controls.classroom.links.value.count("fortress-my-link") == 1  # the creator's own seat: its address
    assert f"seat={a.shared.token}'" in a.controls.classroom.links.value.split("fortress-my-link")[1][:200]
    assert "fortress-my-link" in b.controls.classroom.links.value


def test_a_page_on_a_store_points_to_no_resume_button(store, tmp_path, monkeypatch):
    """The store has no "Resume last game": the start texts point to the join code and seat link."""
    app = page(store, tmp_path)
    assert not app.playing and "resume" not in (app.status.value + app._idle_box().value).lower()
    assert "seat link" in app.status.value and "seat link" in app._idle_box().value
    monkeypatch.delenv("FORTRESS_STORE", raising=False)
    alone = build_app(display_it=False, save_dir=tmp_path / "alone")
    assert isinstance(alone, App) and alone.store is None
    assert "resume the last game" in alone._idle_box().value and "resume one" in alone.status.value
    heading = {w.value for w in walk(app.controls.box) if "save, load" in str(getattr(w, "value", ""))}
    assert heading == {"<b>Join, save, load</b>"}
    assert any("Resume, save, load" in str(getattr(w, "value", "")) for w in walk(alone.controls.box))


def test_a_lost_race_reloads_the_game_and_says_so(store, tmp_path):
    a, b = us_v_west(store, tmp_path)
    first = mover(a, b)
    twin = page(store, tmp_path, seat=first.shared.token)  # the same seat open twice
    assert move(first)
    plies = store.plies(first.game_id)
    assert not move(twin, seed=1)
    assert "moved first" in twin.message.value
    assert store.plies(first.game_id) == plies
    assert twin.game.history == store.game(first.game_id).history


def test_a_lost_race_learnt_from_the_store_says_so_too(store, tmp_path):
    """Issue 40 item 3: when the winner's move reached the losing page by its follow task
    (``pull``) before the losing click, the page kept its last note ("Back at your game, as
    it stands.") and never said its move was not played. Pages at other seats are not told."""
    a, b = us_v_west(store, tmp_path)
    first = mover(a, b)
    other = b if first is a else a
    twin = page(store, tmp_path, seat=first.shared.token)
    assert "Back at your game" in twin.message.value
    assert move(first)
    twin.pull()  # what its follow task does when the store moves on
    other.pull()
    assert "moved first" in twin.message.value and "not played" in twin.message.value
    assert "moved first" not in other.message.value
    assert twin.game.history == store.game(first.game_id).history


def test_a_spectator_cannot_act(store, tmp_path):
    a, _b = us_v_west(store, tmp_path)
    watcher = page(store, tmp_path, seat=a.shared.made.tokens["spectator"])
    plies = store.plies(a.game_id)
    assert not move(watcher)
    assert "spectator" in watcher.message.value and store.plies(a.game_id) == plies
    assert "watching" in watcher.turn_note.value


def test_a_page_cannot_act_for_another_seat(store, tmp_path):
    a, b = us_v_west(store, tmp_path)
    waiting = a if b.game.side == "west" else b
    plies = store.plies(a.game_id)
    assert not move(waiting)
    assert "another player" in waiting.message.value and store.plies(a.game_id) == plies


def test_a_wrong_token_shows_no_game(store, tmp_path):
    a, _b = us_v_west(store, tmp_path)
    token = a.shared.made.tokens["2"]
    edited = page(store, tmp_path, seat=token[:-2] + ("AA" if not token.endswith("AA") else "BB"))
    assert edited.shared is None and not edited.playing
    assert "not known" in edited.message.value
    assert edited.game_id == "" and a.game_id not in edited.root.children[1].children[0].children[0].value


@pytest.mark.slow
def test_join_with_code_takes_a_free_seat_and_gives_its_link(store, tmp_path):
    a = page(store, tmp_path)
    a.controls.players.value = 2
    a.controls.seat_pickers[1].value = "human"
    a.controls.new_game()  # two human seats: this page takes the first
    b = page(store, tmp_path, code=a.shared.code.lower())
    b.controls.classroom.join()
    assert b.shared is not None and b.shared.seat.seat == "2"
    assert "fortress-my-link" in b.controls.classroom.links.value
    c = page(store, tmp_path)
    c.controls.classroom.code.value = a.shared.code
    c.controls.classroom.join()
    assert c.shared is None and "taken" in c.message.value


def test_undo_in_a_stored_game_takes_back_your_own_move_for_every_page(store, tmp_path):
    """Issue 35, item 1: Undo on ``fortress serve`` (every served game is stored)."""
    a, b = us_v_west(store, tmp_path)
    who, other = (a, b) if mover(a, b) is a else (b, a)
    assert who.undo_button.disabled and "Nothing of yours" in who.undo_button.tooltip  # nothing played yet
    target = next(x for x in who.game.legal_actions() if isinstance(x, A.Declare))
    assert who.act(target)
    other.pull()
    assert target.area in other.game.state.declared
    assert other.undo_button.disabled and "only the side to move" in other.undo_button.tooltip
    other.undo()  # the other player cannot take it back, and is told why
    assert "only the side to move" in other.message.value and len(store.actions(a.game_id)) == 1
    assert not who.undo_button.disabled
    who.undo()
    assert "Took back" in who.message.value and target.area not in who.game.state.declared
    assert store.actions(a.game_id) == [] and target.area not in store.game(a.game_id).state.declared
    other.pull()  # what the other page's follower does when the store changes
    assert target.area not in other.game.state.declared
    assert who.act(target) and len(store.actions(a.game_id)) == 1  # play on from there


def test_undo_in_a_stored_game_stops_at_the_dice(store, tmp_path):
    a, b = us_v_west(store, tmp_path)
    who = mover(a, b)
    g = who.game
    site = next(x.area for x in g.legal_actions() if isinstance(x, A.Declare) and g.attack_forces(x.area)
                and g.units_in(x.area))
    for action in (A.Declare(site), A.End(), A.End(), A.Attack(site)):
        assert who.act(action), who.message.value
    assert who.act(next(x for x in who.game.legal_actions() if isinstance(x, A.Commit)))
    assert who.act(A.Fight())  # dice rolled: nothing before them comes back
    if who.game.side in who.shared.seat.sides and not who.game.is_over:
        who.undo()
        assert "Nothing of yours to take back" in who.message.value
    plies = len(store.actions(a.game_id))
    with pytest.raises(StoreError):
        store.take_back(who.shared.token, plies)


@pytest.mark.slow
def test_bots_move_once_whichever_page_asks(store, tmp_path):
    a = page(store, tmp_path)
    a.controls.players.value = 2
    a.controls.seat_pickers[1].value = "random"
    a.controls.new_game()  # the Invaders' bot seat moves first: played by the store at once
    b = page(store, tmp_path, seat=a.shared.made.tokens["spectator"])
    while not a.game.is_over and len(store.actions(a.game_id)) < 200:
        assert move(a, seed=len(a.game.history))
        b.store_bots()  # a second page asking for the same bot moves changes nothing
    plies = [p for p, _side, _t in store.actions(a.game_id)]
    assert plies == list(range(len(plies)))
    assert store.game(a.game_id).history == a.game.history


def test_the_page_query_comes_from_voila(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "seat=abc&x=1")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert page_query() == {"seat": "abc", "x": "1"}


@pytest.mark.slow  # over 2 s of CPU (tests/durations.json)
def test_teacher_view_lists_games_and_makes_a_batch(store, tmp_path):
    a, _b = us_v_west(store, tmp_path)
    batch = make_batch(store, 3, "", {"us": "human", "west": "random", "south": "random", "east": "random"}, "Table")
    rows = {r["title"]: r for r in games_rows(store)}
    assert {"Table 1", "Table 2", "Table 3"} <= set(rows) and len(rows) == 4
    assert rows["Table 1"]["seats"] == "0 / 1" and rows["Table 1"]["standing"] == "0 / 18 cities"
    assert rows["Table 1"]["ruleset"] == "Fortress America" and rows["Table 1"]["players"].startswith("1 U.S. (free)")
    lines = batch_csv(batch).splitlines()
    assert len(lines) == 1 + 3 * 2 and all("?seat=" in line for line in lines[1:])  # U.S. + spectator: bots get no link
    assert {line.split(",")[2] for line in lines[1:]} == {"1", "spectator"}
    view = TeacherView(store)
    assert view.games.value.count("<tr class='fortress-teacher-game'>") == 4
    view.pick.value = a.game_id
    view.watch()
    assert view.app is not None and view.app.game.history == a.game.history
    assert not move(view.app)  # the teacher watches; acts for no side


def test_the_teacher_lists_opens_and_makes_games_of_every_ruleset(store, monkeypatch):
    """An ATTACK! game in the store is listed with its ruleset, seats, whose turn, score and join
    code, watched in the shell as a spectator; a batch of ATTACK! games gives its seat links."""
    from fortress.ui.shell import start
    us_game = make_batch(store, 1, "", {"us": "human", "*": "random"}, "America")[0]
    view = TeacherView(store)
    view.ruleset.value = "attack"
    assert view.source.value == "" and view.invaders.description == "other seats"
    assert "Red: a student" in view.first.value
    view.players.value, view.count.value, view.invaders.value = 4, 2, "random"
    view.create()
    assert "2 games made" in view.made.value
    rows = {r["title"]: r for r in games_rows(store)}
    first = rows["Table 1"]
    assert first["ruleset"] == "ATTACK! Deluxe" and first["name"] == "attack"
    assert first["players"] == "1 Red (free); 2 Blue (random bot); 3 Green (random bot); 4 Yellow (random bot)"
    assert re.fullmatch(r"(Red|Blue|Green|Yellow) \(setup\)", first["turn"]) and first["code"] in view.games.value
    assert rows["America 1"]["ruleset"] == "Fortress America"
    assert sorted(first["standing"].split(", ")) == ["Blue 0", "Green 0", "Red 0", "Yellow 0"]  # seated sides' points
    make_batch(store, 1, "", {"usa": "human", "*": "random"}, "Flames", 2, "aif")
    flames = {r["title"]: r for r in games_rows(store)}["Flames 1"]
    assert flames["ruleset"] == rulesets.get("aif").title and flames["players"].startswith("1 ") and flames["standing"] == ""
    assert "ATTACK! Deluxe" in view.games.value and "Fortress America" in view.games.value
    made = view.made.value
    assert made.count("?seat=") == 0 and "class-games.csv" in made  # the links are in the files only
    links = [line for line in batch_csv(make_batch(store, 1, "", {"red": "human", "*": "random"}, "T", 4, "attack"))
             .splitlines()[1:]]
    assert [line.split(",")[2:4] for line in links] == [["1", "Red"]]  # no spectator's link: the shell plays seats
    view.pick.value = first["id"]
    view.watch()
    assert view.shell is not None and view.spectator.children == (view.shell.root,)
    assert view.shell.rules.name == "attack" and view.shell.viewer is None  # a spectator's page
    assert view.shell.game.history == store.game(first["id"]).history
    view.pick.value = us_game.made.game_id
    view.watch()
    assert view.app is not None and view.spectator.children == (view.app.root,)
    monkeypatch.setenv("FORTRESS_STORE", store.url)
    monkeypatch.setenv("FORTRESS_TEACHER_TOKEN", "right-token-right-token")
    monkeypatch.setenv("QUERY_STRING", "teacher=right-token-right-token")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    page = start("attack")  # fortress serve --ruleset attack: the teacher's link opens the teacher's view
    assert "fortress-teacher" in page._dom_classes


def test_teacher_batch_from_the_lasers_position(store):
    view = TeacherView(store)
    view.count.value = 2
    view.create()
    assert "2 games made" in view.made.value
    games = store.list_games()
    assert [g["phase"] for g in games] == ["lasers", "lasers"] and all(g["round"] == 2 for g in games)
    view.source.value = "nonsense = ["
    view.create()
    assert "No games made" in view.made.value and len(store.list_games()) == 2


def test_teacher_token_is_checked(store, monkeypatch):
    monkeypatch.setenv("FORTRESS_TEACHER_TOKEN", "right-token-right-token")
    assert allowed("right-token-right-token") and not allowed("right-token-right-tokeN")
    refused = build_app(display_it=False, store=store, query={"teacher": "guess"})
    assert not isinstance(refused, TeacherView) and "wrong" in refused.value
    monkeypatch.delenv("FORTRESS_TEACHER_TOKEN")
    assert not allowed("")


def test_serve_passes_the_store_and_a_teacher_token_to_the_pages(tmp_path, monkeypatch):
    from click import BadParameter

    from fortress.cli.serve import store_env

    monkeypatch.delenv("FORTRESS_TEACHER_TOKEN", raising=False)
    url = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    env = store_env(url)
    assert env["FORTRESS_STORE"] == url and len(env["FORTRESS_TEACHER_TOKEN"]) >= 20
    assert (tmp_path / "class.sqlite3").exists()
    monkeypatch.setenv("FORTRESS_STORE", url)
    assert store_env(None)["FORTRESS_STORE"] == url
    with pytest.raises(BadParameter, match="cannot open the game store .*there is no folder .*no.such for"):
        store_env(f"sqlite:///{tmp_path / 'no' / 'such' / 'folder.sqlite3'}")
    with pytest.raises(BadParameter, match="neither sqlite"):
        store_env("mysql://somewhere/games")


def test_a_shared_game_in_progress_hands_out_no_save(store, tmp_path):
    a, _b = us_v_west(store, tmp_path)
    a.controls.save()
    assert a.controls.download.value == "" and "seed" in a.message.value


def two_human_seats(store: GameStore) -> NewGame:
    return store.create_game(fortress.new_game(3, players=2, setup="balanced"), seats={"2": "human"})


def test_a_join_code_address_takes_no_seat_until_join_is_pressed(store, tmp_path):
    """Issue 40 item 5: a link preview (a chat app fetching ``/?code=``) took a seat on the
    spot. The page now puts the code in the Game tab's box and says to press Join."""
    made = two_human_seats(store)
    app = page(store, tmp_path, code=made.code.lower())
    assert app.shared is None and store.seats_filled()[made.game_id] == (0, 2)
    assert "Join with code" in app.message.value and made.code in app.message.value
    assert app.tabs.selected_index == app.tabs.children.index(app.controls.box)
    app.controls.classroom.join()
    assert app.shared is not None and app.shared.seat.seat == "1" and "Joined" in app.message.value
    assert store.seats_filled()[made.game_id] == (1, 2)


def test_the_seat_link_of_a_join_opens_that_seat_and_says_joined(store, tmp_path):
    made = two_human_seats(store)
    token, _seat = store.join(made.code)
    app = page(store, tmp_path, seat=token, joined="1")
    assert app.shared is not None and app.shared.seat.seat == "1" and "Joined" in app.message.value
    again = page(store, tmp_path, seat=token)  # the reload of a bare seat link: "back at your game"
    assert again.shared is not None and again.shared.seat.seat == "1" and "Back" in again.message.value


@contextmanager
def voila_request(monkeypatch, info: dict[str, str]) -> Iterator[tuple[list[str], list[int], list[bool]]]:
    """A preheated kernel (``fortress serve --preheat``): it runs before any page asks for it
    and learns its page's request (``info``: query, headers) from Voila's request-info websocket,
    a real one here, which sends it, as Voila does, to the kernel's first wait only (a later one
    is closed). Yields the paths asked, and at each ask the kernel's live widgets made since and
    whether the save check was loaded (it is not when this starts)."""
    from ipywidgets.widgets.widget import _instances
    from fortress.engine import schema
    from fortress.ui import pages
    asked: list[str] = []
    widgets_when_asked: list[int] = []
    checker_when_asked: list[bool] = []
    before = set(_instances)
    schema._validator.cache_clear()

    def handler(ws) -> None:
        asked.append(ws.request.path)
        widgets_when_asked.append(len(set(_instances) - before))
        checker_when_asked.append(schema._validator.cache_info().currsize > 0)
        if len(asked) == 1:
            ws.send(json.dumps(info))

    with ws_serve(handler, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        for name in info:  # set by Voila's helper: undone after the test (setenv records the value before)
            monkeypatch.setenv(name, "")
            monkeypatch.delenv(name)
        monkeypatch.setattr(pages, "_HEARD", [], raising=False)  # a fresh kernel: its page not heard yet
        monkeypatch.setenv("VOILA_PREHEAT", "True")
        monkeypatch.setenv("VOILA_KERNEL_ID", "k-1")
        monkeypatch.setenv("VOILA_APP_PORT", str(server.socket.getsockname()[1]))
        try:
            yield asked, widgets_when_asked, checker_when_asked
        finally:
            server.shutdown()


def preheated_page(store, tmp_path, monkeypatch, query: str) -> tuple[object, list[str], list[int], list[bool]]:
    """Fortress America's page in a preheated kernel (:func:`voila_request`): the page built,
    the paths asked, the kernel's live widgets (counted from before the page) and whether the
    save check was loaded, when it asked."""
    info = {"QUERY_STRING": query, "SERVER_NAME": "class.local", "SERVER_PORT": "8866", "SCRIPT_NAME": "/"}
    with voila_request(monkeypatch, info) as (asked, widgets_when_asked, checker_when_asked):
        built = build_app(display_it=False, save_dir=tmp_path, store=store)
    return built, asked, widgets_when_asked, checker_when_asked


def test_a_preheated_kernel_builds_the_dashboard_then_reads_its_page_query_from_voila(store, tmp_path, monkeypatch):
    """A preheated kernel has its dashboard built before a page asks for it (issue 35, item 11):
    a seat link it serves only opens the seat's game."""
    made = two_human_seats(store)
    app, asked, widgets_when_asked, checker_when_asked = preheated_page(store, tmp_path, monkeypatch,
                                                                       f"seat={made.tokens['2']}")
    assert asked == ["/voila/query/k-1"] and checker_when_asked == [True]  # the seat's game read without its import
    assert isinstance(app, App) and app.shared is not None and app.shared.seat.seat == "2"
    assert "http://class.local:8866/?seat=" in app.controls.classroom.links.value
    assert widgets_when_asked[0] > 100  # the dashboard's (~400)


def test_a_preheated_kernel_serving_the_teacher_closes_the_dashboard_it_built(store, tmp_path, monkeypatch):
    from ipywidgets.widgets.widget import _instances
    monkeypatch.setenv("FORTRESS_TEACHER_TOKEN", "right-token-right-token")
    before = set(_instances)
    view, _asked, widgets_when_asked, _checker = preheated_page(store, tmp_path, monkeypatch,
                                                               "teacher=right-token-right-token")
    assert isinstance(view, TeacherView) and widgets_when_asked[0] > 100
    live = [_instances[m] for m in set(_instances) - before]
    assert live and all(w.comm is not None for w in live)
    assert not any("fortress-turn-note" in getattr(w, "_dom_classes", ()) for w in live)  # the dashboard's are gone
    assert len(live) < widgets_when_asked[0]


#: a served page's kernel, in a fresh process: the first read of its seat's game, then a
#: preheated kernel's wait for its page's query (Voila's helper: nbformat, jsonschema)
FIRST_READ = """
import importlib, json, os, sys, threading
from websockets.sync.server import serve
import fortress
from fortress.store import GameStore
from fortress.ui.pages import page_query
store = GameStore(sys.argv[1])
made = store.create_game(fortress.new_game(1, players=2), title="t")
GameStore(sys.argv[1]).seat_view(made.tokens["1"])
read = sorted({"jsonschema", "rfc3987_syntax"} & set(sys.modules))
with serve(lambda ws: ws.send(json.dumps({"QUERY_STRING": "seat=x"})), "127.0.0.1", 0) as server:
    threading.Thread(target=server.serve_forever, daemon=True).start()
    os.environ.update(VOILA_PREHEAT="True", VOILA_KERNEL_ID="k", VOILA_APP_PORT=str(server.socket.getsockname()[1]))
    query = page_query()
    server.shutdown()
waited = sorted({"nbformat", "rfc3987_syntax"} & set(sys.modules))
importlib.import_module("rfc3987_syntax")
print(json.dumps([read, query, waited]))
"""


@pytest.mark.slow  # a fresh interpreter importing the store and Voila's helper: ~3.5 s of CPU
def test_a_served_page_builds_no_grammar_for_formats_nothing_checks(tmp_path):
    """jsonschema imports rfc3987-syntax when it is installed (39 Lark grammars, 1.7 s of an idle
    core) for format checks the save schema never makes: a page's first read of its game
    (the save check) and a preheated kernel's wait for its query (Voila's helper imports
    nbformat) go without it (:func:`fortress.engine.schema.without_unused_formats`); it stays
    importable."""
    pytest.importorskip("rfc3987_syntax")
    out = subprocess.run([sys.executable, "-c", FIRST_READ, f"sqlite:///{tmp_path / 'games.sqlite3'}"],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout) == [["jsonschema"], {"seat": "x"}, ["nbformat"]]


DEAD_STORE = "postgresql://nobody@127.0.0.1:1/fortress"  # nothing listens on port 1: refused at once


def test_a_store_that_cannot_be_reached_is_one_plain_line(tmp_path):
    from fortress.store import StoreUnavailable
    with pytest.raises(StoreUnavailable) as caught:
        GameStore(DEAD_STORE)
    text = str(caught.value)
    assert text.startswith("the game store cannot be reached right now (") and "\n" not in text
    assert len(text) < 300 and "Traceback" not in text and "SELECT" not in text.upper()
    # a SQLite file in a missing folder: tests/test_store.py (named, not "try again")


def test_a_page_whose_store_has_no_folder_opens_and_says_which(tmp_path, monkeypatch):
    monkeypatch.setenv("FORTRESS_STORE", f"sqlite:///{tmp_path / 'no-such-folder' / 'games.sqlite3'}")
    app = build_app(display_it=False, save_dir=tmp_path / "autosave")
    assert isinstance(app, App) and app.store is None
    assert "Classroom play is off on this page" in app.message.value
    assert "there is no folder" in app.message.value and "no-such-folder" in app.message.value


def test_a_page_whose_store_is_down_opens_and_says_why(tmp_path, monkeypatch):
    monkeypatch.setenv("FORTRESS_STORE", DEAD_STORE)
    app = build_app(display_it=False, save_dir=tmp_path / "autosave")
    assert isinstance(app, App) and app.store is None
    assert "Classroom play is off on this page" in app.message.value
    assert "cannot be reached" in app.message.value


def test_a_move_while_the_store_is_down_is_refused_in_words_and_not_made(store, tmp_path):
    from fortress.store.store import make_engine
    a, b = us_v_west(store, tmp_path)
    first = mover(a, b)
    plies, history = store.plies(first.game_id), list(first.game.history)
    working, store.engine = store.engine, make_engine(DEAD_STORE)  # the database goes away mid-game
    try:
        assert not move(first)
        assert "cannot be reached" in first.message.value
        assert first.game.history == history
    finally:
        store.engine = working
    assert store.plies(first.game_id) == plies
    assert move(first), "once the store is back, the move goes through"


def test_a_seat_link_keeps_the_pages_template(monkeypatch):
    """On JupyterHub's /voila/render route the template is in the address: the seat links keep it."""
    from fortress.ui.pages import page_link
    monkeypatch.setenv("SCRIPT_NAME", "/user/ann/voila/render/fortress/play.ipynb")
    monkeypatch.setenv("QUERY_STRING", "code=ABC234&template=fortress-offline")
    monkeypatch.delenv("SERVER_NAME", raising=False)
    assert page_link("seat=T0K") == "/user/ann/voila/render/fortress/play.ipynb?seat=T0K&template=fortress-offline"
    monkeypatch.setenv("QUERY_STRING", "code=ABC234")
    assert page_link("seat=T0K") == "/user/ann/voila/render/fortress/play.ipynb?seat=T0K"


def test_a_shared_page_gives_hints_and_hand_over_prompts_for_its_own_seat_only(store, tmp_path):
    a, b = us_v_west(store, tmp_path)
    waiting = a if a.game.side == "west" else b
    waiting.hint()
    assert waiting.message.value.count("No hint now") == 1 and "not yours" in waiting.message.value
    assert "Pass the laptop" not in a.banner.widget.value + b.banner.widget.value  # each plays from their link
    waiting.act(make_bot("random").choose(waiting.game))  # refused: not this page's move
    assert "you play U.S. This page" in a.message.value or "you play West. This page" in b.message.value


def test_an_empty_join_code_asks_for_the_code(store, tmp_path):
    c = page(store, tmp_path)
    c.controls.classroom.code.value = "  "
    c.controls.classroom.join()
    assert "Type the join code" in c.message.value


def quick(game) -> A.Action:
    """A quick way through a turn: end the step when allowed, else the first legal action."""
    legal = game.legal_actions()
    return next((x for x in legal if isinstance(x, A.End)), legal[0])


def test_the_page_that_starts_a_game_plays_every_human_seat_until_one_is_handed_out(store, tmp_path):
    """Issue 35, item 5: hot-seat on ``fortress serve`` (teaching.md's 4 humans at one screen)."""
    a = page(store, tmp_path)
    a.controls.players.value = 2
    a.controls.seat_pickers[1].value = "human"
    a.controls.new_game()  # U.S. and the Invaders, both human, on this page
    assert a.shared is not None and set(a.shared.sides) == {"us", "west", "south", "east"}
    played = []
    while len(set(played)) < 4 or a.game.side == "us":  # every side's turn, back to the Invaders
        played.append(a.game.side)
        assert a.act(quick(a.game)), a.message.value
        assert len(played) < 500
    assert store.game(a.game_id).history == a.game.history and len(store.actions(a.game_id)) == len(played)
    b = page(store, tmp_path, code=a.shared.code)  # the teacher hands the Invaders' seat out: the code takes it
    b.controls.classroom.join()  # a code in the address takes a seat only once Join is pressed
    assert b.shared is not None and b.shared.sides == ("west", "south", "east")
    assert not a.act(quick(a.game))  # the first page's Invader move: refused, and said why
    assert "went to another player" in a.message.value and a.shared.sides == ("us",)
    assert b.act(quick(b.game)), b.message.value
    a.pull()  # what the first page's follower does when the store changes
    assert a.game.history == b.game.history == store.game(a.game_id).history


def test_a_finished_game_says_you_play_us_with_one_full_stop(store, tmp_path):
    """'you play U.S..' (issue 35, item 8): the side's name ends the sentence with its own stop."""
    from types import SimpleNamespace

    from fortress.rulesets.america.dashboard.classroom import turn_html
    a, _b = us_v_west(store, tmp_path)
    text = re.sub(r"<[^>]*>", "", turn_html(a.shared, SimpleNamespace(is_over=True), {}))
    assert text.endswith("you play U.S.") and "U.S.." not in text, text
