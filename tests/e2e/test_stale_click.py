"""A click that arrives after the game moved on is not played on the new position (issue 40,
item 3), in Chromium against a real ``fortress serve``: the test holds back the kernel's
messages to the page (as a slow network does), another move is stored meanwhile and the
page's kernel draws it, and the player clicks End on the board they still see. Before the
fix the kernel played End on the new position; now the click carries the ply it was made at
and is refused with a message."""
from __future__ import annotations

import re
import time

import pytest

import fortress
from fortress.store import GameStore

pytestmark = pytest.mark.browser

KERNEL = 180_000  # ms: a page's first draw on a busy 2-core machine
STEP = 30.0  # s


def raw(message: str | bytes) -> bytes:
    return message.encode() if isinstance(message, str) else message


def test_a_click_made_before_a_move_landed_is_refused(browser, serve, save_dir, tmp_path, monkeypatch):
    url_db = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    monkeypatch.setenv("FORTRESS_STORE", url_db)
    store = GameStore(url_db)
    made = store.create_game(fortress.new_game(5, players=2, setup="balanced"), title="Race")
    token = made.tokens["2"]  # the Invaders: they declare first
    held: list[str | bytes] = []
    route: dict = {"paused": False, "page_side": None}

    def kernel_socket(ws):
        server = ws.connect_to_server()
        route["page_side"] = ws
        ws.on_message(server.send)
        server.on_message(lambda m: held.append(m) if route["paused"] else ws.send(m))

    def until(check, what: str) -> None:
        end = time.monotonic() + STEP
        while not check():
            assert time.monotonic() < end, f"timed out waiting for {what}"
            page.wait_for_timeout(50)  # lets the routed socket's callbacks run

    with serve(tmp_path, save_dir) as (url, _proc):
        context = browser.new_context()
        page = context.new_page()
        page.route_web_socket(re.compile(r".*/api/kernels/[^/]+/channels.*"), kernel_socket)
        page.goto(f"{url}?seat={token}", wait_until="commit", timeout=KERNEL)
        page.wait_for_selector(".fortress-turn-now[data-ply='0']", timeout=KERNEL)
        page.wait_for_selector(".fortress-end", timeout=KERNEL)
        page.wait_for_selector(".fortress-seen-ply [data-ply='0']", state="attached", timeout=KERNEL)

        route["paused"] = True  # the kernel's messages to the page wait, as on a slow network
        store.submit(token, 0, "declare Seattle")  # another page at this seat moves first
        until(lambda: any(b"data-ply='1'" in raw(m) for m in held), "the kernel to draw the new move")
        page.locator(".fortress-end").first.click()  # on the board the player still sees: move 0
        until(lambda: store.plies(made.game_id) > 1 or any(b"moved on before it arrived" in raw(m) for m in held),
              "the kernel to answer the click")
        route["paused"] = False
        for message in held:
            route["page_side"].send(message)
        held.clear()

        assert store.plies(made.game_id) == 1, store.actions(made.game_id)  # End was not played at move 1
        page.wait_for_selector(".fortress-message:has-text('moved on before it arrived')", timeout=KERNEL)
        assert "not played" in page.inner_text(".fortress-message") and store.plies(made.game_id) == 1
        context.close()
