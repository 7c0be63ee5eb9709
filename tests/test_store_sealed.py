"""The store for several deciders (issue 31): Council, whose bidding step is sealed, on SQLite
and PostgreSQL. Two seats bid at the same ply and both are accepted; a seat acts only for its
own side; what a seat, its bot and the teacher's list are given never holds another seat's
hand or sealed bid before the reveal."""
from __future__ import annotations

import json

import pytest

import fortress
import fortress.ai
from fortress.engine.flow import Sealed
from fortress.store import GameStore, SeatError, StaleGame

HIDDEN = "?"  # Council's face-down card in a view


def council(store: GameStore, seed: int = 4):
    """A stored Council game: seats 1 (Amber) and 2 (Birch) human, 3 and 4 random bots."""
    return store.create_game(fortress.new_game(seed, players=4, ruleset="council"),
                             seats={"3": "bot:random", "4": "bot:random"})


def to_the_bids(store: GameStore, made) -> int:
    """Play the deeds (each human seat its first legal deed, the bots theirs) up to the sealed
    bidding step; the ply there."""
    for _ in range(200):
        ply, game = store.snapshot(made.game_id)
        if game.phase == "bid":
            return ply
        if game.side in ("amber", "birch"):
            token = made.tokens["1" if game.side == "amber" else "2"]
            store.submit(token, ply, game.notation(game.legal_actions()[0]))
        else:
            store.play_bots(made.game_id)
    raise AssertionError("no bidding step in 200 actions")


def test_two_seats_bid_at_the_same_ply_and_both_bids_count(store_url):
    store, laptop = GameStore(store_url), GameStore(store_url)  # two servers, as two pages' kernels
    made = council(store)
    ply = to_the_bids(store, made)
    assert store.game(made.game_id).to_move == {"amber", "birch", "cedar", "dune"}
    laptop.submit(made.tokens["2"], ply, "bid 2")  # Birch bids first, at the ply both saw
    store.submit(made.tokens["1"], ply, "bid 1")  # Amber, at the same ply: not stale
    assert store.plies(made.game_id) == ply + 2
    assert [(side, text) for _p, side, text in store.actions(made.game_id)[-2:]] == [("birch", "bid 2"),
                                                                                    ("amber", "bid 1")]
    store.play_bots(made.game_id)  # Cedar and Dune bid in turn: all four revealed together
    game = GameStore(store_url).game(made.game_id)  # a fresh replay gives each bid to its side
    reveals = [e.text for e in game.events if e.kind == "reveal"]
    assert "Amber ordered: bid 1." in reveals and "Birch ordered: bid 2." in reveals and len(reveals) == 4
    assert game.phase != "bid"


def test_a_write_after_a_visible_move_or_a_reveal_is_stale(store_url):
    store = GameStore(store_url)
    made = council(store)
    ply = to_the_bids(store, made)
    with pytest.raises(StaleGame):
        store.submit(made.tokens["1"], ply - 1, "bid 1")  # before the last deed, which Amber could see
    store.submit(made.tokens["1"], ply, "bid 1")
    with pytest.raises(SeatError, match="amber"):
        store.submit(made.tokens["1"], ply + 1, "bid 0")  # Amber's order is in: no second one
    store.submit(made.tokens["2"], ply, "bid 0")
    store.play_bots(made.game_id)  # the bids are revealed
    with pytest.raises(StaleGame):
        store.submit(made.tokens["2"], ply + 1, "pass")  # Birch had not seen the reveal


def test_a_seat_acts_only_for_its_own_side(store_url):
    store = GameStore(store_url)
    made = council(store)
    ply, game = store.snapshot(made.game_id)
    assert game.side == "amber"
    with pytest.raises(SeatError, match="seat 2 \\(birch\\) cannot act for amber"):
        store.submit(made.tokens["2"], ply, game.notation(game.legal_actions()[0]))
    ply = to_the_bids(store, made)
    with pytest.raises(SeatError, match="cannot act for birch"):
        store.submit(made.tokens["1"], ply, "bid 1", side="birch")
    with pytest.raises(SeatError, match="spectator"):
        store.submit(made.tokens["spectator"], ply, "bid 1")
    assert store.plies(made.game_id) == ply


def hidden_from(game, other: str, bid: str) -> bool:
    """``game`` (a seat's view) shows neither ``other``'s hand nor its sealed ``bid``."""
    hand = game.state.hands[other]
    said = [e.text for e in game.events] + [game.notation(a) for a in game.history]
    return set(hand) <= {HIDDEN} and not any(bid in text and "Birch" in text for text in said) and \
        bid not in [game.notation(a) for a in game.history[-2:]]


def test_what_a_seat_is_shown_never_holds_another_seats_hand_or_bid(store_url):
    store = GameStore(store_url)
    made = council(store)
    ply = to_the_bids(store, made)
    birch_hand = store.game(made.game_id).state.hands["birch"]
    assert birch_hand and HIDDEN not in birch_hand
    _ply, seen = store.play(made.tokens["2"], ply, "bid 3")
    assert seen is not None and seen.notation(seen.history[-1]) == "bid 3"  # Birch sees its own bid
    ply_now, amber = store.play(made.tokens["1"], ply, "bid 1")  # what Amber's page is answered
    assert ply_now == ply + 2 and amber is not None
    assert isinstance(amber.history[-2], Sealed) and hidden_from(amber, "birch", "bid 3")
    assert amber.state.seed == 0 and amber.state.hands["amber"] == store.game(made.game_id).state.hands["amber"]
    _ply, again = store.seat_view(made.tokens["1"])
    assert again is not None and hidden_from(again, "birch", "bid 3")
    assert store.seat_view(made.tokens["spectator"])[1] is None
    listed = json.dumps(store.list_games(), default=str)
    assert "bid 1" not in listed and '"last": "sealed"' in listed  # the teacher's list: an order is in


def test_a_bot_seat_chooses_from_its_own_view(store_url, monkeypatch):
    """The bot of a seat is given its side's view: the other hands face down, the other sides'
    sealed bids as placeholders, no seed."""
    given = []
    real = fortress.ai.make_bot

    def spying(name, seed=0, ruleset=None, **options):
        bot = real(name, seed=seed, ruleset=ruleset, **options)
        choose = bot.choose
        bot.choose = lambda game: given.append(game.copy()) or choose(game)
        return bot

    monkeypatch.setattr(fortress.ai, "make_bot", spying)
    store = GameStore(store_url)
    made = council(store)
    ply = to_the_bids(store, made)
    store.submit(made.tokens["2"], ply, "bid 3")
    store.submit(made.tokens["1"], ply, "bid 1")
    given.clear()
    store.play_bots(made.game_id)
    assert len(given) == 2  # Cedar's bid and Dune's
    for view in given:
        me = view.side
        assert me in ("cedar", "dune") and view.state.seed == 0
        assert all(set(hand) <= {HIDDEN} for side, hand in view.state.hands.items() if side != me)
        assert hidden_from(view, "birch", "bid 3")
        assert sum(isinstance(a, Sealed) for a in view.history[ply:]) >= 2
