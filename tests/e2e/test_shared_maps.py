"""Maps that share the kernel's layers (``H.show``, :mod:`fortress.ui.shared_layers`) each
draw the whole board with their own position, in headless Chromium against a real Voila
server: one widget model shown in two maps is drawn in both, and an area that looks
different in the second map shows its own look there without changing the first. A Game
left as a cell's value (``fortress.render``) shows as the map widget in Voila."""
from __future__ import annotations

import os
import subprocess

import nbformat
import pytest

from fortress.ui.serve import voila_command, voila_env
from fortress.ui.theme import TARGET
from tests.e2e.conftest import free_port, stop, wait_port

pytestmark = pytest.mark.browser

CELLS = [
    "import fortress\nfrom fortress import notebook_helpers as H\ngame = fortress.new_game(seed=1)",
    "H.show(game, highlight=['Seattle'], table=False)",
    "H.show(game, highlight=['Seattle', 'Portland', 'Denver'], table=False)",
    "import fortress.render\ngame  # a Game displays as its map widget where a kernel runs",
]

#: per map on the page: how many shapes it draws, and how many have the target border
SHAPES_JS = f"""() => [...document.querySelectorAll('.fortress-map')].map(m => {{
    const paths = [...m.querySelectorAll('path.leaflet-interactive')];
    return [paths.length, paths.filter(p => p.getAttribute('stroke') === '{TARGET}').length];
}})"""


def test_maps_sharing_layers_each_draw_their_own_position(page, tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    path = tmp_path / "two_maps.ipynb"
    nbformat.write(nb, path)
    port = free_port()
    with (tmp_path / "voila.log").open("w") as log:
        proc = subprocess.Popen(voila_command(path, "127.0.0.1", port, no_browser=True), cwd=tmp_path,
                                env=voila_env(dict(os.environ)), stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_port(port, proc)
            page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
            page.wait_for_function(f"() => ({SHAPES_JS})().length === 3 && "
                                   f"({SHAPES_JS})().every(m => m[0] > 100)", timeout=120_000)
            first, second, game_map = page.evaluate(SHAPES_JS)
        finally:
            stop(proc)
    assert first[0] == second[0] == game_map[0]  # every area (and Canada, Mexico) in each map
    assert (first[1], second[1], game_map[1]) == (1, 3, 0)  # each map its own highlights
