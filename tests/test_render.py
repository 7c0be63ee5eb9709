"""A Game draws itself as SVG (fortress.render): holders' colours, units, captured cities,
declared battles; importing fortress.render makes IPython display a Game that way."""
from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET

import fortress
import fortress.render.svg
from fortress.render import game_svg, register
from fortress.ui.theme import SIDE_COLOURS

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
    assert doctest.testmod(fortress.render.svg).failed == 0


def test_the_readme_picture_is_drawn_by_the_code():
    """docs/game.svg (README) is what docs/pictures.py draws today: rerun it after a change."""
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("pictures", root / "docs" / "pictures.py")
    pictures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pictures)
    assert (root / "docs" / "game.svg").read_text() == pictures.game_svg(pictures.pictured_game())
