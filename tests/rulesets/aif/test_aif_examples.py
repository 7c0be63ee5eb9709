"""The supplement's worked examples (§3.2, §3.5, §3.6, §3.7) replay exactly with our tables."""
from __future__ import annotations

from dataclasses import replace

from fortress.rulesets.aif.politics import (Flag, Order, application_order, declare_war, describe, presetup, resolve,
                                            start)
from tests.rulesets.aif.conftest import placed

FIRST_STEP = [Order("germany", "argentina", 5), Order("germany", "panama", 3), Order("japan", "panama", 3),
              Order("usa", "brazil", 6), Order("usa", "argentina", 2)]


def where(t, state, *minors):
    return [describe(t, state.flags[m]) for m in minors]


def test_3_2_war_on_argentina_at_0_makes_it_a_german_full_ally(t):
    """Germany and Italy tie at cost 3; Germany has more factories."""
    out = declare_war(start(t), t, "usa", "argentina")
    assert out.state.flags["argentina"] == Flag(16, "germany", aligned=True)
    assert where(t, out.state, "argentina") == ["Full Ally of Germany"]
    assert out.moves[0].cause == "war" and out.moves[0].text.startswith("3.2:")


def test_3_5_war_on_mexico_gives_japan_and_germany_5_and_italy_4(t):
    out = declare_war(start(t), t, "cw", "mexico")
    gained = {p: out.state.points[p] for p in ("germany", "italy", "japan")}
    assert gained == {"germany": 5, "japan": 5, "italy": 4}
    assert all(out.state.points[p] == 0 for p in ("usa", "cw", "france"))
    assert "3.5: Italy gets 4 political points" in out.log


def test_3_5_pre_set_up_budgets_and_savings(t):
    first = presetup(start(t), t)
    assert dict(first.points) == {"usa": 50, "cw": 20, "france": 15, "germany": 40, "japan": 30, "italy": 25}
    second = presetup(replace(first, points={**first.points, "usa": 24}), t)
    assert second.points["usa"] == 74 and second.points["germany"] == 80  # the same again, plus what was saved


def test_3_6_the_first_pre_set_up_step(t):
    state = presetup(start(t), t)
    assert application_order(t, FIRST_STEP, "axis") == [FIRST_STEP[i] for i in (3, 0, 1, 2, 4)]
    out = resolve(state, t, FIRST_STEP, initiative="axis")
    assert where(t, out.state, "brazil", "argentina", "panama") == ["USA +6", "Germany +4", "Germany +5"]
    assert (40 - out.state.points["germany"], 30 - out.state.points["japan"], 50 - out.state.points["usa"]) == (27, 9, 26)
    texts = [m.text for m in out.moves]
    assert "halved to 2 (it favours Germany)" in texts[3]  # Japan's 3 levels in Panama
    assert "lost" not in texts[4] and texts[4].endswith("Germany +5 → Germany +4")  # both levels on the 4|5 hurdle
    assert out.state.flags["panama"].power == "germany"  # Germany moved it off 0 first


def test_3_6_would_not_replay_if_influence_set_off_flashes(t):
    """Why flashes answer only war and entry (track.toml's flash_triggers, our ruling): Brazil's
    flash lists Argentina, and the USA's 6 levels there would leave Argentina short of +4."""
    literal = replace(t, flash_triggers=frozenset({"influence", "war", "entry"}))
    out = resolve(presetup(start(literal), literal), literal, FIRST_STEP, initiative="axis")
    assert where(literal, out.state, "argentina") != ["Germany +4"]


def test_3_7_war_on_brazil_moves_argentina_and_chile_a_third_the_other_way(t):
    state = placed(t, brazil=Flag(6, "usa"))
    out = declare_war(state, t, "germany", "brazil")
    assert where(t, out.state, "brazil", "chile", "argentina") == ["Full Ally of USA", "Germany +3", "Germany +3"]
    assert [m.minor for m in out.moves] == ["brazil", "argentina", "chile"]
    assert "a third of 10" in out.moves[2].text
    # no chain, whatever sets flashes off: Argentina's own flash (its back lists Chile) would
    # have pulled Chile back to +2
    every = replace(t, flash_triggers=frozenset({"influence", "automatic", "war", "entry"}))
    again = declare_war(placed(every, brazil=Flag(6, "usa")), every, "germany", "brazil")
    assert again.state == out.state
