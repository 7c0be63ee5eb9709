"""ATTACK!'s data files: read, checked against their schemas, every entry labelled."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fortress.engine.data import DataError
from fortress.rulesets.attack import tables


def test_the_tables_load_and_count_as_the_box() -> None:
    t = tables.load()
    assert sum(t.markers["split"][g] for g in ("fascism", "communism", "monarchy", "democracy")) == 90
    economy = 4 * 4 * t.economy["copies"] + t.economy["population_cards"]
    assert economy == 120  # [Components] 120 economy cards
    assert len(t.card_kinds) * t.cards["copies"] == 36  # [Components] 36 action cards
    assert t.retool("rail", 1) == [("infantry", 3), ("artillery", 1)]  # [Research] the text's example
    assert t.relation("fascism", "communism") == "hostile"
    assert t.relation("fascism", "monarchy") == "allied"
    assert t.relation("democracy", "democracy") == "same"


def test_every_entry_says_where_it_comes_from() -> None:
    t = tables.load()
    sources = {"text", "derived", "ruling", "design"}
    for row in [*t.units.values(), *t.card_kinds.values()]:
        assert row["source"] in sources
    for row in t.governments.values():
        assert {row["start_source"], row["hostile_source"]} <= sources
    for name, row in t.rules["numbers"].items():
        assert row["source"] in sources, name


@pytest.mark.parametrize("file,old,new,words", [
    ("units.toml", "cost = 1\n", "cost = 0\n", "units.toml"),
    ("cards.toml", 'action = "attack"', 'action = "fly"', "cards.toml"),
    ("markers.toml", "fascism = 23", "fascism = 24", "adding up"),
    ("governments.toml", 'hostile = "communism"', 'hostile = "monarchy"', "hostile"),
])
def test_a_broken_file_is_refused_in_one_line(tmp_path: Path, file: str, old: str, new: str, words: str) -> None:
    folder = tmp_path / "data"
    shutil.copytree(tables.DATA_DIR, folder)
    text = (folder / file).read_text()
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1))
    with pytest.raises(DataError, match=words) as info:
        tables.load(folder)
    assert "\n" not in str(info.value)
