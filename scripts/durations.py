"""Each test's recorded time, for the tiers (CONTRIBUTING.md, "Test tiers").

    python scripts/durations.py RECORD...          # merge into tests/durations.json
    python scripts/durations.py --check RECORD...  # list tests over the limit with no tier marker

A RECORD is what ``pytest --record-durations=RECORD`` writes (``bash scripts/test.sh`` writes
``.pytest_cache/durations-main.jsonl``, ``durations-browser.jsonl`` and ``durations-serial.jsonl``): per test, its wall-clock
seconds, its CPU seconds (pytest's process and the subprocesses it waited for: about the same on a
busy machine as on an idle one) and its tier markers. tests/test_tiers.py checks the committed
tests/durations.json against the markers at collection: no load, no clock, the same answer on
every machine.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMITTED = ROOT / "tests" / "durations.json"
#: CPU seconds over which a test must carry a tier marker (tests/test_tiers.py reads it from here)
LIMIT = 2.0


def load(path: Path) -> dict[str, dict]:
    """tests/durations.json, or a record (a JSON line a test: the last line of a test wins)."""
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.loads(text)
    return {line["test"]: line for line in map(json.loads, text.splitlines()) if line}


def write(durations: dict[str, dict], path: Path = COMMITTED) -> None:
    """One test a line, sorted: a re-recorded file's diff shows the tests whose time moved."""
    lines = [f'{json.dumps(k)}: {{"cpu": {v["cpu"]:.2f}, "wall": {v["wall"]:.2f}}}' for k, v in sorted(durations.items())]
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


def merge(records: list[Path]) -> int:
    durations = load(COMMITTED)
    for path in records:
        for test, entry in load(path).items():
            if not entry.get("failed"):  # a failed test may have stopped early: keep the last pass's time
                durations[test] = {"cpu": entry["cpu"], "wall": entry["wall"]}
    write(durations)
    print(f"{COMMITTED.relative_to(ROOT)}: {len(durations)} tests")
    return 0


def unmarked(records: list[Path]) -> list[str]:
    out = []
    for path in records:
        for test, entry in load(path).items():
            if not entry.get("tiers") and entry["cpu"] > LIMIT:
                out.append(f"  {test}: {entry['cpu']:.1f} s CPU, {entry['wall']:.1f} s wall-clock")
    return out


def check(records: list[Path]) -> int:
    over = unmarked(records)
    if over:
        print(f"tests over {LIMIT:.0f} s of CPU with no tier marker "
              "(mark them, then `python scripts/durations.py` with this run's records):", *over, sep="\n")
    return 1 if over else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only list unmarked tests over the limit")
    parser.add_argument("records", nargs="*", type=Path,
                        default=[ROOT / ".pytest_cache" / f"durations-{p}.jsonl" for p in ("main", "browser")])
    args = parser.parse_args(argv)
    return check(args.records) if args.check else merge(args.records)


if __name__ == "__main__":
    sys.exit(main())
