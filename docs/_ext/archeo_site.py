"""Sphinx extension for the course site: launch buttons on notebook pages, the docstring check.

* Every page built from a notebook gets two buttons under its title: "Run in your browser"
  (the JupyterLite site published beside the course site, at ``<site>/lite/``, opening the same
  notebook: ``lite/build.py`` lays out ``tutorials/`` as the root of its contents) and "Run on
  Binder" (mybinder.org on the repository, opening the notebook in JupyterLab).  Exercise pages
  get a third, the student version in the browser (``student/`` in the Lite contents).
* At ``builder-inited`` the public API (``public_api.MODULES``) is walked, and a public name
  without a docstring stops the build, naming it.
"""

from __future__ import annotations

import posixpath
from urllib.parse import quote

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

import public_api

#: Where the notebooks live in the site's sources (``docs/tutorials`` is a link to ``tutorials/``).
NOTEBOOKS = "tutorials/"
#: The folder of the exercises' student versions under it (``archeo_lab.course.STUDENT``; not pages of the site).
STUDENT = "student"


def jupyter_slug(title: str) -> str:
    """A heading's anchor as JupyterLab makes it: the text with spaces turned into hyphens, case kept."""
    return title.strip().replace(" ", "-")


def check_docstrings(app: Sphinx) -> None:
    """Fail the build on any public name without a docstring (``public_api.missing_docstrings``)."""
    missing = public_api.missing_docstrings(public_api.MODULES, members=True)
    if missing:
        raise ExtensionError("public names without a docstring (the API reference would be empty there): "
                             + ", ".join(missing))


def launch_links(app: Sphinx, docname: str) -> list[tuple[str, str, str]]:
    """(label, URL, CSS class) of the buttons for the notebook page ``docname``."""
    path = docname[len(NOTEBOOKS):] + ".ipynb"          # as lite/build.py lays out its contents
    to_root = posixpath.relpath(".", posixpath.dirname(docname) or ".")
    lite = posixpath.join(to_root, app.config.archeo_lite_path, "lab", "index.html")
    binder = (f"https://mybinder.org/v2/gh/{app.config.archeo_repository}/HEAD"
              f"?urlpath={quote('lab/tree/' + NOTEBOOKS + path, safe='')}")
    links = [("Run in your browser", f"{lite}?path={quote(path)}", "archeo-launch-lite"),
             ("Run on Binder", binder, "archeo-launch-binder")]
    if path.startswith("exercises/"):
        student = f"{STUDENT}/" + path[len("exercises/"):]
        links.append(("Student version in your browser", f"{lite}?path={quote(student)}", "archeo-launch-student"))
    return links


def add_launch_buttons(app: Sphinx, doctree: nodes.document) -> None:
    """Put the launch buttons under the first title of every page built from a notebook."""
    docname = app.env.docname
    if not (docname.startswith(NOTEBOOKS) and app.env.doc2path(docname).suffix == ".ipynb"):
        return
    html = "".join(f'<a class="archeo-launch {css}" href="{url}">{label}</a>'
                   for label, url, css in launch_links(app, docname))
    note = ('<span class="archeo-launch-note">Boards on these pages are pictures of positions: '
            'run the notebook to play on them.</span>')
    buttons = nodes.raw("", f'<p class="archeo-launch-buttons">{html}{note}</p>', format="html")
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None or not isinstance(section[0], nodes.title):
        raise ExtensionError(f"{docname}: a notebook page needs a title (a '# ...' heading) for its launch buttons")
    section.insert(1, buttons)


def folder_links(app: Sphinx, doctree: nodes.document) -> None:
    """A link to a folder (``[teachers](teachers/)``, which opens the folder in JupyterLab or on GitHub)
    goes to the page that lists that folder (``archeo_folder_pages``); any other stays a broken link."""
    docdir = posixpath.dirname(app.env.docname)
    for node in doctree.findall(addnodes.pending_xref):
        target = node.get("reftarget", "")
        if node.get("reftype") != "myst" or not target.endswith("/"):
            continue
        folder = posixpath.normpath(posixpath.join(docdir, target))
        page = app.config.archeo_folder_pages.get(folder)
        if page is not None:
            node["refdomain"], node["reftarget"], node["reftargetid"] = "doc", page, None


def student_links(app: Sphinx, doctree: nodes.document) -> None:
    """A tutorial's link to an exercise's student version (``student/04_thebes_digs.ipynb``: the site leaves
    ``tutorials/student/`` out) goes to the exercise's page, whose buttons open the student version.

    MyST has already turned the link into a reference to the document ``tutorials/student/04_thebes_digs``."""
    for node in doctree.findall(addnodes.pending_xref):
        target = node.get("reftarget", "")
        if node.get("reftype") == "myst" and node.get("refdomain") == "doc" \
                and posixpath.dirname(target) == NOTEBOOKS + STUDENT:
            node["reftarget"] = NOTEBOOKS + "exercises/" + posixpath.basename(target)


def setup(app: Sphinx) -> dict:
    app.add_config_value("archeo_repository", "", "html")
    app.add_config_value("archeo_lite_path", "lite", "html")
    app.add_config_value("archeo_folder_pages", {}, "env")
    app.connect("doctree-read", folder_links)
    app.connect("doctree-read", student_links)
    app.connect("builder-inited", check_docstrings)
    app.connect("doctree-read", add_launch_buttons)
    app.add_css_file("archeo.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
