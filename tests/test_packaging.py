"""Packaging and Binder checks, each run in a fresh virtual environment (marked ``slow``).

test_wheel_ships_the_boards
    The wheel built from this repository contains the package modules and the
    boards' front end (``widgets/`` ships as ``archeo_lab/widgets/``). Installed
    on its own into a new venv and imported from outside the source tree, it
    opens a working Cibola board: the ES module and CSS load from the installed
    package, and a move played through ``board.act`` is accepted.

test_binder_environment_runs_start_here
    ``binder/`` builds a working environment the way repo2docker does. It
    pip-installs ``binder/requirements.txt`` into a new venv, copies the
    repository's files (tracked plus untracked-but-not-ignored, which is what a
    commit would hold), runs ``./binder/postBuild`` from the repository root
    with the venv's ``pip`` first on PATH, and then executes
    ``tutorials/00_start_here.ipynb`` headless with that venv's kernel. It also
    checks the static parts: ``runtime.txt`` satisfies ``requires-python``,
    ``requirements.txt`` lists every runtime dependency, and ``postBuild`` is an
    executable bash script with ``set -e`` semantics.

Both tests need a package index (PyPI, or pip's configured mirrors and cache)
for the dependencies and for hatchling, which is used for the isolated build.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
BINDER = REPO / "binder"
START_HERE = "tutorials/00_start_here.ipynb"

pytestmark = pytest.mark.slow


# -- helpers ---------------------------------------------------------------------------


def _run(cmd, *, timeout: float, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run ``cmd``; on a non-zero exit or a timeout, fail with the command's output."""
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            [str(c) for c in cmd], cwd=cwd, env=env, timeout=timeout,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        pytest.fail(f"timed out after {timeout:.0f} s: {' '.join(map(str, cmd))}\n{_tail(out)}")
    print(f"[{time.perf_counter() - start:5.1f} s] {' '.join(map(str, cmd))}")  # shown on failure or with -s
    if proc.returncode != 0:
        pytest.fail(f"exit code {proc.returncode}: {' '.join(map(str, cmd))}\n(cwd={cwd})\n{_tail(proc.stdout)}")
    return proc


def _tail(text: str, lines: int = 80) -> str:
    kept = text.splitlines()
    skipped = len(kept) - lines
    return ("[... %d lines skipped ...]\n" % skipped if skipped > 0 else "") + "\n".join(kept[-lines:])


def _bin(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


def _python(venv: Path) -> Path:
    return _bin(venv) / ("python.exe" if os.name == "nt" else "python")


def _clean_env(venv: Path, scratch: Path) -> dict:
    """The environment of a fresh shell with ``venv`` activated and nothing leaking from ours.

    No PYTHONPATH, no user site-packages, no inherited matplotlib backend, and
    Jupyter/IPython config and data dirs in ``scratch`` so that no kernelspec
    or profile on this machine stands in for the venv's own.
    """
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "CONDA_PREFIX",
                        "MPLBACKEND", "JUPYTER_PATH", "JUPYTER_PREFER_ENV_PATH", "PIP_USER",
                        "PIP_REQUIRE_VIRTUALENV", "PYTEST_ADDOPTS"}}
    env["VIRTUAL_ENV"] = str(venv)
    env["PATH"] = str(_bin(venv)) + os.pathsep + env.get("PATH", "")
    env["PYTHONNOUSERSITE"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    for var, sub in (("JUPYTER_CONFIG_DIR", "jupyter-config"), ("JUPYTER_DATA_DIR", "jupyter-data"),
                     ("JUPYTER_RUNTIME_DIR", "jupyter-runtime"), ("IPYTHONDIR", "ipython")):
        (scratch / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(scratch / sub)
    return env


def _make_venv(venv: Path) -> None:
    # sys.executable may itself be a venv's python: venv then builds on its base interpreter.
    _run([sys.executable, "-m", "venv", venv], timeout=120, cwd=venv.parent)


def _repo_files() -> list[str]:
    """The files a commit of the working tree would hold (tracked + untracked-not-ignored)."""
    git = shutil.which("git")
    if git:
        proc = subprocess.run([git, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                              cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        if proc.returncode == 0 and proc.stdout:
            names = [n for n in proc.stdout.decode().split("\0") if n]
            return sorted(n for n in names if (REPO / n).is_file())  # tracked but deleted: skip
    skip = {".git", ".venv", "venv", "__pycache__", ".pytest_cache", ".hypothesis", "build", "dist",
            ".ipynb_checkpoints", "test-results"}
    found = []
    for path in REPO.rglob("*"):
        rel = path.relative_to(REPO)
        if path.is_file() and not skip.intersection(rel.parts) and path.suffix not in {".pyc", ".whl"}:
            found.append(rel.as_posix())
    return sorted(found)


def _pyproject() -> dict:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib
    except ImportError:  # Python 3.10
        tomllib = pytest.importorskip("tomli")
    return tomllib.loads(text)


def _req_name(requirement: str) -> str:
    return re.split(r"[<>=!~;\[\s]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


@pytest.fixture
def workdir(tmp_path):
    """``tmp_path``, emptied afterwards: the venvs weigh hundreds of MB and pytest keeps old tmp dirs."""
    yield tmp_path
    for child in tmp_path.iterdir():
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink(missing_ok=True)


# -- the wheel -------------------------------------------------------------------------


# The board check a release runs too (.github/workflows/release.yml): one script for both.
CHECK_WHEEL = REPO / ".ci" / "check_wheel.py"


def _source_modules() -> set[str]:
    return {n for n in _repo_files() if n.startswith("archeo_lab/") and n.endswith(".py")}


def test_wheel_ships_the_boards(workdir):
    tmp_path = workdir
    # Build the wheel the way a user's pip or CI would: isolated build, hatchling from the index.
    wheel_dir = tmp_path / "wheelhouse"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-cache-dir", "-w", wheel_dir, REPO],
         timeout=180, cwd=tmp_path)
    wheels = sorted(wheel_dir.glob("archeo_lab-*.whl"))
    assert len(wheels) == 1, f"expected one archeo_lab wheel, found {[w.name for w in wheel_dir.iterdir()]}"
    wheel = wheels[0]

    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    boards = {f"archeo_lab/widgets/{n}" for n in ("board.js", "board.css", "cibola.js", "cibola.css")}
    missing = sorted((boards | _source_modules()) - names)
    assert not missing, f"{wheel.name} lacks {missing}; it holds:\n" + "\n".join(sorted(names))
    assert not any(n.startswith("widgets/") for n in names), "widgets/ must ship inside archeo_lab/"

    # A fresh venv holding only the wheel and its dependencies, used from outside the checkout.
    venv = tmp_path / "venv"
    _make_venv(venv)
    env = _clean_env(venv, tmp_path / "scratch")
    _run([_python(venv), "-m", "pip", "install", "--no-compile", wheel], timeout=300, cwd=tmp_path, env=env)
    proc = _run([_python(venv), CHECK_WHEEL, "--smoke"], timeout=120, cwd=tmp_path, env=env)
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["moves"][1] > result["moves"][0]


# -- Binder ----------------------------------------------------------------------------


def _check_binder_files() -> None:
    from packaging.specifiers import SpecifierSet
    from packaging.version import Version

    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    match = re.fullmatch(r"python-(\d+\.\d+(?:\.\d+)?)", runtime)
    assert match, f"binder/runtime.txt should read like 'python-3.11', not {runtime!r}"
    requires = _pyproject()["project"]["requires-python"]
    assert Version(match.group(1)) in SpecifierSet(requires), \
        f"binder/runtime.txt asks for Python {match.group(1)}, pyproject requires {requires}"

    post_build = BINDER / "postBuild"
    assert post_build.stat().st_mode & stat.S_IXUSR, "binder/postBuild must be executable (chmod +x)"
    lines = post_build.read_text(encoding="utf-8").splitlines()
    assert lines and lines[0].strip() in {"#!/bin/bash", "#!/usr/bin/env bash"}, \
        f"binder/postBuild should start with a bash shebang, not {lines[:1]}"
    code = [ln.strip() for ln in lines[1:] if ln.strip() and not ln.strip().startswith("#")]
    assert code and re.fullmatch(r"set\s+(-[a-z]*e[a-z]*|-o\s+errexit)(\s.*)?", code[0]), \
        f"binder/postBuild's first command should be 'set -euo pipefail' (or another 'set -e'), not {code[:1]}"
    git = shutil.which("git")
    if git:  # once committed, the executable bit must be in git too, or Binder cannot run it
        staged = subprocess.run([git, "ls-files", "-s", "binder/postBuild"], cwd=REPO,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.split()
        assert not staged or staged[0] == "100755", f"git records binder/postBuild as mode {staged[0]}, not 100755"

    listed = {_req_name(ln) for ln in (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
              if ln.strip() and not ln.strip().startswith(("#", "-"))}
    needed = {_req_name(dep) for dep in _pyproject()["project"]["dependencies"]} | {"jupyterlab"}
    assert needed <= listed, f"binder/requirements.txt lacks {sorted(needed - listed)}"


def test_binder_environment_runs_start_here(workdir):
    tmp_path = workdir
    _check_binder_files()

    # 1. repo2docker installs binder/requirements.txt before the repository is copied in.
    venv = tmp_path / "venv"
    _make_venv(venv)
    env = _clean_env(venv, tmp_path / "scratch")
    # --no-compile only skips writing .pyc files (a third of the install time here); nothing else changes.
    _run([_python(venv), "-m", "pip", "install", "--no-compile", "-r", BINDER / "requirements.txt"],
         timeout=600, cwd=tmp_path, env=env)

    # 2. COPY the repository, then RUN ./binder/postBuild from its root with the env's pip on PATH.
    repo = tmp_path / "repo"
    for name in _repo_files():
        target = repo / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, target)  # keeps postBuild's executable bit
    assert (repo / "binder" / "postBuild").is_file(), "binder/postBuild is not among the repository's files"
    _run([repo / "binder" / "postBuild"], timeout=300, cwd=repo, env=env)

    # The kernel must be this venv's python, and archeo_lab the installed copy, not the checkout.
    probe = _run([_python(venv), "-c", "import archeo_lab, sys; print(archeo_lab.__file__)"],
                 timeout=60, cwd=tmp_path, env=env)
    installed = Path(probe.stdout.strip().splitlines()[-1]).resolve()
    assert venv.resolve() in installed.parents, f"archeo_lab imported from {installed}"
    specs = json.loads(_run([_python(venv), "-m", "jupyter", "kernelspec", "list", "--json"],
                            timeout=60, cwd=tmp_path, env=env).stdout)["kernelspecs"]
    kernel_python = specs["python3"]["spec"]["argv"][0]  # a bare "python" resolves on PATH: the venv's
    assert kernel_python == "python" or Path(kernel_python).parent == _bin(venv), \
        f"the python3 kernel runs {kernel_python}, not the venv's python"

    # 3. Open the start-here tutorial and run every cell, headless.
    notebook = repo / START_HERE
    assert notebook.is_file(), f"{START_HERE} is not among the repository's files"
    out_dir = tmp_path / "executed"
    _run([_python(venv), "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
          "--ExecutePreprocessor.timeout=120", "--ExecutePreprocessor.kernel_name=python3",
          "--output-dir", out_dir, notebook],
         timeout=240, cwd=notebook.parent, env=env)
    executed = json.loads((out_dir / notebook.name).read_text(encoding="utf-8"))
    errors = [out for cell in executed["cells"] if cell["cell_type"] == "code"
              for out in cell.get("outputs", []) if out.get("output_type") == "error"]
    assert not errors, f"{START_HERE} raised: {errors[0].get('ename')}: {errors[0].get('evalue')}"
    ran = [c for c in executed["cells"] if c["cell_type"] == "code" and c.get("source")]
    assert ran and all(c.get("execution_count") for c in ran), "some code cells did not run"
