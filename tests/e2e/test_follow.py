"""Bot turns you can follow, the odds workbench and the hint, in headless Chromium against a real
Voila server at 1280x720 (issue 18): after "Play to my turn" the Bot turns tab tells each
Invader turn, Back / Next step through the bots' moves with arrows on the map, "The game now"
comes back; the Odds tab computes an edited battle with and without combined arms; Hint says
what the heuristic would do."""
from __future__ import annotations

import re

import pytest

from tests.e2e.test_dashboard import DOCS, STEP, act, dashboard_with_heuristic_invaders, status

pytestmark = pytest.mark.browser

MOVE_ARROWS = ".fortress-map path[stroke='#1d2733']"  # fortress.rulesets.america.dashboard.follow_panel.MOVE_COLOUR


def caption(page) -> str:
    return page.inner_text(".fortress-follow-caption")


def arrows_drawn(page) -> int:
    """Move arrows on the map: paths of the moves layer with something drawn."""
    return page.evaluate(f"""() => [...document.querySelectorAll("{MOVE_ARROWS}")]
        .filter(p => (p.getAttribute('d') || '').length > 10).length""")


def test_follow_the_bots_then_ask_the_workbench_and_a_hint(browser, voila_url):
    page = dashboard_with_heuristic_invaders(browser, voila_url)
    page.locator(".fortress-new-game").click()
    page.wait_for_selector(".fortress-status:has-text('Round')", timeout=STEP)
    act(page, ".fortress-play")

    # the Bot turns tab: a paragraph per Invader turn, the move list
    page.wait_for_selector(".fortress-follow-summary p", timeout=STEP)
    summary = page.inner_text(".fortress-follow-summary")
    for side in ("West", "South", "East"):
        assert f"{side} declared" in summary, summary
    assert "(odds " in summary, summary
    total = int(re.search(r"after the bots' (\d+) moves", caption(page)).group(1))
    assert page.locator(".fortress-follow-moves .mv").count() == total

    # step back through the bots' moves until one that moved units: arrows on the map
    for k in range(1, 40):
        act(page, ".fortress-follow-back")
        assert caption(page).startswith(f"Move {total - k} of {total}"), caption(page)
        if arrows_drawn(page):
            break
    else:
        raise AssertionError("no move arrows in the bots' last 40 moves")
    top, bottom = page.evaluate("() => { const r = document.querySelector('.fortress-map').getBoundingClientRect();"
                                " return [r.top, r.bottom]; }")
    assert top >= -1 and bottom <= 720 + 1, f"the map left the window while stepping: {top:.0f}..{bottom:.0f}"
    page.screenshot(path=str(DOCS / "dashboard-follow.png"))  # docs/dashboard.md, "Bot turns you can follow"
    now = page.inner_text(".fortress-follow-moves .mv.now")
    assert now.startswith(f"{total - k}.") and now.split(".", 1)[1].strip() in caption(page)
    act(page, ".fortress-follow-back")  # one more back, one next: the same move again
    act(page, ".fortress-follow-next")
    assert caption(page).startswith(f"Move {total - k} of {total}"), caption(page)
    act(page, ".fortress-follow-live")
    assert "The game now" in caption(page) and arrows_drawn(page) == 0
    assert "U.S." in status(page)

    # the Hint: the heuristic's move for the U.S., in words
    act(page, ".fortress-hint")
    assert "The heuristic bot would play" in page.inner_text(".fortress-message")

    # the odds workbench: an edited battle, with and without combined arms side by side
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Odds").click()
    page.locator(".fortress-odds-area select").select_option(label="Denver")
    # the kernel has filled the form for Denver (its attackers' label names the side): typing only
    # after that, so the kernel's fill cannot land over what we type
    page.wait_for_function("() => (document.querySelector('.fortress-odds-attackers label') || {}).textContent"
                           "?.includes(' attacks')", timeout=STEP)
    for css, text in ((".fortress-odds-attackers", "2 infantry, 1 hovertank"), (".fortress-odds-defenders", "2 infantry")):
        field = page.locator(f"{css} input")
        field.fill(text)
        field.press("Enter")
    page.locator(".fortress-odds-terrain select").select_option("city")
    page.locator(".fortress-odds-go").click()
    page.wait_for_function("() => document.querySelector('.fortress-odds-result').textContent.trim() !== ''",
                           timeout=STEP)
    result = page.inner_text(".fortress-odds-result")
    assert page.locator(".fortress-odds-result td").count(), result  # the odds' table, not a refusal
    assert "as given" in result and "with combined arms" in result, result
    clear = [float(x) for x in re.findall(r"Cleared: ([\d.]+)%", result)]
    assert len(clear) == 2 and clear[1] > clear[0], result  # combined arms helps in a city
    page.close()
