"""Fortress America as a ruleset: one folder a newcomer can read end to end.

* :mod:`.ruleset` — the :class:`~fortress.engine.rulesets.Ruleset` the engine plays (entry point
  ``fortress-america``): data folder, board, state, turn, hooks
* :mod:`.state` — the state (plain data); :mod:`.units`, :mod:`.cards`, :mod:`.invader_cards`,
  :mod:`.markers`, :mod:`.stacking`, :mod:`.tables` (its data tables, from ``data/``)
* :mod:`.actions` — its actions and their notation
* :mod:`.battle` — the one battle engine (game, odds and bots drive it); :mod:`.battle_counts`
* :mod:`.phases` — one module per step, named as the rulebook names it
* :mod:`.views` — what players, the UI and bots read from a game
* :mod:`.setups`, :mod:`.positions`, :mod:`.ranking`
"""
