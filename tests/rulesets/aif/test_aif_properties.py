"""Property tests: 200 random influence sequences (orders, automatic moves, wars, entries,
conquests, the end of steps) keep the track's invariants:
- every flag in range, favouring a power exactly when off 0;
- favour changes only through 0 (except by war, entry or a conquered major's hand-over, §3.2);
- Full Ally reached only by war, entry or automatic moves; a Full Ally's flag never moves again
  except to its conqueror or a conquered major's partner;
- points never negative; no aligned minor below Mobilisation once a step ends;
- a refused action changes nothing."""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fortress.rulesets.aif import politics as P
from fortress.rulesets.aif.politics import Flag, Order, Politics, RuleError
from fortress.rulesets.aif.tables import load

T = load()
POWERS = list(T.powers)
MINORS = list(T.flagged())

#: a few minors, flashes among them, so that flags pile up and push each other
NEAR = ["brazil", "argentina", "chile", "peru", "bolivia", "cuba"]
minors = st.one_of(st.sampled_from(NEAR), st.sampled_from(MINORS))
orders = st.lists(st.builds(Order, st.sampled_from(POWERS), minors, st.integers(1, 16)), max_size=6,
                  unique_by=lambda o: (o.power, o.minor))
steps = st.one_of(
    st.tuples(st.just("orders"), orders, st.sampled_from(["allies", "axis"])),
    st.tuples(st.just("auto"), st.sampled_from(T.turns)),
    st.tuples(st.just("war"), st.sampled_from(POWERS), minors),
    st.tuples(st.just("enter"), st.sampled_from(POWERS), minors),
    st.tuples(st.just("conquer"), st.sampled_from(POWERS), minors),
    st.tuples(st.just("align"), st.sampled_from(POWERS), minors),
    st.tuples(st.just("fall"), st.sampled_from(POWERS)),
    st.tuples(st.just("buy"), st.sampled_from(POWERS), st.integers(0, 200)),
    st.tuples(st.just("end"),),
)


@st.composite
def flags(draw: st.DrawFn) -> dict[str, Flag]:
    """A start anywhere on the track: each flag on 0, on 1-15 favouring a power, or a Full Ally."""
    out = {}
    for m in MINORS:
        square = draw(st.integers(0, T.full_ally))
        power = draw(st.sampled_from(POWERS)) if square else None
        out[m] = Flag(square, power, aligned=square == T.full_ally or (square >= T.mobilisation and draw(st.booleans())))
    return out


def run(state: Politics, step: tuple) -> P.Outcome:
    kind, *args = step
    if kind == "orders":
        return P.resolve(state, T, args[0], args[1])
    if kind == "auto":
        return P.automatic(state, T, args[0])
    if kind == "buy":
        return P.Outcome(P.buy_points(state, T, args[0], args[1]))
    if kind == "end":
        return P.end_of_step(state, T)[0]
    if kind == "fall":
        return P.major_conquered(state, T, args[0])
    action = {"war": P.declare_war, "enter": P.enter, "conquer": P.conquer, "align": P.align}[kind]
    return action(state, T, args[0], args[1])


def check_flag(flag: Flag) -> None:
    assert 0 <= flag.square <= T.full_ally
    assert (flag.power is None) == (flag.square == 0)


def check_move(move: P.Move) -> None:
    before, after = move.before, move.after
    if move.cause not in ("war", "entry", "partner"):
        if before.power and after.power and before.power != after.power:
            assert T.side(before.power) != T.side(after.power), f"favour changed without 0: {move.text}"
        if after.square >= T.full_ally and after.conquered_by is None:
            assert before.square >= T.full_ally or move.cause == "automatic", f"into Full Ally: {move.text}"
    if P.frozen(T, before):
        assert move.cause in ("conquest", "partner"), f"a frozen flag moved: {move.text}"


@pytest.mark.slow
@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(flags(), st.lists(steps, min_size=1, max_size=25))
def test_random_influence_sequences_keep_the_track_invariants(placed, sequence):
    state = P.start(T)
    state = Politics({**state.flags, **placed}, {p: 1000 for p in POWERS})
    for step in sequence:
        before = state.to_plain()
        try:
            out = run(state, step)
        except RuleError as exc:
            assert re.match(r"^\d+(\.\d+)?: ", str(exc)), exc  # names its rule
            assert state.to_plain() == before
            continue
        for move in out.moves:
            check_move(move)
        state = out.state
        for flag in state.flags.values():
            check_flag(flag)
        assert all(n >= 0 for n in state.points.values())
        if step[0] == "end":
            assert not any(f.aligned and not f.conquered_by and f.square < T.mobilisation
                           for m, f in state.flags.items() if m in MINORS)
