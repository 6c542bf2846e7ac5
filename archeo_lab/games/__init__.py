"""The built-in games: a key and the module that defines its ``GAME``.

Adding a game touches its own folder, its widget, one tutorial and this table.
"""

from archeo_lab.engine.registry import register

BUILT_IN = {
    "cibola": "archeo_lab.games.cibola",
    "luxor": "archeo_lab.games.luxor",
    "tikal": "archeo_lab.games.tikal",
    "thebes": "archeo_lab.games.thebes",
    "quetzal": "archeo_lab.games.quetzal",
}

for _key, _module in BUILT_IN.items():
    register(_key, _module)
