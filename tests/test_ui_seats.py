"""Seats that belong to their students (issue 35, item 9), on a real SQLite store: a seat is
held by the browser that opened it; a second browser opening the same link is told who holds
it and may take it over explicitly; the page that lost it is refused and told; the teacher
frees a seat; the page that created a game (a projector) shows the join code and each seat's
state, never a seat token on screen. The browser run is tests/e2e/test_seats.py."""
from __future__ import annotations

import re

import pytest

import fortress
from fortress.store import GameStore, SeatTaken
from fortress.ui import build_app
from fortress.rulesets.america.dashboard.app import App
from fortress.ui.pages import BROWSER_ENV, browser_name
from fortress.rulesets.america.dashboard.teacher import TeacherView

ANN, BOB = "browser-of-ann-" + "a" * 17, "browser-of-bob-" + "b" * 17
INVADERS = ("west", "south", "east")  # seat 2 of a two-player game: they move first


@pytest.fixture
def store(tmp_path):
    s = GameStore(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    yield s
    s.close()


@pytest.fixture
def made(store):
    return store.create_game(fortress.new_game(7, players=2), title="Table 1")


def page(store, tmp_path, monkeypatch, browser: str, **query: str) -> App:
    """A page whose browser is ``browser`` (the cookie ``fortress serve`` hands its kernel)."""
    monkeypatch.setenv(BROWSER_ENV, browser)
    app = build_app(display_it=False, save_dir=tmp_path / "autosave", store=store, query=query)
    assert isinstance(app, App)
    return app


def shown(app: App) -> bool:
    return app.seat_claim.box.layout.display != "none"


def test_the_store_holds_a_seat_for_one_browser(store, made):
    token = made.tokens["2"]
    assert store.hold(token, ANN, "Ann").sides == INVADERS
    assert store.hold(token, ANN, "Ann").sides == INVADERS  # the same browser again (a reload): no question
    with pytest.raises(SeatTaken, match="this seat is taken, by Ann"):
        store.hold(token, BOB, "Bob")
    ply, game = store.snapshot(made.game_id)
    move = game.notation(game.legal_actions()[0])
    with pytest.raises(SeatTaken):
        store.submit(token, ply, move, browser=BOB)  # the link alone does not let another browser play
    store.hold(token, BOB, "Bob", take=True)  # an explicit take-over
    assert store.holder(made.game_id, "2", BOB).mine and store.holder(made.game_id, "2", BOB).name == "Bob"
    with pytest.raises(SeatTaken, match="by Bob"):
        store.submit(token, ply, move, browser=ANN)
    assert store.plies(made.game_id) == 0
    store.submit(token, ply, move, browser=BOB)
    assert store.plies(made.game_id) == 1


def test_spectators_are_never_held_and_the_teacher_frees_a_seat(store, made):
    store.hold(made.tokens["spectator"], ANN)
    store.hold(made.tokens["spectator"], BOB)  # any number watch
    store.hold(made.tokens["1"], ANN, "Ann")
    store.hold(made.tokens["2"], ANN, "Ann")
    with pytest.raises(fortress.store.SeatError, match="taken"):
        store.join(made.code)  # every seat taken
    assert store.free(made.game_id, "2")
    assert store.holder(made.game_id, "2") is None
    token, seat = store.join(made.code)  # the code gives the freed seat out again, with a new token
    assert seat.seat == "2" and store.hold(token, BOB, "Bob").sides == seat.sides
    with pytest.raises(fortress.store.SeatError, match="not known"):
        store.open(made.tokens["2"])  # its old link stops working


def test_a_second_browser_is_told_and_takes_over_explicitly(store, made, tmp_path, monkeypatch):
    ann = page(store, tmp_path, monkeypatch, ANN, seat=made.tokens["2"])
    assert ann.shared is not None and ann.shared.sides == INVADERS and not shown(ann)
    bob = page(store, tmp_path, monkeypatch, BOB, seat=made.tokens["2"])
    assert bob.shared is not None and bob.shared.sides == ()  # watching, not playing
    assert shown(bob) and "is taken, by" in bob.seat_claim.text.value
    assert browser_name() in bob.seat_claim.text.value  # Ann gave no name: her browser's kind
    assert not bob.act(bob.game.legal_actions()[0]) and store.plies(made.game_id) == 0
    bob.seat_claim.name.value = "Bob <b>B.</b>"
    bob.seat_claim.button.click()  # Take over
    assert bob.shared.sides == INVADERS and not shown(bob)
    assert "took over" in bob.message.value
    ann.check_seats()  # what Ann's follower does when idle
    assert ann.shared.sides == () and shown(ann)
    assert "taken over, by <b>Bob &lt;b&gt;B.&lt;/b&gt;</b>" in ann.seat_claim.text.value  # the name, escaped
    assert "only watches" in ann.message.value
    assert bob.act(bob.game.legal_actions()[0]) and store.plies(made.game_id) == 1


def test_a_page_that_lost_its_seat_is_refused_before_it_noticed(store, made, tmp_path, monkeypatch):
    ann = page(store, tmp_path, monkeypatch, ANN, seat=made.tokens["2"])
    store.hold(made.tokens["2"], BOB, "Bob", take=True)  # Bob took it; Ann's follower has not looked yet
    assert not ann.act(ann.game.legal_actions()[0])
    assert store.plies(made.game_id) == 0 and ann.shared.sides == ()
    assert "taken over, by Bob" in ann.message.value and shown(ann)
    ann.seat_claim.button.click()  # Ann takes it back
    assert ann.shared.sides == INVADERS and ann.act(ann.game.legal_actions()[0])


def test_the_same_browser_comes_back_without_a_question(store, made, tmp_path, monkeypatch):
    page(store, tmp_path, monkeypatch, ANN, seat=made.tokens["2"])
    again = page(store, tmp_path, monkeypatch, ANN, seat=made.tokens["2"])  # a reload: a new kernel
    assert again.shared.sides == INVADERS and not shown(again) and "Back at your game" in again.message.value


def test_the_teacher_frees_a_seat_and_its_page_is_told(store, made, tmp_path, monkeypatch):
    monkeypatch.setenv("FORTRESS_TEACHER_TOKEN", "t" * 24)
    store.hold(made.tokens["1"], "browser-of-carol-" + "c" * 15, "Carol")  # the U.S. is Carol's
    ann = page(store, tmp_path, monkeypatch, ANN, seat=made.tokens["2"])
    teacher = TeacherView(store)
    labels = [label for label, _value in teacher.held.options]
    assert any(label.startswith("Table 1 (") and f"seat 2: {browser_name()}, for " in label for label in labels)
    teacher.held.value = (made.game_id, "2")
    teacher.free()
    assert "is free" in teacher.message.value and len(teacher.held.options) == 1  # Carol's only
    ann.check_seats()
    assert ann.shared.sides == () and "teacher freed" in ann.message.value
    bob = page(store, tmp_path, monkeypatch, BOB)
    bob.controls.classroom.code.value = made.code
    bob.controls.classroom.join()
    assert bob.shared is not None and bob.shared.sides == INVADERS


def test_the_projector_page_shows_the_code_and_seat_states_never_a_token(store, tmp_path, monkeypatch):
    a = page(store, tmp_path, monkeypatch, ANN)
    a.controls.players.value = 4
    for pick, kind in zip(a.controls.seat_pickers, ("human", "human", "human", "random")):
        pick.value = kind
    a.controls.new_game()
    assert a.shared is not None and a.shared.made is not None
    made = a.shared.made
    links = a.controls.classroom.links.value
    on_screen = re.sub(r"<details.*?</details>", "", links, flags=re.S)  # folded away: shown only when opened
    assert made.code in on_screen
    assert not any(token in on_screen for token in made.tokens.values())
    assert "?seat=" not in on_screen
    states = dict(re.findall(r"data-seat='(\d)'>.*?: ([^<]*)</li>", on_screen))
    assert states["1"] == "this page" and states["4"].startswith("the random bot")
    assert states["2"].startswith("played on this page") and states["3"].startswith("played on this page")
    bob = page(store, tmp_path, monkeypatch, BOB)
    bob.seat_claim.name.value = "Bob"
    bob.controls.classroom.code.value = made.code
    bob.controls.classroom.join()  # Bob takes seat 2 with the code
    a.check_seats()
    on_screen = re.sub(r"<details.*?</details>", "", a.controls.classroom.links.value, flags=re.S)
    states = dict(re.findall(r"data-seat='(\d)'>.*?: ([^<]*)</li>", on_screen))
    assert states["2"] == "taken, by Bob" and states["3"].startswith("played on this page")


def test_a_page_comes_back_from_its_code_address_in_its_own_browser_only(store, made, tmp_path, monkeypatch):
    """The page's address names the game's join code, not its seat token (a projector shows the
    address bar): the browser that holds a seat comes back to it from there; another browser
    gets the join box, and no seat."""
    ann = page(store, tmp_path, monkeypatch, ANN, seat=made.tokens["2"])
    assert f"data-address='code={made.code}'" in ann.controls.classroom.links.value
    again = page(store, tmp_path, monkeypatch, ANN, code=made.code.lower())  # Ann's reload
    assert again.shared is not None and again.shared.sides == INVADERS and again.shared.token == made.tokens["2"]
    bob = page(store, tmp_path, monkeypatch, BOB, code=made.code)
    assert bob.shared is None and "Join with code" in bob.message.value
    store.free(made.game_id, "2")
    gone = page(store, tmp_path, monkeypatch, ANN, code=made.code)  # freed: Ann's address no longer holds it
    assert gone.shared is None


def test_without_a_browser_id_seats_are_opened_not_held(store, made, tmp_path, monkeypatch):
    """A notebook or plain Voila has no browser to tell apart: the seat link plays, as before,
    and the address keeps the seat link."""
    monkeypatch.delenv(BROWSER_ENV, raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    app = build_app(display_it=False, save_dir=tmp_path / "autosave", store=store, query={"seat": made.tokens["2"]})
    assert app.shared.sides == INVADERS and store.holders(made.game_id) == {}
    assert f"data-address='seat={made.tokens['2']}'" in app.controls.classroom.links.value
