"""America in Flames' panels in the dashboard shell (fortress.rulesets.aif.panels), without a
browser, through a real hot-seat game: §3.6's first pre-set-up step written in the influence
panel by each power in turn (the track then draws its flags in, above or below their squares),
refusals greyed with the game's reason, sealed orders leaving nothing on the page for the next
seat, the declarations, the production order and the auction."""
from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

import fortress
from fortress.rulesets.aif.dashboard import americas_map
from fortress.rulesets.aif.panels import (AuctionPanel, DeclarePanel, InfluencePanel, OperationChooser,
                                         ProductionPanel, TrackPanel)
from fortress.rulesets.aif.panels.common import chart_counts, cost_source
from fortress.rulesets.aif.panels.track import track_html
from fortress.rulesets.aif.state import Align, Declare, Influence, Produce
from fortress.rulesets.aif.tables import load
from fortress.rulesets.aif.track import Flag
from fortress.ui.shell import board as boards
from fortress.ui.shell.app import Shell
from tests.test_ui_shell import assert_private, secrets_from, texts

POWERS = ("usa", "cw", "france", "germany", "italy", "japan")
#: §3.6's first pre-set-up step (the orders of the text's example)
EXAMPLE = {"usa": {"brazil": 6, "argentina": 2}, "germany": {"argentina": 5, "panama": 3}, "japan": {"panama": 3}}
FLAG_JS = re.compile(r"<span data-minor='(\w+)' data-square='(-?\d+)' class='ft-aif-flag ft-aif-flag-(\w+)'")


@pytest.fixture(autouse=True)
def aif_dashboard():
    boards.register("aif", americas_map)  # (the entry point too, once the package is installed again)
    yield
    boards.unregister("aif")


def hot_seat(seed: int = 1, variants: tuple[str, ...] = ()) -> Shell:
    shell = Shell("aif", players=2, seed=seed, seats={p: "human" for p in POWERS})
    if variants:
        shell.start(fortress.new_game(seed, players=2, ruleset="aif", variants=variants), {p: "human" for p in POWERS})
    return shell


def flags_drawn(track: str) -> dict[str, tuple[int, str]]:
    """Each minor's flag on the drawn track: (signed square, in / above / below / neutral)."""
    return {m: (int(sq), where) for m, sq, where in FLAG_JS.findall(track)}


def write(shell: Shell, levels: dict[str, int]) -> None:
    """The acting power writes ``levels`` in the influence panel and submits."""
    panel = shell.panel.taken
    assert isinstance(panel, InfluencePanel)
    for minor, n in levels.items():
        panel.levels[minor].value = n
    assert not panel.submit.disabled, panel.submit.tooltip
    panel.submit.click()


def presetup(shell: Shell, orders: dict[str, dict[str, int]]) -> None:
    """One pre-set-up step: each power in turn writes its order (none if not given)."""
    for power in POWERS:
        assert shell.game.side == power and shell.viewer == power
        write(shell, orders.get(power, {}))


def test_the_entry_point_names_the_dashboard() -> None:
    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["fortress.dashboards"]["aif"] == \
        "fortress.rulesets.aif.dashboard:americas_map"
    assert boards.dashboard("aif") is americas_map


def test_the_text_s_first_presetup_step_written_in_the_panel_moves_the_drawn_flags() -> None:
    shell = hot_seat()
    always = shell.panel.own["*"]
    track = always.track
    assert isinstance(track, TrackPanel) and shell.panel.always.children == (always.widget,)
    assert always.widget.children == (track.widget,)  # no battle under way: the track alone
    assert set(flags_drawn(track.track.value).values()) == {(0, "neutral")}
    presetup(shell, EXAMPLE)
    game = shell.game
    assert game.phase == "pre-set-up" and "influence step 2 of 2" in shell.log.value  # the second step
    drawn = flags_drawn(track.track.value)
    # §3.6: Brazil USA +6 (in the square), Argentina Germany +4 (in), Panama Germany +5 (in)
    assert drawn["brazil"] == (6, "in") and drawn["argentina"] == (-4, "in") and drawn["panama"] == (-5, "in")
    assert all(drawn[m] == (0, "neutral") for m in drawn if m not in ("brazil", "argentina", "panama"))
    points = track.points.value
    for name, n in (("Germany", 13 + 40), ("Japan", 21 + 30), ("USA", 24 + 50)):  # §3.6 (+ the second step's)
        assert f"{name}</th><td>{n}</td>" in points
    assert "Allies <b>20</b> of 200" in points


def test_flags_are_drawn_in_above_or_below_their_square_as_the_text_places_them() -> None:
    t = load()
    flags = {m: Flag() for m in t.flagged()} | {
        "mexico": Flag(3, "usa"), "cuba": Flag(5, "cw"), "haiti": Flag(12, "france", aligned=True),
        "chile": Flag(7, "germany"), "peru": Flag(2, "italy"), "bolivia": Flag(16, "japan", aligned=True),
        "uruguay": Flag(16, "germany", aligned=True, conquered_by="usa")}
    drawn = flags_drawn(track_html(t, flags))
    assert drawn["mexico"] == (3, "in") and drawn["cuba"] == (5, "above") and drawn["haiti"] == (12, "below")
    assert drawn["chile"] == (-7, "in") and drawn["peru"] == (-2, "above") and drawn["bolivia"] == (-16, "below")
    assert "uruguay" not in drawn  # conquered: off the track, said in its row
    assert "conquered by USA" in track_html(t, flags)


def test_a_refused_order_is_greyed_with_the_game_s_reason_and_never_played() -> None:
    shell = hot_seat()
    panel = shell.panel.taken
    panel.levels["brazil"].value, panel.levels["mexico"].value = 15, 15
    why = shell.game.explain(panel.order(), "usa")
    assert why is not None and "3.6" in why
    assert panel.submit.disabled and panel.submit.tooltip == why and why in panel.total.value
    before = len(shell.game.history)
    panel._submit()  # pressed anyway (a stale page): the game refuses, in words, and nothing is played
    assert len(shell.game.history) == before and "Refused" in shell.message.value
    panel.levels["mexico"].value = 0
    assert not panel.submit.disabled and shell.game.explain(panel.order(), "usa") is None


def test_design_cells_of_the_cost_chart_are_marked_from_the_data() -> None:
    shell = hot_seat()
    panel = shell.panel.taken
    t = load()
    for minor, label in panel.labels.items():
        mark = {"text": "", "derived": "†", "bounded": "‡", "ruling": "§", "design": "*"}[cost_source(minor, "usa")]
        assert f"· {t.minors[minor].cost['usa']}{mark} a level" in label.value
    counts = chart_counts()
    assert sum(counts.values()) == 6 * len(t.flagged())
    assert f"{counts['design']} design (*)" in texts(panel.widget)
    assert "hurdles: 4|5 derived" in shell.panel.own["*"].track.source.value  # track.toml's marks


def test_a_sealed_order_leaves_nothing_on_the_page_for_the_next_seat() -> None:
    shell = hot_seat()
    for power in ("usa", "cw", "france"):
        write(shell, EXAMPLE.get(power, {"mexico": 1}))
    assert shell.viewer == "germany"
    page = texts(shell.root)
    secret = secrets_from(shell.game, {"germany"})
    assert len(secret) == 3 and "influence argentina 2 brazil 6" in secret[0]
    assert not [s for s in secret if s in page]
    assert "USA has given its orders." in shell.log.value and "brazil 6" not in shell.log.value
    panel = shell.panel.taken
    assert all(box.value == 0 for box in panel.levels.values())  # the form was cleared
    assert "spends <b>0</b> of 40 points" in panel.total.value


@pytest.mark.quick  # ~3 s of CPU: a hot-seat game to its sealed step; kept in the quick loop (hidden information)
def test_another_seat_s_page_never_shows_its_sealed_order() -> None:
    """Germany's own page, the Allies bots: the core's view hides their orders from it."""
    shell = Shell("aif", players=2, seed=4, seats={"usa": "random", "cw": "random", "france": "random"}
                  | {p: "human" for p in ("germany", "italy", "japan")})
    assert shell.viewer == "germany" and shell.game.phase == "pre-set-up"
    assert len(secrets_from(shell.game, {"germany", "italy", "japan"})) == 3
    assert_private(shell, {"germany", "italy", "japan"})
    write(shell, {"argentina": 2})
    assert_private(shell, {"germany", "italy", "japan"})


def test_the_declarations_panel_plays_and_greys_with_the_game_s_reason() -> None:
    shell = hot_seat()
    presetup(shell, EXAMPLE)
    presetup(shell, {})
    game = shell.game
    assert game.phase == "declare" and game.side == "germany"
    panel = shell.panel.taken
    assert isinstance(panel, DeclarePanel) and panel.buttons["bomb"].layout.display == "none"  # no variant
    panel.minor.value = "panama"  # Germany +5: Germany is not the favoured power at Mobilisation
    why = game.explain(Align("panama"), "germany")
    assert why is not None and panel.buttons["align"].disabled and panel.buttons["align"].tooltip == why
    assert why in panel.why.value
    assert not panel.buttons["declare"].disabled and game.explain(Declare("mexico"), "germany") is None
    panel.minor.value = "mexico"
    panel.buttons["declare"].click()
    assert game.state.politics.flags["mexico"].square == load().full_ally  # the Allies' Full Ally (§3.2)
    assert game.state.politics.flags["mexico"].power == "usa"
    assert "declares war on Mexico" in shell.log.value
    assert shell.game.side == "italy"
    shell.panel.taken.passing.click()
    assert "Italy passes." in shell.log.value and shell.game.side == "japan"


def to_operations(shell: Shell) -> None:
    """The opening passed: both pre-set-up steps with no levels, every power passing its declaration."""
    presetup(shell, {})
    presetup(shell, {})
    while shell.game.phase == "declare":
        shell.panel.taken.passing.click()
    assert shell.game.phase == "operations"


def pass_operations(shell: Shell, until: str | None = None) -> None:
    """Every power passes its operation in the chooser (until ``until`` is to act)."""
    while shell.game.phase == "operations" and shell.game.side != until:
        chooser = shell.panel.taken
        assert isinstance(chooser, OperationChooser) and not chooser.passing.disabled
        chooser.passing.click()


def test_the_production_panel_buys_points_and_research_within_the_game_s_check() -> None:
    shell = hot_seat()
    to_operations(shell)
    pass_operations(shell)
    assert shell.game.phase == "production" and shell.game.side == "usa"
    panel = shell.panel.taken
    assert isinstance(panel, ProductionPanel) and "41 build points this turn" in panel.purse.value
    assert "a research roll costs 5" in panel.purse.value  # the USA's five research sites (§5.3)
    panel.points.value, panel.research.value = 30, 20
    why = shell.game.explain(Produce(30, 20), "usa")
    assert why is not None and panel.submit.disabled and panel.submit.tooltip == why and why in panel.note.value
    panel.research.value = 10
    assert "2 roll(s)" in panel.note.value and "spends <b>40</b> of 41 build points" in panel.note.value
    assert not panel.submit.disabled
    before = shell.game.state.politics.points["usa"]
    panel.submit.click()
    assert panel.points.value == 0 and panel.research.value == 0  # cleared for the next seat
    for _power in POWERS[1:]:
        shell.panel.taken.submit.click()  # the others spend nothing
    assert shell.game.state.politics.points["usa"] == before + 30
    assert "the Allies give 10 build points to research: 2 roll(s)" in shell.log.value


def test_the_auction_panel_bids_one_more_or_passes() -> None:
    shell = hot_seat(variants=("bidding",))
    panel = shell.panel.taken
    assert isinstance(panel, AuctionPanel) and panel.bid.description == "Bid 1" and not panel.bid.disabled
    panel.bid.click()
    assert shell.game.state.bids == [("usa", 1)] and shell.game.side == "germany"
    panel = shell.panel.taken
    assert panel.bid.description == "Bid 2" and "High bid: 1 by USA" in panel.state.value
    panel.passing.click()
    assert shell.game.phase == "pre-set-up" and "wins the auction with 1" in shell.log.value


def test_without_the_variant_there_is_no_auction_to_show() -> None:
    game = fortress.new_game(2, players=2, ruleset="aif", variants=("bidding",))
    panel = AuctionPanel(lambda action: True)
    assert panel.show(game.view("usa"), "usa") and panel.bid.description == "Bid 1"
    plain = fortress.new_game(2, players=2, ruleset="aif")
    assert plain.phase == "pre-set-up"  # the game passed over the auction by itself
    assert not panel.show(plain.view("usa"), "usa")


def test_the_influence_panel_shows_only_for_the_acting_seat() -> None:
    game = fortress.new_game(3, players=2, ruleset="aif")
    panel = InfluencePanel(lambda action: True)
    assert not panel.show(game.view("usa"), None)
    assert panel.show(game.view("usa"), "usa") and panel.levels["brazil"].disabled is False
    assert Influence(()) == panel.order()


def test_the_influence_panel_prices_a_level_as_the_game_does_where_an_enemy_land_unit_stands() -> None:
    """§3.6: a level costs 1 more where an enemy land unit stands. A German infantry in northern
    Mexico: the USA's row says so, and its total is what the game's check charges."""
    game = fortress.new_game(1, players=2, ruleset="aif")
    chart = load().minors["mexico"].cost["usa"]
    politics = game.state.politics
    game.state.politics = replace(politics, points={**politics.points, "usa": 3 * (chart + 1) - 1})
    game.state.armies.setdefault("germany", {})["northern-mexico"] = {"infantry": 1}
    game.touch()
    shell = hot_seat()
    shell.start(game, {p: "human" for p in POWERS})
    panel = shell.panel.taken
    assert f"{chart + 1}" in panel.labels["mexico"].value and "enemy land unit" in panel.labels["mexico"].value
    assert "enemy land unit" not in panel.labels["brazil"].value
    panel.levels["mexico"].value = 3  # affordable at the chart's cost, not at its cost + 1
    assert f"spends <b>{panel.levels['mexico'].value * (chart + 1)}</b>" in panel.total.value
    assert panel.submit.disabled and "3.6" in panel.submit.tooltip
