"""Issue 18, "a map you can read from the back of the room": the banner (whose turn, which
step, who acts now; the hot-seat hand-over), the busy line while a bot thinks."""
from __future__ import annotations

import html
import re

import ipywidgets as W
import pytest

import fortress
from fortress.ai import make_bot
from fortress.rulesets.america.dashboard import banner as B
from tests.test_ui_helpers import declarable, find, new_app, press, walk

BOTS = {"west": "random", "south": "random", "east": "random"}


def words(app) -> str:
    return re.sub(r"<[^>]+>", "", app.banner.widget.value).replace("&#x27;", "'").replace("&middot;", "·")


def play_until(game, stop, limit: int = 3000):
    bot = make_bot("random", seed=3)
    for _ in range(limit):
        if stop(game):
            return game
        game.apply(bot.choose(game))
    raise AssertionError("never reached")


# -- 1. the banner ---------------------------------------------------------------------------
def test_the_banner_says_whose_turn_which_step_and_who_acts(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    assert words(app).startswith("WEST'S TURN · Declare battles · West declares battles"), words(app)
    press(app, "fortress-play")
    assert words(app).startswith("U.S.'S TURN · Reinforcements · the U.S. places reinforcements"), words(app)


def test_the_banner_names_the_decider_of_a_battle_choice():
    """Mid-battle the decider is not the side whose turn it is: the banner says both."""
    game = play_until(fortress.new_game(4), lambda g: g.battle is not None and g.battle.decision is not None
                      and g.side != g.state.turn)
    text = B.banner_text(game)
    turn, decider = game.rules.side_names[game.state.turn], B.the(game.side)
    assert text.startswith(f"{turn.upper()}'S TURN · Combat · {decider} chooses "), text
    assert B.CHOOSING[game.battle.decision.kind] in text


def test_game_over_banner_names_the_winner(tmp_path):
    app = new_app(tmp_path)
    app.act(fortress.rulesets.america.actions.Surrender())
    assert words(app).startswith("GAME OVER · The U.S. won."), words(app)


def test_hot_seat_asks_to_pass_the_laptop_between_human_players(tmp_path):
    app = new_app(tmp_path, seats={"south": "random", "east": "random"})  # U.S. and West human
    assert "Pass the laptop to West" in words(app)  # the first human player is named too
    press(app, "fortress-end")  # West ends Declare...
    assert app.game.side == "west" and "Pass the laptop" not in words(app)  # ...and keeps the laptop
    while app.bots.is_bot(app.game.side) or app.game.side == "west":
        if app.bots.is_bot(app.game.side):
            press(app, "fortress-play")
        else:
            press(app, "fortress-end")
    assert app.game.side == "us" and "Pass the laptop to the U.S." in words(app)


def test_no_hand_over_prompt_with_one_human_player(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    press(app, "fortress-play")
    assert app.game.side == "us" and "Pass the laptop" not in words(app)


# -- 2. the busy line --------------------------------------------------------------------------
def test_busy_line_is_shown_while_the_bot_thinks_and_cleared_after(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    seen: list[str] = []
    real = app.bots.choose

    def choose(side, game):
        seen.append(app.banner.busy.value)  # what the browser shows while the bot thinks
        return real(side, game)
    app.bots.choose = choose  # type: ignore[method-assign]
    press(app, "fortress-step")
    assert seen and "West (random bot) is thinking" in seen[0], seen
    assert app.banner.busy.value == ""
    seen.clear()
    press(app, "fortress-play")  # "Play to my turn": shown for every bot move, cleared at the end
    assert len(seen) > 5 and all("is thinking" in s for s in seen)
    assert {"West", "South", "East"} <= {s for v in seen for s in ("West", "South", "East") if s in v}
    assert app.banner.busy.value == ""


def test_busy_line_is_cleared_when_a_bot_fails(tmp_path):
    app = new_app(tmp_path, seats=BOTS)

    def broken(side, game):
        raise RuntimeError("boom")
    app.bots.choose = broken  # type: ignore[method-assign]
    try:
        app.play_to_human()
    except RuntimeError:
        pass
    assert app.banner.busy.value == ""


# -- 3. territory names: hover, printed on the map, lit when a panel names them ---------------
def test_hovering_a_territory_names_it(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    bm = app.board_map
    aid = next(a for a in bm.markers if app.game.units_in(a))
    area = app.game.board[aid]
    bm.mouse(aid, "mouseover")  # as the browser sends it: the feature's properties name the area
    assert area.name in app.tools.hover.value and "held by" in app.tools.hover.value
    bm.map._handle_leaflet_event(None, {"event": "interaction", "type": "mouseout",  # the pointer left the map
                                        "coordinates": list(area.label)}, [])
    assert app.tools.hover.value == ""


def drawn_boxes(bm) -> dict:
    """Every drawn label's estimated box (px) where the page puts it (its point, its offset:
    ``left``/``top`` in its HTML, and the size of what it prints), those in the map's view."""
    from fortress.ui import labels as LB
    game, view = bm._drawn
    font, scale = bm.font, 2 ** bm.zoom
    out = {}
    for aid, marker in bm.markers.items():
        html_ = marker.icon.html
        if not html_:
            continue
        at = re.search(r"left:(-?\d+)px;top:(-?\d+)px", html_)
        dx, dy = (float(at.group(1)), float(at.group(2))) if at else (0.0, 0.0)
        lab = bm._label(game, game.board[aid], game.units_in(aid), view, names="class='nm'" in html_)
        x, y = bm.anchor(aid, scale)
        out[aid] = LB._box(x + dx, y + dy, *lab.size(font, bm.compact))
    view = bm.view_box(scale)
    return {a: b for a, b in out.items() if b[0] < view[2] and view[0] < b[2] and b[1] < view[3] and view[1] < b[3]}


def test_names_toggle_prints_the_names_that_fit_apart_and_back(tmp_path):
    app = new_app(tmp_path)
    bm = app.board_map
    bm.map.set_state({"left": 0.0, "right": 1100.0, "top": 0.0, "bottom": 600.0})  # as the browser says
    assert not any("class='nm'" in m.icon.html for m in bm.markers.values())
    app.tools.names.value = True
    shown = {aid for aid, m in bm.markers.items() if "class='nm'" in m.icon.html}
    assert len(shown) >= 20, "the names that fit are printed (the rest: zoom in, or the hover box)"
    assert all(html.escape(app.game.board[a].name) in bm.markers[a].icon.html for a in shown)
    assert not crossing(drawn_boxes(bm)), "no two labels overlap, names included"
    west = {aid for aid in shown if app.game.board[aid].label[1] < -110}
    bm.map.zoom = bm.map.zoom + 1  # zoomed in on the middle
    zoomed = {aid for aid, m in bm.markers.items() if "class='nm'" in m.icon.html}
    (lat, lon), (left, top, right, bottom) = bm.map.center, bm.map.get_state(["left", "top", "right", "bottom"]).values()
    bm.map.set_state({"center": [lat, lon - 15], "left": left - 300, "right": right - 300})  # panned west
    panned = {aid for aid, m in bm.markers.items() if "class='nm'" in m.icon.html}
    assert panned - zoomed & west, "a pan lays the names out again for the new view"
    app.tools.names.value = False
    assert not any("class='nm'" in m.icon.html for m in bm.markers.values())


def test_printed_names_are_laid_out_with_the_counters(tmp_path):
    """With Names on, a territory with no units has a label too: it takes part in the layout
    (moved aside when its point is taken) instead of being printed over its neighbours."""
    app = new_app(tmp_path)
    bm = app.board_map
    bm.map.set_state({"left": 0.0, "right": 1100.0, "top": 0.0, "bottom": 600.0})  # as the browser says
    app.tools.names.value = True
    offsets = bm.offsets()
    no_units = {a.id for a in app.game.board} - {u.area for u in app.game.state.units.values()}
    assert no_units and no_units <= set(offsets), "every printed name is placed"
    assert any(offsets[a] != (0.0, 0.0) for a in no_units), "some shifted (the Northeast is crowded)"


def test_a_printed_name_stays_on_its_own_territory(tmp_path):
    """Names on: a label printing a name covers its own territory's point; a name with no room
    there is left out, never printed aside over a neighbouring territory (issue 35, item 7)."""
    app = new_app(tmp_path)
    bm = app.board_map
    bm.map.set_state({"left": 0.0, "right": 790.0, "top": 0.0, "bottom": 364.0})  # 1280x720's map
    app.tools.names.value = True
    game, view = bm._drawn
    named = {aid for aid, m in bm.markers.items() if "class='nm'" in m.icon.html}
    assert len(named) >= 5, "some names fit on their own territory (the hover box names any)"
    offsets = bm.offsets()
    for aid in named:
        size = bm._label(game, game.board[aid], game.units_in(aid), view, names=True).size(bm.font, bm.compact)
        (dx, dy), (w, h) = offsets[aid], size
        assert abs(dx) < w / 2 and abs(dy) < h / 2, f"{aid}'s name sits off its point: {offsets[aid]}, {size}"


def test_labels_take_no_clicks(tmp_path):
    """A label moved aside may sit over a neighbour: it lets clicks and hovers through to the
    territory under the pointer (issue 35; tests/e2e/test_label_clicks.py clicks in the page)."""
    app = new_app(tmp_path)
    assert app.board_map.markers
    for marker in app.board_map.markers.values():
        assert not marker._click_callbacks.callbacks and not marker._mouseover_callbacks.callbacks
    css = app.root.children[0].value
    rule = re.search(r"\.fa-m \{([^}]*)\}", css)
    assert rule and "pointer-events: none" in rule.group(1) and "pointer-events: auto" not in css


def test_a_territory_named_in_a_panel_is_marked_to_light_up_on_the_map(tmp_path):
    app = new_app(tmp_path)
    target = declarable(app)
    app.board_map.click(target)  # declared: the Declare panel lists it by name
    panel = app.panel_box.children[0]
    text = "".join(getattr(w, "value", "") for w in panel.children if hasattr(w, "value"))
    assert f"<span class='ft-area' data-area='{target}'>" in text
    css = app.root.children[0].value
    assert f".ft-area[data-area='{target}']:hover" in css and f".fa-m[data-area='{target}']" in css


def test_territories_named_in_the_log_light_up_on_the_map(tmp_path):
    app = new_app(tmp_path)
    target = declarable(app)
    app.board_map.click(target)  # "West declares ..." in the log
    name = app.game.board[target].name
    log = "".join(w.value for w in walk(app.log) if isinstance(w, W.HTML))
    assert f"<span class='ft-area' data-area='{target}'>{html.escape(name)}</span>" in log


def test_a_log_line_marks_each_name_it_touched_the_longest_first_and_whole_words():
    from fortress.rulesets.america.dashboard.logbook import named
    board = fortress.new_game(0).board
    by_name = {a.name: a.id for a in board}
    pairs = [(a.name, o.name) for a in board for o in board if a.id != o.id and a.name in o.name]
    assert pairs, "the board has names inside other names (New York, Atlantic: New York Bight)"
    for short, long in pairs:
        out = named(f"{long} <&> {short}", [by_name[short], by_name[long]], board)
        assert out.count("class='ft-area'") == 2 and "&lt;&amp;&gt;" in out
        assert f"data-area='{by_name[long]}'>{html.escape(long)}</span>" in out
        assert f"data-area='{by_name[short]}'>{html.escape(short)}</span>" in out
        assert "ft-area" not in named(f"{short}n", [by_name[short]], board), "whole words only (Chihuahuan)"
    assert named("nothing here", [], board) == "nothing here"


def test_buttons_acting_on_a_territory_light_it_up(tmp_path):
    app = new_app(tmp_path)
    panel = app.current_panel()
    button = panel.button("Attack", fortress.rulesets.america.actions.Attack("seattle"))
    assert "ft-at-seattle" in button._dom_classes
    send = panel.button("Send", fortress.rulesets.america.actions.Commit(1, "infantry", "oregon"))
    assert "ft-at-oregon" in send._dom_classes


# -- 4. projector mode; stacked chips that never overlap; markers that scale with the zoom ----
def unit_boxes(bm) -> dict:
    """The estimated boxes (px) of the labels with units, as laid out."""
    from fortress.ui import labels as LB
    game, view = bm._drawn
    font, scale = bm.font, 2 ** bm.zoom
    sizes = {}
    for area in game.board:
        lab = bm._label(game, area, game.units_in(area.id), view)
        if lab is not None and lab.chips:
            sizes[area.id] = lab.size(font, bm.compact)
    anchors = {a: bm.anchor(a, scale) for a in sizes}
    return LB.boxes(anchors, sizes, {a: bm.offsets()[a] for a in sizes})


def crossing(boxes: dict) -> list:
    items = list(boxes.items())
    return [(a, b) for i, (a, p) in enumerate(items) for b, q in items[i + 1:]
            if min(p[2], q[2]) > max(p[0], q[0]) and min(p[3], q[3]) > max(p[1], q[1])]


def test_projector_mode_doubles_the_counters_and_no_two_overlap(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    press(app, "fortress-play")
    from fortress.ui import labels as LB
    bm = app.board_map
    assert not crossing(unit_boxes(bm))
    small, small_step = dict(unit_boxes(bm)), bm.shrink
    app.tools.projector.value = True
    assert "fortress-projector" in app.root._dom_classes
    big = unit_boxes(bm)
    assert not crossing(big), crossing(big)
    aid = next(iter(big))
    larger = 2 * LB.SHRINK_PROJECTOR[bm.shrink][0] / LB.SHRINK[small_step][0]  # twice, but for a crowded map's steps
    assert larger > 1.3 and (big[aid][3] - big[aid][1]) > 0.8 * larger * (small[aid][3] - small[aid][1])
    moved = [a for a, (dx, dy) in bm.offsets().items() if dx or dy]
    assert moved and any("fa-lead" in bm.markers[a].icon.html for a in moved), "moved labels get leader lines"
    app.tools.projector.value = False
    assert "fortress-projector" not in app.root._dom_classes


@pytest.mark.slow
def test_a_crowded_map_shrinks_its_labels_a_step_until_none_overlaps(tmp_path):
    """1280x720 (the map 790 x 364 px; projector mode 790 x 490): mid-game, the full-size labels
    find no free spot for all; the map lays them out a size smaller, and says so to the CSS.
    No label covers the map's zoom buttons or its Names / Projector toggles."""
    from fortress.ui import labels as LB
    app = new_app(tmp_path, seats=BOTS)
    bm = app.board_map
    game = fortress.new_game(seed=0)
    bots = {s: make_bot("heuristic", seed=0) for s in ("us", "west", "south", "east")}
    shrunk = set()
    for moves in range(1, 701):
        game.apply(bots[game.side].choose(game))
        if moves % 100:
            continue
        for projector, height in ((False, 364.0), (True, 490.0)):
            bm.map.set_state({"left": 0.0, "right": 790.0, "top": 0.0, "bottom": height})
            bm.set_options(projector=projector)
            bm.update(game, bm._drawn[1])
            boxes = unit_boxes(bm)
            assert not crossing(boxes), (moves, projector, crossing(boxes))
            buttons = bm.buttons(bm.view_box(2 ** bm.zoom))
            assert len(buttons) == 3 and not crossing({**boxes, **dict(zip(("zoom", "toggles", "credit"), buttons))}), \
                "no label under the map's own buttons or credit line"
            classes = [c for c in bm.map._dom_classes if c.startswith("ft-s")]
            assert classes == [LB.shrink_class(bm.shrink)]
            shrunk.add((projector, bm.shrink))
    assert (False, 1) in shrunk and any(p and step >= 1 for p, step in shrunk), shrunk
    assert LB.font_px(4.15, True, len(LB.SHRINK_PROJECTOR) - 1) > LB.font_px(4.15), "projector labels stay larger"
    assert ".ft-s1 .fa-m .u .k" in app.root.children[0].value, "a crowded map's first step drops the breakdown"
    css = app.root.children[0].value
    assert f".fortress-projector .{LB.zoom_class(4.0)}.ft-s2 .fa-m {{ font-size: {LB.font_px(4.0, True, 2)}px" in css


def test_chips_are_stacked_per_side_with_a_count():
    from collections import Counter

    from fortress.ui import labels as LB
    rows = LB.chips(Counter({("west", "infantry"): 2, ("west", "hovertank"): 1, ("us", "partisan"): 1}))
    assert [r for r, _h in rows] == ["US 1|P", "W 3| 2I 1T"]  # one type: its letter after the count
    assert "class='u s3'" in rows[1][1] and "<b>W 3</b>" in rows[1][1]
    assert "class='u'" in rows[0][1]


def test_markers_scale_with_the_zoom_and_are_laid_out_again(tmp_path):
    from fortress.ui import labels as LB
    app = new_app(tmp_path, seats=BOTS)
    bm = app.board_map
    assert LB.zoom_class(bm.zoom) in bm.map._dom_classes
    before = unit_boxes(bm)
    bm.map.zoom = bm.zoom + 1.0  # the reader zooms in
    assert LB.zoom_class(bm.zoom) in bm.map._dom_classes and len([c for c in bm.map._dom_classes
                                                                   if c.startswith("ft-z")]) == 1
    after = unit_boxes(bm)
    aid = next(iter(after))
    assert after[aid][2] - after[aid][0] > 1.3 * (before[aid][2] - before[aid][0])
    assert not crossing(after)
    assert LB.font_px(3.0) < LB.font_px(4.15) < LB.font_px(6.0) and abs(LB.font_px(4.15, True) - 2 * LB.font_px(4.15)) < 0.15
    assert f".{LB.zoom_class(6.0)} .fa-m {{ font-size: {LB.font_px(6.0)}px" in app.root.children[0].value


def test_a_hand_over_to_several_sides_names_them_as_a_sentence():
    assert B.listed(["West", "South", "East"]) == "West, South and East"
    assert B.listed(["the U.S."]) == "the U.S." and B.listed(["West", "East"]) == "West and East"
