"""The dashboard's map on a projector-sized window (1280x720), in headless Chromium against a
real Voila server (issue 18, bug 1): the map keeps a window-based height whatever the column
beside it holds, the legend and tracks stay above the fold, clicks near the bottom of the page
select the territory clicked (no scroll between mouse-down and mouse-up), and the view is
re-fitted to the whole board when the map's size changes."""
from __future__ import annotations

import pytest

from tests.e2e.test_dashboard import (STEP, act, click_area, load_dashboard, play_bots_until_us_reinforcements, status,
                                      still, tick, wait_tick)

pytestmark = pytest.mark.browser

BACKDROP = "#9a9a8a"  # the border colour of Canada and Mexico (fortress.ui.area_layers.BACKDROP_STYLE)

#: the targets (".fa-m.t") inside the map, lowest on the page first: [area, x, y]
LOW_TARGETS_JS = """() => {
    const map = document.querySelector('.fortress-map').getBoundingClientRect();
    const out = [];
    for (const el of document.querySelectorAll('.fa-m.t')) {
        const r = el.getBoundingClientRect(), a = el.closest('.leaflet-marker-icon').getBoundingClientRect();
        const x = a.left, y = a.top;  // the label's point, in its territory
        if (r.width > 0 && x > map.left + 50 && x < map.right - 10 && y > map.top + 10 && y < map.bottom - 8)
            out.push([el.dataset.area, x, y]);
    }
    return out.sort((a, b) => b[2] - a[2]);
}"""

#: the map's box, the page's scroll, the bottom of the tracks, and the box around every territory
GEOMETRY_JS = """() => {
    const BACKDROP = '%s';
    const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const map = document.querySelector('.fortress-map');
    const shapes = [...map.querySelectorAll('path.leaflet-interactive')]
        .filter(p => p.getAttribute('stroke') !== BACKDROP).map(box);  // not Canada, Mexico
    const board = [Math.min(...shapes.map(s => s[0])), Math.min(...shapes.map(s => s[1])),
                   Math.max(...shapes.map(s => s[2])), Math.max(...shapes.map(s => s[3]))];
    return {map: box(map), scroll: window.scrollY, board,
            tracks: box(document.querySelector('.fortress-tracks')),
            legend: box(document.querySelector('.ft-legend'))};
}""" % BACKDROP


def geometry(page) -> dict:
    return page.evaluate(GEOMETRY_JS)


def assert_board_fits(page, height: int) -> None:
    """The whole board in view, filling the map's width or height; the tracks above the fold."""
    page.wait_for_function(f"() => ({GEOMETRY_JS})().board[3] <= ({GEOMETRY_JS})().map[3] + 1 && "
                           f"({GEOMETRY_JS})().board[1] >= ({GEOMETRY_JS})().map[1] - 1", timeout=STEP)
    g = still(page, GEOMETRY_JS)  # a zoom animation ended
    (ml, mt, mr, mb), (bl, bt, br, bb) = g["map"], g["board"]
    assert ml - 1 <= bl and br <= mr + 1 and mt - 1 <= bt and bb <= mb + 1, g
    assert (br - bl) >= 0.85 * (mr - ml) or (bb - bt) >= 0.85 * (mb - mt), f"the board floats in ocean: {g}"
    assert g["tracks"][3] <= height and g["legend"][3] <= height, f"legend or tracks below the fold: {g}"


def reach_maneuvers(page) -> None:
    """Start a game against bots and play the U.S. turn's first steps with the panels' buttons."""
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Game").click()
    page.locator(".fortress-new-game").click()
    page.wait_for_selector(".fortress-status:has-text('Round')", timeout=STEP)
    play_bots_until_us_reinforcements(page)
    for _ in range(40):
        if "Maneuvers" in status(page):
            return
        if page.locator(".fortress-ground, .fortress-sabotage").count():
            act(page, ".fortress-ground, .fortress-sabotage")
        elif "Reinforcements" in status(page) and page.locator(".fa-m.t").count():
            click_area(page, ".fa-m.t")  # a partisan card's territory (its label may be hidden: nothing on it)
        else:
            act(page, ".fortress-end")
    raise AssertionError(f"never reached Maneuvers: {status(page)}")


@pytest.fixture(scope="module")
def maneuvers_page(browser, voila_url):
    """A 1280x720 page whose game has reached the U.S. Maneuvers (the bots' turns played
    through the page): the tests below start there, each leaving it in Maneuvers, and the
    window is put back to 1280x720 before each."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    load_dashboard(page, voila_url)
    page.wait_for_selector(".fortress-status", timeout=STEP)
    assert_board_fits(page, 720)
    reach_maneuvers(page)
    yield page
    page.close()


@pytest.fixture
def at_maneuvers(maneuvers_page):
    """:func:`maneuvers_page` at 1280x720 (a window resized back: once the view is fitted again)."""
    page = maneuvers_page
    assert "Maneuvers" in status(page)
    if page.viewport_size != {"width": 1280, "height": 720}:
        page.set_viewport_size({"width": 1280, "height": 720})
        assert_board_fits(page, 720)
    return page


def test_map_clicks_land_at_1280x720_and_the_map_keeps_its_size(at_maneuvers):
    page = at_maneuvers
    size = geometry(page)["map"]
    picks = page.evaluate(LOW_TARGETS_JS)[:6]
    assert len(picks) >= 3, picks
    for area, _x, _y in picks:
        found = {a: (x, y) for a, x, y in page.evaluate(LOW_TARGETS_JS)}
        x, y = found[area]
        before, scroll = tick(page), geometry(page)["scroll"]
        page.mouse.move(x, y)
        page.mouse.down()
        assert geometry(page)["scroll"] == scroll, "the page scrolled between mouse-down and mouse-up"
        assert page.evaluate("() => !document.activeElement.closest('.fortress-map')"), \
            "mouse-down focused the map: a browser scrolls a focused map into view"
        page.mouse.up()
        wait_tick(page, before)
        assert page.locator(".fa-m.sel").count() == 1, (area, page.inner_text(".fortress-message"), status(page))
        selected = page.locator(".fa-m.sel").get_attribute("data-area")
        assert selected == area, f"clicked {area} at ({x:.0f}, {y:.0f}), selected {selected}"
        g = geometry(page)
        assert abs((g["map"][3] - g["map"][1]) - (size[3] - size[1])) <= 1, (size, g["map"])
        assert g["tracks"][3] <= 720, f"the tracks fell below the fold: {g}"
        before = tick(page)
        page.mouse.click(x, y - (g["scroll"] - scroll))  # the same territory again: unselect it
        wait_tick(page, before)
        assert page.locator(".fa-m.sel").count() == 0
    # a bigger window: a bigger map, the view fitted again to the whole board
    page.set_viewport_size({"width": 1440, "height": 900})
    page.wait_for_function(f"h => ({GEOMETRY_JS})().map[3] - ({GEOMETRY_JS})().map[1] > h + 100",
                           arg=size[3] - size[1], timeout=STEP)
    assert_board_fits(page, 900)


#: points just inside each city's outline (``inset`` px in from it, in the map's view, not beside
#: another city): the element the browser finds on top there, and the shapes stacked under it
CITY_EDGE_JS = """([cities, inset]) => {
    const map = document.querySelector('.fortress-map').getBoundingClientRect();
    const shape = e => [...e.classList].find(c => c.startsWith('ft-shape-'));
    const out = [];
    for (const aid of cities) {
        const path = document.querySelector(`.fortress-map path.ft-shape-${aid}`);
        if (!path) continue;
        const ctm = path.getScreenCTM(), back = ctm.inverse(), len = path.getTotalLength();
        for (let i = 0; i < 48; i++) {
            const q = path.getPointAtLength(len * i / 48), p = new DOMPoint(q.x, q.y).matrixTransform(ctm);
            for (const [dx, dy] of [[inset, 0], [-inset, 0], [0, inset], [0, -inset]]) {
                const x = p.x + dx, y = p.y + dy;
                if (x < map.left + 5 || x > map.right - 5 || y < map.top + 5 || y > map.bottom - 5) continue;
                if (!path.isPointInFill(new DOMPoint(x, y).matrixTransform(back))) continue;
                const under = document.elementsFromPoint(x, y).filter(e => e.tagName === 'path').map(shape);
                if (under.some(s => s && s !== 'ft-shape-' + aid && cities.includes(s.slice(9)))) continue;
                out.push({aid, x, y, top: shape(document.elementFromPoint(x, y)) || '', under});
            }
        }
    }
    return out;
}"""


def test_a_click_just_inside_a_city_lands_on_the_city_beside_a_highlighted_territory(at_maneuvers):
    """The area layers draw the highlighted territories over the others: a city beside the
    selection (a 5 px border) or beside a target (3 px) must still be on top, or its edge
    takes the neighbour's clicks (the cities are drawn again in the highlighted layer)."""
    import fortress
    page, board = at_maneuvers, fortress.new_game(0).board
    cities = [a.id for a in board if a.is_city]
    hide = page.add_style_tag(content=".fortress-map .leaflet-marker-pane { visibility: hidden; }")  # shapes only
    page.evaluate("e => e.disabled = true", hide)
    checked, edge = 0, []
    for land, x, y in page.evaluate(LOW_TARGETS_JS)[:8]:  # sources, until one has a target city beside a target
        before = tick(page)
        page.mouse.click(x, y)  # select
        wait_tick(page, before)
        assert page.locator(f".fa-m.sel[data-area='{land}']").count() == 1
        targets = set(page.evaluate("() => [...document.querySelectorAll('.fa-m.t')].map(e => e.dataset.area)"))
        page.evaluate("e => e.disabled = false", hide)
        points = page.evaluate(CITY_EDGE_JS, [cities, 1.2])
        wrong = [p for p in points if p["top"] != f"ft-shape-{p['aid']}"]
        assert not wrong, wrong[:5]
        checked += len(points)
        lit = {f"ft-shape-{a}" for a in targets | {land} if not board[a].is_city}
        edge = [p for p in points if p["aid"] in targets and lit & set(p["under"])]
        if edge:
            break
        page.evaluate("e => e.disabled = true", hide)
        before = tick(page)
        page.mouse.click(x, y)  # unselect
        wait_tick(page, before)
    assert checked > 100 and edge, "no target city with a point under a highlighted territory's border"
    city, x, y = edge[0]["aid"], edge[0]["x"], edge[0]["y"]
    page.mouse.move(x, y)  # the hover box names the city, not the territory beside it
    page.wait_for_function("n => document.querySelector('.fortress-hover').innerText.includes(n)",
                           arg=board[city].name, timeout=STEP)
    named = f".fortress-log .ft-area[data-area='{city}'], .fortress-message .ft-area[data-area='{city}']"
    count, before = page.locator(named).count(), tick(page)
    page.mouse.click(x, y)  # a move into the city (into the territory beside it: not named)
    wait_tick(page, before)
    assert page.locator(named).count() > count, (city, page.inner_text(".fortress-message"))
    page.evaluate("e => e.remove()", hide)
