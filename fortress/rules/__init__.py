"""The rules engine: pure Python over plain-data state; it imports no UI code.

* :mod:`~fortress.rules.game` — ``Game``, ``new_game``, ``IllegalAction`` (the public API)
* :mod:`~fortress.rules.state` — the state (plain data); :mod:`~fortress.rules.units`,
  :mod:`~fortress.rules.dice`, :mod:`~fortress.rules.cards`, :mod:`~fortress.rules.events`
* :mod:`~fortress.rules.actions` — actions and their notation
* :mod:`~fortress.rules.battle` — the one battle engine (game, odds and bots drive it)
* :mod:`~fortress.rules.turn` — the turn declared as data; :mod:`fortress.rules.phases` —
  one module per step
* :mod:`~fortress.rules.setups`, :mod:`~fortress.rules.positions`, :mod:`~fortress.rules.save`
"""
