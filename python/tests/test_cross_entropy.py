"""The learning example: a small run writes an agent file that Gridmind plays, and that plays better than
the distribution it started from."""

import json
import subprocess
import sys
from pathlib import Path

import gridmind

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "python" / "cross_entropy.py"


def bench(agent, tmp_path):
    """Mean lines of `agent` over 20 games on 6x10 (seeds 1-20), as gridmind bench measures it."""
    run = subprocess.run(
        [*gridmind.gridmind_command(), "bench", "--agent", str(agent), "--board", "6x10", "--games", "20", "--max-pieces", "2000", "--json"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "GRIDMIND_DB": str(tmp_path / "bench.db")},
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)["meanLines"]


def test_a_short_run_learns_an_agent_that_gridmind_plays(tmp_path):
    out = tmp_path / "learned.json"
    args = ["--board", "6x10", "--population", "24", "--iterations", "4", "--envs", "24", "--max-pieces", "1000"]
    run = subprocess.run([sys.executable, str(EXAMPLE), *args, "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert len([line for line in run.stdout.splitlines() if line.startswith("iteration ")]) == 4
    agent = json.loads(out.read_text())
    assert agent["features"] == list(agent["weights"]) and len(agent["features"]) == 8

    # The distribution's first mean (all weights 0) places every piece at the first legal action.
    start = tmp_path / "start.json"
    start.write_text(json.dumps({**agent, "name": "start", "weights": {name: 0 for name in agent["features"]}}))
    assert bench(out, tmp_path) > 10 * max(1, bench(start, tmp_path))

    again = tmp_path / "again.json"
    subprocess.run([sys.executable, str(EXAMPLE), *args, "--out", str(again)], check=True, capture_output=True, timeout=120)
    assert json.loads(again.read_text())["weights"] == agent["weights"]  # the same seed learns the same weights
