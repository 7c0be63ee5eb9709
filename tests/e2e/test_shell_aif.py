"""America in Flames in the dashboard shell, in headless Chromium against a real ``fortress serve
--ruleset aif`` server (issue 39): at 1280x720, the Americas map and the allegiance track on the
page; the Allies' seat (human; the Axis a random bot) plays the two pre-set-up steps in the
influence panel by clicks (the USA writes §3.6's 6 levels in Brazil and 2 in Argentina, the
others nothing), each sealed order leaving nothing of itself on the page for the next power;
then, the Axis having declared, the USA declares war on a minor in the declarations panel and
the map and the track show it. The page is written to docs/dashboard-aif.png. Then, the
Axis seated at the page too, the Commonwealth and France passing their declarations and the Axis
their operations, the USA moves an infantry into Texas in the operations chooser and ATTACK!'s
move panel, by clicks, and the map's chip in Texas counts it. Everything waits on conditions."""
from __future__ import annotations

import pytest

from fortress.geodata.americas_map import AmericasMap
from fortress.rulesets.aif import politics
from fortress.rulesets.aif.tables import load
from tests.e2e.test_dashboard import DOCS, KERNEL, STEP
from tests.e2e.test_shell import TICK_JS, seat, shell_server, tick

pytestmark = pytest.mark.browser

USA = {"brazil": 6, "argentina": 2}  #: the USA's order in §3.6's first pre-set-up step
FLAG_JS = """(minor) => { const f = document.querySelector(`.ft-aif-flag[data-minor="${minor}"]`);
    return f && [f.dataset.square, [...f.classList].find(c => c.startsWith('ft-aif-flag-')), f.dataset.power || '']; }"""


@pytest.fixture(scope="module")
def aif_url(tmp_path_factory):
    with shell_server(tmp_path_factory.mktemp("shell-aif"), "aif") as url:
        yield url


def submit(page, levels: dict[str, int], next_human: bool) -> None:
    """The acting power writes ``levels`` (its total checked as the panel adds it up), Submit;
    when the next to act is this page's too (hot seat), nothing of the order is left on it."""
    power = page.locator(".ft-aif-influence-title b").text_content()
    t = load()
    pid = next(p for p, v in t.powers.items() if v.name == power)
    for minor, n in levels.items():
        box = page.locator(f".ft-aif-levels-{minor} input")
        box.fill(str(n))
        box.press("Enter")
    spent = sum(n * politics.level_cost(t, pid, m) for m, n in levels.items())
    page.wait_for_selector(f".ft-aif-influence-total:has-text('spends {spent} of')", timeout=STEP)
    before = tick(page)
    page.locator(".ft-aif-influence-submit").click()
    page.wait_for_function(TICK_JS, arg=before, timeout=STEP)
    if next_human:  # sealed: the form is cleared, the order's words nowhere on the page
        page.wait_for_selector(f".ft-aif-influence-title:not(:has-text('{power}'))", timeout=STEP)
        page.wait_for_function("() => [...document.querySelectorAll('.ft-aif-levels input')].every(i => i.value === '0')",
                               timeout=STEP)
        assert f"{power}'s sealed order" not in page.content() and f"{power}&#x27;s sealed order" not in page.content()
        assert f"{power} has given its orders." in page.locator(".fortress-shell-log").text_content()


def test_the_opening_and_a_declaration_are_played_by_clicks(browser, aif_url):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(aif_url, timeout=KERNEL)
    page.wait_for_selector(".fortress-shell-aif .ft-aif-influence-submit", timeout=KERNEL)
    assert page.locator(".fortress-aif-map path.ft-aif-texas").count() == 1  # the Americas map, drawn
    assert page.locator(".ft-aif-flag[data-minor]").count() == len(load().flagged())  # every flag on 0
    for power in ("cw", "france"):
        seat(page, power, "human")
    for step in (1, 2):
        for power in ("usa", "cw", "france"):
            submit(page, USA if (step, power) == (1, "usa") else {}, next_human=power != "france")
        if step == 1:
            page.wait_for_selector(".fortress-shell-log:has-text('influence step 2 of 2')", timeout=STEP)
            assert "3.6: USA's 6 levels in Brazil" in page.locator(".fortress-shell-log").text_content()
            square, where, power = page.evaluate(FLAG_JS, "brazil")
            assert where == "ft-aif-flag-in" and power == "usa" and int(square) > 0  # in its square (§3.1)
    page.wait_for_selector(".ft-aif-declare .ft-aif-do-declare", timeout=STEP)  # the Axis have declared
    minor = page.locator(".ft-aif-minor select")
    labels = minor.evaluate("s => [...s.options].map(o => o.textContent.replace(/\\s+/g, ' '))")
    at = next(i for i, o in enumerate(labels) if o.endswith("(0)"))  # a neutral minor
    minor.select_option(index=at)
    choice = next(m for m, v in load().minors.items() if f"{v.name} (0)" == labels[at])
    page.wait_for_function("() => !document.querySelector('button.ft-aif-do-declare').disabled",
                           timeout=STEP)
    assert page.locator(".ft-aif-do-align").is_disabled() and page.locator(".ft-aif-do-align").get_attribute("title")
    before = tick(page)
    page.locator(".ft-aif-do-declare").click()
    page.wait_for_function(TICK_JS, arg=before, timeout=STEP)
    name = load().minors[choice].name
    page.wait_for_selector(f".fortress-shell-log:has-text('USA declares war on {name}')", timeout=STEP)
    square, where, power = page.evaluate(FLAG_JS, choice)
    assert int(square) == -load().full_ally and power != "usa"  # the Axis' Full Ally (§3.2)
    region = next(a for a, v in AmericasMap.load().areas.items() if v.owner == choice)
    page.locator(f".fortress-aif-map path.ft-aif-{region}").click()
    page.wait_for_selector(".fortress-aif-status:has-text('Full Ally of')", timeout=STEP)
    board, panels = (page.locator(css).bounding_box() for css in (".fortress-aif-map", ".fortress-shell-panel"))
    assert board["x"] + board["width"] <= panels["x"] + 4 and panels["width"] >= 320  # side by side at 1280 px
    track = page.locator(".ft-aif-track-panel")
    assert page.evaluate("e => e.scrollWidth <= e.clientWidth + 1", track.element_handle())  # whole, no scrolling
    page.locator(".fortress-shell-header").evaluate("e => e.scrollIntoView()")
    page.screenshot(path=str(DOCS / "dashboard-aif.png"))
    operate(page)


def operate(page) -> None:
    """The Axis powers are seated at this page too (no bot's random battle in the way); the
    Commonwealth and France pass their declarations, the Axis their operations; the USA chooses
    Move and sends an infantry from the Midwest into Texas."""
    for power in ("germany", "italy", "japan"):
        seat(page, power, "human")
    for power in ("Commonwealth", "France"):
        page.wait_for_selector(f".ft-aif-declare-title:has-text('{power}')", timeout=STEP)
        click(page, ".ft-aif-declare .ft-aif-pass")
    for power in ("Germany", "Italy", "Japan"):
        page.wait_for_selector(f".ft-aif-operations-note:has-text('{power}')", timeout=STEP)
        click(page, ".ft-aif-operation-pass")
    page.wait_for_selector(".ft-aif-operations-note:has-text('USA')", timeout=STEP)
    chip = page.locator(".leaflet-marker-icon[title='Texas'] .ft-aif-units")
    units = int(chip.text_content().split("USA ")[1].split()[0])  # the starting forces' chip
    click(page, ".ft-aif-operation-move")
    page.locator(".ft-attack-move-panel .ft-attack-target select").select_option(label="Texas")
    count = page.locator(".ft-attack-count-midwest-infantry input")
    count.fill("1")
    count.press("Enter")
    page.wait_for_selector(".ft-attack-move-panel .ft-attack-odds:has-text('No battle: Texas is yours.')", timeout=STEP)
    click(page, ".ft-attack-move-panel .ft-attack-send")
    page.wait_for_selector(".fortress-shell-log:has-text('USA moves 1 infantry from Midwest to Texas')", timeout=STEP)
    page.wait_for_selector(f".leaflet-marker-icon[title='Texas'] .ft-aif-units:has-text('USA {units + 1}')", timeout=STEP)


def click(page, css: str) -> None:
    """Click ``css`` and wait for the game to move on."""
    before = tick(page)
    page.locator(css).click()
    page.wait_for_function(TICK_JS, arg=before, timeout=STEP)
