#!/usr/bin/env python3
"""Check a built wheel the way a user meets it: a fresh virtual environment, then a board.

    python .ci/check_wheel.py dist/archeo_lab-*.whl     # make a venv, install the wheel, run --smoke in it
    python .ci/check_wheel.py --smoke                  # inside an environment that has archeo_lab installed

The smoke check imports ``archeo_lab`` from outside the source tree (it must come from the
environment's site-packages), opens a board with ``al.play`` against two bots, checks that the
board's front end shipped in the wheel (ES module and CSS), that the widget has a view, and that a
move sent the way a click sends it is accepted; then that every game plays to the end without
numpy or matplotlib and a chart says which extra it needs.  The release workflow
(``.github/workflows/release.yml``) and ``tests/test_packaging.py`` (marked ``slow``) both run it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import venv
from pathlib import Path


def smoke() -> dict:
    """Open a Cibola board from the installed package and play one move; fail loudly otherwise."""
    import archeo_lab as al

    where = Path(al.__file__).resolve()
    assert Path(sys.prefix).resolve() in where.parents, f"archeo_lab imported from {where}, not from {sys.prefix}"
    w = al.play("cibola", players=3, seed=1, opponents={1: "greedy", 2: "random"})
    board = w.board
    view = board.view
    assert isinstance(view, dict) and view.get("board"), f"the board has no view: {view!r:.300}"
    assert "export default" in board._esm, board._esm[:300]
    assert "const GAME" in board._esm, board._esm[:300]
    assert ".al-cibola" in board._css, board._css[:300]
    before = view["moves"]
    accepted = board.act({"type": "bid", "amount": 1})
    after = board.view["moves"]
    assert accepted is True, ("act refused", board.view.get("message"))
    assert after > before, ("no move recorded", before, after, board.view.get("message"))
    # The play path needs neither numpy nor matplotlib (the "plots" extra): JupyterLite has no offline
    # build of them.  A chart without them says what to do.
    from archeo_lab.browser import PlotsUnavailable
    from archeo_lab.games import tikal

    for key in ("cibola", "tikal", "thebes", "luxor", "quetzal"):
        match = al.Match(key, seed=2, opponents={0: "greedy", 1: "random"})
        assert match.is_over, key
    heavy = {"numpy", "matplotlib"} & set(sys.modules)
    assert not heavy, f"imported on the play path: {sorted(heavy)}"
    try:
        tikal.draw_path_costs(tikal.position(players=2), "A5")
    except PlotsUnavailable as exc:
        assert "archeo-lab[plots]" in str(exc), exc
    else:
        raise AssertionError("a chart drew without matplotlib (the wheel must not require it)")
    return {"version": al.__version__, "file": str(where), "moves": [before, after],
            "message": board.view.get("message")}


def _clean_env(prefix: Path) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PIP_USER", "PYTEST_ADDOPTS", "MPLBACKEND"}}
    bindir = prefix / ("Scripts" if os.name == "nt" else "bin")
    env.update(VIRTUAL_ENV=str(prefix), PATH=str(bindir) + os.pathsep + env.get("PATH", ""),
               PYTHONNOUSERSITE="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


def check_wheel(wheel: Path) -> dict:
    """Install ``wheel`` into a new venv and run ``--smoke`` there, from a directory outside the checkout."""
    with tempfile.TemporaryDirectory(prefix="archeo-wheel-") as tmp:
        prefix = Path(tmp) / "venv"
        venv.EnvBuilder(with_pip=True).create(prefix)
        python = prefix / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
        env = _clean_env(prefix)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-compile", str(wheel)],
                       cwd=tmp, env=env, check=True)
        proc = subprocess.run([str(python), str(Path(__file__).resolve()), "--smoke"], cwd=tmp, env=env,
                              check=True, stdout=subprocess.PIPE, text=True)
        return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel", nargs="?", type=Path, help="the wheel to install in a fresh venv")
    parser.add_argument("--smoke", action="store_true", help="run the board check in this environment")
    args = parser.parse_args(argv)
    if args.smoke:
        result = smoke()
    elif args.wheel is not None:
        if not args.wheel.is_file():
            parser.error(f"{args.wheel}: no such wheel")
        result = check_wheel(args.wheel.resolve())
    else:
        parser.error("give a wheel, or --smoke")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
