"""Sphinx configuration of the course site (``make site`` -> ``build/site``).

The notebooks stay in ``tutorials/``: the site's sources are the repository's root (this
folder is only its configuration: ``sphinx-build -c docs . build/site``), limited to ``docs/``
and ``tutorials/``, so the notebooks are rendered in place (no copies, and their links to one
another and to the glossary work as they do in JupyterLab).  myst-nb executes every notebook at build time, so the board
pictures (the SVG in each board's outputs), plots and tables show; a cell that raises fails the
build, and so does a warning (``make site`` runs ``sphinx-build -W --keep-going``): a broken link
or cross-reference, a public name without a docstring (``_ext/public_api.py``).

Environment:
  ARCHEO_SITE_EXECUTE   myst-nb's execution mode: "cache" (default: re-run only notebooks that
                        changed, cache in build/site-cache), "force", "off" (render stored sources)
  ARCHEO_SITE_ONLY      comma-separated notebook paths under tutorials/ to execute; the others are
                        rendered without outputs (the site's browser test executes only what it checks)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(ROOT))

import archeo_lab  # noqa: E402

project = "archeo-lab"
author = "archeo-lab developers"
release = version = archeo_lab.__version__
copyright = "archeo-lab developers"

#: The GitHub repository (owner/name): Binder launches, the source link.  A fork changes it here.
archeo_repository = "archeo-lab/archeo-lab"
#: Links to a folder go to the page that lists it.
archeo_folder_pages = {"tutorials/exercises/teachers": "docs/teachers"}
#: Where the JupyterLite site is published, relative to the course site's root.
archeo_lite_path = "lite"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.githubpages",   # .nojekyll, so that GitHub Pages serves _static/
    "archeo_site",
]

root_doc = "docs/index"
include_patterns = ["docs/**", "tutorials/**"]
exclude_patterns = [
    "docs/screenshots/**", "docs/_ext/**", "docs/_static/**", "docs/_root/**",
    "**/.ipynb_checkpoints/**",
    "tutorials/exercises/bots/**",          # students' bot files, not pages
    "tutorials/student/**",                 # student versions a teacher made (archeo_lab.exercises.student)
]
html_static_path = ["_static"]
html_extra_path = ["_root"]           # index.html at the site root: sends the browser to docs/index.html

# -- myst-nb: notebooks executed at build time --------------------------------------------------
nb_execution_mode = os.environ.get("ARCHEO_SITE_EXECUTE", "cache")
nb_execution_cache_path = str(ROOT / "build" / "site-cache")
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_execution_timeout = 120          # seconds a cell; every notebook runs in under 30 s in all
nb_execution_in_temp = False        # run in the notebook's own folder, as a learner does
_only = [p.strip() for p in os.environ.get("ARCHEO_SITE_ONLY", "").split(",") if p.strip()]
if _only:
    nb_execution_excludepatterns = [
        str(p.relative_to(ROOT)) for p in sorted((ROOT / "tutorials").rglob("*.ipynb"))
        if str(p.relative_to(ROOT / "tutorials")) not in _only and ".ipynb_checkpoints" not in p.parts
    ]
# A board's output holds the widget and its picture: the static site shows the picture, as the
# output's text/html (myst-nb's first choice), an <img> with the position in words as its alt;
# charts likewise (al.show_chart).  A bare SVG or PNG would be written to a file with no alt.
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
]
nb_merge_streams = True
nb_ipywidgets_js = {}           # no widget scripts from a CDN: the site works offline, boards show as pictures
myst_enable_extensions = ["colon_fence", "dollarmath", "deflist"]
myst_heading_anchors = 3
# Heading anchors as JupyterLab makes them ("#Mixed-strategies-and-the-indifference-condition"), so the
# notebooks' and the glossary's links to a section work both in JupyterLab and on the site.
myst_heading_slug_func = "archeo_site.jupyter_slug"

# -- API reference --------------------------------------------------------------------------------
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
# Annotations are strings (``from __future__ import annotations``): "Match" alone names both the engine's
# match (bot objects only) and the package's subclass (bot names too), so Sphinx finds several targets and
# links the first, ``archeo_lab.bots.Match``, the one the boards use.  Only that ambiguity warning
# (``ref.python``) is silenced; a missing page or label still fails the build.
suppress_warnings = ["ref.python"]

# -- HTML -----------------------------------------------------------------------------------------
html_theme = "furo"
html_title = "archeo-lab: board games and game theory"
html_theme_options = {   # the sources are the repository's root: tutorials/*.ipynb, docs/*.md
    "source_view_link": f"https://github.com/{archeo_repository}/blob/main/{{filename}}",
    "source_edit_link": f"https://github.com/{archeo_repository}/edit/main/{{filename}}",
}
html_copy_source = False
html_show_sourcelink = False
