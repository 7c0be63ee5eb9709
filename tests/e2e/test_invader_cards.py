"""End to end in headless Chromium: a human West plays a turn of the Invader Card variant.
The new-game form ticks the variant and seats West as a human (the rest random bots); West
passes its first turn, and in round 2 its Reinforcements show the card it drew (seed 1:
Submarine Supply), which it plays from the hand panel; two more units may then come in."""
from __future__ import annotations

import pytest

from tests.e2e.test_dashboard import KERNEL, STEP, act, click_area, load_dashboard, play_until, status

pytestmark = pytest.mark.browser


def set_seat(page, seat: str, label: str) -> None:
    page.locator(f".fortress-seat-{seat} select").select_option(label=label)


def play_to_west_round_2(page) -> None:
    """Pass West's round-1 turn and let the bots play, until West's round-2 Reinforcements."""
    play_until(page, lambda text: "Round 2" in text and "West (you)" in text and "Reinforcements" in text,
               "West's round-2 Reinforcements", seconds=180)


def test_a_human_invader_plays_a_turn_with_an_invader_card(page, voila_url):
    load_dashboard(page, voila_url)
    page.wait_for_selector(".fortress-status", timeout=KERNEL)
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Game").click()
    set_seat(page, "us", "random bot")
    set_seat(page, "west", "human")
    page.locator(".fortress-variant-invader-cards input").check()
    page.locator(".fortress-new-game").click()
    page.wait_for_selector(".fortress-status:has-text('Round')", timeout=STEP)
    play_to_west_round_2(page)

    hand = page.locator(".fortress-panel-cards")
    hand.wait_for(timeout=STEP)
    assert "Submarine Supply" in hand.inner_text() and "play in Reinforcements" in hand.inner_text()
    assert "Bring 8 more" in page.inner_text(".fortress-panel-reinforce")
    act(page, ".fortress-play-card")
    page.wait_for_selector(".fortress-panel-reinforce:has-text('Bring 10 more')", timeout=STEP)
    assert "Submarine Supply" not in page.locator(".fortress-panel-cards").inner_text()
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Log").click()
    page.wait_for_selector(".fortress-tabs:has-text(\"plays the Invader card 'Submarine Supply'\")", timeout=STEP)
    for _ in range(10):  # placing is compulsory as far as reserves and room allow: click zones until done
        if "Reinforcements" not in status(page) or page.locator(".fortress-end").count():
            break
        click_area(page, ".fa-m.t")
    if "Reinforcements" in status(page):
        act(page, ".fortress-end")  # done reinforcing (the step ends by itself once nothing more fits)
    assert "Declare" in status(page)
