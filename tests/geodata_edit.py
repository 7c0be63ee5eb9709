"""Helpers for the geodata checks' tests: damage a copy of a board's GeoJSON or CSV file."""
from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path


def edit_features(path: Path, change: Callable[[list[dict]], object]) -> None:
    """Apply ``change`` to the features of the GeoJSON file at ``path`` (in place)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["features"])
    path.write_text(json.dumps(data), encoding="utf-8")


def edit_rows(path: Path, fields: list[str], change: Callable[[list[dict[str, str]]], list[dict[str, str]]]) -> None:
    """Replace the rows of the CSV file at ``path`` by ``change(rows)``."""
    with open(path, encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    rows = change(rows)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
