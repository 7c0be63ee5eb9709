"""The JupyterHub route in headless Chromium: a Jupyter server with Voila's server extension
(what a hub's single-user server runs) renders ``play.ipynb`` at ``/voila/render/play.ipynb``.
With ``?template=fortress-offline`` (the named template the package installs under
``share/jupyter``; tests/test_install.py checks Voila finds it there) the page draws the map and
makes no request beyond the server; Voila's default ``lab`` template asks a CDN."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from fortress.ui.serve import TEMPLATE, notebook_path, voila_env
from tests.e2e.conftest import free_port, stop, wait_port
from tests.e2e.test_dashboard import KERNEL, load_dashboard

pytestmark = pytest.mark.browser


@contextmanager
def jupyter_server(root: Path, log_path: Path) -> Iterator[str]:
    """``jupyter server`` (no token, localhost) on ``root``, the fortress template on the
    Jupyter path as an install puts it; stopped on exit."""
    port = free_port()
    scratch = log_path.parent  # the server's runtime files and (empty) user config, not the real home's
    env = voila_env(dict(os.environ, FORTRESS_SAVE_DIR=str(root / "autosave"),
                         JUPYTER_RUNTIME_DIR=str(scratch / "runtime"), JUPYTER_CONFIG_DIR=str(scratch / "config")))
    cmd = [sys.executable, "-m", "jupyter_server", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
           "--ServerApp.port_retries=0", "--ServerApp.open_browser=False", "--IdentityProvider.token=",
           "--ServerApp.allow_root=True", f"--ServerApp.root_dir={root}"]
    with log_path.open("w") as log:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_port(port, proc)
            yield f"http://127.0.0.1:{port}/"
        except BaseException:
            log.flush()
            print("--- the server's log ---", log_path.read_text(errors="replace")[-6000:], sep="\n")
            raise
        finally:
            stop(proc)


@pytest.fixture(scope="module")
def hub(tmp_path_factory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("home")
    shutil.copy(notebook_path(), root / "play.ipynb")  # as `fortress notebooks ~` would
    with jupyter_server(root, root.parent / "jupyter-server.log") as url:
        yield url


def test_the_hub_route_with_the_named_template_stays_on_the_server(page, hub):
    local = (hub, hub.replace("http://", "ws://"), "data:", "blob:")
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(local) else outside.append(r.url))
    load_dashboard(page, f"{hub}voila/render/play.ipynb?template={TEMPLATE}")
    page.wait_for_selector(".fortress-status", timeout=KERNEL)
    assert "window.WebSocket = FortressWebSocket" in page.content()  # the fortress template's page
    assert not outside, f"requests that leave the server: {outside}"


def test_the_hub_route_without_it_asks_a_cdn(page, hub):
    with page.expect_request(lambda r: "cdn.jsdelivr.net" in r.url, timeout=KERNEL):
        page.goto(f"{hub}voila/render/play.ipynb", wait_until="commit", timeout=KERNEL)
