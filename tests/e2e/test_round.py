"""A whole round played by clicks only at 1280x720 (issue 18, done-when), in headless Chromium
against a real Voila server: the Invaders' turns with "Play to my turn", the U.S. turn with
clicks on the map (laser, a declared battle, a move) and on the panels' buttons (a battle
fought, every choice, every step ended). Every click is answered (no lost click: each one
changes the page's redraw counter), the map keeps its size and the whole board stays in view,
the banner always says whose turn it is, and the busy line shows while the bots play."""
from __future__ import annotations

import re

import pytest

from tests.e2e.test_dashboard import PICK_JS, STEP, act, press, status, tick, wait_tick
from tests.e2e.test_map import assert_board_fits, geometry
from tests.e2e.test_projector import new_game

pytestmark = pytest.mark.browser

#: remembers whether the busy line ever showed (it is set before the bots start, cleared after)
BUSY_JS = """() => { window.__busy = false; const box = document.querySelector('.fortress-busy');
    new MutationObserver(() => { if (box.querySelector('.ft-busy')) window.__busy = true; })
        .observe(box, {childList: true, subtree: true, characterData: true}); }"""
BANNER = re.compile(r"(U\.S\.|WEST|SOUTH|EAST)'S TURN · [A-Z][a-z]+")


def click_target(page) -> str:
    """Click, with the mouse, a territory where a click does something now (its label)."""
    area, x, y = page.evaluate(PICK_JS, ".fa-m.t")
    before = tick(page)
    page.mouse.click(x, y)
    wait_tick(page, before)  # an unanswered click fails here: lost
    return area


def has(page, css: str) -> bool:
    return page.locator(css).count() > 0


def us_step(page, done: set[str]) -> None:
    """One click of the U.S. turn: what the step asks for once, then its end button."""
    text = status(page)
    phase = next((p for p in ("Reinforcements", "Declare", "Maneuvers", "Combat", "Invasion") if p in text), "")
    if has(page, ".fortress-decision"):
        act(page, ".fortress-decision")
    elif has(page, ".fortress-ground, .fortress-sabotage"):
        act(page, ".fortress-ground, .fortress-sabotage")
    elif phase == "Reinforcements" and has(page, ".fa-m.t") and page.evaluate(PICK_JS, ".fa-m.t"):
        click_target(page)
    elif phase in ("Declare", "Maneuvers") and phase not in done and page.evaluate(PICK_JS, ".fa-m.t"):
        click_target(page)  # Declare: a battle; Maneuvers: a source, then (next call) a destination
        if phase == "Declare" or has(page, ".fa-m.sel") is False:
            done.add(phase)
        elif page.evaluate(PICK_JS, ".fa-m.t"):
            click_target(page)
            done.add(phase)
    elif has(page, ".fortress-commit") and not has(page, ".fortress-fight"):
        act(page, ".fortress-commit")  # Fight! is offered once a unit is sent
    elif has(page, ".fortress-fight"):
        act(page, ".fortress-fight")
    elif has(page, ".fortress-attack"):
        act(page, ".fortress-attack")
    elif has(page, ".fortress-cancel") and has(page, ".fa-m.sel"):
        act(page, ".fortress-cancel")
    else:
        act(page, ".fortress-end")


def test_a_whole_round_by_clicks_at_1280x720(browser, voila_url):
    page = new_game(browser, voila_url)
    assert_board_fits(page, 720)
    size = geometry(page)["map"]
    done: set[str] = set()
    clicks = 0
    while "Round 2" not in status(page) and "Game over" not in status(page):
        clicks += 1
        assert clicks < 150, f"the round never ended: {status(page)}"
        assert BANNER.search(page.inner_text(".fortress-banner")), page.inner_text(".fortress-banner")
        if has(page, ".fortress-play:not([disabled])"):
            page.evaluate(BUSY_JS)
            if press(page, ".fortress-play"):
                page.wait_for_function("() => window.__busy && !document.querySelector('.ft-busy')", timeout=STEP)
        else:
            us_step(page, done)
        g = geometry(page)
        assert abs((g["map"][3] - g["map"][1]) - (size[3] - size[1])) <= 1, (size, g["map"])
        assert abs((g["map"][2] - g["map"][0]) - (size[2] - size[0])) <= 1, (size, g["map"])
    assert "Maneuvers" in done or "Game over" in status(page), done  # Declare has no target in round 1 if the Invaders hold no land
    assert_board_fits(page, 720)
    print(f"\na round in {clicks} clicks")
    page.close()
