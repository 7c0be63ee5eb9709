"""Fortress America's computer players, found through its ruleset's ``bots``
(:func:`fortress.ai.make_bot` ``("heuristic")`` or ``("search")``; the shared random bot is
:mod:`fortress.ai.random_bot`):

* :mod:`.heuristic` -- one-ply rules of thumb (:mod:`.cards`: playing Invader cards;
  :mod:`.us_retake`: retaking captured cities); :mod:`.common`: the board reading they share;
* :mod:`.search` -- plans scored by play-outs in copies that re-draw what its side cannot see,
  run on every core by :mod:`.rollouts`;
* :mod:`.simulate` -- bot-versus-bot games at scale (``fortress simulate``).

Like :mod:`fortress.ai` they use the public API only, and sit in its layer
(``tests/test_layers.py``) though in the ruleset's folder. Importing this package imports none of them.
"""
from __future__ import annotations

from fortress.rulesets.america.ruleset import BOTS

#: every bot a Fortress America game may seat, as :func:`fortress.ai.bot_names` lists them
BOT_NAMES = (*BOTS, "random")
