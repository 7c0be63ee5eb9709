"""The classroom server on a hostile network (issue 40): real ``fortress serve`` servers and
plain HTTP clients on localhost only. Bad template paths are 404s with nothing in the log;
anonymous requests cannot fill the kernel cap. Run alone:

    PYTHONPATH=$PWD .venv/bin/python -m pytest -m browser -p no:xdist tests/e2e/test_hostile.py -s
"""
from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

TIMEOUT = 60  # s: one request to a loaded server


def raw_get(url: str, path: str) -> int:
    """GET ``path`` exactly as written (no client removes its ``..``), the status code."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=TIMEOUT)
    try:
        conn.request("GET", path)
        reply = conn.getresponse()
        reply.read()
        return reply.status
    finally:
        conn.close()


@pytest.fixture(scope="module")
def server(serve, tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    with serve(folder, folder, max_kernels=10, cull_idle=600) as (url, proc):
        yield url, proc, folder


TRAVERSALS = ["/voila/templates/fortress-offline/static/../../../../etc/passwd",
              "/voila/templates/fortress-offline/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
              "/voila/templates/fortress-offline/static/%2E%2E/%2E%2E/static/x",
              "/voila/templates/fortress-offline/static/./../../x",
              "/voila/templates/../static/x", "/voila/templates/fortress-offline/static/a/..%2f..%2f..%2fx"]


def test_bad_template_paths_are_404_and_log_no_traceback(server):
    url, _proc, folder = server
    assert raw_get(url, "/voila/templates/fortress-offline/static/voila.js") == 200  # a real file still is served
    codes = {path: raw_get(url, path) for path in TRAVERSALS}
    assert codes == {path: 404 for path in TRAVERSALS}
    log = (folder / "voila.log").read_text(errors="replace")
    assert "Traceback" not in log and "AssertionError" not in log
