"""ATTACK! Deluxe in the dashboard shell, in headless Chromium against a real ``fortress serve
--ruleset attack`` server with its default preheated kernels (issue 38): a new 4-player game on the western map set up in the
shell's game bar (players 4, seed 2, the Pacific map left unchecked), Red human and the three
other seats random bots, then the whole first year played by clicks until Year 2 begins, in
ATTACK!'s own panels where it has them (fortress/rulesets/attack/panels/) and the generic
panel elsewhere (setup, the direction); in a battle, the battle panel's Deploy (its suggested front) or Fire. Red's policy: in the action chooser, Attack,
then Negotiate, then Build (the first still free; the used ones must be greyed with the game's
reason as their hover text); in the attack panel, the first target with every unit that
reaches it (the odds shown before sending), then Fight; in the negotiate panel, look at the
first region's marker (shown with its price), then Influence if allowed, else Decline; in the
build panel, the first unit allowed, twice, then Done; in Winter, Pass; in a generic step, the
verb move, attack or build if listed, else the panel's first verb, at most two actions a step,
then ``end`` when listed.
Then, Year 1's three actions used, Red plays on into Year 2 until its Spring action: Move, in
the move panel to a region Red holds (read off the map's red regions) if one is listed, else
the first listed, with every unit that reaches it (the panel says no battle follows, or the
odds of the one that does; the battle fought in its panel); then a click on the region on the
map says who holds it, as its colour on the map shows. The page is then written to
docs/dashboard-attack.png: the map with its lanes, anchors and canals, the panels.
After each of Red's actions the world map is on the page (its areas' paths drawn) and the
header or the log changed, and the year track shows the year. And at 1280x720 the map fills
the board's column and shows the whole western board, fitted to its size. Everything waits on
conditions."""
from __future__ import annotations

import re

import pytest

from fortress.geodata.world_map import WorldMap
from fortress.rulesets.attack.world import THEATRE
from fortress.ui.board_map import fit_view
from fortress.ui.map_labels import mercator
from fortress.ui.serve import PREHEAT
from fortress.ui.world_map import SIDE_FILL, shapes, view_bounds
from tests.e2e.test_dashboard import DOCS, KERNEL, STEP, still
from tests.e2e.test_shell import LISTED_JS, OPTIONS_JS, TICK_JS, shell_server, tick
from tests.e2e.test_world_map import click as click_area

pytestmark = pytest.mark.browser

PREFERRED = ("move", "attack", "build")  #: the generic steps' verbs Red prefers
CHOSEN = ("attack", "negotiate", "build")  #: Red's actions in Spring, Summer and Autumn
ENDS = ("end", "pass")
PER_STEP = 2  #: Red's actions in one step before it ends the step
#: the world map's areas drawn: how many paths its areas layer has
PATHS_JS = "() => document.querySelectorAll('.fortress-world-map path[class*=\"ft-world-\"]').length"
#: the texts of a select's options, spaces plain (the labels hold non-breaking spaces)
#: the areas ``ids`` whose shape reaches past the map's box (by more than 2 px, with by how much),
#: and how much of the box's width and height the shapes span together
FRAMED_JS = """(ids) => {
    const box = document.querySelector('.fortress-world-map').getBoundingClientRect(), out = [];
    let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity;
    for (const aid of ids) {
        const p = document.querySelector(`.fortress-world-map path.ft-world-${aid}`);
        if (!p) { out.push([aid, 'not drawn']); continue; }
        const r = p.getBoundingClientRect();
        const over = Math.max(box.left - r.left, r.right - box.right, box.top - r.top, r.bottom - box.bottom);
        if (over > 2) out.push([aid, Math.round(over)]);
        left = Math.min(left, r.left); right = Math.max(right, r.right);
        top = Math.min(top, r.top); bottom = Math.max(bottom, r.bottom);
    }
    return {outside: out, span: [(right - left) / box.width, (bottom - top) / box.height]};
}"""
PLAIN_OPTIONS_JS = "s => [...s.options].map(o => o.textContent.replace(/\\s+/g, ' ').trim())"
#: the ids of the world map's areas filled with ``colour`` (a holder's)
FILLED_JS = """(colour) => [...document.querySelectorAll('.fortress-world-map path[class*="ft-world-"]')]
    .filter(p => p.getAttribute('fill') === colour)
    .map(p => [...p.classList].find(c => c.startsWith('ft-world-')).slice('ft-world-'.length))"""
TICK_TEXT_JS = "() => document.querySelector('.fortress-shell-tick').textContent"
#: the sea links drawn: lanes' paths, anchors' and canals' marks
LINKS_JS = """() => ({lanes: document.querySelectorAll('.fortress-world-map path.ft-world-lane').length,
    anchors: [...document.querySelectorAll('.fortress-world-map .ft-world-anchor')].map(e => e.dataset.area),
    canals: [...document.querySelectorAll('.fortress-world-map .ft-world-canal')].map(e => e.textContent.trim())})"""


@pytest.fixture(scope="module")
def attack_url(tmp_path_factory):
    with shell_server(tmp_path_factory.mktemp("shell-attack"), "attack", PREHEAT) as url:  # as served by default
        yield url


def options(page, css: str) -> list[str]:
    return page.locator(f"{css} select").evaluate(PLAIN_OPTIONS_JS)


def seated(page, side: str) -> str:
    """Who plays ``side``: the label its seat picker shows."""
    return page.locator(f".fortress-shell-seat-{side} select").evaluate(
        "s => s.options[s.selectedIndex].textContent.replace(/\\s+/g, ' ')")


def header(page) -> str:
    return page.locator(".fortress-shell-header").text_content()


def log(page) -> str:
    return page.locator(".fortress-shell-log").inner_html()


def new_game(page) -> None:
    """Players 4, seed 2, the western map (the Pacific map's box left unchecked), New game."""
    pacific = page.locator(".fortress-shell-variant-pacific")
    assert "Western Theatre otherwise" in pacific.text_content()  # the map choice the bar offers
    assert not pacific.locator("input").is_checked()
    page.locator(".fortress-shell-players select").select_option(label="4")
    seed = page.locator(".fortress-shell-seed input")
    seed.fill("2")
    seed.press("Enter")
    before = tick(page)
    page.locator(".fortress-shell-new").click()
    page.wait_for_selector(".fortress-shell-message:has-text('New game, seed 2')", timeout=STEP)
    page.wait_for_function(TICK_JS, arg=before, timeout=STEP)


def choice(page, step_done: int) -> tuple[str, int]:
    """Red's (verb, action index) in the generic panel by the policy of the module's docstring."""
    verbs = [v.split()[0] for v in options(page, ".fortress-shell-verb")]
    ends = [v for v in verbs if v in ENDS]
    others = [v for v in verbs if v not in ENDS and v != "surrender"]
    verb = next((v for v in PREFERRED if v in verbs), others[0] if others else None)
    if verb is None or (step_done >= PER_STEP and ends):
        verb = ends[0]
    return verb, 0


def click(page, css: str) -> None:
    """Click ``css`` and wait for the kernel's redraw."""
    before = tick(page)
    page.locator(css).click()
    page.wait_for_function(TICK_JS, arg=before, timeout=STEP)


def choose_action(page) -> str:
    """In the action chooser: the first of :data:`CHOSEN` still free, after checking that every
    greyed button says why; in Winter (Pass offered), Pass. Returns what was played."""
    for button in page.locator(".ft-attack-action").all():
        if button.is_disabled():
            assert button.get_attribute("title"), button.text_content()  # the game's reason on hover
    if page.locator(".ft-attack-pass").is_visible():
        assert page.locator(".ft-attack-action-burn").is_disabled()  # no oil to burn in Year 1
        click(page, ".ft-attack-pass")
        return "pass"
    name = next(n for n in CHOSEN if page.locator(f".ft-attack-action-{n}").is_enabled())
    for used in (n for n in CHOSEN[:CHOSEN.index(name)]):
        title = page.locator(f".ft-attack-action-{used}").get_attribute("title")
        assert f"{used} may be chosen once a round, and Red has" in title, title
    click(page, f".ft-attack-action-{name}")
    return f"choose {name}"


def build_in_panel(page, step_done: int) -> str:
    """In the build panel: the first unit whose Build is enabled (the greyed ones say why), at most
    :data:`PER_STEP` units, then Done. Returns what was played."""
    buttons = page.locator(".ft-attack-build-go").all()
    for button in buttons:
        if button.is_disabled():
            assert button.get_attribute("title").startswith("Build:"), button.get_attribute("title")
    free = [b for b in buttons if b.is_enabled()]
    if step_done >= PER_STEP or not free:
        click(page, ".ft-attack-build-end")
        return "end"
    kind = next(c for c in free[0].get_attribute("class").split() if c.startswith("ft-attack-build-") and
                c != "ft-attack-build-go").removeprefix("ft-attack-build-")
    click(page, f".ft-attack-build-{kind}")
    return f"build {kind}"


def negotiate_in_panel(page) -> list[str]:
    """In the negotiate panel: look at the first region's marker (the page then says what it is
    and its price), then Influence if allowed, else Decline. Returns what was played."""
    if page.locator(".ft-attack-look").is_visible():
        region = options(page, ".ft-attack-negotiate-region")[0]
        click(page, ".ft-attack-look")
        page.wait_for_selector(".ft-attack-negotiate-note:has-text('only you see it')", timeout=STEP)
        return [f"negotiate {region}", page.locator(".ft-attack-negotiate-note").text_content()]
    how = "influence" if page.locator(".ft-attack-influence").is_enabled() else "decline"
    click(page, f".ft-attack-{how}")
    return [how]


def attack_in_panel(page) -> list[str]:
    """In the attack panel: the first target, every unit that reaches it, the odds read before
    sending; Send, then Fight if the Attack goes on. Returns what was played and the odds."""
    target = options(page, ".ft-attack-target")[0]
    for box in page.locator(".ft-attack-count input").all():
        box.fill(box.get_attribute("max"))
        box.press("Enter")
    page.wait_for_function("() => /\\d%<\\/b> to take/.test(document.querySelector('.ft-attack-odds').innerHTML)",
                           timeout=STEP)
    odds = page.locator(".ft-attack-odds").text_content()
    click(page, ".ft-attack-send")
    if page.locator(".ft-attack-panel").count():
        click(page, ".ft-attack-fight")
    return [f"attack {target}", odds]


def battle_in_panel(page) -> str:
    """In the battle panel (its report above: the battle's name): Deploy the suggested front, or
    Fire. Returns what was played."""
    assert "Battle for" in page.locator(".ft-attack-battle").text_content()
    how = "deploy" if page.locator(".ft-attack-deploy").is_visible() else "fire"
    click(page, f".ft-attack-{how}")
    return how


def move_in_panel(page) -> tuple[str, str]:
    """In the move panel: the first destination Red holds (its fill on the map is Red's), else the
    first listed, with every unit that reaches it; the panel says no battle follows, or the odds
    of the battle that will; Send, then End the Move. Returns the destination's id and what the
    panel said of it."""
    names = {area.name: aid for aid, area in WorldMap.load().areas.items()}
    held = set(page.evaluate(FILLED_JS, SIDE_FILL["red"]))
    targets = options(page, ".ft-attack-target")
    target = next((t for t in targets if names[t] in held), targets[0])
    if page.locator(".ft-attack-target select").evaluate(PLAIN_OPTIONS_JS.replace(".options]", ".selectedOptions]")) \
            != [target]:
        page.locator(".ft-attack-target select").select_option(label=target)
    page.wait_for_function("() => document.querySelectorAll('.ft-attack-count input').length > 0", timeout=STEP)
    for box in page.locator(".ft-attack-count input").all():
        box.fill(box.get_attribute("max"))
        box.press("Enter")
    said = (f"No battle: {target} is yours" if names[target] in held else f"% to take {target}")
    page.wait_for_selector(f".ft-attack-odds:has-text('{said}')", timeout=STEP)
    said = page.locator(".ft-attack-odds").text_content()
    click(page, ".ft-attack-send")
    still(page, f"() => ({TICK_TEXT_JS})()")  # one order per region and type: a redraw after each
    if page.locator(".ft-attack-move-panel .ft-attack-fight").is_visible():  # units left that may still move
        click(page, ".ft-attack-move-panel .ft-attack-fight")
    return names[target], said


def select(page, verb: str) -> None:
    """Choose ``verb`` in the first dropdown; wait until the second lists its actions."""
    label = next(o for o in page.locator(".fortress-shell-verb select").evaluate(OPTIONS_JS)
                 if re.split(r"\s", o)[0] == verb)
    page.locator(".fortress-shell-verb select").select_option(label=label)
    page.wait_for_function(LISTED_JS, arg=verb, timeout=STEP)


def act(page, verb: str, index: int) -> str:
    """Choose ``verb``'s action ``index`` and press Do it; wait for the kernel's redraw. Returns
    the action's text."""
    select(page, verb)
    text = options(page, ".fortress-shell-action")[index]
    page.locator(".fortress-shell-action select").select_option(index=index)
    before = tick(page)
    page.locator(".fortress-shell-do").click()
    page.wait_for_function(TICK_JS, arg=before, timeout=STEP)
    return text


def western_board() -> list[str]:
    """The areas of the western map [Setup S1] that lie whole in the Western view's frame (the
    others, Arctic and Indian Ocean zones, Alaska's Aleutians, reach past the board's edges)."""
    world, shapes_ = WorldMap.load(), shapes("western")[0]
    (south, west), (north, east) = view_bounds("western")
    return sorted(aid for aid, area in world.areas.items()
                  if any(t in THEATRE["western"] for t in area.theatres)
                  and all(west <= x <= east and south <= y <= north for x, y in points(shapes_[aid])))


def points(geometry: dict) -> list[tuple[float, float]]:
    return [(x, y) for poly in geometry["coordinates"] for ring in poly for x, y in ring]


def fitted_span(ids: list[str], width: float, height: float) -> tuple[float, float]:
    """The share of a ``width`` x ``height`` map's width and height the shapes of ``ids`` span when
    the map is fitted to the Western view's frame at that size (as Leaflet's fitBounds would)."""
    every = [p for aid in ids for p in points(shapes("western")[0][aid])]
    x0, y0 = mercator(max(y for _x, y in every), min(x for x, _y in every))
    x1, y1 = mercator(min(y for _x, y in every), max(x for x, _y in every))
    zoom = fit_view(view_bounds("western"), width, height, snap=0.25)[1]
    return (x1 - x0) * 2 ** zoom / width, (y1 - y0) * 2 ** zoom / height


def test_the_western_board_is_whole_in_the_shell_at_1280x720(browser, attack_url):
    """At 1280x720 the map fills the board's column beside the panel, holds every area of the
    western board whole and is fitted to the Western view's frame at its size in the page."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(attack_url, timeout=KERNEL)
    page.wait_for_selector(".fortress-shell-attack .fortress-shell-do", timeout=KERNEL)
    new_game(page)
    page.wait_for_selector(".fortress-world-caption:has-text('Western Theatre')", timeout=STEP)
    board = western_board()
    assert len(board) > 55
    page.wait_for_function(f"() => ({PATHS_JS})() > 100", timeout=STEP)
    seen = still(page, f"() => ({FRAMED_JS})({board!r})")  # drawn and fitted, no zoom animation
    assert seen["outside"] == [], seen
    box = page.locator(".fortress-world-map").bounding_box()
    panel = page.locator(".fortress-shell-panel").bounding_box()
    assert abs(panel["x"] - (box["x"] + box["width"])) < 20, (box, panel)  # the map fills its column
    assert seen["span"] == pytest.approx(fitted_span(board, box["width"], box["height"]), abs=0.02), (seen, box)
    page.close()


def test_the_first_year_of_attack_is_played_by_clicks_on_the_world_map(browser, attack_url):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(attack_url, timeout=KERNEL)
    page.wait_for_selector(".fortress-shell-attack .fortress-shell-do", timeout=KERNEL)
    page.wait_for_function(f"() => ({PATHS_JS})() > 100", timeout=STEP)
    new_game(page)
    assert len(page.locator(".fortress-shell-seat select").all()) == 4
    assert {s: seated(page, s) for s in ("red", "blue", "green", "yellow")} == {
        "red": "human", "blue": "random bot", "green": "random bot", "yellow": "random bot"}
    assert "this page plays Red" in header(page) and "Before Year 1" in header(page)
    played: list[str] = []
    step, step_done, tracked = "", 0, 0
    while "Year 2" not in header(page):
        assert len(played) < 60, f"Year 1 should be over by now: {played}"
        assert "Game over" not in page.locator(".fortress-shell-result").text_content(), played
        assert "Red" in page.locator(".fortress-shell-panel-title").text_content()
        now = page.locator(".fortress-shell-header div").first.text_content()
        step, step_done = (step, step_done) if now == step else (now, 0)
        before_header, before_log = header(page), log(page)
        if page.locator(".ft-attack-chooser").count():
            played.append(choose_action(page))
        elif page.locator(".ft-attack-panel").count():
            played += attack_in_panel(page)
        elif page.locator(".ft-attack-negotiate").count():
            played += negotiate_in_panel(page)
        elif page.locator(".ft-attack-build").count():
            played.append(build_in_panel(page, step_done))
        elif page.locator(".ft-attack-battle-decide").count():
            played.append(battle_in_panel(page))
        else:
            played.append(act(page, *choice(page, step_done)))
        step_done += 1
        assert "Refused" not in page.locator(".fortress-shell-message").text_content(), played[-1]
        page.wait_for_function(f"() => ({PATHS_JS})() > 100", timeout=STEP)  # the world map is drawn
        assert header(page) != before_header or log(page) != before_log, played[-1]
        if page.locator(".ft-attack-year").count():  # the year track, from Year 1 on
            assert re.search(r"Year [12] of 6", page.locator(".ft-attack-year").text_content())
            tracked += 1
    assert "Year 2" in header(page) and "Game over" not in page.locator(".fortress-shell-result").text_content()
    verbs = [p.split()[0] for p in played]
    assert {"government", "capital", "attack", "negotiate", "build", "pass"} <= set(verbs), played
    assert [p for p in played if p.startswith("choose")] == ["choose attack", "choose negotiate", "choose build"]
    assert {"influence", "decline"} & set(verbs) and any("(only you see it)" in p for p in played), played
    odds = [p for p in played if " to take " in p]
    assert tracked > 5 and len(odds) == 1 and re.search(r"\d+\.\d% to take", odds[0]), played
    moved = play_on_to_a_move(page, played)
    check_the_map_after_the_move(page, moved)
    page.close()


def play_on_to_a_move(page, played: list[str]) -> str:
    """Year 2: Red's steps by the same policy until its Spring action, Move, is played in the move
    panel. Returns the region moved to."""
    while True:
        assert len(played) < 90, f"Red should have moved in Year 2's Spring: {played}"
        if page.locator(".ft-attack-chooser").count():
            assert page.locator(".ft-attack-action-move").is_enabled()  # a new year: every action free again
            click(page, ".ft-attack-action-move")
            played.append("choose move")
        elif page.locator(".ft-attack-move-panel").count():
            log_before = log(page)
            moved, said = move_in_panel(page)
            played += [f"move {moved}", said]
            assert log(page) != log_before, played[-2:]
            while page.locator(".ft-attack-battle-decide").count():  # the battle for a region not Red's
                played.append(battle_in_panel(page))
            return moved
        elif page.locator(".ft-attack-battle-decide").count():  # a bot's attack on Red
            played.append(battle_in_panel(page))
        else:
            played.append(act(page, *choice(page, 0)))
        assert "Refused" not in page.locator(".fortress-shell-message").text_content(), played[-1]


def check_the_map_after_the_move(page, moved: str) -> None:
    """After the Move: the map still drawn with its sea links; a click on the region moved to
    selects it, Red's; the page is written to docs/dashboard-attack.png."""
    page.wait_for_function(f"() => ({PATHS_JS})() > 100", timeout=STEP)
    links = page.evaluate(LINKS_JS)
    assert links["lanes"] == 20 and sorted(links["canals"]) == ["Panama Canal", "Suez Canal"], links
    assert sorted(links["anchors"]) == ["caribbean", "coral-sea", "mediterranean", "north-sea", "sea-of-japan"]
    page.locator(".fortress-world-map").scroll_into_view_if_needed()  # a point off the screen hits nothing
    click_area(page, moved)
    name = WorldMap.load().areas[moved].name
    page.wait_for_selector(f".fortress-world-status:has-text('Selected: {name} (region, ')", timeout=STEP)
    status = page.locator(".fortress-world-status").text_content()
    assert re.search(r"\(region, (held by \w+|neutral)\)", status), status
    red = moved in page.evaluate(FILLED_JS, SIDE_FILL["red"])
    assert red == ("held by Red" in status), (status, red)  # the map's colour is the holder said
    still(page, f"() => ({PATHS_JS})()")
    page.screenshot(path=str(DOCS / "dashboard-attack.png"))
