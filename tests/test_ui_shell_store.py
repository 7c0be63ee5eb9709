"""The shell on the game store (issue 31), without a browser: a page starts a stored Council game
with seat links, a second page opens a seat link, both play through the generic panel, bid in
the same sealed step from the ply each saw, and neither page ever holds the other seat's hand or
sealed bid (the widget texts a page receives, and the game it holds: its seat's view); ATTACK!
and America in Flames by seat links too (issue 38)."""
from __future__ import annotations

import random
import re

import pytest

from fortress.store import GameStore
from fortress.ui.pages import BROWSER_ENV
from fortress.ui.shell import RULESET_ENV, start
from fortress.ui.shell.app import Shell
from tests.test_ui_classroom import voila_request
from tests.test_ui_shell import secrets_from, texts

HIDDEN = "?"


@pytest.fixture
def url(tmp_path):
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


def two_pages(url: str) -> tuple[Shell, Shell]:
    """Page A starts a shared game (Amber and Birch human, Cedar and Dune bots) and plays Amber;
    page B opens Birch's seat link from A's list."""
    a = Shell("council", seed=3, store=GameStore(url))
    a.seats.who.update(amber="human", birch="human", cedar="random", dune="random")
    a.stored.start_button.click()
    links = sorted(set(re.findall(r"seat=([\w-]+)", a.stored.links.value)))
    assert len(links) == 1 and "Birch" in a.stored.links.value  # the other human seat's link only
    b = Shell("council", seed=3, store=GameStore(url))
    assert b.stored.open(links[0])
    return a, b


def press_first(page: Shell, rng: random.Random) -> None:
    panel = page.panel
    verbs = [v for _label, v in panel.verbs.options if v != "surrender"]
    panel.verbs.value = rng.choice(verbs)
    panel.choice.value = rng.randrange(len(panel.choice.options))
    panel.go.click()


def private(page: Shell, store: GameStore, mine: str) -> None:
    """What page ``page`` holds and shows comes from ``mine``'s view only."""
    real = store.game(page.stored.shared.game_id)
    shown = texts(page.root)
    leaked = [t for t in secrets_from(real, {mine}) if t in shown]
    assert not leaked, leaked
    assert page.game.state.seed == 0 and page.game.state.hands[mine] == real.state.hands[mine]
    assert all(set(hand) <= {HIDDEN} for side, hand in page.game.state.hands.items() if side != mine)


@pytest.mark.slow
def test_two_pages_play_two_seats_and_bid_in_the_same_sealed_step(url):
    a, b = two_pages(url)
    store, rng = GameStore(url), random.Random(5)
    assert a.seats.humans == ["amber"] and b.seats.humans == ["birch"]
    assert a.bar.widget.layout.display == "none"  # a stored seat: no local new game, save or undo
    for _ in range(100):  # the deeds, each page when its side is to move, following the other
        if a.game.phase == "bid":
            break
        page = a if "amber" in a.game.to_move else b
        press_first(page, rng)
        private(page, store, page.seats.humans[0])
        (b if page is a else a).stored.pull()  # what the follow task does when the store changes
    assert a.game.phase == b.game.phase == "bid" and a.stored.shared.ply == b.stored.shared.ply
    b.panel.text.value = "bid 2"
    b.panel.typed.click()  # Birch bids first ...
    assert b.game.notation(b.game.history[-1]) == "bid 2"
    a.panel.text.value = "bid 1"
    a.panel.typed.click()  # ... and Amber, from the ply it saw: accepted, not stale
    assert "Played bid 1" in a.message.value, a.message.value
    for page, mine in ((a, "amber"), (b, "birch")):
        private(page, store, mine)
    real = store.game(a.stored.shared.game_id)
    if real.phase == "bid":  # the bots' bids come in turn; then all are revealed together
        store.play_bots(a.stored.shared.game_id)
    a.stored.pull()
    b.stored.pull()
    log = a.log.value
    assert "Birch ordered: bid 2." in log and "Amber ordered: bid 1." in log  # revealed together
    assert "Birch ordered: bid 2." in b.log.value


def test_a_page_acts_only_for_its_seat_and_a_lost_race_reloads(url):
    a, b = two_pages(url)
    assert not b.act("choose gather", "amber")  # Birch's page cannot act for Amber
    assert "not played at this page" in b.message.value
    stale = a.stored.shared.ply
    assert a.act("choose gather", "amber")
    a.stored.shared.ply = stale  # a page that has not seen its own move stored (another tab of the seat)
    assert not a.act("choose gather", "amber")
    assert "moved first" in a.message.value and a.stored.shared.ply == stale + 1


def test_a_wrong_or_spectator_link_is_refused_in_words(url):
    page = Shell("council", store=GameStore(url))
    assert not page.stored.open("x" * 30)
    assert "not known" in page.message.value and page.stored.shared is None


@pytest.mark.slow
@pytest.mark.parametrize("name, players", [("attack", 2), ("aif", None)])
def test_other_rulesets_play_by_seat_links_too(url, name, players):
    """Issue 38: ATTACK! (two seats) and America in Flames (the USA and the Commonwealth human,
    four bots) by seat links, each page acting only when its side may, never holding the
    events only the other seats may see."""
    a = Shell(name, players=players, store=GameStore(url))
    first, second = a.rules.seats(len(a.game.seats))[:2]
    a.seats.who.update({side: "human" for side in first + second})
    a.stored.start_button.click()
    (token,) = set(re.findall(r"seat=([\w-]+)", a.stored.links.value))
    b = Shell(name, players=players, store=GameStore(url))
    assert b.stored.open(token) and b.seats.humans == list(second)
    store, rng, played = GameStore(url), random.Random(2), 0
    for _ in range(40):
        page = next((p for p in (a, b) if p.viewer in p.game.to_move), None)
        if page is None or page.game.is_over:
            break
        press_first(page, rng)
        played += "Played" in page.message.value
        for p in (a, b):
            p.stored.pull()
            real = store.game(p.stored.shared.game_id)
            shown = texts(p.root)
            assert not [t for t in secrets_from(real, set(p.seats.humans)) if t in shown]
    assert played >= 5


def test_the_other_seats_actions_are_told_and_replayed_in_bot_turns(url):
    """Issue 38: on a stored game the server plays the bots; the page's Bot turns still tells the
    other seats' actions since its own last one, and steps back through them on its board, from
    its seat's view only (no other seat's draw or unrevealed bid at any position)."""
    a, b = two_pages(url)
    store, rng = GameStore(url), random.Random(5)
    told, sides = 0, set()
    for _ in range(60):
        if a.game.is_over:
            break
        page = a if "amber" in a.game.to_move else b
        press_first(page, rng)
        other = b if page is a else a
        other.stored.pull()
        steps = [s.side for s in a.tape.steps]
        assert "amber" not in steps  # a run holds the others' actions, since Amber's own last one
        if steps and page is b:
            told += 1
            sides |= set(steps)
            assert all(a.rules.side_names[side] in a.turns.summary.value for side in steps)
            real = store.game(a.stored.shared.game_id)
            assert a.turns.slider.max == len(steps) and a.turns.controls.layout.display == ""
            for k in range(len(steps) + 1):  # every position of the run, drawn as Amber saw it
                a.turns.go(k)
                shown = texts(a.root)
                assert not [t for t in secrets_from(real, {"amber"}) if t in shown]
            a.turns.to_live()
    assert told >= 3 and {"birch", "cedar", "dune"} <= sides, sides  # the other human's and the bots'


def test_a_student_joins_by_the_code_and_an_address_with_it_takes_no_seat(url):
    """Issue 38: the join code on the shell too. ``?code=`` only fills the box (a link preview
    takes no seat); Join takes a free player's seat; a wrong code or a full game is said in
    words; the joined page shows its own seat link."""
    from fortress.ui.shell.stored import open_from_page

    a = Shell("council", seed=3, store=GameStore(url))
    a.seats.who.update(amber="human", birch="human", cedar="random", dune="random")
    a.stored.start_button.click()
    store, gid = GameStore(url), a.stored.shared.game_id
    code = store.code(gid)
    assert code in a.stored.links.value
    b = Shell("council", seed=3, store=GameStore(url))
    open_from_page(b, {"code": code.lower()})
    assert b.stored.code.value == code and b.stored.shared is None and "no seat is taken" in b.message.value
    assert store.seats_filled()[gid] == (1, 2)  # the address alone took nothing
    b.stored.code.value = "ZZZZZZ"
    assert not b.stored.join() and "no game has the join code" in b.message.value
    b.stored.code.value = code
    assert b.stored.join() and b.seats.humans == ["birch"] and "joined" in b.message.value
    assert store.seats_filled()[gid] == (2, 2) and "fortress-my-link" in b.stored.links.value
    assert b.stored.joining.layout.display == "none"
    c = Shell("council", seed=3, store=GameStore(url))
    c.stored.code.value = code
    assert not c.stored.join() and "seat of this game is taken" in c.message.value


def test_a_preheated_kernel_opens_its_pages_seat_and_asks_voila_once(url, monkeypatch):
    """``fortress serve --ruleset NAME`` keeps preheated kernels by default (issue 35, item 11):
    the start page and the shell it opens both read the page's query, and Voila sends a
    preheated kernel its page's request once; a second wait never ended (the page stayed
    "Running...")."""
    a = Shell("council", seed=3, store=GameStore(url))
    a.seats.who.update(amber="human", birch="human", cedar="random", dune="random")
    a.stored.start_button.click()
    (token,) = set(re.findall(r"seat=([\w-]+)", a.stored.links.value))
    monkeypatch.setenv("FORTRESS_STORE", url)
    monkeypatch.setenv(RULESET_ENV, "council")
    info = {"QUERY_STRING": f"seat={token}", BROWSER_ENV: "b" * 32, "SERVER_NAME": "class.local", "SERVER_PORT": "8866"}
    with voila_request(monkeypatch, info) as (asked, widgets_when_asked, checker_when_asked):
        page = start().page
    assert asked == ["/voila/query/k-1"] and checker_when_asked == [True]
    assert widgets_when_asked[0] > 50  # the shell was built before the page asked: it only opens its seat
    assert page.opened.stored.shared is not None and page.opened.seats.humans == ["birch"]
    assert "this page plays Birch" in page.opened.stored.links.value


def test_a_preheated_kernel_serving_the_teacher_closes_the_shell_it_built(url, monkeypatch):
    from ipywidgets.widgets.widget import _instances
    monkeypatch.setenv("FORTRESS_STORE", url)
    monkeypatch.setenv(RULESET_ENV, "council")
    monkeypatch.setenv("FORTRESS_TEACHER_TOKEN", "right-token-right-token")
    before = set(_instances)
    with voila_request(monkeypatch, {"QUERY_STRING": "teacher=right-token-right-token"}) as (_asked, widgets_when_asked, _checker):
        shown = start()
    live = [_instances[m] for m in set(_instances) - before]
    assert widgets_when_asked[0] > 50 and "The teacher's view" in texts(shown)
    assert not any(any(c.startswith("fortress-shell") for c in getattr(w, "_dom_classes", ())) for w in live)
