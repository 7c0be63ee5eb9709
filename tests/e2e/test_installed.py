"""The installed wheel serves the dashboard (issue 19): the wheel built from the sdist is
installed into a ``--target`` folder and, from a directory that holds no fortress source and
with nothing pointing at the source tree, ``python -m fortress serve`` answers HTTP 200 and
headless Chromium draws the map, with no request leaving the machine."""
from __future__ import annotations

import subprocess
import sys

import psutil
import pytest
import requests

from tests.e2e.conftest import free_port, stop, wait_port
from tests.e2e.test_dashboard import KERNEL, load_dashboard
from tests.test_install import clean_env, dists, run  # noqa: F401 -- dists is a fixture

pytestmark = [pytest.mark.browser, pytest.mark.install]


def test_the_installed_wheel_serves_the_dashboard(dists, tmp_path, page):  # noqa: F811
    target = tmp_path / "site"
    run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target", str(target),
         str(dists["wheel"])], env=clean_env())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = clean_env(PYTHONPATH=str(target), FORTRESS_SAVE_DIR=str(tmp_path / "saves"),
                    FORTRESS_DATA_DIR=str(tmp_path / "data"))  # the game store's folder
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with (tmp_path / "serve.log").open("w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "fortress", "serve", "--port", str(port), "--no-browser"],
                                cwd=elsewhere, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_port(port, proc)
            assert requests.get(url, timeout=KERNEL / 1000).status_code == 200
            local = (url, url.replace("http://", "ws://"), "data:", "blob:")
            outside: list[str] = []
            page.on("request", lambda r: None if r.url.startswith(local) else outside.append(r.url))
            load_dashboard(page, url)
            page.wait_for_selector(".fortress-status", timeout=KERNEL)
            assert not outside, f"requests that leave the machine: {outside}"
            tree = [proc.pid] + [c.pid for c in psutil.Process(proc.pid).children(recursive=True)]
            served = str(target / "fortress" / "notebooks" / "play.ipynb")
            assert any(served in " ".join(psutil.Process(pid).cmdline()) for pid in tree), \
                "the server does not run the installed package's notebook"
        except BaseException:
            log.flush()
            print("--- the server's log ---", (tmp_path / "serve.log").read_text(errors="replace")[-6000:], sep="\n")
            raise
        finally:
            stop(proc)
    assert f"Fortress America at {url}" in (tmp_path / "serve.log").read_text(errors="replace")
    assert (tmp_path / "data" / "games.sqlite3").exists()  # fortress serve made its game store there
