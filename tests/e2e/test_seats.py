"""Seats that belong to their students (issue 35, item 9), in Chromium against a real
``fortress serve`` and SQLite store: the browser that opens a seat link holds the seat (a
reload comes back to it, and its address names the join code, never the seat's token); a
second browser opening the same link is told "this seat is taken, by ..." and watches until
it presses Take over; the first page is then told and only watches."""
from __future__ import annotations

import pytest

import fortress
from fortress.store import GameStore

pytestmark = [pytest.mark.browser, pytest.mark.serial]

KERNEL = 180_000  # ms: a page's first draw on a busy 2-core machine
STEP = 30_000


def open_page(context, url: str):
    page = context.new_page()
    page.goto(url, wait_until="commit", timeout=KERNEL)
    page.wait_for_selector(".fortress-turn-note", state="attached", timeout=KERNEL)
    page.wait_for_function("() => document.querySelector('.fortress-turn-now')", timeout=KERNEL)
    return page


def test_a_seat_link_opened_in_a_second_browser_does_not_take_the_seat(browser, class_room):
    store = GameStore(class_room.store)
    made = store.create_game(fortress.new_game(5, players=2, setup="balanced"), title="Table 1")
    token = made.tokens["2"]  # the Invaders: they move first
    url = class_room.url
    ann_ctx, bob_ctx = browser.new_context(), browser.new_context()
    ann = open_page(ann_ctx, f"{url}?seat={token}")
    assert "Your move" in ann.inner_text(".fortress-turn-note")
    ann.wait_for_function("c => location.search.includes('code=' + c)", arg=made.code, timeout=STEP)
    assert token not in ann.url and token not in ann.inner_text("body")  # the projector shows no seat token
    ann.reload(wait_until="commit", timeout=KERNEL)  # the same browser: its seat, no question
    ann.wait_for_selector(".fortress-turn-now", timeout=KERNEL)
    assert "Your move" in ann.inner_text(".fortress-turn-note") and not ann.locator(".fortress-seat-taken").is_visible()

    bob = open_page(bob_ctx, f"{url}?seat={token}")  # the same link, another browser
    bob.wait_for_selector(".fortress-seat-taken", state="visible", timeout=STEP)
    taken = bob.inner_text(".fortress-seat-taken")
    assert "This seat" in taken and "is taken, by" in taken and "Chrome browser" in taken, taken
    assert "watching" in bob.inner_text(".fortress-turn-note")
    assert store.plies(made.game_id) == 0

    bob.fill(".fortress-seat-taken .fortress-my-name input", "Bob")
    bob.locator(".fortress-take-over").click()
    bob.wait_for_function("() => document.querySelector('.fortress-turn-note').innerText.includes('Your move')",
                          timeout=STEP)
    assert not bob.locator(".fortress-seat-taken").is_visible()
    ann.wait_for_selector(".fortress-seat-taken:has-text('taken over, by Bob')", state="visible", timeout=STEP)
    # the message and then the turn note are redrawn after the seat's note (a loaded machine shows the gaps)
    ann.wait_for_selector(".fortress-message:has-text('only watches')", timeout=STEP)
    ann.wait_for_function("() => !document.querySelector('.fortress-turn-note').innerText.includes('Your move')",
                          timeout=STEP)
    for context in (ann_ctx, bob_ctx):
        context.close()
