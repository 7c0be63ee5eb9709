"""Helpers for the classroom notebooks (``fortress/notebooks/*.ipynb``): the logic lives here, tested,
so the notebooks stay short.

* quick mode: :func:`quick`, :func:`pick` (small counts under CI / ``FORTRESS_QUICK=1``);
* positions on the real map: :func:`show`, :func:`units_table`, :func:`attempt`;
* student bots, classroom-safe: :class:`SafeBot`, :func:`as_bot`, :func:`play_match`,
  :func:`round_robin` (a bot that raises or answers an illegal action loses its game, with a
  clear message; the notebook never crashes);
* analysis: :func:`odds_grid`, :func:`play_games`, :func:`city_falls`, :func:`plot_board`;
* replays: :class:`Replay` and :func:`replay_viewer`.

Everything goes through the public engine API (``legal_actions``, ``explain``, ``apply``).

>>> import fortress
>>> game = fortress.new_game(seed=1)
>>> attempt(game, "declare Atlantis", quiet=True).startswith("Not legal")
True
"""
from __future__ import annotations

from fortress.notebook_helpers.analysis import *  # noqa: F401,F403
from fortress.notebook_helpers.classroom_bots import *  # noqa: F401,F403
from fortress.notebook_helpers.lessons import *  # noqa: F401,F403
from fortress.notebook_helpers.replays import *  # noqa: F401,F403
