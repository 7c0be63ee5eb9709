"""Pictures of a game in plain Python: the colours and tags every view shares (:mod:`theme`)
and a game drawn as SVG text (:mod:`svg`). No widget, map or notebook library: the engine's
``Game`` shows itself as this SVG in any notebook (``Game._repr_mimebundle_``), and the
dashboard (:mod:`fortress.ui.theme`) paints with the same colours."""
