"""The server holds under a class (issue 20): real ``fortress serve`` servers, headless
Chromium and plain HTTP clients. Twenty pages opened at once all get working dashboards,
the kernel cap answers with a clear page, closed tabs free their kernels (at once through
the page's shutdown request, else within the idle culling period), a killed kernel's page
says so and its button brings the game back, bad addresses are 404/400, and an oversized
upload costs neither the uploader's kernel nor another student much. Run alone:

    PYTHONPATH=$PWD .venv/bin/python -m pytest -m browser -p no:xdist tests/e2e/test_server.py -s
"""
from __future__ import annotations

import re
import signal
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil
import pytest
import requests

from fortress.ui.serve import MAX_SAVE_BYTES
from tests.e2e.conftest import kernels, page_kernel_id

pytestmark = [pytest.mark.browser, pytest.mark.serial]

CLASS = 20            # pages opened at once
IN_BROWSER = 4        # of them in Chromium (the others plain HTTP: 2 cores cannot paint 20 pages quickly)
LOAD = 240_000        # ms: a page of a class loading at once on a 2-core machine
STEP = 30_000
CULL = 30             # s: the short idle culling period of the small server (longer than a
                      # loaded machine takes from a page's last cell to its browser connecting)
WIDGET = "application/vnd.jupyter.widget-view+json"


# -- helpers -------------------------------------------------------------------------------------

def kernel_id(html: str) -> str:
    return re.search(r'"kernelId": "([0-9a-f-]{36})"', html).group(1)


def http_load(url: str, start: float) -> tuple[requests.Session, int, str, float]:
    """GET the dashboard as a browser would (the whole streamed page); seconds from ``start``."""
    session = requests.Session()
    reply = session.get(url, timeout=LOAD / 1000)
    return session, reply.status_code, reply.text, time.perf_counter() - start


def close_tab(url: str, session: requests.Session, kid: str) -> int:
    """What the page sends when its tab closes: POST /voila/api/shutdown/<kernel> with _xsrf."""
    return session.post(f"{url}voila/api/shutdown/{kid}", data={"_xsrf": session.cookies.get("_xsrf", "")},
                        timeout=30).status_code


def wait_gone(url: str, kid: str, seconds: float) -> float:
    """Seconds until the server no longer knows kernel ``kid`` (fails after ``seconds``)."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        if requests.get(f"{url}api/kernels/{kid}", timeout=10).status_code == 404:
            return time.perf_counter() - t0
        time.sleep(0.5)
    raise AssertionError(f"kernel {kid} still running after {seconds} s")


def open_dashboard(page, url: str) -> None:
    page.goto(url, timeout=LOAD)
    page.wait_for_selector("path.leaflet-interactive", timeout=LOAD)
    page.wait_for_selector(".fortress-status", timeout=STEP)


def game_tab(page) -> None:
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Game").click()


def toggle_players(page, players: int) -> float:
    """A kernel round trip: choose the number of players, wait for the seat pickers (ms)."""
    t0 = time.perf_counter()
    page.select_option(".fortress-players select", str(players))
    page.wait_for_function("n => document.querySelectorAll('.fortress-seat').length === n",
                           arg=players, timeout=STEP)
    return (time.perf_counter() - t0) * 1000


def round_trips(page, n: int = 6) -> list[float]:
    return [toggle_players(page, 3 if i % 2 == 0 else 4) for i in range(n)]


# -- a class opening the page at once ----------------------------------------------------------

def test_a_class_opens_the_page_at_once_and_the_cap_holds(serve, browser, tmp_path):
    # the HTTP clients stand for browsers: their kernels stay though they never connect, and
    # all twenty come from one address (tests/e2e/test_hostile.py checks those two limits)
    with serve(tmp_path, tmp_path, max_kernels=CLASS, cull_idle=0, max_per_address=0, connect_grace=3600) as (url, proc):
        start = time.perf_counter()
        with ThreadPoolExecutor(CLASS - IN_BROWSER) as pool:
            loads = [pool.submit(http_load, url, start) for _ in range(CLASS - IN_BROWSER)]
            pages = [browser.new_context().new_page() for _ in range(IN_BROWSER)]
            for page in pages:
                page.goto(url, wait_until="commit", timeout=LOAD)
            paints = []
            for page in pages:
                page.wait_for_selector("path.leaflet-interactive", timeout=LOAD)
                page.wait_for_selector(".fortress-status", timeout=STEP)
                paints.append(time.perf_counter() - start)
            results = [f.result() for f in loads]
        assert [code for _s, code, _h, _t in results] == [200] * len(results)
        blank = [i for i, (_s, _c, html, _t) in enumerate(results) if WIDGET not in html]
        assert not blank, f"pages without the dashboard's widgets: {blank}"
        http_times = sorted(t for *_x, t in results)
        print(f"\n{CLASS} pages at once: Chromium first paint {min(paints):.0f}-{max(paints):.0f} s, "
              f"HTTP page complete median {statistics.median(http_times):.0f} s, max {max(http_times):.0f} s")
        assert len(kernels(proc)) == CLASS

        # One page more than the cap: a clear page, and no kernel started.
        full = browser.new_context().new_page()
        reply = full.goto(url, timeout=STEP)
        assert reply.status == 503 and "The game server is full" in full.inner_text("body")
        assert f"{CLASS} games are open" in full.inner_text("body") and len(kernels(proc)) == CLASS

        # Closing the tabs frees their kernels at once (the page's shutdown request).
        ids = [page_kernel_id(p) for p in pages]
        for page in pages:
            page.close(run_before_unload=True)
        freed = [wait_gone(url, kid, 20) for kid in ids]
        for session, _code, html, _t in results:
            assert close_tab(url, session, kernel_id(html)) == 204
        assert not kernels(proc) or wait_until_no_kernels(proc, 20)
        print(f"closed tabs: kernels gone within {max(freed):.1f} s")

        # There is room again.
        full.reload(timeout=LOAD)
        full.wait_for_selector("path.leaflet-interactive", timeout=LOAD)


def wait_until_no_kernels(proc, seconds: float) -> bool:
    end = time.time() + seconds
    while kernels(proc):
        assert time.time() < end, "kernels left after every tab closed"
        time.sleep(0.5)
    return True


# -- one small server for the rest ------------------------------------------------------------

@pytest.fixture(scope="module")
def small_server(serve, tmp_path_factory):
    folder = tmp_path_factory.mktemp("small")
    with serve(folder, folder, max_kernels=4, cull_idle=CULL) as (url, proc):
        yield url, proc, folder


def test_a_closed_tab_without_its_shutdown_request_is_culled(small_server, browser):
    url, proc, _folder = small_server
    page = browser.new_context().new_page()
    open_dashboard(page, url)
    kid = page_kernel_id(page)
    assert kid in kernels(proc)
    page.close()  # no beforeunload: as when a browser crashes or a laptop goes to sleep
    gone = wait_gone(url, kid, CULL + 40)
    print(f"\nclosed tab without the shutdown request: kernel culled after {gone:.0f} s (cull {CULL} s)")


def autosaved(folder: Path, since: float, seconds: float = STEP / 1000) -> None:
    """Wait until a game has been autosaved in ``folder`` since ``since`` (a ``time.time()``)."""
    end = time.time() + seconds
    while not any(p.stat().st_mtime >= since for p in folder.glob("*.json")):
        assert time.time() < end, f"no autosave in {folder} after {seconds} s"
        time.sleep(0.1)


def test_a_killed_kernel_says_so_and_reconnect_brings_the_game_back(small_server, browser):
    url, proc, folder = small_server
    page = browser.new_context().new_page()
    open_dashboard(page, url)
    game_tab(page)
    started = time.time() - 1  # a file system's times may be a second coarse
    page.locator(".fortress-new-game").click()
    page.wait_for_selector(".fortress-status:has-text('Round')", timeout=STEP)
    before = page.inner_text(".fortress-status").split("\n")[0]
    autosaved(folder, started)  # the autosave runs just after the click's handler
    kernels(proc)[page_kernel_id(page)].send_signal(signal.SIGKILL)
    page.wait_for_selector(".fortress-lost[data-kind='lost']", timeout=STEP)
    assert "Reconnect" in page.inner_text(".fortress-lost") and "Resume last game" in page.inner_text(".fortress-lost")
    page.locator(".fortress-reconnect").click()
    page.wait_for_selector("path.leaflet-interactive", timeout=LOAD)
    game_tab(page)
    page.locator(".fortress-resume").click()
    page.wait_for_selector(".fortress-status:has-text('Round')", timeout=STEP)
    assert page.inner_text(".fortress-status").split("\n")[0] == before
    page.close(run_before_unload=True)


BAD_ROUTES = ["/logout", "/login", "/%00", "/x%01y", "/voila/files/%00", "/voila/templates/x",
              "/voila/templates/lab/x", "/voila/templates/lab", "/voila/templates/", "/voila/templates/lab/static/",
              "/voila/templates/lab/static/%00", "/voila/templates/nope/static/x.js", "/voila/static/%00",
              "/voila/labextensions/%00", "/voila/tree", "/voila/render/play.ipynb", "/play.ipynb",
              "/api/kernels/0-0-0-0-0"]


def test_bad_routes_are_404_or_400(small_server):
    url, proc, folder = small_server
    before, log = set(kernels(proc)), folder / "voila.log"
    start = log.stat().st_size  # this test's part of the module server's log
    codes = {route: requests.get(url.rstrip("/") + route, timeout=10, allow_redirects=False).status_code
             for route in BAD_ROUTES}
    assert {r: c for r, c in codes.items() if c not in (400, 404)} == {}
    assert requests.post(f"{url}voila/api/shutdown/0-0-0-0-0", timeout=10).status_code == 403  # no _xsrf
    assert set(kernels(proc)) <= before  # none of them started a kernel (an idle one may be culled)
    assert not route_tracebacks(log, start)


def route_tracebacks(log, start: int) -> list[str]:
    """The tracebacks written to ``log`` after byte ``start``, leaving out a page's websocket that
    closed (an earlier test's tab, logged whenever the server notices)."""
    with log.open("rb") as f:
        f.seek(start)
        text = f.read().decode(errors="replace")
    return [t for t in text.split("Traceback")[1:] if "tornado/websocket.py" not in t]


# -- a malicious upload ---------------------------------------------------------------------------

BYPASS_JS = """() => {  // what a student who edits the page could do: read any file, whatever its size
    FileReader.prototype.readAsArrayBuffer = function (blob) {
        blob.arrayBuffer().then(buf => { Object.defineProperty(this, 'result', {value: buf}); this.onload(); });
    };
}"""


def upload(page, path: Path) -> None:
    with page.expect_file_chooser() as chooser:
        page.locator(".fortress-upload").click()
    chooser.value.set_files(str(path))


def test_a_refused_upload_hides_the_last_files_message(small_server, browser, tmp_path):
    """A file too big is refused in the page; the message under the Load button, about the file
    before, is hidden (it would name the wrong file) until the next file is read."""
    url, _proc, _folder = small_server
    page = browser.new_context().new_page()
    open_dashboard(page, url)
    game_tab(page)
    empty, big = tmp_path / "empty.json", tmp_path / "big.json"
    empty.write_bytes(b"")
    big.write_bytes(b" " * (MAX_SAVE_BYTES + 1))
    message = page.locator(".fortress-load-message")
    upload(page, empty)
    page.wait_for_selector(".fortress-load-message:has-text('Cannot load empty.json')", timeout=STEP)
    upload(page, big)
    page.wait_for_selector(".fortress-lost[data-kind='upload']:has-text('big.json')", timeout=STEP)
    assert message.is_hidden()
    upload(page, empty)  # the same message again: shown again
    page.wait_for_selector(".fortress-load-message:has-text('Cannot load empty.json')", state="visible", timeout=STEP)
    page.close(run_before_unload=True)


class RssSampler(threading.Thread):
    """The peak resident memory of one process, sampled every 20 ms."""

    def __init__(self, process: psutil.Process) -> None:
        super().__init__(daemon=True)
        self.process, self.peak, self.running = process, process.memory_info().rss, True
        self.start()

    def run(self) -> None:
        while self.running:
            try:
                self.peak = max(self.peak, self.process.memory_info().rss)
            except psutil.Error:
                return
            time.sleep(0.02)

    def stop(self) -> float:
        self.running = False
        self.join()
        return self.peak / 2**20


def test_an_oversized_upload_costs_little(small_server, browser, tmp_path):
    url, proc, _folder = small_server
    uploader, other = (browser.new_context().new_page() for _ in range(2))
    for page in (uploader, other):
        open_dashboard(page, url)
        game_tab(page)
    kernel = kernels(proc)[page_kernel_id(uploader)]
    base_rss = kernel.memory_info().rss / 2**20
    calm = round_trips(other)

    # An honest student picks a big file: the page refuses it before reading it.
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (2 * MAX_SAVE_BYTES))
    upload(uploader, big)
    uploader.wait_for_selector(".fortress-lost[data-kind='upload']:has-text('Nothing was loaded')", timeout=STEP)
    uploader.locator(".fortress-dismiss").click()

    # A student who bypasses the page's check: the kernel refuses the save after reading it.
    uploader.evaluate(BYPASS_JS)
    sampler = RssSampler(kernel)
    upload(uploader, big)
    during = round_trips(other)
    uploader.wait_for_selector(".fortress-message:has-text('too big')", timeout=STEP)
    peak_refused = sampler.stop()

    # Past the server's websocket limit: the server drops the uploader's connection unread.
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (40 << 20))
    sampler = RssSampler(kernel)
    upload(uploader, huge)
    during_huge = round_trips(other)
    uploader.wait_for_selector(".fortress-lost[data-kind='lost']", timeout=STEP)
    peak_dropped = sampler.stop()
    after_rss = kernel.memory_info().rss / 2**20
    print(f"\nuploader kernel RSS: {base_rss:.0f} MiB before, peak {peak_refused:.0f} MiB with a "
          f"{big.stat().st_size / 1e6:.0f} MB upload (refused), peak {peak_dropped:.0f} MiB with a 40 MiB "
          f"upload (connection dropped), {after_rss:.0f} MiB after")
    print(f"other student's round trip (players toggle): median {statistics.median(calm):.0f} ms calm, "
          f"{statistics.median(during):.0f} ms during the refused upload, "
          f"{statistics.median(during_huge):.0f} ms during the 40 MiB one (max {max(during + during_huge):.0f} ms)")
    # the other student's page kept answering: each round trip is a wait with a timeout (STEP)
    assert peak_refused - base_rss < 100 and peak_dropped - base_rss < 100
    for page in (uploader, other):
        page.close(run_before_unload=True)
