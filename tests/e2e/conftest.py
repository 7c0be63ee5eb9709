"""Fixtures for the browser tests: Debian's chromium and a real Voila server."""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import psutil
import pytest
import requests

from fortress.ui.serve import notebook_path, voila_command, voila_env

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or \
        (os.path.exists("/usr/bin/chromium") and "/usr/bin/chromium") or None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    path = chromium()
    if path is None:
        pytest.skip("no chromium on this machine")
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1366, "height": 768}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, proc: subprocess.Popen, timeout: float = 300) -> None:
    """Wait until the server listens on ``port`` (Voila's start-up imports take seconds on an idle
    machine and minutes on a busy one: a generous bound, only there to stop a hung run)."""
    end = time.time() + timeout
    while time.time() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with code {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("voila did not start listening")


def stop(proc: subprocess.Popen) -> None:
    """Stop a server this test session started (SIGTERM, then SIGKILL after 15 s)."""
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()


@contextmanager
def notebook_server(folder: Path, notebook: Path, preheat: int = 0, **env: str) -> Iterator[str]:
    """A real Voila server for ``notebook`` on a free localhost port (``preheat`` kernels kept
    ready), this process's environment with ``env`` added (``FORTRESS_RULESET``,
    ``FORTRESS_STORE``...), stopped on exit; its log is ``folder/voila.log``."""
    port = free_port()
    log = (folder / "voila.log").open("w")
    proc = subprocess.Popen(voila_command(notebook, "127.0.0.1", port, preheat=preheat, no_browser=True),
                            cwd=notebook.parent,
                            env=voila_env(dict(os.environ, **env)), stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_port(port, proc)
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop(proc)
        log.close()


@pytest.fixture(scope="session")
def save_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("autosave")


@contextmanager
def voila_server(log_dir: Path, save_dir: Path, env: dict[str, str] | None = None, notebook: str = "play.ipynb",
                 **options) -> Iterator[tuple[str, subprocess.Popen]]:
    """A real ``fortress serve`` Voila server on a free localhost port (this process's
    environment with ``env`` added; the package's ``notebook``; ``options`` go to
    :func:`voila_command`), stopped on exit; its log is ``log_dir/voila.log``."""
    port = free_port()
    env = voila_env(dict(os.environ, FORTRESS_SAVE_DIR=str(save_dir), **(env or {})))
    log = (log_dir / "voila.log").open("w")
    proc = subprocess.Popen(voila_command(notebook_path(notebook), "127.0.0.1", port, no_browser=True, **options),
                            cwd=notebook_path().parent, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_port(port, proc)
        yield f"http://127.0.0.1:{port}/", proc
    except BaseException:
        log.flush()
        lines = (log_dir / "voila.log").read_text(errors="replace").splitlines()
        print(f"--- the last lines of the server's log ({len(lines)} in all) ---", *lines[-60:], sep="\n")
        raise
    finally:
        stop(proc)
        log.close()


@pytest.fixture(scope="session")
def voila_url(save_dir, tmp_path_factory):
    """A real Voila server on a free localhost port, stopped after the session."""
    with voila_server(tmp_path_factory.mktemp("voila"), save_dir) as (url, _proc):
        yield url


@pytest.fixture(scope="session")
def serve():
    """:func:`voila_server`, for tests that start servers with their own options."""
    return voila_server


KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")


def kernels(proc: subprocess.Popen) -> dict[str, psutil.Process]:
    """The server's kernel processes by kernel id."""
    found = {}
    for child in psutil.Process(proc.pid).children():
        try:
            match = KERNEL_FILE.search(" ".join(child.cmdline()))
        except psutil.Error:  # a kernel just shut down (a zombie until the server reaps it)
            continue
        if match:
            found[match.group(1)] = child
    return found


def page_kernel_id(page) -> str:
    """The id of the kernel a dashboard page was served with."""
    return page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def shut_down(url: str, kernel_id: str) -> int:
    """Shut a kernel down as a closing tab does (POST /voila/api/shutdown/<kernel> with an
    ``_xsrf`` that matches its cookie); the status code (204 when done)."""
    return requests.post(f"{url}voila/api/shutdown/{kernel_id}", data={"_xsrf": "tests"},
                         cookies={"_xsrf": "tests"}, timeout=60).status_code


#: the teacher's token of :func:`class_server`
TEACHER = "teacher-token-for-the-browser-tests"


@dataclass(frozen=True)
class ClassServer:
    """A ``fortress serve`` server on a SQLite game store: its address, process and store URL."""
    url: str
    proc: subprocess.Popen
    store: str


@pytest.fixture(scope="session")
def class_server(tmp_path_factory, save_dir) -> Iterator[ClassServer]:
    """One ``fortress serve`` server (default options) on a SQLite store with :data:`TEACHER`'s
    token, for the serial tests of a class: started once, as starting one per test cost the
    test seconds. Use it through :func:`class_room`."""
    folder = tmp_path_factory.mktemp("class")
    store = f"sqlite:///{folder / 'class.sqlite3'}"
    with voila_server(folder, save_dir, env={"FORTRESS_STORE": store, "FORTRESS_TEACHER_TOKEN": TEACHER}) as (url, proc):
        yield ClassServer(url, proc, store)


@pytest.fixture
def class_room(class_server) -> Iterator[ClassServer]:
    """:func:`class_server` for one test: the test makes its own games in the store, and the
    kernels its pages started are shut down at its end (as its own server's would have been),
    so that no test sees another's."""
    before = set(kernels(class_server.proc))
    yield class_server
    started = sorted(set(kernels(class_server.proc)) - before)
    with ThreadPoolExecutor(max(1, len(started))) as pool:  # each waits for its kernel to stop: all at once
        codes = dict(zip(started, pool.map(lambda kid: shut_down(class_server.url, kid), started)))
    left = {kid: code for kid, code in codes.items() if code != 204 and kid in kernels(class_server.proc)}
    assert not left, f"kernels not shut down (status codes): {left}"
