"""The dashboard at phone width (issue 18, bug 8): the header buttons keep their words
and the map stays inside the screen (docs/dashboard-phone.png: tests/e2e/test_projector.py)."""
from __future__ import annotations

import pytest

from tests.e2e.test_dashboard import KERNEL, STEP, load_dashboard

pytestmark = pytest.mark.browser

PHONE = {"width": 400, "height": 860}

MEASURE_JS = """() => {
    const box = s => document.querySelector(s).getBoundingClientRect();
    const buttons = ['.fortress-undo', '.fortress-step', '.fortress-play'].map(s => {
        const e = document.querySelector(s);
        return [s, e.getBoundingClientRect().width, e.scrollWidth, e.clientWidth];
    });
    const map = box('.fortress-map');
    return {buttons, map: [map.left, map.right, map.width], page: document.documentElement.clientWidth};
}"""


def test_phone_width_keeps_the_header_buttons_and_the_map_on_screen(page, voila_url):
    page.set_viewport_size(PHONE)
    load_dashboard(page, voila_url)
    page.wait_for_selector(".fortress-status", timeout=KERNEL)
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Game").click()
    page.locator(".fortress-new-game").click()
    page.wait_for_selector(".fortress-status:has-text('Round')", timeout=STEP)
    got = page.evaluate(MEASURE_JS)
    for css, width, needed, inner in got["buttons"]:
        assert width >= 40 and needed <= inner + 1, f"{css} squashed: {width:.0f} px wide, its text needs {needed}"
    left, right, width = got["map"]
    assert left >= 0 and right <= got["page"] + 1 and width >= 0.8 * got["page"], got

