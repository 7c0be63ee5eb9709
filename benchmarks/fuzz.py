"""A long fuzzing run over saves, positions, action strings and action objects (issue 20),
counting outcomes for docs/reliability.md; and the writer of the committed corpus that
tests/test_fuzz.py replays.

    python benchmarks/fuzz.py --saves 6000 --positions 2000 --actions 22000 --objects 8000 --seed 1
    python benchmarks/fuzz.py --write-corpus tests/data/fuzz --seed 20

Each input either works or raises the documented error within 2 s; a refused action
leaves the game unchanged (the checks are in tests/fuzzing.py). Prints a Markdown table:
inputs tried, how many worked, were refused, FAILED, the slowest and the process's peak RSS.
"""
from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from collections import Counter
from dataclasses import fields
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import fortress  # noqa: E402
from tests import fuzzing as F  # noqa: E402


def save_inputs(n: int, rng: random.Random):
    real = F.real_saves()
    names = sorted(real)
    for i in range(n):
        name = names[i % len(names)]
        yield name, F.mutate_save(real[name], rng)


def position_inputs(n: int, rng: random.Random):
    bases = list(F.POSITIONS.values())
    for _ in range(n):
        desc = rng.choice(bases)
        for _ in range(rng.randint(1, 3)):
            desc = F.mutate_position(desc, rng)
        yield desc, rng.choice([0, 0, 0, -1, 2**64, 2**80, True]), rng.choice([4, 4, 4, 2, 3, 5, 1, 4.0, True])


def _games() -> dict[str, fortress.Game]:
    return {name: fortress.Game.from_json(text) for name, text in F.action_games().items()}


def action_inputs(n: int, rng: random.Random, objects: bool):
    """(game name, action) pairs: legal actions of each game, mutated."""
    games = _games()
    names = sorted(games)
    for i in range(n):
        name = names[i % len(names)]
        if games[name].is_over:  # the last mutant was a surrender
            games[name] = fortress.Game.from_json(F.action_games()[name])
        legal = games[name].legal_actions()
        action = rng.choice(legal)
        yield name, F.mutate_action(action, rng) if objects else F.mutate_action_text(str(action), rng)


def run(kind: str, n: int, seed: int) -> dict:
    rng = random.Random(seed)
    tally: Counter = Counter()
    failures: Counter = Counter()
    slowest = 0.0
    games = _games() if kind in ("actions", "objects") else {}
    start = time.perf_counter()
    for item in _inputs(kind, n, rng):
        outcome = _try(kind, item, games)
        slowest = max(slowest, outcome.seconds)
        tally["FAILED" if not outcome.ok else outcome.kind] += 1
        if not outcome.ok:
            failures[outcome.detail[:100] or f"slow: {outcome.seconds:.1f} s"] += 1
    return {"kind": kind, "tried": sum(tally.values()), **tally, "slowest": slowest,
            "seconds": time.perf_counter() - start, "failures": failures.most_common(5)}


def _inputs(kind: str, n: int, rng: random.Random):
    if kind == "saves":
        return save_inputs(n, rng)
    if kind == "positions":
        return position_inputs(n, rng)
    return action_inputs(n, rng, objects=kind == "objects")


def _try(kind: str, item, games: dict):
    if kind == "saves":
        return F.measured(F.try_save, item[1])
    if kind == "positions":
        return F.measured(F.try_position, *item)
    name, action = item
    outcome = F.measured(F.try_action, games[name], action)
    if outcome.kind == "works":  # start the next try from the same game
        games[name] = fortress.Game.from_json(F.action_games()[name])
    return outcome


def table(rows: list[dict]) -> str:
    lines = ["| inputs | tried | work | refused (documented error) | FAILED | slowest |",
             "|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['kind']} | {r['tried']:,} | {r.get('works', 0):,} | {r.get('refused', 0):,} | "
                     f"{r.get('FAILED', 0):,} | {r['slowest']:.2f} s |")
    return "\n".join(lines)


# -- the committed corpus -------------------------------------------------------------------------
def _issue_saves() -> list[dict]:
    """The save shapes of issue 20 items 1-3, each to be refused."""
    base = {"format": "fortress-save", "version": 1, "seed": 0, "players": 4, "setup": "balanced", "actions": []}
    text = json.dumps(base)
    maneuvers = json.loads(F.action_games()["maneuvers"])
    move = next(str(a) for a in fortress.Game.from_json(json.dumps(maneuvers)).legal_actions()
                if a.verb == "move" and a.count == 1)
    shapes = {
        "item 1: 10,000,000 infantry in Denver": json.dumps({**base, "position": {"units": {"Denver": "10000000 infantry"}}}),
        "item 2: deep nesting": text[:-1] + ', "x": ' + "[" * 50000 + "]" * 50000 + "}",
        "item 2: a 5,000-digit seed": text.replace('"seed": 0', '"seed": ' + "9" * 5000),
        "item 2: seed 1e999": text.replace('"seed": 0', '"seed": 1e999'),
        "item 2: seed NaN": text.replace('"seed": 0', '"seed": NaN'),
        "item 2: snapshot x": json.dumps({**base, "snapshot": "x"}),
        "item 2: actions 5": json.dumps({**base, "actions": 5}),
        "item 2: position units a list": json.dumps({**base, "position": {"units": ["Denver"]}}),
        "item 2: position turn 3": json.dumps({**base, "position": {"turn": 3}}),
        "item 2: players 4.0": text.replace('"players": 4', '"players": 4.0'),
        "item 2: players true": text.replace('"players": 4', '"players": true'),
        "item 3: count True": json.dumps({**maneuvers, "actions": maneuvers["actions"] + [move.replace(" 1 ", " True ", 1)],
                                          "snapshot": None}),
        "item 3: count 1.0": json.dumps({**maneuvers, "actions": maneuvers["actions"] + [move.replace(" 1 ", " 1.0 ", 1)],
                                         "snapshot": None}),
        "item 2: not UTF-8": None,
    }
    out = [{"name": k, "text": v, "expect": "refused"} for k, v in shapes.items() if v is not None]
    out.append({"name": "item 2: not UTF-8", "hex": (b'{"format": "fortress-save", "seed": \xff}').hex(), "expect": "refused"})
    return out


def write_corpus(folder: Path, seed: int) -> None:
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    real = F.real_saves()
    saves = _issue_saves()
    for name in sorted(real):
        if name == "finished":  # 100 kB each: its mutants are tried at run time instead
            continue
        saves += [{"name": f"mutant of {name}", "text": F.mutate_save(real[name], rng)} for _ in range(8)]
    positions = [{"name": k, "position": v, "expect": "refused"} for k, v in F.BAD_POSITIONS.items()]
    positions += [{"name": "players 5", "position": {}, "players": 5, "expect": "refused"},
                  {"name": "seed 2**80", "position": {}, "seed": 2**80, "expect": "refused"},
                  {"name": "empty", "position": {}, "expect": "works"}]
    positions += [{"name": "mutant", "position": d, "seed": s, "players": p}
                  for d, s, p in position_inputs(40, rng) if _jsonable(d) and type(p) is int]
    actions = [{"name": "mutant", "game": g, "text": t} for g, t in action_inputs(60, rng, objects=False)]
    actions += [{"name": "a superscript count", "game": "maneuvers", "text": "move ² hovertank Seattle -> Cascades",
                 "expect": "refused"},
                {"name": "a 5,000-digit count", "game": "maneuvers", "text": "move " + "9" * 5000 + " infantry Seattle -> Cascades",
                 "expect": "refused"}]
    objects = [{"name": "mutant", "game": g, "verb": a.verb, "fields": [getattr(a, f.name) for f in fields(a)]}
               for g, a in action_inputs(80, rng, objects=True) if isinstance(a, F.A.Action) and _jsonable(
                   [getattr(a, f.name) for f in fields(a)])]
    for kind, rows in (("saves", saves), ("positions", positions), ("actions", actions), ("objects", objects)):
        (folder / f"{kind}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
        print(f"{folder / kind}.jsonl: {len(rows)} entries")


def _jsonable(value) -> bool:
    try:
        return json.loads(json.dumps(value)) == value
    except (TypeError, ValueError):
        return False


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for kind, n in (("saves", 6000), ("positions", 2000), ("actions", 22000), ("objects", 8000)):
        parser.add_argument(f"--{kind}", type=int, default=n)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write-corpus", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.write_corpus:
        write_corpus(args.write_corpus, args.seed)
        return
    rows = [run(kind, getattr(args, kind), args.seed) for kind in ("saves", "positions", "actions", "objects")]
    print(table(rows))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak RSS of the process: {rss:.0f} MB; wall time "
          f"{sum(r['seconds'] for r in rows):.0f} s; seed {args.seed}")
    for r in rows:
        for detail, n in r["failures"]:
            print(f"FAILED {r['kind']} x{n}: {detail}")


if __name__ == "__main__":
    main()
