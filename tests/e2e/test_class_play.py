"""Playing on ``fortress serve`` (issue 35, items 1, 3 and 6), in headless Chromium at 1280x720
against a real Voila server on a SQLite store: West's seat link declares a battle by a click on
the map (a territory no unit can reach asks twice), takes it back with Undo (the store forgets
it), and ends the turn with a button that says it ends the turn, and the page says so; the map
never moves down or up as the header changes by phase; a refused Save says so beside its button
and in the message line, with its button, all in view (the page scrolls the note's row into view;
the boxes above the tabs change height as the bots play)."""
from __future__ import annotations

import pytest

import fortress
from fortress.store import GameStore
from tests.e2e.test_classroom import KERNEL, STEP
from tests.e2e.test_dashboard import PICK_JS, act, tick, wait_tick

pytestmark = [pytest.mark.browser, pytest.mark.serial]


def message(page) -> str:
    return page.inner_text(".fortress-message")


#: where the page's body (map and side column) starts, in the document: moves if the header's height changes
BODY_TOP_JS = "() => Math.round(document.querySelector('.fortress-body').getBoundingClientRect().top + window.scrollY)"

#: the top and bottom of an element in the window
IN_VIEW_JS = "s => { const r = document.querySelector(s).getBoundingClientRect(); return [r.top, r.bottom]; }"


def test_undo_and_the_end_of_a_turn_on_a_stored_game(browser, class_room):
    store = GameStore(class_room.store)
    made = store.create_game(fortress.new_game(5, players=4, setup="balanced"),
                             seats={"1": "bot:random", "3": "bot:random", "4": "bot:random"})
    url = class_room.url
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{url}?seat={made.tokens['2']}", wait_until="commit", timeout=KERNEL)
    page.wait_for_selector(".fortress-turn-now[data-side='west']", timeout=KERNEL)
    page.wait_for_selector(".fa-m.t", timeout=STEP)
    tops = {page.evaluate(BODY_TOP_JS)}
    undo = page.locator(".fortress-undo")
    assert undo.is_disabled() and "Nothing of yours" in (undo.get_attribute("title") or "")

    # declare by a click on the map; a territory no unit can reach asks for a second click
    area, x, y = page.evaluate(PICK_JS, ".fa-m.t")
    before = tick(page)
    page.mouse.click(x, y)
    wait_tick(page, before)
    if "No unit of yours can reach" in message(page):
        assert store.actions(made.game_id) == []
        before = tick(page)
        page.mouse.click(x, y)
        wait_tick(page, before)
    page.wait_for_selector(f".fa-m[data-area='{area}']:has-text('\u2694')", timeout=STEP)
    assert [a for _p, _s, a in store.actions(made.game_id)] == [f"declare {store.game(made.game_id).board[area].name}"]

    # Undo: enabled, takes the declaration back, in the page and in the store
    page.wait_for_selector(".fortress-undo:not([disabled])", timeout=STEP)
    act(page, ".fortress-undo")
    page.wait_for_selector(f".fa-m[data-area='{area}']:not(:has-text('\u2694'))", timeout=STEP)
    assert "Took back" in message(page) and store.actions(made.game_id) == []

    # the end buttons say where they lead; the one that ends the turn says so, and the page tells it
    assert "\u2192 Maneuvers" in page.inner_text(".fortress-end")
    act(page, ".fortress-end")
    page.wait_for_selector(".fortress-end:has-text('End turn')", timeout=STEP)
    tops.add(page.evaluate(BODY_TOP_JS))
    assert "South next" in page.inner_text(".fortress-end")
    act(page, ".fortress-end")
    page.wait_for_function("() => document.querySelector('.fortress-message').innerText.includes('turn is over')",
                           timeout=STEP)
    assert "West's turn is over" in message(page) and "South's turn" in message(page)
    tops.add(page.evaluate(BODY_TOP_JS))
    assert len(tops) == 1, f"the map moved as the header changed: its top at {sorted(tops)}"

    # Save, far down the Game tab: refused (a shared game mid-play), said beside the button and on top
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Game").click()
    page.locator(".fortress-save").scroll_into_view_if_needed()
    page.locator(".fortress-save").click()
    page.wait_for_selector(".fortress-save-message:has-text('Not saved')", timeout=STEP)
    for where in (".fortress-save-message", ".fortress-save", ".fortress-message"):
        top, bottom = page.evaluate(IN_VIEW_JS, where)
        assert 0 <= top and bottom <= 720, f"{where} out of view: {top}..{bottom}"
    page.close()


def test_a_page_that_starts_a_game_plays_every_human_seat(browser, class_room):
    """Item 5: hot-seat on ``fortress serve``: a 2-player game, both seats human, started on one
    page: that page moves for the Invaders (first) and then for the U.S."""
    url = class_room.url
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(url, wait_until="commit", timeout=KERNEL)
    page.wait_for_selector("path.leaflet-interactive", timeout=KERNEL)
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Game").click()
    page.locator(".fortress-players select").select_option("2")
    page.locator(".fortress-seat-west-south-east select").select_option(label="human")
    page.locator(".fortress-new-game").click()
    page.wait_for_selector(".fortress-turn-now[data-side='west']", timeout=STEP)
    assert "Your move" in page.inner_text(".fortress-turn-now")
    for _ in range(60):  # the Invaders end every step; then the U.S. is to move, on this page too
        if page.locator(".fortress-turn-now[data-side='us']").count():
            break
        act(page, ".fortress-end")
    page.wait_for_selector(".fortress-turn-now[data-side='us']", timeout=STEP)
    assert "Your move" in page.inner_text(".fortress-turn-now")
    page.close()
