"""Finding the `gridmind` command that runs the engines: GRIDMIND_BIN, then `gridmind` on the PATH, then,
in the working directory or the nearest folder above it that has one, `node_modules/.bin/gridmind` (a
project that installed Gridmind with npm) or `bin/gridmind.js` (a Gridmind checkout), then the checkout
these sources are in (an editable install from a checkout)."""

import json
import os
import shutil
from pathlib import Path


class GridmindNotFound(RuntimeError):
    """The `gridmind` command is nowhere to be found."""


def gridmind_command() -> list[str]:
    """The command line that starts `gridmind`, as a list for subprocess."""
    given = os.environ.get("GRIDMIND_BIN")
    if given:
        if not (os.path.isfile(given) and os.access(given, os.X_OK)):
            raise GridmindNotFound(
                f"GRIDMIND_BIN is {given!r}, which is not an executable file: point it at the gridmind command "
                "(e.g. node_modules/.bin/gridmind), or unset it"
            )
        return [given]
    on_path = shutil.which("gridmind")
    if on_path:
        return [on_path]
    for folder in (Path.cwd(), *Path.cwd().parents):
        local = folder / "node_modules" / ".bin" / "gridmind"
        if local.is_file() and os.access(local, os.X_OK):
            return [str(local)]
        if _is_checkout(folder):
            return [str(folder / "bin" / "gridmind.js")]
    sources_checkout = Path(__file__).resolve().parents[3]
    if _is_checkout(sources_checkout):
        return [str(sources_checkout / "bin" / "gridmind.js")]
    raise GridmindNotFound(
        "the gridmind command was not found: install Gridmind's npm package in your project "
        "(`npm install PATH/gridmind-0.1.0.tgz`; Node 20 or later), or set GRIDMIND_BIN to the command "
        "(node_modules/.bin/gridmind, or bin/gridmind.js in a checkout after `npm ci`), or work from inside "
        "a checkout"
    )


def _is_checkout(folder: Path) -> bool:
    """Whether `folder` is the root of a Gridmind checkout: its package.json names the package gridmind."""
    if not (folder / "bin" / "gridmind.js").is_file():
        return False
    try:
        return json.loads((folder / "package.json").read_text(encoding="utf-8")).get("name") == "gridmind"
    except (OSError, ValueError, AttributeError):
        return False
