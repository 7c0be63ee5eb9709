"""The map read from the back of the room (issue 18), in headless Chromium at 1280x720 against
a real Voila server: projector mode doubles the counters, no two labels overlap (moved ones
get a leader line and still select their territory), names on hover and printed on the map.
Writes docs/dashboard-projector.png."""
from __future__ import annotations

import pytest

from tests.e2e.test_dashboard import DOCS, STEP, load_dashboard, play_bots_until_us_reinforcements, tick, wait_tick

pytestmark = pytest.mark.browser

#: every unit label's box inside the map: [area, left, top, right, bottom, font px, moved]
LABELS_JS = """() => {
    const map = document.querySelector('.fortress-map').getBoundingClientRect();
    return [...document.querySelectorAll('.fortress-map .fa-m')].filter(e => e.querySelector('.u')).map(e => {
        const r = e.getBoundingClientRect();
        return [e.dataset.area, r.left, r.top, r.right, r.bottom, parseFloat(getComputedStyle(e).fontSize),
                e.style.left !== ''];
    }).filter(b => b[3] > map.left && b[1] < map.right && b[4] > map.top && b[2] < map.bottom && b[3] > b[1]);
}"""


def overlaps(boxes: list) -> list:
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            w = min(a[3], b[3]) - max(a[1], b[1])
            h = min(a[4], b[4]) - max(a[2], b[2])
            if w > 1 and h > 1:
                out.append((a[0], b[0], round(w), round(h)))
    return out


def settle(page) -> list:
    """The labels once the kernel has redrawn them (sizes stop changing)."""
    page.wait_for_timeout(600)
    return page.evaluate(LABELS_JS)


def new_game(browser, url: str, width: int = 1280, height: int = 720):
    """A page at ``width`` x ``height`` with a new game (U.S. human, random Invaders) started."""
    page = browser.new_page(viewport={"width": width, "height": height})
    load_dashboard(page, url)
    page.wait_for_selector(".fortress-status", timeout=STEP)
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Game").click()
    page.locator(".fortress-new-game").click()
    page.wait_for_selector(".fortress-status:has-text('Round')", timeout=STEP)
    return page


def test_projector_mode_names_and_no_overlapping_counters(browser, voila_url):
    page = new_game(browser, voila_url)
    play_bots_until_us_reinforcements(page)
    page.wait_for_selector(".fa-m.t", timeout=STEP)
    normal = settle(page)
    assert not overlaps(normal), overlaps(normal)

    # hover: the territory's name (and holder, units) in the map's box
    page.mouse.move(*[(b[1] + b[3]) / 2 for b in normal[:1]], (normal[0][2] + normal[0][4]) / 2)
    page.wait_for_function("() => document.querySelector('.fortress-hover').innerText.length > 3", timeout=STEP)

    page.locator(".fortress-projector-toggle").click()
    page.wait_for_selector(".fortress-app.fortress-projector", timeout=STEP)
    page.wait_for_function("f => { const e = document.querySelector('.fortress-map .fa-m');"
                           " return e && parseFloat(getComputedStyle(e).fontSize) >= 1.9 * f; }",
                           arg=normal[0][5], timeout=STEP)
    big = settle(page)
    assert min(b[5] for b in big) >= 1.9 * max(b[5] for b in normal), "projector counters are twice as large"
    assert not overlaps(big), overlaps(big)
    moved = [b for b in big if b[6]]
    assert moved and page.locator(".fortress-map .fa-lead").count() >= 1, "labels moved aside get a leader line"
    page.screenshot(path=str(DOCS / "dashboard-projector.png"))

    # a label moved aside still acts on its own territory when clicked: here, the laser goes there
    targets = [b for b in moved if page.locator(f".fa-m.t[data-area='{b[0]}']").count()]
    assert targets, "a moved label among the laser's cities"
    area, left, top, right, bottom = targets[0][:5]
    before = tick(page)
    page.mouse.click((left + right) / 2, (top + bottom) / 2)
    wait_tick(page, before)
    page.wait_for_selector(f".fa-m[data-area='{area}']:has-text('\u26a1')", timeout=STEP)

    page.locator(".fortress-names-toggle").click()
    page.wait_for_function("() => document.querySelectorAll('.fortress-map .fa-m .nm').length > 100", timeout=STEP)
    page.close()
