"""The shared game store (issue 17) on real SQLite and a real PostgreSQL server (a throw-away
cluster from Debian's binaries, tests/pgserver.py): seats and tokens, safe concurrent writes,
bots that move exactly once, replay, change notification, no hidden information."""
from __future__ import annotations

import json
import multiprocessing
import os
import random
import threading
import time

import pytest
from sqlalchemy import create_engine, text

import fortress
from fortress.ai import make_bot
from fortress.store import GameStore, SeatError, StaleGame, StoreError

WRITERS = 8
ATTEMPTS = int(os.environ.get("FORTRESS_STORE_ATTEMPTS", "25"))  #: submissions each writer tries


def two_player(store: GameStore, seed: int = 1, **seats):
    return store.create_game(fortress.new_game(seed=seed, players=2), seats=seats or None, title="test")


def first_legal(game) -> str:
    return game.notation(game.legal_actions()[0])


# -- seats and tokens ----------------------------------------------------------------------------

def test_links_and_join_codes_give_seats(store_url):
    store = GameStore(store_url)
    made = two_player(store)
    assert set(made.tokens) == {"1", "2", "spectator"} and len(made.code) == 6
    assert store.open(made.tokens["1"]).sides == ("us",)
    assert store.open(made.tokens["spectator"]).sides == ()
    token, seat = store.join(made.code.lower())  # seat 1 was claimed by its link: seat 2 is free
    assert seat.seat == "2" and seat.sides == ("west", "south", "east")
    assert store.open(token) == seat
    with pytest.raises(SeatError, match="taken"):
        store.join(made.code)
    with pytest.raises(SeatError, match="not known"):
        store.open(made.tokens["2"])  # the printed link of a seat taken with the code
    with pytest.raises(SeatError, match="join code"):
        store.join("ZZZZZZ")


@pytest.mark.parametrize("bad", ["", "x" * 10, "y" * 40, None, "z" * 5000])
def test_a_guessed_or_edited_token_is_refused(store_url, bad):
    store = GameStore(store_url)
    made = two_player(store)
    edited = made.tokens["1"][:-1] + ("A" if made.tokens["1"][-1] != "A" else "B")
    for token in (bad, edited):
        with pytest.raises(SeatError) as refused:
            store.submit(token, 0, "end")
        assert len(str(refused.value)) < 200
    assert store.plies(made.game_id) == 0


def test_a_seat_acts_only_for_its_sides(store_url):
    store = GameStore(store_url)
    made = two_player(store)
    game = store.game(made.game_id)
    assert game.side == "west"
    with pytest.raises(SeatError, match="seat 1 \\(us\\) cannot act for west"):
        store.submit(made.tokens["1"], 0, first_legal(game))
    with pytest.raises(SeatError, match="a spectator cannot act"):
        store.submit(made.tokens["spectator"], 0, first_legal(game))
    with pytest.raises(StoreError, match="not played"):
        store.submit(made.tokens["2"], 0, "move Seattle Miami 9")
    assert store.plies(made.game_id) == 0
    after = store.submit(made.tokens["2"], 0, first_legal(game))
    assert len(after.history) == 1 and store.plies(made.game_id) == 1


def test_a_stale_move_is_refused_and_nothing_is_applied_twice(store_url):
    store, other = GameStore(store_url), GameStore(store_url)
    made = two_player(store)
    game = store.game(made.game_id)
    move = first_legal(game)
    store.submit(made.tokens["2"], 0, move)
    with pytest.raises(StaleGame):
        other.submit(made.tokens["2"], 0, move)  # the same click from a second laptop
    assert store.plies(made.game_id) == 1 and other.game(made.game_id).history == store.game(made.game_id).history


def test_a_move_taken_back_is_gone_for_every_server(store_url):
    """Issue 35, item 1: a seat takes back its own move; another server that had replayed it
    replays the game again, and a different move at that ply is the one that counts."""
    store, other = GameStore(store_url), GameStore(store_url)
    made = two_player(store)
    token, legal = made.tokens["2"], store.game(made.game_id).legal_actions()
    first, second = (store.game(made.game_id).notation(a) for a in legal[:2])
    store.submit(token, 0, first)
    assert other.game(made.game_id).history[-1] == other.game(made.game_id).parse(first)  # cached there
    with pytest.raises(SeatError):
        store.take_back(made.tokens["1"], 1)  # the U.S. seat cannot take back West's move
    with pytest.raises(StaleGame):
        store.take_back(token, 0)  # the game is at move 1, not 0
    after = store.take_back(token, 1)
    assert store.plies(made.game_id) == 0 and not after.history and store.actions(made.game_id) == []
    assert other.wait_for_change(made.game_id, 1, timeout=5) == 0  # a page waiting at move 1 wakes up
    store.submit(token, 0, second)
    assert [other.game(made.game_id).notation(a) for a in other.game(made.game_id).history] == [second]
    other.take_back(token, 1)  # from the other server this time
    with pytest.raises(StoreError, match="nothing of yours"):
        store.take_back(token, 0)  # nothing left to take back
    assert store.game(made.game_id).history == []


def test_bot_seats_move_exactly_once_with_many_servers(store_url):
    stores = [GameStore(store_url) for _ in range(4)]
    made = stores[0].create_game(fortress.new_game(seed=5, players=2), seats={"2": "bot:heuristic"})
    counts = []
    threads = [threading.Thread(target=lambda s=s: counts.append(s.play_bots(made.game_id))) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    game = stores[0].game(made.game_id)
    assert game.side == "us" and sum(counts) == stores[0].plies(made.game_id) == len(game.history)
    replayed = GameStore(store_url).game(made.game_id)
    assert replayed.state.to_dict() == game.state.to_dict()


def test_a_bot_seat_plays_its_rulesets_own_bot(store_url):
    """A stored game of another ruleset seats that ruleset's bot of the name (ATTACK!'s heuristic,
    not Fortress America's, which cannot read an ATTACK! game)."""
    store = GameStore(store_url)
    made = store.create_game(fortress.new_game(seed=3, players=2, ruleset="attack", setup=None),
                             seats={"2": "bot:heuristic"})
    mine = bots = 0
    while bots < 3:  # the human seat plays its first legal action, the bot seat answers
        game = store.game(made.game_id)
        assert not game.is_over and len(game.history) < 200
        if game.side in game.seats[0]:
            store.submit(made.tokens["1"], len(game.history), first_legal(game))
            mine += 1
        else:
            bots += store.play_bots(made.game_id)
    assert store.plies(made.game_id) == mine + bots


def test_the_teachers_list_shows_no_hidden_information(store_url):
    store = GameStore(store_url)
    made = two_player(store, seed=987654321)
    listed = store.list_games()
    assert [g["id"] for g in listed] == [made.game_id]
    assert {"round", "phase", "side", "captured", "winner", "code", "title", "plies"} <= set(listed[0])
    assert "987654321" not in json.dumps(listed, default=str)


def test_a_newer_store_is_refused(store_url):
    GameStore(store_url).close()
    engine = create_engine(store_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:
        conn.execute(text("UPDATE fortress_meta SET value = '99' WHERE key = 'schema_version'"))
    engine.dispose()
    with pytest.raises(StoreError, match="newer fortress"):
        GameStore(store_url)


@pytest.fixture
def store_waiting(monkeypatch) -> threading.Event:
    """Set once a store in :meth:`GameStore.wait_for_change` has looked at the game (PostgreSQL:
    after its LISTEN) and found nothing new: from then on it waits, and a move made is one it must
    be woken by. Tests wait on it instead of sleeping."""
    looked = threading.Event()
    wait = GameStore.wait_for_change

    def watched(self, game_id: str, ply: int, timeout: float = 10.0) -> int:
        plies = self.plies

        def looking(gid: str) -> int:
            now = plies(gid)
            looked.set()
            return now

        self.plies = looking  # this store's own queries, while it waits
        try:
            return wait(self, game_id, ply, timeout)
        finally:
            del self.plies

    monkeypatch.setattr(GameStore, "wait_for_change", watched)
    return looked


def test_another_laptop_is_woken_by_a_move(store_url, store_waiting):
    watcher, mover = GameStore(store_url), GameStore(store_url)
    made = two_player(watcher)
    game = mover.game(made.game_id)
    seen = {}

    def watch():
        seen["plies"] = watcher.wait_for_change(made.game_id, 0, timeout=120)
        seen["at"] = time.perf_counter()

    thread = threading.Thread(target=watch)
    thread.start()
    assert store_waiting.wait(timeout=120), "the watcher never looked at the game"
    moved_at = time.perf_counter()
    mover.submit(made.tokens["2"], 0, first_legal(game))
    thread.join()
    assert seen["plies"] == 1
    # woken by the move, not by the timeout (a margin no load reaches: no timing of the wake-up)
    assert seen["at"] - moved_at < 60, f"seen {seen['at'] - moved_at:.2f} s after the move"
    assert watcher.wait_for_change(made.game_id, 1, timeout=0.2) == 1  # nothing new: returns at the timeout


# -- concurrent writers --------------------------------------------------------------------------

def writer(url: str, tokens: dict[str, dict[str, str]], seed: int, attempts: int, start, out) -> None:
    """One laptop clicking at random moments: a legal move for the side to move, at the ply it saw,
    ``attempts`` times, all writers starting together (the same work however busy the machine)."""
    store, rng, bot = GameStore(url), random.Random(seed), make_bot("random", seed=seed)
    stored, stale = [], 0
    for game_id in tokens:  # warm up (imports, first replay) before the writers start together
        store.game(game_id)
    start.wait()
    for _ in range(attempts):
        game_id = rng.choice(list(tokens))
        ply, game = store.snapshot(game_id)
        if game.is_over:
            continue
        action = game.notation(bot.choose(game))
        time.sleep(rng.random() * 0.01)
        try:
            store.submit(tokens[game_id][game.side], ply, action)
            stored.append((game_id, ply, action))
        except StaleGame:
            stale += 1
    out.put((stored, stale))


@pytest.mark.slow
def test_concurrent_writers_lose_nothing_and_apply_nothing_twice(store_url):
    store = GameStore(store_url)
    tokens = {}
    for seed in range(3):
        made = two_player(store, seed=seed)
        sides = {side: made.tokens[seat.seat] for seat in store.seats_of(made.game_id) for side in seat.sides}
        tokens[made.game_id] = sides
    context = multiprocessing.get_context("spawn")
    out, start = context.Queue(), context.Barrier(WRITERS)
    procs = [context.Process(target=writer, args=(store_url, tokens, i, ATTEMPTS, start, out)) for i in range(WRITERS)]
    for p in procs:
        p.start()
    results = [out.get(timeout=600) for _ in procs]  # a bound for a hung run: spawned writers start slowly on a busy machine
    for p in procs:
        p.join(timeout=30)
    stored = sorted(s for part, _stale in results for s in part)
    stale = sum(n for _part, n in results)
    assert len(stored) == len(set((g, p) for g, p, _a in stored))  # no ply stored twice
    total = 0
    for game_id in tokens:
        rows = store.actions(game_id)
        mine = [(p, a) for g, p, a in stored if g == game_id]
        assert [p for p, _s, _a in rows] == list(range(len(rows)))  # no gap, in order
        assert [(p, a) for p, _s, a in rows] == mine  # each success is stored, nothing else is
        assert store.actions(game_id, since=2) == rows[2:]
        fresh = GameStore(store_url).game(game_id)
        assert len(fresh.history) == len(rows)
        total += len(rows)
    print(f"\n{WRITERS} writers x {ATTEMPTS} attempts on {store_url.split(':')[0]}: {total} actions stored, "
          f"{stale} stale submissions refused")
    assert total > 0 and stale > 0


class VirtualClock:
    """The store module's ``time``: ``sleep`` moves a virtual clock on, at once, and runs what was
    scheduled for that moment, so a test of the waiting loop sees the same ticks on a busy
    machine as on an idle one."""

    def __init__(self, start: float = 100.0) -> None:  # a monotonic clock's reading is never 0
        self.start = self.now = start
        self.due: list = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        for when, call in [d for d in self.due if d[0] <= self.now]:
            self.due.remove((when, call))
            call()

    def at(self, when: float, call) -> None:
        self.due.append((when, call))


@pytest.fixture
def clock(monkeypatch):
    from fortress.store import waiting as module

    virtual = VirtualClock()
    monkeypatch.setattr(module, "time", virtual)
    return virtual


def test_waiting_on_sqlite_queries_only_when_the_file_changes(tmp_path, clock):
    """A waiting page looks at the database's files, not the database, until they change:
    30 pages polling by query cost 0.75 of a core on the 2-core machine."""
    from sqlalchemy import event

    store = GameStore(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    made = two_player(store)
    queries = []
    event.listen(store.engine, "before_cursor_execute", lambda *args: queries.append(args[2]))
    assert store.wait_for_change(made.game_id, 0, timeout=1.5) == 0
    assert clock.now - clock.start >= 1.5 and len(queries) <= 3, len(queries)
    writer = GameStore(store.url)
    ply, game = writer.snapshot(made.game_id)
    seat = next(s for s, t in made.tokens.items() if s != "spectator" and game.side in writer.open(t).sides)
    written = clock.now + 0.3
    clock.at(written, lambda: writer.submit(made.tokens[seat], ply, first_legal(game)))
    assert store.wait_for_change(made.game_id, 0, timeout=5) == 1
    # seen at the file's change (checked every 50 ms), not at the next once-a-second query
    assert clock.now - written <= 0.15, (clock.now, written)
    writer.close()
    store.close()


def test_a_change_seen_in_the_files_before_the_commit_is_visible_is_not_missed(tmp_path, monkeypatch, clock):
    """SQLite writes a commit's pages to the log before the shared index that makes them
    visible: a waiter that stats the grown log and queries at once can miss the commit, and
    must not then wait for its once-a-second query."""
    from fortress.store import waiting as module

    store = GameStore(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    made = two_player(store)
    # the log grows at 0.2 s; the commit becomes visible 0.1 s later
    since = lambda: clock.now - clock.start  # noqa: E731
    monkeypatch.setattr(module, "_signature", lambda files: ((1, 1),) if since() < 0.2 else ((2, 2),))
    monkeypatch.setattr(store, "plies", lambda game_id: 0 if since() < 0.3 else 1)
    assert store.wait_for_change(made.game_id, 0, timeout=3) == 1
    assert since() < 0.7  # not at the next query a second after the change
    store.close()


def test_a_sqlite_file_in_no_folder_is_named_not_retried(tmp_path):
    """A missing folder will not appear by waiting: the error says which folder, and is not
    the 'try again in a moment' of a database that is down."""
    from fortress.store import StoreUnavailable
    missing = tmp_path / "no" / "such"
    with pytest.raises(StoreError, match=f"there is no folder {missing} ") as caught:
        GameStore(f"sqlite:///{missing}/class.db")
    assert not isinstance(caught.value, StoreUnavailable)
    assert not (tmp_path / "no").exists()
