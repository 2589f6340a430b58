"""Finding the lab: the Node program whose engines the environments drive.

In order: the ``NOTHANKS_LAB`` environment variable (a lab folder, a checkout or an installed npm
package, or its ``dist/src/cli/main.js``); the checkout this package sits in (``pip install -e
clients/python``); the current folder and its parents (a checkout, or ``node_modules/nothanks-lab``);
a ``nothanks`` command on PATH.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import List, Optional

from .errors import LabNotFoundError

MAIN = Path("dist", "src", "cli", "main.js")

HOW = (
    "set NOTHANKS_LAB to a lab checkout (git clone, then npm ci && npm run build) "
    "or install the lab where you work (npm install nothanks-lab)"
)


def _main_of(folder: Path) -> Optional[Path]:
    for candidate in (folder / MAIN, folder / "node_modules" / "nothanks-lab" / MAIN):
        if candidate.is_file():
            return candidate
    return None


def lab_command() -> List[str]:
    """The command that starts the lab's CLI (``[node, .../main.js]`` or ``[nothanks]``)."""
    node = shutil.which("node")
    given = os.environ.get("NOTHANKS_LAB")
    if given:
        path = Path(given).expanduser()
        main = path if path.is_file() else _main_of(path)
        if main is None:
            raise LabNotFoundError(
                f"NOTHANKS_LAB={given} holds no built lab ({MAIN} not found there): run npm ci && npm run build in it"
            )
        return _with_node(node, main)
    here = Path(__file__).resolve()
    for folder in [*here.parents, *Path.cwd().resolve().parents, Path.cwd().resolve()]:
        main = _main_of(folder)
        if main is not None:
            return _with_node(node, main)
    command = shutil.which("nothanks")
    if command:
        return [command]
    raise LabNotFoundError(f"the nothanks lab was not found: {HOW}")


def serve_command() -> List[str]:
    """The command that starts the engine server: its own entry point beside the CLI's when there
    is one (it starts in about half the time, without every command's modules), else ``serve``."""
    command = lab_command()
    if len(command) == 2:
        lean = Path(command[1]).parents[1] / "serve" / "main.js"
        if lean.is_file():
            return [command[0], str(lean)]
    return command + ["serve"]


def _with_node(node: Optional[str], main: Path) -> List[str]:
    if node is None:
        raise LabNotFoundError("the lab needs Node.js 20 or later on PATH (node was not found)")
    return [node, str(main)]
