"""Running in a browser tab (JupyterLite, Pyodide) and the optional plotting packages.

The play path (rules, boards, bots) is pure Python and works everywhere, JupyterLite offline
included.  Charts need matplotlib and solvers may need numpy: they are the ``plots`` extra
(``pip install "archeo-lab[plots]"``; ``make lab``, ``make test`` and Binder include it).  In
JupyterLite they come from Pyodide's CDN, so a chart needs the internet there.

``require_plots()`` is what a drawing function calls first: it returns ``matplotlib.pyplot``, or
raises ``PlotsUnavailable`` saying what to do.  In JupyterLite, ``import archeo_lab`` also asks
the notebook to show that message, and a failed ``import matplotlib``/``numpy``, as one short
paragraph instead of a traceback, and to carry on with the next cell (Run All does not stop at a
chart when the classroom is offline).

>>> isinstance(IN_BROWSER, bool)
True
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["IN_BROWSER", "PLOT_PACKAGES", "PlotsUnavailable", "require_plots", "explain_missing_plots"]

#: True in JupyterLite (Pyodide compiles CPython to WebAssembly for the "emscripten" platform).
IN_BROWSER = sys.platform == "emscripten"

#: The compiled packages a chart may need (and what they need), which JupyterLite cannot load offline.
PLOT_PACKAGES = frozenset({
    "matplotlib", "numpy", "contourpy", "kiwisolver", "PIL", "pillow", "fontTools", "cycler",
    "pyparsing", "dateutil", "pytz",
})


class PlotsUnavailable(ModuleNotFoundError):
    """A chart or a numeric solver needs matplotlib/numpy, which this Python cannot load."""


def explain_missing_plots(module: str = "matplotlib") -> str:
    """The message shown when ``module`` (matplotlib, numpy, ...) cannot be imported here."""
    if IN_BROWSER:
        return (f"This cell draws a chart with {module}, which runs in your browser but is downloaded "
                "from the internet (Pyodide's CDN), and it could not be fetched: you seem to be offline. "
                "Everything else in this notebook (rules, boards, bots) works without it; the chart will "
                "show when you run the cell again online.")
    return (f"This cell needs {module}, which is not installed: "
            'pip install "archeo-lab[plots]" (make lab, make test and Binder install it).')


def require_plots() -> Any:
    """``matplotlib.pyplot``, or ``PlotsUnavailable`` with what to do.

    >>> plt = require_plots()   # doctest: +SKIP
    """
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:
        missing = (getattr(exc, "name", None) or "matplotlib").split(".")[0]
        raise PlotsUnavailable(explain_missing_plots(missing), name=missing) from None
    return plt


def _is_plot_package(exc: BaseException) -> bool:
    name = (getattr(exc, "name", None) or "").split(".")[0]
    return isinstance(exc, PlotsUnavailable) or name in PLOT_PACKAGES


def install_notebook_hint() -> bool:
    """In JupyterLite's kernel, show a missing plot package as a message, not a traceback.

    IPython's custom exception handler prints the message; Pyodide's kernel then reports the
    cell as finished (only a traceback marks a cell as failed there), so Run All goes on.  Any
    other error still shows its usual traceback.  Returns True if the hint was installed.
    """
    if not IN_BROWSER:
        return False
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None:
        return False

    def handler(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None) -> None:
        if _is_plot_package(value):
            name = (getattr(value, "name", None) or "matplotlib").split(".")[0]
            print(str(value) if isinstance(value, PlotsUnavailable) else explain_missing_plots(name))
            return None
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
        return None

    shell.set_custom_exc((ModuleNotFoundError,), handler)
    return True
