"""Clicks land on the territory under the pointer (issue 35, item 2), in headless Chromium
against a real Voila server: at 1280x720 and 1920x1080, with the names printed and without,
every sampled point inside every territory's shape hits a territory's shape, never a label
(labels moved aside by the layout sit over neighbours: Denver's over Colorado Springs), and
the pointer over a point another territory's label covers names the territory under it."""
from __future__ import annotations

import pytest

from fortress.engine.board import Board

from tests.e2e.test_dashboard import STEP
from tests.e2e.test_projector import new_game, settle

pytestmark = pytest.mark.browser

#: every territory's shape in the map, sampled on a grid: the points inside its fill, what the
#: browser hits there (a territory's shape, or what else), and whether a label's box covers it
SAMPLE_JS = """() => {
    const map = document.querySelector('.fortress-map').getBoundingClientRect();
    const labels = [...document.querySelectorAll('.fortress-map .fa-m')].map(e => [e.dataset.area, e.getBoundingClientRect()]);
    const top = new Map();  // the shape drawn last (on top) per territory
    for (const p of document.querySelectorAll('.fortress-map path[class*="ft-shape-"]'))
        top.set([...p.classList].find(c => c.startsWith('ft-shape-')).slice(9), p);
    const out = {areas: 0, points: 0, covered: 0, wrong: [], probe: null};
    for (const [id, p] of top) {
        const r = p.getBoundingClientRect(), inv = p.getScreenCTM().inverse();
        const step = Math.max(3, Math.min(r.width, r.height) / 6);
        let inside = 0;
        for (let x = r.left + step / 2; x < r.right; x += step) for (let y = r.top + step / 2; y < r.bottom; y += step) {
            if (x < map.left + 2 || x > map.right - 2 || y < map.top + 2 || y > map.bottom - 2) continue;
            const pt = new DOMPoint(x, y).matrixTransform(inv);
            if (!p.isPointInFill(pt)) continue;
            const hit = document.elementFromPoint(x, y);
            if (!hit || hit.closest('.leaflet-control')) continue;  // the zoom buttons, the toggles
            inside += 1;
            const cover = labels.find(([a, b]) => a !== id && x >= b.left && x <= b.right && y >= b.top && y <= b.bottom);
            if (cover) out.covered += 1;
            const shape = hit.tagName === 'path' && [...hit.classList].some(c => c.startsWith('ft-shape-'));
            if (!shape) out.wrong.push([id, Math.round(x), Math.round(y), hit.className.baseVal ?? hit.className]);
            else if (cover && hit === p && !out.probe) out.probe = [id, cover[0], x, y];
        }
        out.areas += inside > 0;
        out.points += inside;
    }
    return out;
}"""


def sample(page) -> dict:
    settle(page)
    return page.evaluate(SAMPLE_JS)


def test_a_click_acts_on_the_territory_under_the_pointer(browser, voila_url):
    page = new_game(browser, voila_url)
    page.wait_for_selector(".fortress-map .fa-m .u", timeout=STEP)
    probes = []
    for width, height in ((1280, 720), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        for names in (False, True):
            if names != ("mod-active" in (page.get_attribute(".fortress-names-toggle", "class") or "")):
                page.locator(".fortress-names-toggle").click()
            if names:
                page.wait_for_selector(".fortress-map .fa-m .nm", timeout=STEP)
            found = sample(page)
            where = f"{width}x{height}, names {'on' if names else 'off'}"
            assert found["areas"] >= 100, f"{where}: only {found['areas']} territories sampled"
            assert found["covered"] > 0, f"{where}: no label over another territory (nothing to prove)"
            assert not found["wrong"], f"{where}: points inside a territory hit something else: {found['wrong'][:10]}"
            print(f"\n{where}: {found['points']} points in {found['areas']} territories, "
                  f"{found['covered']} under another territory's label")
            if found["probe"]:
                probes.append(found["probe"])
    # the pointer over a point another territory's label covers: the hover box names the territory under it
    assert probes, "a point under another territory's label"
    aid, label_of, x, y = probes[-1]
    board = Board.default()
    page.mouse.move(x, y)
    page.wait_for_function("n => document.querySelector('.fortress-hover').innerText.includes(n)",
                           arg=board[aid].name, timeout=STEP)
    hover = page.inner_text(".fortress-hover").split("(")[0]  # the name, before what it is
    assert board[label_of].name not in hover, (aid, label_of, hover)
    page.close()
