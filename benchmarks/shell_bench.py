"""A ruleset's page in the dashboard shell (``fortress serve --ruleset NAME``): first paint and
click-to-map latency in headless Chromium, and the page kernels' memory.

    .venv/bin/python benchmarks/shell_bench.py [--ruleset attack] [--pages 3] [--clicks 12]

First paint: seconds from the request to the ruleset's map drawn (its areas' paths) with the
panel's "Do it" button, on a cold server, ``--pages`` pages one after another (each a new
kernel). Clicks: on one page, a new game with the first seat human and the others random bots;
then ``--clicks`` presses of the panel's first enabled button, or "Do it" in the generic panel;
for each, the milliseconds from the click landing to the map's first change after it (a
MutationObserver on the map), and to the whole page redrawn (the shell's tick). A click whose
move leaves the map as it was counts only for the redraw. Whole games and the kernel's memory
over one: ``benchmarks/dashboard_bench.py --game --ruleset attack``.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.dashboard_bench import first_paint, kernels_rss, server_rss, start_voila  # noqa: E402
from fortress.ui.serve import notebook_path  # noqa: E402
from fortress.ui.shell import RULESET_ENV  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, chromium  # noqa: E402

MAP = ".fortress-shell .leaflet-container"
PAINTED = (f"{MAP} path.leaflet-interactive", ".fortress-shell-do")
#: stamps the click's landing and the map's first change after it
WATCH_JS = """(map) => {
    window.__clickAt = null; window.__mapAt = null;
    document.addEventListener('mousedown', () => { window.__clickAt = performance.now(); window.__mapAt = null; }, true);
    new MutationObserver(() => { if (window.__clickAt !== null && window.__mapAt === null)
        window.__mapAt = performance.now(); })
        .observe(document.querySelector(map), {childList: true, subtree: true, attributes: true, characterData: true});
}"""
TICK_JS = "(n) => document.querySelector('.fortress-shell-tick').textContent !== n"
#: the panel's button to press: the ruleset panel's first enabled one, else the generic "Do it"
BUTTON = (".fortress-shell-own button:not([disabled]), .fortress-shell-always button:not([disabled]), "
          ".fortress-shell-do:not([disabled])")


def clicks(browser, url: str, n: int) -> tuple[list[float], list[float]]:
    """(click -> map changed, click -> page redrawn) in ms, over ``n`` clicks on one page."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(url, timeout=180_000)
    for selector in PAINTED:
        page.wait_for_selector(selector, timeout=180_000)
    page.evaluate(WATCH_JS, MAP)
    to_map, to_page = [], []
    for _ in range(n):
        before = page.locator(".fortress-shell-tick").text_content()
        button = page.locator(BUTTON).first
        if not button.count():
            break
        button.click()
        page.wait_for_function(TICK_JS, arg=before, timeout=120_000)
        to_page.append(page.evaluate("() => performance.now() - window.__clickAt"))
        try:  # the map's change may come in a message after the tick's
            page.wait_for_function("() => window.__mapAt !== null", timeout=2_000)
        except PlaywrightTimeout:
            pass
        at, map_at = page.evaluate("() => [window.__clickAt, window.__mapAt]")
        if map_at is not None:
            to_map.append(map_at - at)
    page.close()
    return to_map, to_page


def summary(xs: list[float]) -> str:
    return f"median {statistics.median(xs):.0f} ms, max {max(xs):.0f} ms (n={len(xs)})" if xs else "none"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="attack")
    ap.add_argument("--pages", type=int, default=3, help="cold first paints, one page after another")
    ap.add_argument("--clicks", type=int, default=12)
    args = ap.parse_args()
    os.environ[RULESET_ENV] = args.ruleset
    proc, port = start_voila([], tempfile.mkdtemp(prefix="fortress-bench-"), notebook_path("start.ipynb"))
    url = f"http://127.0.0.1:{port}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            paints = [first_paint(browser, url, PAINTED) for _ in range(args.pages)]
            to_map, to_page = clicks(browser, url, args.clicks)
            rss = kernels_rss(proc)
            browser.close()
        srv = server_rss(proc)
    finally:
        proc.terminate()
        proc.wait()
    print(f"{args.ruleset} at the dashboard shell")
    print(f"first paint, cold server, page by page: {', '.join(f'{s:.2f}' for s in paints)} s")
    print(f"click -> map changed:                   {summary(to_map)}")
    print(f"click -> page redrawn:                  {summary(to_page)}")
    print(f"page kernels' RSS:                      {', '.join(f'{r:.0f}' for r in rss)} MiB")
    print(f"voila server RSS:                       {srv:.0f} MiB")


if __name__ == "__main__":
    main()
