"""The dashboard shell in headless Chromium against a real ``fortress serve --ruleset council``
server (start.ipynb opened on Council): the seats picked by clicks (Cedar human, the others
random bots), then a whole game played by choosing a verb and an action in the generic panel
and pressing Do it, until the game is over. After every action the page holds none of the
other councillors' secrets (their drawn cards, their sealed bids before the reveal), neither in
its HTML nor in any websocket message it received."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from fortress.ui.serve import notebook_path
from fortress.ui.shell import RULESET_ENV
from tests.e2e.conftest import notebook_server
from tests.e2e.test_dashboard import KERNEL, STEP

pytestmark = pytest.mark.browser

#: what only another councillor may see: a card it drew, its sealed order
SECRET = re.compile(r"(Amber|Birch|Dune) draws the |(Amber|Birch|Dune)(?:'|&#x27;)s sealed order")
OPTIONS_JS = "s => [...s.options].map(o => o.textContent)"
#: the action list shows the verb's actions (the kernel has answered the verb's choice)
LISTED_JS = r"""(verb) => {
    const s = document.querySelector('.fortress-shell-action select');
    return s && s.options.length > 0 && [...s.options].every(o => o.textContent.split(/\s/)[0] === verb);
}"""
TICK_JS = "(n) => document.querySelector('.fortress-shell-tick').textContent !== n"


def shell_server(folder: Path, ruleset: str, preheat: int = 0, **env: str):
    """A real ``fortress serve --ruleset RULESET`` server (start.ipynb opened on ``ruleset``; a
    game store too with ``FORTRESS_STORE=...``; ``preheat`` kernels kept ready) on a free
    localhost port, stopped on exit."""
    return notebook_server(folder, notebook_path("start.ipynb"), preheat, **{RULESET_ENV: ruleset}, **env)


@pytest.fixture(scope="module")
def council_url(tmp_path_factory):
    with shell_server(tmp_path_factory.mktemp("shell"), "council") as url:
        yield url


def tick(page) -> str:
    return page.locator(".fortress-shell-tick").text_content()


def seat(page, side: str, label: str) -> None:
    before = tick(page)
    page.locator(f".fortress-shell-seat-{side} select").select_option(label=label)
    if label != "human":  # the bots play on to the human's turn
        page.wait_for_function(TICK_JS, arg=before, timeout=STEP)


def test_council_is_played_to_the_end_by_clicks(browser, council_url):
    page = browser.new_page()
    frames: list[str] = []  # every websocket message the page receives (the kernel's widget updates)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
        payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
    page.goto(council_url, timeout=KERNEL)
    page.wait_for_selector(".fortress-shell-council .fortress-shell-do", timeout=KERNEL)
    assert "Council" in page.locator(".fortress-shell-header").text_content()
    seat(page, "cedar", "human")
    seat(page, "amber", "random bot")
    rng = random.Random(7)
    actions = 0
    while "Game over" not in page.locator(".fortress-shell-result").text_content():
        assert actions < 200, "the game should be over by now"
        assert "Cedar" in page.locator(".fortress-shell-panel-title").text_content()
        verbs = [v for v in page.locator(".fortress-shell-verb select").evaluate(OPTIONS_JS)
                 if not v.startswith("surrender")]
        verb = rng.choice(verbs)
        page.locator(".fortress-shell-verb select").select_option(label=verb)
        page.wait_for_function(LISTED_JS, arg=re.split(r"\s", verb)[0], timeout=STEP)  # labels hold nbsp
        choice = rng.choice(page.locator(".fortress-shell-action select").evaluate(OPTIONS_JS))
        page.locator(".fortress-shell-action select").select_option(label=choice)
        before = tick(page)
        page.locator(".fortress-shell-do").click()
        page.wait_for_function(TICK_JS, arg=before, timeout=STEP)
        assert "Refused" not in page.locator(".fortress-shell-message").text_content()
        assert not SECRET.search(page.content()), SECRET.search(page.content())
        actions += 1
    assert re.search(r"Game over: \w+ won", page.locator(".fortress-shell-result").text_content())
    assert actions >= 12  # each season Cedar chose two deeds and bid, at least
    assert len(frames) > actions and any("Cedar" in f for f in frames)
    assert not [m.group(0) for f in frames if (m := SECRET.search(f))]
    page.close()
