"""Fortress America's dashboard: the :class:`~.app.App` page (map, panels per step, log, odds
workbench, predictions, seats and bots, classroom play over the store, the teacher's view).

It sits in the UI layer (``tests/test_layers.py``) though in the ruleset's folder, and builds on
the shared widgets of :mod:`fortress.ui` (theme, labels, the board map). Open it with
:func:`fortress.ui.build_app`; the start page (:func:`fortress.ui.shell.start`) opens it for
Fortress America. The widgets are imported on first use, as in :mod:`fortress.ui`.
"""
