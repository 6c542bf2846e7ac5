"""Remake the screenshots of every board in docs/screenshots/ (shown in the README).

They come from the browser tests themselves (``test_boards.py``: each board in JupyterLab at
1024 x 768 and 1366 x 768, mid-game after a few clicks, and at the end at 1366 x 768), so they
show what the tests check, and stay current when the boards change::

    .venv/bin/python tests/browser/screenshots.py          # about 5 minutes; needs /usr/bin/chromium

Any pytest option is passed on (``-k cibola`` remakes one game's).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "docs" / "screenshots"


def main(argv: list[str]) -> int:
    FOLDER.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "ARCHEO_LAB_SCREENSHOTS": str(FOLDER)}
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-m", "browser",
           str(REPO / "tests" / "browser" / "test_boards.py"), *argv]
    done = subprocess.run(cmd, cwd=REPO, env=env, check=False)
    print(f"screenshots in {FOLDER.relative_to(REPO)}: " + ", ".join(sorted(p.name for p in FOLDER.glob("*.png"))))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
