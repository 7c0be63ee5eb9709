"""The world board's three views in the dashboard's map widget (issue 36), in headless Chromium
against a real Voila server: a screenshot of each view (Western, Pacific across the date line,
World), a name on hover, and clicks that select a region and a sea zone."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.conftest import notebook_server
from tests.e2e.test_dashboard import KERNEL, STEP, still

pytestmark = pytest.mark.browser

CELL = """import fortress
from fortress.ui.world_map import WorldBoardMap
game = fortress.new_game(ruleset="attack", players=4, seed=1)
game.state.control["midwest"] = "red"
WorldBoardMap(game).widget"""

#: a point inside an area's path where a click lands on it (the path itself is topmost there)
POINT_JS = """(aid) => {
    const p = document.querySelector(`.fortress-world-map path.ft-world-${aid}`);
    if (!p) return null;
    const r = p.getBoundingClientRect();
    for (let i = 1; i < 24; i++) for (let j = 1; j < 24; j++) {
        const x = r.left + r.width * i / 24, y = r.top + r.height * j / 24;
        if (document.elementFromPoint(x, y) === p) return [x, y];
    }
    return null;
}"""

#: the left edge of an area's shape on the page
LEFT_JS = "(aid) => document.querySelector(`.fortress-world-map path.ft-world-${aid}`).getBoundingClientRect().left"


def notebook(folder: Path) -> Path:
    path = folder / "world.ipynb"
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "world", "metadata": {}, "outputs": [],
                   "source": CELL}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def world_url(tmp_path_factory):
    folder = tmp_path_factory.mktemp("world")
    with notebook_server(folder, notebook(folder)) as url:
        yield url


def pacific_is_whole(page) -> bool:
    """In the Pacific and World views the Western US lies east of Japan, across the date line."""
    return page.evaluate(LEFT_JS, "western-us") > page.evaluate(LEFT_JS, "japan")


def click(page, aid: str) -> None:
    page.wait_for_function(POINT_JS, arg=aid, timeout=STEP)
    x, y = page.evaluate(POINT_JS, aid)
    page.mouse.move(x, y)
    page.mouse.click(x, y)


def test_three_views_screenshots_and_clicks(browser, world_url, tmp_path):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(world_url, timeout=KERNEL)
    page.wait_for_selector(".fortress-world-map path.ft-world-midwest", timeout=KERNEL)
    assert not pacific_is_whole(page)  # Western: the native frame
    shots = {}
    for label, view, title in (("Western", "western", "Western Theatre"), ("Pacific", "pacific", "Pacific Theatre"),
                               ("World", "world", "The whole world")):
        page.locator(".fortress-world-views button", has_text=label).click()
        page.wait_for_selector(f".fortress-world-caption:has-text('{title}')", timeout=STEP)
        still(page, f"() => [({LEFT_JS})('japan'), ({LEFT_JS})('western-us')]")  # drawn, no animation
        assert pacific_is_whole(page) == (view != "western"), view
        shots[view] = tmp_path / f"world-{view}.png"
        page.locator(".fortress-world-map").screenshot(path=str(shots[view]))
    assert all(p.stat().st_size > 10_000 for p in shots.values()), shots
    assert len({p.read_bytes() for p in shots.values()}) == 3  # three different pictures
    page.locator(".fortress-world-views button", has_text="Western").click()
    page.wait_for_selector(".fortress-world-caption:has-text('Western Theatre')", timeout=STEP)
    still(page, f"() => [({LEFT_JS})('japan'), ({LEFT_JS})('western-us')]")
    click(page, "midwest")
    page.wait_for_selector(".fortress-world-status:has-text('Midwest')", timeout=STEP)
    assert "held by Red" in page.locator(".fortress-world-status").text_content()
    page.wait_for_selector(".fortress-world-hover:has-text('Midwest')", timeout=STEP)
    click(page, "north-atlantic")
    page.wait_for_selector(".fortress-world-status:has-text('North Atlantic')", timeout=STEP)
    assert "sea zone" in page.locator(".fortress-world-status").text_content()
    page.close()
