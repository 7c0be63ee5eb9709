"""Rollouts on every core: the search bot's play-outs, serially or on a process pool.

A search decision is a list of *jobs* (plan, determinization seed); each job is one
play-out in a ``game.determinized(seed)`` copy (:func:`fortress.rulesets.america.bots.search.rollout`).
:class:`Serial` plays them one after another in this process; :class:`Parallel` splits
them over worker processes, so a decision with a wall-clock budget gets one play-out
stream per core. Both return the same value for the same job (a play-out depends only
on the position, the plan and the seed), so with a rollout cap instead of a time limit a
search picks the same plan either way.

The pool is shared by every search bot of the process and started once (``spawn``, so it
is safe inside a Jupyter or Voila kernel); each worker gets the board when it starts and
the position once per decision (a pickled copy without the board).
"""
from __future__ import annotations

import itertools
import multiprocessing
import os
import pickle
import time
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor

from fortress.engine.save import from_bytes, to_bytes

#: one play-out: (plan, determinization seed); its result is the value at the horizon,
#: or None if the deadline came first
Job = tuple


class Serial:
    """Play the jobs here, in order, until the deadline."""

    workers = 1

    def __init__(self, game, side: str, camp: str) -> None:
        self.game, self.side, self.camp = game, side, camp

    def run(self, jobs: list[Job], deadline: float) -> list[float | None]:
        from fortress.rulesets.america.bots.search import rollout
        out: list[float | None] = []
        for plan, seed in jobs:
            out.append(None if time.monotonic() >= deadline
                       else rollout(self.game, self.side, self.camp, plan, seed))
        return out


class Parallel:
    """Play the jobs on :func:`pool` (``workers`` processes), each job handed to the next
    free worker, until the deadline."""

    _tokens = itertools.count()

    def __init__(self, game, side: str, camp: str, workers: int) -> None:
        self.workers = workers
        self.pool = pool(workers, game.board)
        self.game, self.side, self.camp = game, side, camp
        self.token = (os.getpid(), next(self._tokens))
        self.payload = to_bytes(game)

    def run(self, jobs: list[Job], deadline: float) -> list[float | None]:
        """The jobs of one seed go to one worker together (while there are seeds for every
        worker), so plans that end the turn in the same position there share the play-out
        of the other sides' answer (:mod:`fortress.rulesets.america.bots.answers`)."""
        by_seed: dict[int, list[int]] = {}
        for n, (_plan, seed) in enumerate(jobs):
            by_seed.setdefault(seed, []).append(n)
        groups = list(by_seed.values()) if len(by_seed) >= self.workers else [[n] for n in range(len(jobs))]
        try:
            futures = [(ns, self.pool.submit(_play, self.token, self.payload, self.side, self.camp,
                                             [jobs[n] for n in ns], deadline)) for ns in groups]
            out: list[float | None] = [None] * len(jobs)
            for ns, fut in futures:
                for n, value in zip(ns, fut.result()):
                    out[n] = value
            return out
        except BrokenExecutor:  # a worker died (killed, out of memory): go on here
            close()
            self.workers = 1
            return Serial(self.game, self.side, self.camp).run(jobs, deadline)


def runner(game, side: str, camp: str, workers: int) -> Serial | Parallel:
    """:class:`Parallel` for more than one worker, else :class:`Serial`. Serial too in a
    process that is itself a worker of a pool (``simulate`` on several cores, Dask): the
    cores are taken already, and a pool inside a pool worker would keep it from exiting;
    and where no process pool can be started."""
    if workers > 1 and multiprocessing.parent_process() is None:
        try:
            return Parallel(game, side, camp, workers)
        except (OSError, RuntimeError, pickle.PicklingError):
            pass
    return Serial(game, side, camp)


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# -- the shared pool ------------------------------------------------------------------------
_POOL: ProcessPoolExecutor | None = None
_POOL_KEY: tuple | None = None


def pool(workers: int, board) -> ProcessPoolExecutor:
    """The process's rollout pool for ``workers`` processes and ``board`` (started, or
    restarted for another size or board, on first use)."""
    global _POOL, _POOL_KEY
    key = (workers, board)  # the board itself (compared by identity), not its id: ids are reused
    if _POOL is None or _POOL_KEY is None or _POOL_KEY[0] != workers or _POOL_KEY[1] is not board:
        close()
        ctx = multiprocessing.get_context("spawn")
        started = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_start,
                                      initargs=(pickle.dumps(board, protocol=pickle.HIGHEST_PROTOCOL),))
        try:
            for fut in [started.submit(_ready) for _ in range(workers)]:  # start every worker now
                fut.result()
        except BaseException:
            started.shutdown(cancel_futures=True)
            raise
        _POOL, _POOL_KEY = started, key
    return _POOL


def close() -> None:
    """Stop the rollout pool (it starts again when next needed)."""
    global _POOL, _POOL_KEY
    if _POOL is not None:
        _POOL.shutdown(wait=False, cancel_futures=True)
    _POOL = _POOL_KEY = None


# -- in a worker -----------------------------------------------------------------------------
_BOARD = None
_ROOT: tuple = (None, None)


def _start(board: bytes) -> None:
    global _BOARD
    _BOARD = pickle.loads(board)
    import fortress.rulesets.america.bots.search  # noqa: F401  (import once, not during the first decision)


def _ready() -> bool:
    return _BOARD is not None


def _play(token: tuple, payload: bytes, side: str, camp: str, jobs: list[Job], deadline: float) -> list[float | None]:
    """Worker side of :meth:`Parallel.run` (``deadline`` on ``time.monotonic``, the same
    clock in every process of the machine); the position is unpickled once per decision."""
    global _ROOT
    from fortress.rulesets.america.bots.search import rollout

    if _ROOT[0] != token:
        _ROOT = (token, from_bytes(payload, _BOARD))
    return [None if time.monotonic() >= deadline else rollout(_ROOT[1], side, camp, plan, seed)
            for plan, seed in jobs]
