"""The test tiers stay true: every test whose recorded time (tests/durations.json, CPU seconds
merged from a run by scripts/durations.py) is over ~2 s carries a tier marker, and the quick tier
(``bash scripts/test.sh --quick``: no slow, browser, notebook or install marker) fits its budget.
Deterministic: the committed times against the markers of this run's collection (before ``-m``
deselects anything), so the whole suite is checked whichever tier runs it."""
from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

from tests.conftest import LANES, TIERS, collected_markers

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("durations", ROOT / "scripts" / "durations.py")
assert _spec is not None and _spec.loader is not None
durations = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(durations)

#: the quick tier's budget: 3 minutes on two cores, less the time pytest takes to start and collect
QUICK_CPU_BUDGET = 2 * (180 - 40)
QUICK_OUT = {"slow", "browser", "notebook", "install"}


def recorded() -> dict[str, float]:
    return {test: entry["cpu"] for test, entry in durations.load(durations.COMMITTED).items()}


def over_the_limit_unmarked(times: dict[str, float], markers: dict[str, set[str]]) -> list[str]:
    return sorted(f"{t} ({times[t]:.1f} s)" for t, m in markers.items() if times.get(t, 0.0) > durations.LIMIT and not m)


def quick_tier_seconds(times: dict[str, float], markers: dict[str, set[str]]) -> float:
    return sum(times.get(t, 0.0) for t, m in markers.items() if not m & QUICK_OUT)


def test_every_test_over_the_limit_carries_a_tier_marker():
    unmarked = over_the_limit_unmarked(recorded(), collected_markers())
    assert not unmarked, (f"over {durations.LIMIT:.0f} s of CPU in tests/durations.json, no marker of {TIERS}: "
                          f"{unmarked}")


def test_the_quick_tier_fits_its_budget():
    seconds = quick_tier_seconds(recorded(), collected_markers())
    assert seconds <= QUICK_CPU_BUDGET, f"the quick tier's tests take {seconds:.0f} CPU-s (budget {QUICK_CPU_BUDGET})"


def test_the_checks_can_fail():
    """The two checks above on made-up times: they find an unmarked long test and an overfull tier."""
    times = {"a": 5.0, "b": 5.0, "c": 0.1, "d": QUICK_CPU_BUDGET}
    markers = {"a": {"slow"}, "b": set(), "c": set(), "d": {"quick"}}
    assert over_the_limit_unmarked(times, markers) == ["b (5.0 s)"]
    assert quick_tier_seconds(times, markers) == 5.1 + QUICK_CPU_BUDGET


def test_the_tier_markers_are_declared():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["markers"]
    assert {m.split(":")[0] for m in declared} == set(TIERS) | set(LANES)


def test_the_durations_file_is_in_its_format():
    committed = durations.load(durations.COMMITTED)
    assert committed and all(set(e) == {"cpu", "wall"} for e in committed.values())
