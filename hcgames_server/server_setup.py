"""``python -m hcgames server-setup``: every setting the lessons' server needs, written
into the Python environment it runs in. It installs nothing.

One way to set up any server that shows the lessons: Binder's ``postBuild``,
``python3 tasks.py notebooks`` and ``app``, a school's JupyterHub (its single-user
environment), The Littlest JupyterHub's plugin and the Zero to JupyterHub image all run
it. It writes, under ``sys.prefix`` (or ``--prefix``), where Jupyter reads them for
everyone who uses that environment:

* ``etc/jupyter/jupyter_server_config.json``: culling of idle kernels, the Voila
  extension's hidden cells (tags ``hc-check``, ``hc-teacher``) and executor timeouts and
  sentences, no MathJax from a CDN, the warm kernel (:mod:`hcgames_server.warm_kernels`)
  and, except on Windows, kernels over Unix sockets. Sections already in the file are
  kept; ours replace only the settings they name.
* ``etc/jupyter/voila.py``: the page template and what the Voila app needs in Python.
* ``share/jupyter/voila/templates/hcgames/``: the page template (no CDN requests, the
  loading line in plain words, a page that lost its kernel says so, an error page with
  a sentence and a reload button).
* ``share/jupyter/lab/settings/overrides.json``: JupyterLab keeps the widget outputs
  of cells scrolled off screen (4.2+ may drop them otherwise).

The settings come from this repository's ``binder/`` and ``share/`` folders, which the
wheel carries inside this package (``_files``), so the same command works from a
checkout, an editable install or a wheel.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

__all__ = ["SERVER_FILES", "main", "server_setup", "source"]

HERE = Path(__file__).resolve().parent
#: where the files sit in a checkout (an editable install reads them there)
REPO = HERE.parent
#: the files the wheel carries, by their place in the repository
SERVER_FILES = (
    "binder/jupyter_server_config.json",
    "binder/jupyter_server_unix.json",
    "binder/voila.py",
    "share/jupyter/voila/templates/hcgames",
)
TEMPLATE = "share/jupyter/voila/templates/hcgames"
LAB_OVERRIDES = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "defer"}}


def source(name: str) -> Path:
    """One of :data:`SERVER_FILES`: from the wheel's copy, else from the checkout."""
    for base in (HERE / "_files", REPO):
        if (base / name).exists():
            return base / name
    raise SystemExit(f"hcgames' server file {name} is missing from this installation")


def _read_settings(target: Path) -> dict[str, Any]:
    try:
        merged = json.loads(target.read_text(encoding="utf-8")) if target.is_file() else {}
    except ValueError as exc:
        raise SystemExit(f"{target} is not valid JSON ({exc}); mend or remove it") from exc
    if not isinstance(merged, dict):
        raise SystemExit(f"{target} must hold a JSON object of settings; mend or remove it")
    return merged


def _merge(target: Path, sources: list[dict[str, Any]]) -> Path:
    """Merge ``sources`` (section -> settings) into the JSON settings file ``target``."""
    merged = _read_settings(target)
    for doc in sources:
        for section, settings in doc.items():
            if not isinstance(merged.setdefault(section, {}), dict):
                raise SystemExit(
                    f"{target} holds {section} not as a JSON object; mend or remove it"
                )
            merged[section].update(settings)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(merged, indent=2) + "\n", encoding="utf-8")
    return target


def server_config(etc_jupyter: Path, unix: bool = os.name != "nt") -> Path:
    """Write the server settings into ``<etc_jupyter>/jupyter_server_config.json``.

    Not ``jupyter_server_config.d/``: Jupyter Server reads only the extensions to enable
    from that folder, and it used to hold these settings, unread. Returns the file."""
    names = ["binder/jupyter_server_config.json"]
    names += ["binder/jupyter_server_unix.json"] if unix else []
    docs = [json.loads(source(name).read_text(encoding="utf-8")) for name in names]
    target = _merge(etc_jupyter / "jupyter_server_config.json", docs)
    # the unread copy older set-ups left behind
    (etc_jupyter / "jupyter_server_config.d" / "hcgames.json").unlink(missing_ok=True)
    return target


def server_setup(prefix: Path | None = None, unix: bool = os.name != "nt") -> list[Path]:
    """Write every setting into the environment at ``prefix`` (default: this one's
    ``sys.prefix``); the files written."""
    prefix = Path(sys.prefix if prefix is None else prefix)
    etc = prefix / "etc" / "jupyter"
    share = prefix / "share" / "jupyter"
    written = [server_config(etc, unix=unix)]
    shutil.copyfile(source("binder/voila.py"), etc / "voila.py")
    written.append(etc / "voila.py")
    template = share / "voila" / "templates" / "hcgames"
    if template.exists():
        shutil.rmtree(template)
    shutil.copytree(source(TEMPLATE), template)
    written.append(template)
    written.append(_merge(share / "lab" / "settings" / "overrides.json", [LAB_OVERRIDES]))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hcgames server-setup",
        description="Write every setting the lessons' server needs (Jupyter Server, Voila, "
        "JupyterLab) into this Python environment. Installs nothing.",
    )
    parser.add_argument(
        "--prefix",
        type=Path,
        default=None,
        help="the environment to set up (default: the one running this, "
        f"{sys.prefix})",
    )
    args = parser.parse_args(argv)
    for path in server_setup(args.prefix):
        print("wrote", path)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
