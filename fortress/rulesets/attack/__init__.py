"""ATTACK! Deluxe, the second ruleset: 2-6 players, each a government, over 6, 9 or 12 years
of Spring, Summer, Autumn and Winter; eight actions each once a year; battles; research;
negotiation with neutral regions whose government markers lie face down.

docs/rules-attack.md maps every rule to its module and tests. Registered under the
``fortress.rulesets`` entry point as ``attack``; the options are the core's optional rules
(``variants``): ``pacific`` (the Pacific map, 2-4 players; the Western Theatre otherwise; 5-6
players play both), ``years-9``, ``years-12``.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any

from fortress.engine.board import Board
from fortress.engine.dice import Rng
from fortress.engine.rulesets import Ruleset, teams_of
from fortress.rulesets.attack import (
    actions, attack, build, direction, move, navigate, negotiate, research, setup, transport, victory, winter, world,
    year)
from fortress.rulesets.attack.state import AttackState
from fortress.rulesets.attack.tables import DATA_DIR, load

NAME = "attack"
STEPS: dict[str, ModuleType] = {
    "setup": setup, "direction": direction, "winter": winter, "move": move, "attack": attack,
    "navigate": navigate, "transport": transport, "negotiate": negotiate, "build": build, "research": research}


def new_state(seed: int, players: int, board: Board) -> AttackState:
    """The state before setup: the sides in play, the decks shuffled, the economy stacks, the
    face-down markers [Setup S1]."""
    t = load()
    rng = Rng(seed)
    sides = list(t.rules["sides"])
    state = AttackState(seed=seed, players=players, rng=rng.state, turn=sides[0])
    state.sides = sides[:players]
    state.out = sides[players:]
    deck = sorted(k for k in t.card_kinds for _ in range(t.cards["copies"]))
    rng.shuffle(deck)
    state.deck = deck
    state.pool = sorted(g for g, n in t.markers["split"].items() if g != "source" for _ in range(n))
    state.stacks = {f"{tech}-{lv}": t.economy["copies"] for tech in ("rail", "factories", "minerals", "oil")
                    for lv in range(1, 5)} | {"population": t.economy["population_cards"]}
    state.oil_supply = t.number("oil_supply")
    state.rng = rng.state
    return state


def side_to_move(state: AttackState) -> str:
    """Whoever decides now: a battle's front choice belongs to its side (:mod:`.combat`)."""
    from fortress.rulesets.attack import combat
    return combat.decider(state) or state.turn


def chance(state: AttackState) -> tuple[int, int]:
    return state.rng, len(state.deck)


def mask(state: AttackState, side: str) -> None:
    """What ``side`` may not see: other hands, the deck, face-down markers it has not peeked."""
    from fortress.rulesets.attack.state import HIDDEN
    for other, hand in state.hands.items():
        if other != side:
            hand[:] = [HIDDEN] * len(hand)
    state.deck = [HIDDEN] * len(state.deck)
    state.pool = [HIDDEN] * len(state.pool)
    for region in state.neutral:
        if side not in state.peeked.get(region, []):
            state.neutral[region] = HIDDEN


def hide_from(state: AttackState, rng: Rng, observer: str) -> None:
    """Re-deal what ``observer`` has not seen: other hands and the deck; the face-down markers
    it has not peeked and the pool."""
    from collections import Counter
    t = load()
    unseen = Counter(k for k in t.card_kinds for _ in range(t.cards["copies"]))
    unseen.subtract(state.hands.get(observer, []) + state.discard)
    pool = sorted((+unseen).elements())
    rng.shuffle(pool)
    for other, hand in state.hands.items():
        if other != observer:
            hand[:] = [pool.pop() for _ in hand]
    state.deck = pool[:len(state.deck)]
    hidden = [r for r in sorted(state.neutral) if observer not in state.peeked.get(r, [])]
    markers = Counter({g: n for g, n in t.markers["split"].items() if g != "source"})
    markers.subtract(state.taken + [state.neutral[r] for r in state.neutral if r not in hidden])
    left = sorted((+markers).elements())
    rng.shuffle(left)
    for r in hidden:
        state.neutral[r] = left.pop()
    state.pool = left[:len(state.pool)]


def describe(game: Any) -> str:
    """The status lines ``fortress play`` prints."""
    s = game.state
    when = f"{game.round_label}, {s.season or 'its start'}" if s.round else "Setup"
    lines = [f"{when}; the map: {s.map}, {s.years} years."]
    for side in s.sides:
        gov = s.government.get(side, "?")
        lines.append(f"{game.rules.side_names[side]} ({gov}): capital {s.capital.get(side, '-')}, "
                     f"{len(s.held(side))} regions, {s.production.get(side, 0)} production, "
                     f"{s.oil_certs.get(side, 0)} oil, {len(s.hands.get(side, []))} cards"
                     + (" (out)" if side in s.out else ""))
    return "\n".join(lines)


def _heuristic(seed: int = 0) -> Any:
    """The ATTACK! heuristic bot (:mod:`.heuristic`), imported when first seated."""
    from fortress.rulesets.attack.heuristic import AttackHeuristic
    return AttackHeuristic(seed=seed)


def _search_bot(seed: int = 0, **options: Any) -> Any:
    """The ATTACK! search bot (:mod:`.search`): ``playouts=``, ``candidates=``."""
    from fortress.rulesets.attack.search import AttackSearch
    return AttackSearch(seed=seed, **options)


def ruleset() -> Ruleset:
    """ATTACK! Deluxe, as its entry point builds it."""
    t = load()
    data = t.rules
    return Ruleset(
        name=NAME, title="ATTACK! Deluxe", data_dir=DATA_DIR, data=data,
        turn=year.YearTurn.from_data(data["turn"], STEPS, teams_of(data)),
        board=world.board, new_state=new_state, parse=actions.parse, end_turn=year.end_of_year,
        side_to_move=side_to_move, chance=chance, mask=mask, hide_from=hide_from,
        scores=victory.scores, score_parts=victory.score_parts, describe=describe, tables=t, bots={"heuristic": _heuristic, "search": _search_bot},
    )
