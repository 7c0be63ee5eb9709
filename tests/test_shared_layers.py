"""Still maps share the kernel's layers (:mod:`fortress.ui.shared_layers`): an executed
tutorial stores each area's shape once per look, not once per map, and every map still
shows its own position."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import fortress
from fortress import notebook_helpers as H
from fortress.ui.board_map import BoardMap, MapView
from fortress.ui.shared_layers import LayerPool, pool_for
from tests.conftest import executed_notebook

NOTEBOOKS = Path(fortress.__file__).resolve().parent / "notebooks"
#: the executed tutorial with its widget state (nbclient ``store_widget_state``), at most this
#: many bytes: 14.3 MB when every map carried the whole board, 2.0 MB with shared layers
TUTORIAL_BOUND = 4_000_000


def styles(bmap: BoardMap) -> dict[str, tuple]:
    """Each area's look as sent to the browser (a pooled Polygon's, or its feature's in the area layers)."""
    return {aid: bmap.drawn_style(aid) for aid in bmap.board.geometry}


def test_maps_share_the_layers_of_areas_that_look_alike():
    game = fortress.new_game(seed=1)
    one = H.show(game, highlight=["Seattle"]).board_map
    two = H.show(game, highlight=["Seattle", "Denver"]).board_map
    seattle, denver, boston = (game.board.find(n) for n in ("Seattle", "Denver", "Boston"))
    assert one.polygons[seattle] is two.polygons[seattle] and one.polygons[boston] is two.polygons[boston]
    assert one.polygons[denver] is not two.polygons[denver]  # a target in the second map only
    assert one.markers[seattle] is two.markers[seattle]
    backdrop = [layer for layer in one.map.layers if layer.name not in one.polygons and hasattr(layer, "locations")]
    assert backdrop and all(layer in two.map.layers for layer in backdrop)


@pytest.mark.quick  # the first map of a process draws the board's shapes: ~2 s of CPU for whichever runs first
@pytest.mark.parametrize("highlight", [["Seattle"], ["Denver", "Boston", "Pacific: Golden Gate"]])
def test_a_shared_map_looks_as_its_own_map_would(highlight):
    game = fortress.new_game(seed=2)
    H.show(game, highlight=["Seattle", "Chicago"])  # fills the pool with another look first
    shared = H.show(game, highlight=highlight).board_map
    view = MapView(targets=frozenset(game.board.find(a) for a in highlight))
    alone = BoardMap(game.board, lambda aid: None, game=game, view=view)
    alone.map.center, alone.map.zoom = shared.map.center, shared.map.zoom  # labels laid out for the same view
    assert styles(shared) == styles(alone)
    assert {a: m.icon.html for a, m in shared.markers.items()} == {a: m.icon.html for a, m in alone.markers.items()}


def test_redrawing_a_shared_map_swaps_layers_and_leaves_the_other_maps_alone():
    game = fortress.new_game(seed=3)
    pool = LayerPool()
    one = BoardMap(game.board, lambda aid: None, game=game, view=MapView(), pool=pool)
    two = BoardMap(game.board, lambda aid: None, game=game, view=MapView(), pool=pool)
    before = styles(one)
    denver = game.board.find("Denver")
    assert two.update(game, MapView(selected=denver)) >= 1
    assert styles(one) == before  # the first map's polygons were not restyled
    assert two.polygons[denver] in two.map.layers and one.polygons[denver] not in two.map.layers
    assert styles(two)[denver] != before[denver]
    assert two.update(game, MapView()) >= 1 and two.polygons[denver] is one.polygons[denver]


def test_a_closed_pooled_layer_is_made_again():
    game = fortress.new_game(seed=4)
    pool = pool_for(game.board)
    first = H.show(game).board_map
    seattle = game.board.find("Seattle")
    first.polygons[seattle].close()
    again = H.show(game).board_map
    assert again.polygons[seattle] is not first.polygons[seattle] and again.polygons[seattle].comm is not None
    assert pool_for(game.board) is pool


@pytest.mark.notebook
def test_executed_tutorial_with_widget_state_stays_small(tmp_path_factory):
    """Executed as Jupyter saves it with widget state (what a teacher shares): a few MB."""
    import nbformat

    out = executed_notebook(tmp_path_factory, NOTEBOOKS / "tutorial.ipynb")
    nb = nbformat.read(out, as_version=4)
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    maps = sum(1 for w in state.values() if w["model_name"] == "LeafletMapModel")
    assert maps >= 10, "the tutorial shows its positions on maps"
    size = out.stat().st_size
    assert size <= TUTORIAL_BOUND, \
        f"executed tutorial is {size / 1e6:.1f} MB ({len(json.dumps(state)) / 1e6:.1f} MB of widgets)"
