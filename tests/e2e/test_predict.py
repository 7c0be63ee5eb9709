"""Class-prediction mode in headless Chromium against a real Voila server at 1280x720 (issue
18): with the toggle on, the heuristic bots pause before their first battle's dice; the box
shows the exact odds and two guesses; a guess rolls the dice, says whether the class was
right and explains every die with its rule; "Got it" closes it and the bots go on."""
from __future__ import annotations

import re

import pytest

from tests.e2e.test_dashboard import STEP, act, dashboard_with_heuristic_invaders, status

pytestmark = pytest.mark.browser


def test_the_class_guesses_before_a_bots_battle_then_every_die_is_explained(browser, voila_url):
    page = dashboard_with_heuristic_invaders(browser, voila_url)
    page.locator(".fortress-seed input").fill("3")
    page.locator(".fortress-seed input").press("Enter")
    page.locator(".fortress-predict-toggle input").check()
    page.locator(".fortress-new-game").click()
    page.wait_for_selector(".fortress-status:has-text('Round')", timeout=STEP)

    act(page, ".fortress-play")  # the bots play until their first battle's dice, then wait
    box = page.locator(".fortress-predict")
    box.wait_for(state="visible", timeout=STEP)
    text = box.inner_text()
    assert "Exact odds" in text and "What will happen?" in text, text
    odds = [float(p) for p in re.findall(r"(\d+(?:\.\d+)?)%", text)]
    assert len(odds) == 2 and abs(sum(odds) - 100) < 0.2, text  # the two answers' exact odds
    guesses = page.locator(".fortress-predict-guess")
    # the header is another widget: its redraw may land a moment after the box's
    page.wait_for_function("() => document.querySelector('.fortress-status').innerText.includes('Combat')",
                           timeout=STEP)
    assert guesses.count() == 2 and "Combat" in status(page)
    before = status(page)
    act(page, ".fortress-play")  # nothing moves while the class has not guessed
    assert status(page) == before and box.is_visible()

    guesses.nth(1).click()  # the class guesses the second answer: the dice roll
    page.wait_for_selector(".fortress-predict:has-text('The class was')", timeout=STEP)
    text = box.inner_text()
    assert re.search(r"The class was (right|wrong)", text), text
    dice = page.locator(".fortress-predict ol li")
    assert dice.count() >= 1
    for i in range(dice.count()):  # every die: who, which unit and die, what it did by the rules
        line = dice.nth(i).inner_text()
        assert re.match(r"(U\.S\.|West|South|East) (attacking|defending): \w+ \(\w+ d\d+\): ", line), line
    page.locator(".fortress-predict-close").click()
    box.wait_for(state="hidden", timeout=STEP)
    page.close()
