"""Build the course as a JupyterLite site: every notebook runs in the browser, with no server.

    python lite/build.py                  # -> build/lite (serve it: python -m http.server -d build/lite)
    python lite/build.py --out DIR --extra-contents DIR ...

What goes into the site (all of it static files):

* the Pyodide core from npm (``pyodide@<version the kernel expects>``), served from the site itself;
* pure-Python wheels for the play path (archeo-lab, built from this checkout, and anywidget,
  ipywidgets, psygnal, networkx, comm at the versions of this environment, so that the front-end
  extensions copied into the site match their Python halves) and the 17 pure wheels Pyodide's
  kernel needs (IPython, jedi, micropip ...), all listed in the site's ``pyodide-lock.json``:
  ``import archeo_lab`` in a notebook loads them with no ``%pip`` cell;
* every other package of Pyodide's lock (numpy, matplotlib ...: compiled for WebAssembly, found
  on neither PyPI nor npm) keeps its entry but points at Pyodide's CDN, so a plot loads when the
  browser is online; offline, ``archeo_lab`` explains that plots need the internet;
* the course's own files of ``tutorials/`` (``course_files``: the notebooks of the course path, the
  glossary, the exercises' guide, teacher's pages and example bots) and the student versions of the
  exercises in ``student/``, made afresh, beside the tutorials they link to (``../06_game_theory.ipynb``).
  Nothing else a teacher put in ``tutorials/`` goes into the site: not the class's bots in
  ``student/bots/``, not a tournament's notebook with its secret seed, not collected work.

No request leaves the site at run time except those CDN plot packages.  The build itself needs
PyPI and npm (or ``--pyodide`` with a ``pyodide-<version>.tgz`` from ``npm pack``).
Pitfalls this script avoids (``../shared/notes/STACK.md``): Pyodide's lock must hold a local
file (with its own checksum) for every package the kernel installs, or installs fail on a 404;
the build goes into an empty folder every time (a kept build cache left the kernel unable to start).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: Pure wheels the boards need in the browser, at the versions of this environment (the site's
#: widget front ends come from this environment too, so both halves match).
PLAY_WHEELS = ["anywidget", "ipywidgets", "psygnal", "networkx", "comm", "jupyterlab_widgets", "widgetsnbextension"]
#: What each of them needs at import time in Pyodide (the lock's ``depends``; the kernel itself
#: already provides IPython, traitlets and comm).
DEPENDS = {
    "archeo-lab": ["anywidget", "ipywidgets", "networkx"],
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
    "ipywidgets": ["comm", "ipython", "traitlets"],
    "psygnal": ["typing-extensions"],
    "networkx": [],
    "comm": ["traitlets"],
    "jupyterlab-widgets": [],
    "widgetsnbextension": [],
}
#: Pyodide's kernel installs these (and their dependencies) at start-up: they must be local.
KERNEL_NEEDS = ["micropip", "packaging", "ipython", "traitlets", "pygments", "typing-extensions", "jedi"]
CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
CACHE = ROOT / "build" / "cache"


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(*cmd: str | Path, cwd: Path | None = None) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=cwd)


def kernel_pyodide_version() -> str:
    """The Pyodide version this jupyterlite-pyodide-kernel loads by default."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def pip_download(specs: list[str], dest: Path) -> None:
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--platform", "any", "--python-version", "3.14", "--implementation", "py", "-d", dest, *specs)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wheel_imports(path: Path) -> list[str]:
    """Top-level import names of a pure wheel (its ``top_level.txt`` or its RECORD)."""
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        top = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        if top:
            return sorted({line.strip() for line in whl.read(top[0]).decode().split() if line.strip()})
    roots = {n.split("/")[0] for n in names if "/" in n and not n.split("/")[0].endswith((".dist-info", ".data"))}
    roots |= {n[:-3] for n in names if "/" not in n and n.endswith(".py")}
    return sorted(roots)


def find_wheel(folder: Path, name: str) -> Path:
    found = [p for p in folder.glob("*.whl") if norm(p.name.split("-")[0]) == norm(name)]
    if len(found) != 1:
        raise SystemExit(f"expected one wheel for {name} in {folder}, found {[p.name for p in found]}")
    return found[0]


def local_pyodide(tgz: Path, work: Path, wheels: Path) -> tuple[Path, str]:
    """Unpack the Pyodide core and make its lock point at local files (kernel + play path) or the CDN."""
    with tarfile.open(tgz) as tar:
        tar.extractall(work, filter="data")
    core = work / "pyodide"
    (work / "package").rename(core)
    lock_path = core / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages = {norm(k): v for k, v in lock["packages"].items()}
    version = json.loads((core / "package.json").read_text())["version"]

    needed: set[str] = set()
    stack = [norm(n) for n in KERNEL_NEEDS]
    while stack:
        name = stack.pop()
        if name not in needed:
            needed.add(name)
            stack.extend(norm(d) for d in packages[name]["depends"])
    pip_download([f"{packages[n]['name']}=={packages[n]['version']}" for n in sorted(needed)], core)
    for name in needed:   # PyPI's wheels differ from Pyodide's rebuilt ones: new names and checksums
        entry = packages[name]
        wheel = find_wheel(core, name)
        entry["file_name"], entry["sha256"] = wheel.name, sha256(wheel)

    for wheel in sorted(wheels.glob("*.whl")):   # the play path, in the lock so `import` loads it
        name = norm(wheel.name.split("-")[0])
        if name in needed:
            continue
        shutil.copy2(wheel, core / wheel.name)
        packages[name] = {
            "name": name, "version": wheel.name.split("-")[1], "file_name": wheel.name,
            "install_dir": "site", "package_type": "package", "sha256": sha256(wheel),
            "imports": wheel_imports(wheel), "depends": DEPENDS.get(name, []), "unvendored_tests": False,
        }
    cdn = CDN.format(version=version)
    for entry in packages.values():   # compiled packages: from Pyodide's CDN, when online
        if not (core / entry["file_name"]).exists() and not entry["file_name"].startswith("https://"):
            entry["file_name"] = cdn + entry["file_name"]
    lock["packages"] = packages
    lock_path.write_text(json.dumps(lock, indent=1), encoding="utf-8")
    archive = work / "pyodide-local.tar.bz2"
    with tarfile.open(archive, "w:bz2") as tar:
        tar.add(core, arcname="pyodide")
    return archive, version


def course_files(tutorials: Path) -> list[Path]:
    """The course's own files under ``tutorials`` (relative paths): the notebooks of ``archeo_lab.course.PATH``,
    the glossary, the exercises' guide and teacher's pages, the example bots. Whatever else a teacher keeps
    there (the class's bots, a tournament run, collected notebooks) is left out."""
    from archeo_lab import course

    names = [Path(s.filename) for s in course.PATH] + [Path("GLOSSARY.md"), Path("exercises/README.md")]
    names += sorted(p.relative_to(tutorials) for p in (tutorials / "exercises" / "teachers").glob("*.md"))
    names += sorted(p.relative_to(tutorials) for p in (tutorials / "exercises" / "bots").glob("example_*.py"))
    return [n for n in names if (tutorials / n).is_file()]


def contents(dest: Path, extra: list[Path]) -> None:
    """The course as the site shows it: tutorials/ as the root (its own files only, ``course_files``), plus the
    exercises' student versions made afresh in ``student/``."""
    tutorials = ROOT / "tutorials"
    for name in course_files(tutorials):
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(tutorials / name, dest / name)
    exercises = sorted((tutorials / "exercises").glob("*.ipynb"))
    if exercises:
        run(sys.executable, "-m", "archeo_lab.exercises.student", *exercises, "--out", dest / "student")
    for folder in extra:
        shutil.copytree(folder, dest / folder.name)


def build(out: Path, pyodide_tgz: Path | None, extra: list[Path]) -> None:
    work = out.parent / (out.name + "-work")
    for folder in (out, work):
        shutil.rmtree(folder, ignore_errors=True)
    (work / "wheels").mkdir(parents=True)
    wheels = work / "wheels"

    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", wheels, ROOT)
    pip_download([f"{n}=={importlib.metadata.version(n)}" for n in PLAY_WHEELS], wheels)

    version = kernel_pyodide_version()
    if pyodide_tgz is None:   # fetched once from npm, kept in build/cache/
        pyodide_tgz = CACHE / f"pyodide-{version}.tgz"
        if not pyodide_tgz.exists():
            CACHE.mkdir(parents=True, exist_ok=True)
            run("npm", "pack", "--silent", f"pyodide@{version}", cwd=CACHE)
    archive, got = local_pyodide(pyodide_tgz, work, wheels)
    if got != version:
        raise SystemExit(f"the kernel expects Pyodide {version}, {pyodide_tgz} is {got}")

    lite_dir = work / "lite"
    lite_dir.mkdir()
    for name in ("jupyter-lite.json", "overrides.json"):
        shutil.copy2(HERE / name, lite_dir / name)
    contents(work / "contents", extra)
    run(sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", lite_dir, "--contents", work / "contents",
        "--piplite-wheels", wheels, "--pyodide", archive, "--output-dir", out.resolve(), "--no-sourcemaps",
        cwd=work)
    (out / ".nojekyll").write_text("")   # GitHub Pages: serve folders starting with _ too
    shutil.rmtree(work)
    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"JupyterLite site: {out} ({size / 1e6:.0f} MB in {len(files)} files, Pyodide {version})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--pyodide", type=Path,
                        help="a pyodide-<version>.tgz from `npm pack` (default: npm pack it once into build/cache/)")
    parser.add_argument("--extra-contents", type=Path, action="append", default=[],
                        help="another folder of notebooks to serve (the browser test adds its own)")
    args = parser.parse_args(argv)
    # jupyter lite runs in the work folder: no relative paths
    build(args.out.resolve(), args.pyodide, args.extra_contents)


if __name__ == "__main__":
    main()
