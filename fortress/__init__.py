"""fortress: a rules-enforcing digital edition of the board wargame Fortress America.

>>> import fortress
>>> game = fortress.new_game(seed=7)
>>> game.notation(sorted(game.legal_actions(), key=game.sort_key)[0])
'declare Acadiana'

The public API: :func:`new_game`, :class:`Game` (``side``, ``phase``, ``round``,
``legal_actions()``, ``explain()``, ``apply()``, ``undo()``, ``parse()``, ``notation()``, ``to_json()``,
``Game.from_json()``), :class:`IllegalAction`, the actions in :mod:`fortress.rulesets.america.actions`
and :class:`Board`. The engine is the package :mod:`fortress.engine`; Fortress America is :mod:`fortress.rulesets.america`.
"""
from fortress.engine.board import Area, Board
from fortress.rulesets.america import actions
from fortress.engine.actions import Action, NotationError
from fortress.engine.game import Game, IllegalAction, new_game

__all__ = ["Action", "Area", "Board", "Game", "IllegalAction", "NotationError", "actions", "new_game"]
__version__ = "0.1.0"
