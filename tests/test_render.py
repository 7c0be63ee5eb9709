"""A Game draws itself as SVG (fortress.render): holders' colours, units, captured cities,
declared battles; importing fortress.render makes IPython display a Game that way, with the
map widget besides where a kernel shows widgets."""
from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET

import pytest

import fortress
import fortress.draw.svg
from fortress.render import game_svg, register
from fortress.draw.theme import SIDE_COLOURS

NS = "{http://www.w3.org/2000/svg}"


def position() -> fortress.Game:
    return fortress.Game.from_position({
        "turn": "west", "phase": "maneuvers", "round": 3, "declared": ["Seattle"],
        "control": {"west": ["Olympic Peninsula", "Portland"]}, "captured": {"Portland": "west"},
        "units": {"Seattle": "west: 2 hovertank", "Denver": "1 infantry", "Portland": "west: 1 infantry"}})


def paths(svg: str) -> dict[str, ET.Element]:
    """Each area's path by the name in its tooltip."""
    root = ET.fromstring(svg)
    return {p.find(f"{NS}title").text.split(" (")[0]: p for p in root.iter(f"{NS}path")}


def test_every_area_is_drawn_in_its_holders_colour():
    game = position()
    drawn = paths(game_svg(game))
    assert len(drawn) == len(game.board.areas) == 118
    assert drawn["Portland"].get("fill") == SIDE_COLOURS["west"][0]
    assert drawn["Denver"].get("fill") == SIDE_COLOURS["us"][0]


def test_declared_battles_captured_cities_and_units_are_marked():
    game = position()
    svg = game_svg(game)
    drawn = paths(svg)
    assert drawn["Seattle"].get("stroke-dasharray") and not drawn["Denver"].get("stroke-dasharray")
    assert "battle declared" in drawn["Seattle"].find(f"{NS}title").text
    root = ET.fromstring(svg)
    ringed = [c for c in root.iter(f"{NS}circle") if c.get("fill") == SIDE_COLOURS["west"][0]]
    assert len(ringed) == 1  # Portland, captured by West
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert {"W 2T", "US 1I", "W 1I"} <= set(texts)
    assert "Round 3" in texts[0] and "cities captured 1" in texts[0]


def test_an_ipython_session_displays_a_game_as_svg():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        assert register(shell)
        data, _ = shell.display_formatter.format(position())
    finally:
        InteractiveShell.clear_instance()
    assert data["image/svg+xml"].startswith("<svg") and "text/plain" in data


def test_docstring_examples():
    assert doctest.testmod(fortress.draw.svg).failed == 0


def test_the_readme_picture_is_drawn_by_the_code():
    """docs/game.svg (README) is what docs/pictures.py draws today: rerun it after a change."""
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("pictures", root / "docs" / "pictures.py")
    pictures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pictures)
    assert (root / "docs" / "game.svg").read_text() == pictures.game_svg(pictures.pictured_game())


# -- the display bundle: SVG everywhere, the widget where a kernel shows widgets ---------------
def test_outside_a_kernel_a_game_displays_as_svg_without_a_widget():
    from IPython.core.interactiveshell import InteractiveShell

    from fortress.render.display import WIDGET_VIEW, widgets_live

    shell = InteractiveShell.instance()
    try:
        register(shell)
        data, _ = shell.display_formatter.format(position())
    finally:
        InteractiveShell.clear_instance()
    assert not widgets_live() and WIDGET_VIEW not in data
    assert data["image/svg+xml"] == game_svg(position()) and data["text/plain"].startswith("<Game round 3")


def test_in_a_live_kernel_a_game_also_displays_as_its_map_widget(monkeypatch):
    from ipywidgets.widgets.widget import _instances

    from fortress.render import display

    monkeypatch.setattr(display, "widgets_live", lambda: True)
    game = position()
    data = display.game_bundle(game)
    assert data["image/svg+xml"].startswith("<svg") and data["text/plain"] == repr(game)
    box = _instances[data[display.WIDGET_VIEW]["model_id"]]
    seattle = game.board.find("Seattle")
    label = box.board_map._looks[seattle].html
    assert "<b>W 2</b><span class='k'>T</span>" in label and len(box.board_map.polygons) == 118


@pytest.mark.notebook
def test_a_stored_notebook_shows_the_widget_with_its_state_and_the_svg_without(tmp_path):
    """Executed in a kernel, the output holds both forms; nbconvert (nbviewer's renderer)
    draws the widget when the widget state was saved, the SVG map when it was not."""
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    from fortress.render.display import WIDGET_VIEW

    def run(store: bool) -> tuple[dict, str]:
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
            "import fortress, fortress.render\nfortress.new_game(seed=1)")])
        NotebookClient(nb, kernel_name="python3", timeout=300, store_widget_state=store).execute()
        body, _ = HTMLExporter().from_notebook_node(nb)
        return nb.cells[0].outputs[0]["data"], body

    data, page = run(store=False)
    assert {WIDGET_VIEW, "image/svg+xml", "text/plain"} <= set(data)
    assert "data:image/svg+xml;base64" in page and f'type="{WIDGET_VIEW}"' not in page
    data, page = run(store=True)
    assert f'type="{WIDGET_VIEW}"' in page and data[WIDGET_VIEW]["model_id"] in page


# -- with nothing else imported (issue 35, item 14) --------------------------------------------
def run_python(code: str) -> str:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_game_shows_as_its_map_in_any_ipython_session_with_nothing_else_imported():
    """A fresh interpreter: IPython's display of a Game holds its SVG map though only
    ``fortress`` was imported; neither fortress.render nor the dashboard was loaded for it."""
    out = run_python(
        "import sys\nfrom IPython.core.interactiveshell import InteractiveShell\nimport fortress\n"
        "data, _ = InteractiveShell.instance().display_formatter.format(fortress.new_game(seed=1))\n"
        "assert data['image/svg+xml'].startswith('<svg') and data['text/plain'].startswith('<Game'), sorted(data)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('fortress.render', 'fortress.ui', 'ipywidgets'))))")
    assert out == "[]"


def test_the_svg_map_needs_no_widget_library():
    """ipywidgets, ipyleaflet and IPython made unimportable: the SVG is drawn all the same,
    by the engine's display method and by fortress.render.game_svg."""
    out = run_python(
        "import sys\nfor name in ('ipywidgets', 'ipyleaflet', 'IPython'):\n    sys.modules[name] = None\n"
        "import fortress\nfrom fortress.render import game_svg\ngame = fortress.new_game(seed=1)\n"
        "svg = game._repr_mimebundle_()['image/svg+xml']\nassert svg == game_svg(game) and svg.count('<path') == 118\n"
        "print(game._repr_mimebundle_(exclude=['image/svg+xml']))")
    assert out == "{'text/plain': '<Game round 1 side=west phase=declare actions=0>'}"
