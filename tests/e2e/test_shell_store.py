"""Two seats of one stored Council game on two Chromium pages (issue 31), against a real
``fortress serve --ruleset council`` server on a SQLite store: page A starts the shared game
(Amber and Birch human, Cedar and Dune the server's bots) and page B opens Birch's seat link.
They play the deeds (Birch draws a card), then both bid in the same sealed step. Every
websocket message each page received, and its HTML, never holds the other seat's drawn card,
its hand or its sealed bid before the reveal; after the reveal both pages show all bids."""
from __future__ import annotations

import random
import re

import pytest

from fortress.store import GameStore
from tests.e2e.test_dashboard import KERNEL, STEP
from tests.e2e.test_shell import LISTED_JS, OPTIONS_JS, shell_server

pytestmark = pytest.mark.browser

OTHERS = {"amber": ("Birch", "Cedar", "Dune"), "birch": ("Amber", "Cedar", "Dune")}
TICK_AT_LEAST_JS = "(n) => Number(document.querySelector('.fortress-shell-tick').textContent) >= n"


def secret(mine: str) -> re.Pattern[str]:
    """What only another councillor may see: a card it drew, its sealed order."""
    who = "|".join(OTHERS[mine])
    return re.compile(rf"({who}) draws the |({who})(?:'|&#x27;|\\u0027)s sealed order")


def recorded(page) -> list[str]:
    frames: list[str] = []  # every websocket message the page receives (the kernel's widget updates)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
        payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
    return frames


def tick(page) -> int:
    return int(page.locator(".fortress-shell-tick").text_content() or 0)


def acts(page, side: str) -> bool:
    return f"{side} to act" in (page.locator(".fortress-shell-panel-title").text_content() or "")


def typed(page, text: str) -> None:
    before = tick(page)
    page.locator(".fortress-shell-notation input").fill(text)
    page.locator(".fortress-shell-notation-go").click()
    page.wait_for_function(TICK_AT_LEAST_JS, arg=before + 1, timeout=STEP)


def chosen(page, rng: random.Random) -> None:
    """A random verb (never surrender) and one of its actions, then Do it."""
    verbs = [v for v in page.locator(".fortress-shell-verb select").evaluate(OPTIONS_JS)
             if not v.startswith("surrender")]
    verb = rng.choice(verbs)
    page.locator(".fortress-shell-verb select").select_option(label=verb)
    page.wait_for_function(LISTED_JS, arg=re.split(r"\s", verb)[0], timeout=STEP)
    page.locator(".fortress-shell-action select").select_option(
        label=rng.choice(page.locator(".fortress-shell-action select").evaluate(OPTIONS_JS)))
    before = tick(page)
    page.locator(".fortress-shell-do").click()
    page.wait_for_function(TICK_AT_LEAST_JS, arg=before + 1, timeout=STEP)


def in_bid(page) -> bool:
    return " · bid · " in (page.locator(".fortress-shell-header").text_content() or "")


def store_server(tmp_path_factory, ruleset: str, preheat: int = 0):
    """A real ``fortress serve --ruleset RULESET`` on a fresh SQLite store (``preheat`` kernels
    kept ready): (its address, the store's URL)."""
    folder = tmp_path_factory.mktemp(f"shellstore-{ruleset}")
    url = f"sqlite:///{folder / 'games.sqlite3'}"
    with shell_server(folder, ruleset, preheat, FORTRESS_STORE=url) as address:
        yield address, url


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    yield from store_server(tmp_path_factory, "council")


def two_pages(browser, address: str, ruleset: str, sides: tuple[str, str]):
    """Two browsers (two students), each page's websocket messages recorded by side, page A opened
    on the server: (the contexts, page A, page B, the frames)."""
    contexts = browser.new_context(), browser.new_context()
    a, b = contexts[0].new_page(), contexts[1].new_page()
    frames = {sides[0]: recorded(a), sides[1]: recorded(b)}
    a.goto(address, timeout=KERNEL)
    a.wait_for_selector(f".fortress-shell-{ruleset} .fortress-shell-share", timeout=KERNEL)
    return contexts, a, b, frames


def share_and_join(a, b, address: str, side: str) -> None:
    """Page ``a`` seats ``side`` human and starts the shared game; page ``b`` opens that seat's link."""
    a.locator(f".fortress-shell-seat-{side} select").select_option(label="human")
    a.locator(".fortress-shell-share").click()
    a.wait_for_selector(".fortress-shell-links .fortress-seat-link a", timeout=STEP)
    token = re.search(r"seat=([\w-]+)", a.locator(".fortress-seat-link a").get_attribute("href")).group(1)
    b.goto(f"{address}?seat={token}", timeout=KERNEL)
    b.wait_for_function("() => (document.querySelector('.fortress-shell-links') || {}).textContent"
                        f"?.includes('this page plays {side.capitalize()}')", timeout=KERNEL)


def test_two_seats_on_two_pages_never_see_each_others_hand_or_bid(browser, stored):
    address, url = stored
    (a_context, b_context), a, b, frames = two_pages(browser, address, "council", ("amber", "birch"))
    share_and_join(a, b, address, "birch")
    pages, rng, drew = {"amber": a, "birch": b}, random.Random(3), False
    for _ in range(40):  # the deeds: each page when its side acts, the other following the store
        if in_bid(a) and in_bid(b):
            break
        side = next((s for s, p in pages.items() if acts(p, s.capitalize()) and not in_bid(p)), None)
        assert side is not None, "one page acts at a time in the deeds (both followed the store)"
        page = pages[side]
        if side == "birch" and not drew:
            typed(page, "choose draw")  # Birch draws a card into its secret hand
            drew = True
        else:
            chosen(page, rng)
        other = b if page is a else a
        other.wait_for_function(TICK_AT_LEAST_JS, arg=tick(page), timeout=STEP)  # followed within a step
    assert in_bid(a) and in_bid(b) and drew
    typed(b, "bid 2")  # Birch bids first ...
    b.wait_for_function("() => document.querySelector('.fortress-shell-message').textContent.includes('bid 2')",
                        timeout=STEP)
    before_reveal = {side: len(f) for side, f in frames.items()}
    assert "Birch ordered" not in a.content()
    typed(a, "bid 1")  # ... then Amber: the bots bid on the server and all are revealed together
    for page, text in ((a, "Birch ordered: bid 2."), (b, "Amber ordered: bid 1.")):
        page.wait_for_function(f"() => document.querySelector('.fortress-shell-log').textContent.includes({text!r})",
                               timeout=STEP)
    store = GameStore(url)
    game_id = store.list_games()[0]["id"]
    real = store.game(game_id)
    assert any(e.kind == "card" and "Birch draws the" in e.text for e in real.events)
    assert "Birch draws the" in b.content() and any("Birch draws the" in f for f in frames["birch"])  # its own
    for side, page in pages.items():
        hidden = secret(side)
        assert not hidden.search(page.content()), hidden.search(page.content())
        assert not [m.group(0) for f in frames[side] if (m := hidden.search(f))]
        other = "Birch" if side == "amber" else "Amber"
        assert not [f for f in frames[side][:before_reveal[side]] if f"{other} ordered" in f]
        assert not [c for c in others_cards(real, side) if any(re.search(rf"\b{c}\b", f) for f in frames[side])]
    for context in (a_context, b_context):
        context.close()


def others_cards(game, side: str) -> set[str]:
    """The cards in other hands that ``side`` never saw named (not in its hand, in no event it sees)."""
    seen = " ".join(e.text for e in game.events if e.seen_by(side))
    return {c for other, hand in game.state.hands.items() if other != side for c in hand
            if c not in game.state.hands[side] and not re.search(rf"\b{c}\b", seen)}
