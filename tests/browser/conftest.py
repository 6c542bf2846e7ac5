"""Fixtures for the browser tests: headless Debian Chromium + one throwaway JupyterLab server.

Recipe (flags, pitfalls) from the stack probe, docs in STACK.md section 2:

* Playwright's own browser download does not work here, so pytest-playwright is pointed
  at Debian's ``/usr/bin/chromium`` through ``browser_type_launch_args``.
* JupyterLab runs from this interpreter (``sys.executable -m jupyterlab``) on a free
  127.0.0.1 port, with every piece of user state (config, runtime, settings, workspaces)
  in a temporary directory.  It serves small notebooks written here, one per board
  (``board_notebook``), so the tests depend on no tutorial's name or contents.
* JupyterLab's settings overrides are the project's own (``binder/overrides.json``, what
  ``make lab`` and Binder install): no "get Jupyter news?" pop-up may cover a board.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
REPO = Path(__file__).resolve().parents[2]
OVERRIDES = REPO / "binder" / "overrides.json"
SERVER_START_TIMEOUT = 60.0  # seconds; the server is normally up in about 3 s

#: The board each test opens: 2 players, a greedy opponent (quick), a seed per game.
BOARDS = {"cibola": 12, "tikal": 7, "thebes": 3, "luxor": 5, "quetzal": 3}


def board_notebook(key: str, seed: int) -> dict:
    """A two-cell notebook: open the board, then report the kernel's match (re-run by the tests)."""
    cells = [
        f"import archeo_lab as al\n"
        f"w = al.play({key!r}, players=2, seed={seed}, opponents={{1: \"greedy\"}})\n"
        f"w",
        "import hashlib\n"
        "m = w.match\n"
        "print(f\"kernel: {len(m.history)} moves played, over={m.is_over}, \"\n"
        "      f\"winners={[m.names[s] for s in m.state.winners()] if m.is_over else []}, \"\n"
        "      f\"picture={hashlib.sha1(w.board.picture().encode()).hexdigest()}\")",
    ]
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
                   "source": source} for i, source in enumerate(cells)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Skip the browser tests without Chromium, but never silently on CI.

    A hook rather than a fixture: it runs before any fixture, so neither the session-scoped
    server nor pytest-playwright's browser launch is attempted when Chromium is missing.
    """
    if item.get_closest_marker("browser") is None or CHROMIUM.exists():
        return
    if os.environ.get("CI") == "true":
        # A CI run must not go green with its browser tests skipped.
        pytest.fail(f"CI=true but {CHROMIUM} is missing: .ci/run installs it with apt-get", pytrace=False)
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium; CI=true turns this skip into a failure)")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Override pytest-playwright's fixture: launch Debian's Chromium, headless."""
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """A JupyterLab server over a folder of board notebooks (``<game>.ipynb``, see ``BOARDS``).

    Yields a dict: ``base`` (``http://127.0.0.1:PORT``), ``token``, ``root`` (the served folder)
    and ``log`` (the server's output, for post-mortems).
    """
    tmp = tmp_path_factory.mktemp("lab")
    root = tmp / "root"
    root.mkdir()
    for key, seed in BOARDS.items():
        (root / f"{key}.ipynb").write_text(json.dumps(board_notebook(key, seed), indent=1))

    dirs = {name: tmp / name for name in ("config", "data", "runtime", "settings", "workspaces", "ipython",
                                          "app_settings")}
    for path in dirs.values():
        path.mkdir()
    # The project's settings overrides, where `make lab` and Binder put them for JupyterLab.
    shutil.copy(OVERRIDES, dirs["app_settings"] / "overrides.json")
    # Keep every cell attached and rendered: the default ("contentVisibility") lets the browser
    # skip rendering off-screen cells, which makes visibility checks depend on the scroll position.
    tracker = dirs["settings"] / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text(json.dumps({"windowingMode": "none"}))

    port, token = _free_port(), secrets.token_hex(16)
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(dirs["config"]),
        "JUPYTER_DATA_DIR": str(dirs["data"]),  # no user kernelspec can shadow this venv's python3
        "IPYTHONDIR": str(dirs["ipython"]),  # no user profile or startup file in the kernel
        "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
        "JUPYTERLAB_SETTINGS_DIR": str(dirs["settings"]),
        "JUPYTERLAB_WORKSPACES_DIR": str(dirs["workspaces"]),
    }
    cmd = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.root_dir={root}",
        f"--IdentityProvider.token={token}",
        "--LabApp.extension_manager=readonly",  # no PyPI extension manager
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.app_settings_dir={dirs['app_settings']}",
    ]
    if os.geteuid() == 0:
        cmd.append("--allow-root")  # otherwise: "Running as root is not recommended", exit
    log_path = tmp / "server.log"
    log = log_path.open("wb")
    # A new session (process group) so that teardown can kill the server *and* its kernels.
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with {proc.returncode}:\n{log_path.read_text()[-3000:]}", pytrace=False)
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab not up after {SERVER_START_TIMEOUT:.0f} s:\n{log_path.read_text()[-3000:]}",
                            pytrace=False)
            time.sleep(0.2)  # polling interval, not a wait for a condition we could observe otherwise
        yield {"base": base, "token": token, "root": root, "log": log_path}
    finally:
        _stop(proc)
        log.close()


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server, then make sure none of its kernels outlives it.

    Killing the server's process group is not enough: jupyter_client starts every kernel in
    a session of its own (so that interrupts reach only the kernel).  The server shuts its
    kernels down on SIGTERM; whichever of the processes it started survives that is killed
    by id.
    """
    children = _descendants(proc.pid)
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=5)
    for pid, started in children:
        if _start_time(pid) == started:  # still the same process, not a reused id
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def _start_time(pid: int) -> str | None:
    """A process's start time (field 22 of /proc/PID/stat), or None once it is gone."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def _descendants(pid: int) -> list[tuple[int, str]]:
    """(pid, start time) of every process below ``pid``, from /proc (Linux only; else [])."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return [(child, started) for child in found if (started := _start_time(child)) is not None]
