"""Remake the version 1 and 2 save fixtures after a rules change (issue 16 made the games the
old code had saved illegal from some action on: more declarations than control markers,
unfought declared battles, ...). Each fixture is a seeded random game under today's rules,
stopped where its name says, written in its old format with the digest of the old state
layout (``fortress.engine.save.digest(game, version)``), so the tests still cover loading those
formats. ``save_v1_assemble.json`` and ``save_v1_position.json`` were written by the old code and
still replay: they are kept as they are. The partisan cards that name territories (save version 4)
made the old card placements illegal again; ``save_v3_card_task.json`` keeps a version 3 save
with a card task waiting (its digest in the version 3 layout: the task's ``region``).

    python tests/data/remake_old_saves.py
"""
from __future__ import annotations

import json
from pathlib import Path

import fortress
from fortress.ai import make_bot
from fortress.engine import save
from fortress.rulesets.america.state import TaskKind

HERE = Path(__file__).resolve().parent


def mid_battle(g) -> bool:
    return g.battle is not None and g.round >= 2


def card_task(g) -> bool:
    return any(t.kind == TaskKind.PLACE for t in g.state.tasks)


def mid_reinforcement(g) -> bool:
    return g.phase == "reinforcements" and g.side != "us" and g.round >= 2 and bool(g.state.tasks)


def round_3_declare(g) -> bool:
    return g.round == 3 and g.phase == "declare"


def over(g) -> bool:
    return g.is_over


#: file -> (format version, seed, players, setup, where to stop)
FIXTURES = {
    "save_v1_card_task.json": (1, 7, 4, "balanced", card_task),
    "save_v1_mid_battle.json": (1, 11, 4, "balanced", mid_battle),
    "save_v1_reinforce.json": (1, 5, 4, "balanced", mid_reinforcement),
    "save_v1_game.json": (1, 3, 3, "coastal", round_3_declare),
    "save_v1_e3f48fe.json": (1, 1, 4, "balanced", over),
    "save_v2_card_task.json": (2, 4, 2, "random", card_task),
    "save_v2_mid_battle.json": (2, 12, 3, "coastal", mid_battle),
    "save_v3_card_task.json": (3, 9, 4, "balanced", card_task),
}


def play_until(seed: int, players: int, setup: str, stop) -> "fortress.Game":
    for attempt in range(50):
        game = fortress.new_game(seed=seed + 1000 * attempt, players=players, setup=setup)
        bot = make_bot("random", seed=seed + attempt)
        for _ in range(6000):
            if stop(game):
                return game
            if game.is_over:
                break
            game.apply(bot.choose(game))
    raise RuntimeError(f"no game from seed {seed} reached {stop.__name__}")


def old_save(game, version: int) -> dict:
    s = game.state
    data = {"format": save.FORMAT, "version": version}
    if version >= 2:
        data.update(ruleset=game.rules.name, options={"players": s.players, "setup": game.setup})
    data.update(seed=s.seed, players=s.players, setup=game.setup, board=game.board.metadata.get("title", ""),
                position=None, actions=[game.notation(a) for a in game.history],
                snapshot={"round": s.round, "phase": s.phase, "side": game.side, "winner": s.winner,
                          "digest": save.digest(game, version)})
    return data


def main() -> None:
    for name, (version, seed, players, setup, stop) in FIXTURES.items():
        game = play_until(seed, players, setup, stop)
        (HERE / name).write_text(json.dumps(old_save(game, version), indent=1) + "\n")
        print(f"{name}: version {version}, {len(game.history)} actions, round {game.round} {game.phase} {game.side}")


if __name__ == "__main__":
    main()
