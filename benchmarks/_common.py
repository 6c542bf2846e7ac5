"""Helpers shared by the benchmark scripts: the machine line, JSON output, percentiles, a git revision's tree."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tarfile
from pathlib import Path

import archeo_lab as al

ROOT = Path(__file__).resolve().parent.parent


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


def export(base: str, into: Path) -> str:
    """Export the tree of the git revision ``base`` into ``into``; return its commit id."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", f"{base}^{{commit}}"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip()
        archive = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, check=True,
                                 capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        said = getattr(exc, "stderr", None)
        said = said.decode(errors="replace") if isinstance(said, bytes) else said
        raise SystemExit(f"cannot export the git revision {base!r} (--base): {(said or str(exc)).strip()}") from None
    tar_path = into / "tree.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into / "tree", filter="data")
    tar_path.unlink()
    return commit


def run_in_tree(script: str, tree: Path, args: list[str]) -> dict:
    """Run ``script --worker TREE ARGS`` in a fresh process that imports ``archeo_lab`` from ``tree``
    (``PYTHONPATH``); return the JSON its last line prints."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, script, "--worker", str(tree), *args], env=env, capture_output=True,
                          text=True)
    if done.returncode:
        raise SystemExit(f"the worker for {tree} failed:\n{done.stderr[-2000:]}")
    result: dict = json.loads(done.stdout.splitlines()[-1])
    return result
