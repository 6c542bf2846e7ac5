"""Helpers shared by the benchmark scripts: the machine line, JSON output, percentiles."""

from __future__ import annotations

import json
import platform
from pathlib import Path

import archeo_lab as al


def machine() -> dict:
    """What the figures were measured on (printed first, and stored with --json)."""
    return {
        "archeo_lab": al.__version__,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "processor": platform.machine(),
    }


def print_machine() -> dict:
    info = machine()
    print(f"archeo-lab {info['archeo_lab']} on {info['implementation']} {info['python']}, "
          f"{info['platform']} ({info['processor']})")
    return info


def write_json(path: str | None, data: dict) -> None:
    """Write ``data`` to ``path`` as JSON; do nothing without a path."""
    if not path:
        return
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    print(f"results written to {path}")


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100) by linear interpolation between the sorted values."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)
