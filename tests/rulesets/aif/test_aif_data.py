"""America in Flames' tables: the text's numbers locked, the derived and bounded cells within
their bounds, every entry marked with its source, and a broken file refused naming the field."""
from __future__ import annotations

import copy
import fnmatch
import shutil
import tomllib
from pathlib import Path

import pytest

from fortress.engine.data import DataError
from fortress.rulesets.aif import tables
from fortress.rulesets.aif.schemas import POWERS, SOURCES

ROOT = Path(__file__).resolve().parents[3]
FLAGGED = ["mexico", "central_america", "panama", "cuba", "haiti", "dominican_republic", "colombia", "venezuela",
           "ecuador", "peru", "bolivia", "paraguay", "uruguay", "argentina", "chile", "brazil"]


@pytest.fixture
def raw() -> tables.Raw:
    return copy.deepcopy(tables.read_raw())


# -- the packaged tables ------------------------------------------------------------------------
def test_the_sixteen_flagged_minors_and_the_unflagged_ones(t):
    assert list(t.flagged()) == FLAGGED
    assert t.minors["netherlands"].controller == "cw" and t.minors["netherlands"].areas == ("Dutch Guiana",)
    assert t.minors["greenland"].controller == "cw"
    assert {m: t.minors[m].controller for m in ("rumania", "portugal", "spain")} == {
        "rumania": "germany", "portugal": "germany", "spain": "italy"}


def test_the_cost_chart_is_16_by_6_with_costs_1_to_6(t):
    for m in FLAGGED:
        assert set(t.minors[m].cost) == set(POWERS) and all(1 <= c <= 6 for c in t.minors[m].cost.values())


def test_the_texts_cells_are_locked(t):
    cost = {m: t.minors[m].cost for m in FLAGGED}
    assert (cost["brazil"]["usa"], cost["brazil"]["germany"], cost["brazil"]["italy"]) == (3, 5, 4)
    assert (cost["argentina"]["germany"], cost["argentina"]["italy"]) == (3, 3)


def test_the_derived_and_bounded_cells_hold_their_bounds(t):
    cost = {m: t.minors[m].cost for m in FLAGGED}
    assert cost["argentina"]["japan"] > 3  # §3.2: Germany and Italy are the cheapest Axis powers
    assert (cost["panama"]["germany"], cost["panama"]["japan"]) == (4, 3)  # §3.6: 12 and 9 for 3 levels
    others = [c for p, c in cost["mexico"].items() if p != "italy"]
    assert cost["mexico"]["italy"] == 5 and max(others) == 4  # §3.5: 5, 5 and 4
    assert cost["chile"]["germany"] < min(cost["chile"]["italy"], cost["chile"]["japan"])  # §3.7


def test_each_cell_says_where_it_comes_from(raw):
    marks = [(m, p, v["cost_source"][p]) for m, v in raw["minors"].items() if v["flagged"] for p in POWERS]
    by_kind = {k: sorted((m, p) for m, p, s in marks if s == k) for k in SOURCES}
    assert by_kind["text"] == [("argentina", "germany"), ("argentina", "italy"), ("brazil", "germany"),
                               ("brazil", "italy"), ("brazil", "usa")]
    assert by_kind["derived"] == [("mexico", "italy"), ("panama", "germany"), ("panama", "japan")]
    assert len(by_kind["bounded"]) == 7 and len(by_kind["design"]) == 96 - 15


def test_every_entry_is_marked(raw):
    needs = {"name_source", "economy_source", "cost_source", "flash_source", "back_source", "note"}
    for m, v in raw["minors"].items():
        assert needs <= set(v) if v["flagged"] else {"name_source", "controller_source", "note"} <= set(v), m
    for p, v in raw["powers"]["powers"].items():
        assert {"position_source", "presetup_source", "economy_source", "home_source"} <= set(v), p
    for key in ("bands", "hurdles", "arrows"):
        assert all("source" in row for row in raw["track"][key]), key


def test_flashes(t):
    assert t.minors["brazil"].flash and t.minors["brazil"].back == ("argentina", "chile")
    assert t.minors["argentina"].flash and t.minors["chile"].flash
    assert t.flash_triggers == {"war", "entry"}


def test_track_hurdles_arrows_and_full_ally(t):
    assert t.full_ally == 16 and t.mobilisation == 11
    assert 4 in t.hurdles and t.arrows["Sep/Oct"] == 9
    assert [t.turn_label(n) for n in (1, 2, 5, 8, 26)] == ["May/Jun 1945", "Jul/Aug 1945", "Jan/Feb 1946",
                                                             "Jul/Aug 1946", "Jul/Aug 1949"]


def test_powers_points_factories_and_sites(t):
    assert {p: v.presetup_points for p, v in t.powers.items()} == {
        "usa": 50, "cw": 20, "france": 15, "germany": 40, "italy": 25, "japan": 30}
    assert (t.powers["usa"].factories, t.powers["usa"].resources) == (45, 41)
    assert t.powers["germany"].factories > t.powers["italy"].factories
    assert len(t.research["sites"]) == 5 and t.research["sites_owner"] == "usa"
    assert t.research_start == {"allies": 20, "axis": 0} and t.first_initiative == "axis"


def test_the_axis_outproduce_the_allies(t):
    """Design (docs/rules-aif.md, the economy): the invader's build points (factories or
    resources, the fewer) exceed the defenders' at home, or it never lands enough to take a
    research site (the heuristic's balance, docs/bots.md)."""
    def base(side: str) -> int:
        return sum(min(p.factories, p.resources) for p in t.powers.values() if p.side == side)
    assert base("axis") > base("allies") + 20


def test_the_data_files_ship_in_the_package():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["fortress"]
    for f in tables.DATA_DIR.glob("*.toml"):
        rel = f.relative_to(ROOT / "fortress").as_posix()
        assert any(fnmatch.fnmatch(rel, p) for p in patterns), rel


# -- broken tables are refused, naming the field ---------------------------------------------------
def broken(raw, file, change):
    change(raw[file])
    return tables.explain(raw)


@pytest.mark.parametrize("file, change, words", [
    ("minors", lambda d: d["brazil"]["cost"].update(usa=7),
      "minors.toml: [brazil] cost.usa = 7: allowed: political points per level from 1 to 6"),
    ("minors", lambda d: d["brazil"]["cost"].pop("japan"), "minors.toml: [brazil] cost: missing key 'japan'"),
    ("minors", lambda d: d["cuba"].update(colour="red"), "minors.toml: [cuba]: unknown key 'colour'"),
    ("minors", lambda d: d["brazil"].update(back=["atlantis"]),
      "minors.toml: [brazil] back = 'atlantis': allowed: another flagged minor"),
    ("minors", lambda d: d["cuba"].update(back=["haiti"]),
      "minors.toml: [cuba] back: allowed: only a flag with flash = true"),
    ("minors", lambda d: d["cuba"].update(cost_source={p: "rumour" for p in POWERS}),
      "minors.toml: [cuba] cost_source.usa = 'rumour'"),
    ("track", lambda d: d.update(full_ally="16"),
      "track.toml: full_ally = '16': allowed: the Full Ally square, 3 or more"),
    ("track", lambda d: d["hurdles"].append({"between": [4, 6]}),
      "track.toml: hurdles between = [4, 6]: allowed: [n, n + 1]"),
    ("track", lambda d: d["arrows"].append({"turn": "Sept", "square": 3}), "track.toml: arrows turn = 'Sept'"),
    ("track", lambda d: d.update(first_turn="June"), "track.toml: first_turn = 'June': allowed: one of Jan/Feb"),
    ("track", lambda d: d["bands"].pop(1), "track.toml: bands: allowed: bands covering squares 2 to full_ally = 16"),
    ("track", lambda d: d.update(flash_triggers=["rumour"]), "track.toml: flash_triggers.0 = 'rumour'"),
    ("powers", lambda d: d["powers"]["cw"].update(position="in"),
      "powers.toml: [powers] side = 'allies': allowed: three powers, one in, one above, one below"),
    ("powers", lambda d: d["seats"].update({"3": [["usa"], ["cw", "france"], ["germany", "italy", "japan"]]}), ""),
    ("powers", lambda d: d["seats"].update({"2": [["usa", "cw"], ["germany", "italy", "japan"]]}),
      "powers.toml: [seats] 2: allowed: seats that share out the six powers"),
    ("powers", lambda d: d["seats"].update({"2": [["usa", "cw", "germany"], ["france", "italy", "japan"]]}),
      "powers.toml: [seats] 2: allowed: each seat's powers on one side"),
    ("powers", lambda d: d["sides"]["allies"].update(first_initiative=True), "powers.toml: [sides] first_initiative"),
    ("powers", lambda d: d["research"].pop("die"), "powers.toml: [research]: missing key 'die'"),
    ("forces", lambda d: d["usa"]["armies"]["texas"].update(infantry=0), "forces.toml: [usa] armies.texas.infantry = 0"),
    ("forces", lambda d: d.pop("japan"), "forces.toml: the file: missing key 'japan'"),
])
def test_a_broken_table_is_refused_naming_the_field(raw, file, change, words):
    problem = broken(raw, file, change)
    assert problem.startswith(words) if words else problem == ""


@pytest.mark.parametrize("change, words", [
    (lambda d: d["usa"]["armies"].update(atlantis={"infantry": 1}), "[usa] armies: 'atlantis' is not a region"),
    (lambda d: d["usa"]["ships"].update({"coast:caribbean": {"destroyer": 1}}),
     "[usa] ships: 'coast:caribbean' is not a region"),
    (lambda d: d["usa"]["armies"]["texas"].update(destroyer=1),
     "[usa] armies texas: 'destroyer' is not one of ATTACK!'s army units"),
    (lambda d: d["japan"]["ships"]["japan"].update({"submarine/infantry": 1}),
     "'submarine/infantry' is not one of ATTACK!'s naval"),
])
def test_the_starting_forces_stand_on_the_map_as_attacks_units(raw, change, words):
    from fortress.rulesets.aif.military import forces_problem
    forces = {p: v for p, v in raw["forces"].items() if p != "source"}
    assert forces_problem(forces) == ""
    change(forces)
    assert words in forces_problem(forces)


def test_load_refuses_a_broken_folder_in_one_line(tmp_path):
    for f in tables.DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    text = (tmp_path / "track.toml").read_text().replace("full_ally = 16", "full_ally = 1")
    (tmp_path / "track.toml").write_text(text)
    with pytest.raises(DataError) as info:
        tables.load(tmp_path)
    assert str(info.value) == f"{tmp_path}/track.toml: full_ally = 1: allowed: the Full Ally square, 3 or more"
    (tmp_path / "minors.toml").write_text("[cuba\n")
    with pytest.raises(DataError, match="minors.toml: not valid TOML"):
        tables.read_raw(tmp_path)
