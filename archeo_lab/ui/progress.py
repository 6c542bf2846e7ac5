"""A progress bar for long runs (tournaments) in a notebook, drawn with ipywidgets."""

from __future__ import annotations

import ipywidgets

__all__ = ["NotebookProgress", "in_notebook"]


def in_notebook() -> bool:
    """True inside a Jupyter kernel (where a widget can be displayed)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and hasattr(shell, "kernel")


class NotebookProgress:
    """``progress(done, total)`` callback that shows and updates a bar under the running cell."""

    def __init__(self, label: str = "games"):
        from IPython.display import display

        self.label = label
        self.bar = ipywidgets.IntProgress(value=0, min=0, max=1)
        self.text = ipywidgets.Label("")
        display(ipywidgets.HBox([self.bar, self.text]))

    def __call__(self, done: int, total: int) -> None:
        self.bar.max = max(total, 1)
        self.bar.value = done
        self.text.value = f"{done}/{total} {self.label}"
        if done == total:
            self.bar.bar_style = "success"
