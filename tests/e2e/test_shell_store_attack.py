"""Two seats of one stored ATTACK! Deluxe game on two Chromium pages (issue 38), against a real
``fortress serve --ruleset attack`` server on a SQLite store, with its default preheated kernels
(each page is served by one: it learns its address, seat link and all, once asked): page A (a 4-player western game,
Red and Blue human, Green and Yellow the server's bots) starts the shared game and page B opens
Blue's seat link. Each page plays its seat when it acts (ATTACK!'s panels where they take the
moment: in a season Red negotiates and Blue researches; the generic panel's first action, "end"
or "pass" first, elsewhere) until Red has looked at a neutral's marker and declined. Red's peek
shows on page A and never reaches page B's websocket messages or HTML (nor do the bots' peeks,
if they negotiate); each of A's moves shows on page B (B follows the store to A's ply, and Red's
public "looks at the marker" is in B's log)."""
from __future__ import annotations

import re
import statistics
import time

import pytest

from fortress.store import GameStore
from fortress.ui.serve import PREHEAT
from tests.e2e.test_dashboard import STEP
from tests.e2e.test_shell_attack import new_game, options
from tests.e2e.test_shell_store import (TICK_AT_LEAST_JS, acts, share_and_join, store_server, tick,
                                      two_pages)

pytestmark = [pytest.mark.browser, pytest.mark.serial]

PEEK = re.compile(r"The marker of [^<\"]+ is [A-Z]\w+")  #: the peek event's text: only the peeker's
SEASON = {"red": "negotiate", "blue": "research"}  #: each seat's action in a season
LAST = ("end", "pass")


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    yield from store_server(tmp_path_factory, "attack", PREHEAT)  # both pages served by preheated kernels, as by default


def click(page, css: str) -> None:
    before = tick(page)
    page.locator(css).first.click()
    page.wait_for_function(TICK_AT_LEAST_JS, arg=before + 1, timeout=STEP)


def generic(page) -> str:
    """The generic panel's action: the first "end" or "pass" listed, else the first verb's first."""
    verbs = [v for v in options(page, ".fortress-shell-verb") if not v.startswith("surrender")]
    verb = next((v for v in verbs if v.split()[0] in LAST), verbs[0])
    page.locator(".fortress-shell-verb select").select_option(index=options(page, ".fortress-shell-verb").index(verb))
    text = options(page, ".fortress-shell-action")[0]
    click(page, ".fortress-shell-do")
    return text


def play_one(page, side: str) -> str:
    """One action of ``side`` on its page, in the panel that takes the moment."""
    if page.locator(".ft-attack-chooser").count():
        if page.locator(".ft-attack-pass").is_visible():
            click(page, ".ft-attack-pass")
            return "pass"
        name = SEASON[side] if page.locator(f".ft-attack-action-{SEASON[side]}").is_enabled() else next(
            n for n in ("research", "build", "move") if page.locator(f".ft-attack-action-{n}").is_enabled())
        click(page, f".ft-attack-action-{name}")
        return f"choose {name}"
    if page.locator(".ft-attack-negotiate").count():
        if page.locator(".ft-attack-look").is_visible() and page.locator(".ft-attack-look").is_enabled():
            click(page, ".ft-attack-look")
            page.wait_for_selector(".ft-attack-negotiate-note:has-text('only you see it')", timeout=STEP)
            return "look"
        if page.locator(".ft-attack-decline").is_visible():
            click(page, ".ft-attack-decline")
            return "decline"
        click(page, ".ft-attack-negotiate-end")
        return "end"
    if page.locator(".ft-attack-research").count():
        click(page, ".ft-attack-research-end")
        return "end"
    if page.locator(".ft-attack-battle-decide").count():
        how = "deploy" if page.locator(".ft-attack-deploy").is_visible() else "fire"
        click(page, f".ft-attack-{how}")
        return how
    if page.locator(".ft-attack-build").count():
        click(page, ".ft-attack-build-end")
        return "end"
    return generic(page)


def test_a_peek_on_one_seats_page_never_reaches_the_others(browser, stored):
    address, url = stored
    (a_context, b_context), a, b, frames = two_pages(browser, address, "attack", ("red", "blue"))
    new_game(a)
    share_and_join(a, b, address, "blue")
    pages = {"red": a, "blue": b}
    played: list[tuple[str, str]] = []
    latencies: list[float] = []  # a click on one page to the move drawn on the other
    peeked = False
    for _ in range(120):
        if peeked and played[-1] == ("red", "decline"):
            break
        side = next((s for s, p in pages.items() if acts(p, s.capitalize())), None)
        assert side is not None, f"one page acts at a time (both follow the store): {played[-5:]}"
        page, other = pages[side], pages["blue" if side == "red" else "red"]
        t0 = time.perf_counter()
        played.append((side, play_one(page, side)))
        peeked = peeked or played[-1] == ("red", "look")
        if played[-1] == ("red", "look"):
            assert PEEK.search(a.locator(".fortress-shell-log").inner_text() + a.content()), "Red sees its peek"
        other.wait_for_function(TICK_AT_LEAST_JS, arg=tick(page), timeout=STEP)  # the move shows on the other page
        latencies.append(time.perf_counter() - t0)
    assert peeked and played[-1] == ("red", "decline"), played[-10:]
    b.wait_for_function("() => document.querySelector('.fortress-shell-log').textContent.includes('Red looks at the marker of')",
                        timeout=STEP)
    real = GameStore(url).game(GameStore(url).list_games()[0]["id"])
    peeks = [(e.text.rstrip("."), e.audience) for e in real.events if e.kind == "peek"]
    assert all(len(audience) == 1 for _text, audience in peeks), peeks  # each peek its peeker's alone
    reds = [text for text, audience in peeks if audience == {"red"}]  # (the bots, Green and Yellow, may peek too)
    assert reds and any(text in " ".join(frames["red"]) for text in reds)  # A received Red's peek ...
    seen_by_b = [m.group(0) for f in [*frames["blue"], b.content()] for m in PEEK.finditer(f)]
    assert not seen_by_b, seen_by_b  # ... and B no peek at all (Blue researches, never negotiates)
    for context in (a_context, b_context):
        context.close()
    print(f"\na click on one page to its move drawn on the other: n={len(latencies)}, median "
          f"{statistics.median(latencies):.2f} s, max {max(latencies):.2f} s")  # reported, not asserted
