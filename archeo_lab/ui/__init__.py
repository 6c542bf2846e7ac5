"""The Python side of the boards (the only package that imports ipywidgets/anywidget)."""

from .board import Board, Play, board_class, play

__all__ = ["Board", "Play", "board_class", "play"]
