"""The Python guide (docs/python.md) runs as written: each Python block, and each `npx gridmind` or `python`
line of its shell blocks (pip lines aside), in order, with the gridmind command this package finds and
this Python."""

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gridmind

CHECKOUT = Path(__file__).resolve().parents[2]
GUIDE = (CHECKOUT / "docs" / "python.md").read_text()
BLOCKS = re.findall(r"```(python|sh)\n(.*?)```", GUIDE, flags=re.DOTALL)
PYTHON = [code for language, code in BLOCKS if language == "python"]
COMMANDS = [
    line
    for language, code in BLOCKS
    if language == "sh"
    for line in code.splitlines()
    if ("gridmind " in line or line.startswith("python ")) and not line.startswith("pip ")
]


def run_python(code, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "docs/python.md", "exec"), {"__name__": "guide"})
    return printed.getvalue()


def run_command(line, tmp_path):
    command = gridmind.gridmind_command()[0]
    env = {
        "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin",
        "GRIDMIND_BIN": command,  # the Python lines find the same gridmind, however this package was installed
        "GRIDMIND_DB": str(tmp_path / "guide.db"),
        "GRIDMIND_PYTHON": sys.executable,
    }
    script = (
        f'gridmind() {{ "{command}" "$@"; }}\nnpx() {{ [ "$1" = gridmind ] && shift && gridmind "$@"; }}\n'
        f'python() {{ "{sys.executable}" "$@"; }}\n{line}'
    )
    return subprocess.run(["sh", "-c", script], cwd=CHECKOUT, env=env, capture_output=True, text=True, timeout=300)


def test_the_guide_has_blocks_of_both_kinds():
    assert len(PYTHON) >= 5 and len(COMMANDS) >= 4


@pytest.mark.parametrize("code", PYTHON, ids=[f"python-{i}" for i in range(len(PYTHON))])
def test_each_python_block_runs(code, tmp_path, monkeypatch):
    run_python(code, tmp_path, monkeypatch)


@pytest.mark.parametrize("line", COMMANDS, ids=[f"sh-{i}" for i in range(len(COMMANDS))])
def test_each_gridmind_line_runs(line, tmp_path):
    result = run_command(line, tmp_path)
    assert result.returncode == 0, result.stderr


def test_the_greedy_afterstate_policy_plays_the_games_of_bcts(tmp_path, monkeypatch):
    block = next(code for code in PYTHON if "afterstates=features" in code)
    lines = int(run_python(block, tmp_path, monkeypatch).split()[0])
    play = next(line for line in COMMANDS if "play --agent bcts" in line)
    assert json.loads(run_command(play, tmp_path).stdout)["lines"] == lines
