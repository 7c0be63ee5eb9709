"""Classroom play across browsers (issue 17) against a real Voila server on a real SQLite
store: two Chromium contexts play U.S. v West (South and East are bots played by the
server) to the end of round 2, each seeing the other's moves; a third spectates; the
teacher's view lists the game; one page's kernel is killed mid-turn and its reloaded page
resumes with nothing lost. Prints the click-to-other-screen latency (docs/performance.md
keeps the figures; the target, median <= 1 s and p95 <= 2 s, is not asserted on this busy
machine; a stall fails a wait)."""
from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import time

import pytest
import requests
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import fortress
from fortress.rulesets.america import actions as A
from fortress.store import GameStore
from fortress.ui.serve import TEMPLATE, notebook_path, voila_env
from tests.e2e.conftest import TEACHER, free_port, kernels, page_kernel_id, stop, wait_port

pytestmark = [pytest.mark.browser, pytest.mark.serial]

KERNEL = 180_000  # ms: a page's first draw on a busy 2-core machine
STEP = 30_000
FOLLOW = 120_000  # ms: another page's move drawn on this one, on a busy 2-core machine (3 pages, 4 kernels)


def ply_of(page) -> int:
    return int(page.get_attribute(".fortress-turn-now", "data-ply"))


def wait_ply(page, ply: int, timeout: int = FOLLOW) -> None:
    page.wait_for_function("p => { const e = document.querySelector('.fortress-turn-now');"
                           " return e && Number(e.dataset.ply) >= p; }", arg=ply, timeout=timeout)


def open_seat(context, url: str, token: str):
    page = context.new_page()
    page.goto(f"{url}?seat={token}", wait_until="commit", timeout=KERNEL)
    page.wait_for_selector(".fortress-turn-now", timeout=KERNEL)
    return page


def choose(game) -> str:
    """A quick way through a turn: end the step when allowed, else the first legal action."""
    legal = game.legal_actions()
    return game.notation(next((a for a in legal if isinstance(a, A.End)), legal[0]))


def type_action(page, text: str) -> None:
    """Type an action in the dashboard's fallback box (opened once) and press its button."""
    if not page.locator(".fortress-notation input").count():
        page.locator(".fortress-side .lm-AccordionPanel-title, .fortress-side .p-Collapse-header, "
                     ".fortress-side .jupyter-widget-Collapse-header").first.click()
    page.wait_for_selector(".fortress-notation input", timeout=STEP)
    page.fill(".fortress-notation input", text)
    page.locator(".fortress-notation-go").click()


def play(page, text: str, ply: int) -> float:
    """Type and play ``text`` on ``page`` at move ``ply``; the moment of the click that took.
    (A redraw still under way when the box is filled replaces the box: type again, unless the
    move was refused or has landed meanwhile. The message box may hold news, e.g. a bot's.
    A second click on a move that lands late is refused as stale: it plays nothing twice.)"""
    deadline = time.perf_counter() + 2 * KERNEL / 1000  # a kernel just restarted on a loaded machine
    while time.perf_counter() < deadline:
        type_action(page, text)
        clicked = time.perf_counter()
        try:
            wait_ply(page, ply + 1, timeout=5_000)
            return clicked
        except PlaywrightTimeout:
            assert not page.locator(".fortress-message .ft-refused").count(), page.inner_text(".fortress-message")
            if ply_of(page) > ply:  # it landed late (a loaded machine)
                return clicked
    raise AssertionError(f"{text!r} at move {ply} never played; the page shows move {ply_of(page)} and says "
                         f"{page.inner_text('.fortress-message')!r}")


def test_two_browsers_play_us_v_west_with_a_spectator_and_a_teacher(browser, class_room):
    store = GameStore(class_room.store)
    made = store.create_game(fortress.new_game(7, players=4, setup="balanced"),
                             seats={"3": "bot:random", "4": "bot:random"}, title="Table 1")
    pages: dict[str, object] = {}
    latencies: list[float] = []
    url, proc = class_room.url, class_room.proc
    contexts = [browser.new_context(viewport={"width": 1366, "height": 768}) for _ in range(4)]
    pages["us"] = open_seat(contexts[0], url, made.tokens["1"])
    pages["west"] = open_seat(contexts[1], url, made.tokens["2"])
    watcher = open_seat(contexts[2], url, made.tokens["spectator"])
    assert "watching" in watcher.inner_text(".fortress-turn-note")
    killed = False
    moves = {"us": 0, "west": 0}
    while True:
        ply, game = store.snapshot(made.game_id)
        if game.is_over or game.round > 2:
            break
        if game.side not in pages:  # a bot seat: some open page plays it
            store.wait_for_change(made.game_id, ply, timeout=STEP / 1000)
            assert store.plies(made.game_id) > ply, f"the {game.side} bot seat stalled at move {ply}"
            continue
        if game.side == "us" and moves["us"] >= 3 and not killed:  # mid-turn: its kernel dies
            kernels(proc)[page_kernel_id(pages["us"])].kill()
            pages["us"].wait_for_selector(".fortress-lost[data-kind='lost']", timeout=STEP)  # the page says so
            pages["us"].goto(f"{url}?seat={made.tokens['1']}", wait_until="commit", timeout=KERNEL)
            pages["us"].wait_for_selector(".fortress-turn-now", timeout=KERNEL)
            assert ply_of(pages["us"]) == ply  # resumed where it stood: nothing lost
            killed = True
        mover, other = pages[game.side], pages["west" if game.side == "us" else "us"]
        wait_ply(mover, ply)
        wait_ply(other, ply)
        t0 = play(mover, choose(game), ply)
        try:
            wait_ply(other, ply + 1)
        except Exception:
            raise AssertionError(f"move {ply} ({choose(game)!r} for {game.side}) not seen: stored "
                                 f"{store.plies(made.game_id)}; pages at {ply_of(mover)}, {ply_of(other)}; "
                                 f"mover says {mover.inner_text('.fortress-message')!r}") from None
        latencies.append(time.perf_counter() - t0)
        moves[game.side] += 1
    wait_ply(watcher, store.plies(made.game_id))
    for page in (*pages.values(), watcher):
        assert re.search(r"Round\s*3", page.inner_text(".fortress-status")), page.inner_text(".fortress-status")
    assert not watcher.locator(".fortress-end").count()  # the spectator has no controls to act
    teacher = contexts[3].new_page()
    teacher.goto(f"{url}?teacher={TEACHER}", wait_until="commit", timeout=KERNEL)
    teacher.wait_for_selector(".fortress-teacher-game", timeout=KERNEL)
    assert made.code in teacher.inner_text(".fortress-teacher-list")
    for context in contexts:
        context.close()
    assert killed and moves["us"] >= 5 and moves["west"] >= 3
    sides = [side for _p, side, _t in store.actions(made.game_id)]
    assert {"south", "east"} <= set(sides)
    assert [p for p, _s, _t in store.actions(made.game_id)] == list(range(len(sides)))
    record(latencies, moves)


def record(latencies: list[float], moves: dict[str, int]) -> None:
    ordered = sorted(latencies)
    median = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    print(f"click on one browser to the other's redraw: n={len(ordered)} median {median:.3f} s, "
          f"p95 {p95:.3f} s, max {ordered[-1]:.3f} s; moves {moves}")
    # measured, not asserted (the target, median <= 1 s and p95 <= 2 s, is for a quiet machine:
    # docs/performance.md); a stall fails the wait for the other page's redraw (wait_ply)


def reload_keeps_the_seat(page, store: GameStore, game_id: str) -> None:
    """The page shows a seat link, one of the game's two seats is taken; after a reload the
    page shows the same link and still one seat is taken."""
    link = page.get_attribute(".fortress-my-link", "href")
    assert link is not None and store.seats_filled()[game_id] == (1, 2)
    page.reload(wait_until="commit", timeout=KERNEL)
    page.wait_for_selector(".fortress-turn-now", timeout=KERNEL)
    assert page.get_attribute(".fortress-my-link", "href") == link  # the same seat
    assert store.seats_filled()[game_id] == (1, 2)  # no new seat taken


def test_a_page_joined_by_code_keeps_its_seat_on_reload(browser, class_room):
    """``?code=`` takes no seat by itself (issue 40: a chat app's link preview fetches it): the
    page offers Join; once pressed, the address names the game's code (the browser holds the
    seat: no token in the address bar, issue 35), and a reload resumes that seat, none other
    is taken."""
    store = GameStore(class_room.store)
    made = store.create_game(fortress.new_game(5, players=2, setup="balanced"), seats={"2": "human"})
    url = class_room.url
    preview = requests.get(f"{url}?code={made.code}", timeout=KERNEL / 1000)  # a link preview's fetch
    assert preview.status_code == 200 and store.seats_filled()[made.game_id] == (0, 2)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{url}?code={made.code.lower()}", wait_until="commit", timeout=KERNEL)
    page.wait_for_selector(".fortress-message:has-text('Join with code')", timeout=KERNEL)
    assert store.seats_filled()[made.game_id] == (0, 2) and not page.locator(".fortress-turn-now").count()
    page.locator(".fortress-join").click()
    page.wait_for_function("c => location.search.includes('code=' + c)", arg=made.code, timeout=STEP)
    page.wait_for_selector(".fortress-turn-now", timeout=STEP)
    assert "seat=" not in page.url
    assert "Joined" in page.inner_text(".fortress-message")
    reload_keeps_the_seat(page, store, made.game_id)
    context.close()


def test_a_code_address_without_the_servers_redirect_becomes_the_seat_link(browser, tmp_path, monkeypatch):
    """JupyterHub's /voila/render route is plain Voila: once Join is pressed, the page's own
    script swaps the code in its address for the seat it took, so a reload resumes it."""
    url_db = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    store = GameStore(url_db)
    made = store.create_game(fortress.new_game(5, players=2, setup="balanced"), seats={"2": "human"})
    port = free_port()
    env = voila_env(dict(os.environ, FORTRESS_STORE=url_db, FORTRESS_SAVE_DIR=str(tmp_path)))
    cmd = [sys.executable, "-m", "voila", str(notebook_path()), f"--port={port}", "--no-browser",
           f"--template={TEMPLATE}", "--Voila.ip=127.0.0.1"]
    log = (tmp_path / "voila.log").open("w")
    proc = subprocess.Popen(cmd, cwd=notebook_path().parent, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_port(port, proc)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/?code={made.code}&template={TEMPLATE}", timeout=KERNEL)
        page.locator(".fortress-join").click(timeout=KERNEL)
        page.wait_for_function("() => location.search.includes('seat=')", timeout=KERNEL)
        assert "code=" not in page.url and f"template={TEMPLATE}" in page.url
        reload_keeps_the_seat(page, store, made.game_id)
        page.close()
    finally:
        stop(proc)
        log.close()


def test_a_page_that_starts_a_game_takes_its_seat_link_as_its_address(browser, class_room):
    """A game started on ``/`` is stored: the address names its join code (this browser holds
    the seat; no token in the address bar, issue 35), so after its kernel dies the banner says
    so and Reconnect brings the game back; another new game moves the address to the new game."""
    url, proc = class_room.url, class_room.proc
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, wait_until="commit", timeout=KERNEL)
    page.wait_for_selector("path.leaflet-interactive", timeout=KERNEL)
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Game").click()
    page.locator(".fortress-new-game").click()
    page.wait_for_function("() => location.search.includes('code=')", timeout=STEP)
    page.wait_for_selector(".fortress-turn-now[data-side='us']", timeout=STEP)  # the server's bots played
    address, link, ply = page.url, page.get_attribute(".fortress-my-link", "href"), ply_of(page)
    code = page.inner_text(".fortress-new-code")
    assert address.endswith(f"?code={code}") and link.split("seat=")[1] not in address
    assert "this page" in page.inner_text(".fortress-links")
    status = page.inner_text(".fortress-status").split("\n")[0]
    kernels(proc)[page_kernel_id(page)].kill()
    page.wait_for_selector(".fortress-lost[data-kind='lost']", timeout=STEP)
    banner = page.inner_text(".fortress-lost")
    assert "seat link" in banner and "Resume last game" not in banner, banner
    page.locator(".fortress-reconnect").click()
    page.wait_for_selector(".fortress-turn-now", timeout=KERNEL)
    assert page.url == address and ply_of(page) == ply  # the same game, where it stood
    assert page.inner_text(".fortress-status").split("\n")[0] == status
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Game").click()
    page.locator(".fortress-new-game").click()
    page.wait_for_function("a => location.href !== a && location.search.includes('code=')", arg=address,
                           timeout=STEP)
    assert page.url.endswith("?code=" + page.inner_text(".fortress-new-code"))
    context.close()
