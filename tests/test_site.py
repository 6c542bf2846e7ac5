"""The course site's build rules, without a browser (docs/conf.py, docs/_ext/).

* every public name has a docstring, and the check that enforces it in the build names a missing one;
* the launch buttons point at the JupyterLite contents as ``lite/build.py`` lays them out, and at
  Binder on the repository;
* a build fails on a notebook that raises and on a broken link (a tiny site built with the
  project's own configuration: one notebook, one page).

The full site, in a browser, is ``tests/browser/test_site.py``.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import archeo_site  # noqa: E402
import public_api  # noqa: E402


def test_every_public_name_has_a_docstring():
    assert public_api.missing_docstrings(members=True) == []


def test_the_docstring_check_names_what_is_missing(monkeypatch):
    fake = types.ModuleType("archeo_lab_fake")
    exec("def documented():\n    'Says what it does.'\n\ndef bare():\n    pass\n\nclass Bare:\n    pass\n", fake.__dict__)
    fake.__all__ = ["documented", "bare", "Bare", "LIMIT"]
    fake.LIMIT = 3   # a constant: no docstring of its own in Python, not checked
    monkeypatch.setitem(sys.modules, "archeo_lab_fake", fake)
    assert public_api.missing_docstrings(["archeo_lab_fake"]) == ["archeo_lab_fake.bare", "archeo_lab_fake.Bare"]
    monkeypatch.setattr(public_api, "MODULES", ["archeo_lab_fake"])
    from sphinx.errors import ExtensionError
    with pytest.raises(ExtensionError, match=r"archeo_lab_fake\.bare, archeo_lab_fake\.Bare"):
        archeo_site.check_docstrings(None)


def test_a_module_without_all_is_refused(monkeypatch):
    monkeypatch.setitem(sys.modules, "archeo_lab_noall", types.ModuleType("archeo_lab_noall"))
    with pytest.raises(ValueError, match="archeo_lab_noall has no __all__"):
        public_api.public_names("archeo_lab_noall")


def _conf() -> types.SimpleNamespace:
    spec = importlib.util.spec_from_file_location("site_conf", DOCS / "conf.py")
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    return conf


def _app(conf) -> types.SimpleNamespace:
    config = types.SimpleNamespace(archeo_repository=conf.archeo_repository, archeo_lite_path=conf.archeo_lite_path)
    return types.SimpleNamespace(config=config)


def test_launch_buttons_open_the_same_notebook_in_jupyterlite_and_on_binder():
    conf = _conf()
    app = _app(conf)
    (_, lite, _), (_, binder, _) = archeo_site.launch_links(app, "tutorials/01_cibola")
    # lite/build.py copies tutorials/ as the root of the Lite contents; the site has Lite in lite/.
    assert lite == "../lite/lab/index.html?path=01_cibola.ipynb"
    assert (REPO / "tutorials" / "01_cibola.ipynb").exists()
    assert binder == (f"https://mybinder.org/v2/gh/{conf.archeo_repository}/HEAD"
                      "?urlpath=lab%2Ftree%2Ftutorials%2F01_cibola.ipynb")
    links = archeo_site.launch_links(app, "tutorials/exercises/04_thebes_digs")
    assert [label for label, _, _ in links] == ["Run in your browser", "Run on Binder", "Student version in your browser"]
    assert links[0][1] == "../../lite/lab/index.html?path=exercises/04_thebes_digs.ipynb"
    # lite/build.py writes the student versions into student/ of its contents, beside the tutorials they link to
    assert links[2][1] == "../../lite/lab/index.html?path=student/04_thebes_digs.ipynb"


def test_repository_matches_the_readme():
    """One repository for Binder, the Pages URL and the README's links."""
    owner, name = _conf().archeo_repository.split("/")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"https://mybinder.org/v2/gh/{owner}/{name}/" in readme
    assert f"https://{owner}.github.io/{name}/" in readme


def _tiny_site(tmp_path: Path, cell: str, page: str) -> subprocess.CompletedProcess:
    """Build a site of one notebook and one page with the project's configuration (conf.py, -W)."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "tutorials").mkdir()
    (tmp_path / "docs" / "index.md").write_text(f"# Index\n\n{page}\n\n```{{toctree}}\n/tutorials/lesson\n```\n")
    notebook = {
        "cells": [{"cell_type": "markdown", "id": "m", "metadata": {}, "source": "# A lesson"},
                  {"cell_type": "code", "execution_count": None, "id": "c", "metadata": {}, "outputs": [],
                   "source": cell}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    (tmp_path / "tutorials" / "lesson.ipynb").write_text(json.dumps(notebook))
    env = {**__import__("os").environ, "ARCHEO_SITE_EXECUTE": "force"}
    return subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-c", str(DOCS), "-W", "--keep-going", "-q", "-T",
                           str(tmp_path), str(tmp_path / "out")], capture_output=True, text=True, env=env, timeout=300)


def test_a_tiny_site_builds_with_the_projects_configuration(tmp_path):
    result = _tiny_site(tmp_path, "print(6 * 7)", "See [the lesson](../tutorials/lesson.ipynb).")
    assert result.returncode == 0, result.stderr[-3000:]
    html = (tmp_path / "out" / "tutorials" / "lesson.html").read_text(encoding="utf-8")
    assert "42" in html and "Run in your browser" in html


def test_a_notebook_that_raises_fails_the_build(tmp_path):
    result = _tiny_site(tmp_path, "raise RuntimeError('the cell is broken')", "")
    assert result.returncode != 0
    assert "lesson.ipynb" in result.stderr and "the cell is broken" in result.stderr   # which notebook, which error


def test_a_broken_link_fails_the_build(tmp_path):
    result = _tiny_site(tmp_path, "print(1)", "See [the missing lesson](../tutorials/missing.ipynb).")
    assert result.returncode != 0
    assert "missing" in result.stderr


def test_the_lite_contents_links_resolve_the_student_versions_included(tmp_path, monkeypatch):
    """lite/build.py's contents (tutorials/ as the root, the student versions beside them): every relative link of
    every notebook there opens a file of the site (the student versions in exercises/student/ linked to
    ../06_game_theory.ipynb, one folder short)."""
    import re

    monkeypatch.syspath_prepend(str(REPO / "lite"))
    build = importlib.import_module("build")
    dest = tmp_path / "contents"
    build.contents(dest, [])
    broken = []
    for notebook in dest.rglob("*.ipynb"):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for target in re.findall(r"\]\(([^)#\s]+)", "".join(cell["source"])):
                if "://" not in target and (target.endswith(".ipynb") or target.endswith(".md")) \
                        and not (notebook.parent / target).resolve().is_file() \
                        and not target.startswith("../../docs/"):          # docs/ is the course site's, not Lite's
                    broken.append(f"{notebook.relative_to(dest)} -> {target}")
    assert (dest / "student" / "04_thebes_digs.ipynb").is_file()
    assert not broken, broken[:5]


def test_the_lite_contents_leave_out_what_a_teacher_added(tmp_path, monkeypatch):
    """The class's bots, a tournament's notebook with its secret seed, collected work: a teacher keeps them in
    tutorials/ (the guides say so), and none of it goes into the site; the course's files and fresh student
    versions do."""
    import shutil

    monkeypatch.syspath_prepend(str(REPO / "lite"))
    build = importlib.import_module("build")
    root = tmp_path / "repo"
    shutil.copytree(REPO / "tutorials", root / "tutorials", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    added = {"student/bots/ada.py": "class Bot: ...\n", "student/teacher_tournament.ipynb": '{"seed": 5047456145014096510}',
             "exercises/bots/ben.py": "class Bot: ...\n", "collected/chloe/01_cibola_mixed_bids.ipynb": "{}",
             "notes.md": "the seed"}
    for name, text in added.items():
        (root / "tutorials" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "tutorials" / name).write_text(text)
    monkeypatch.setattr(build, "ROOT", root)
    dest = tmp_path / "contents"
    build.contents(dest, [])
    got = {p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file()}
    assert not got & set(added), sorted(got & set(added))
    assert not any("5047456145014096510" in (dest / name).read_text(errors="replace") for name in got)
    assert {"00_start_here.ipynb", "GLOSSARY.md", "exercises/04_thebes_digs.ipynb", "student/04_thebes_digs.ipynb",
            "student/bots/example_typo.py", "exercises/teachers/04_thebes_digs.md"} <= got
