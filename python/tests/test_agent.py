"""gridmind.agent.serve, driven through a pipe as Gridmind drives it: hello, start, turns, end, end of stdin."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "python" / "lowest_agent.py"

HELLO = {"type": "hello", "protocol": 1}
START = {"type": "start", "width": 4, "height": 3, "rules": "research", "preview": 1}
# An O on a 4x3 board whose floor has one cell filled at x = 0: the O rests one row up over x 0-1, on the floor further right.
TURN = {
    "type": "turn",
    "board": [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
    "piece": "O",
    "preview": ["T"],
    "placements": [
        {"rotation": 0, "x": 0, "y": 1, "cells": [[0, 1], [1, 1], [0, 2], [1, 2]]},
        {"rotation": 0, "x": 1, "y": 0, "cells": [[1, 0], [2, 0], [1, 1], [2, 1]]},
        {"rotation": 0, "x": 2, "y": 0, "cells": [[2, 0], [3, 0], [2, 1], [3, 1]]},
    ],
    "score": 7,
}
END = {"type": "end"}


def run_agent(agent, messages):
    """Runs an agent file on `messages`, its stdin closed after them, as Gridmind does; returns its exit
    status, the JSON lines of its stdout and its stderr."""
    stdin = "".join(json.dumps(message) + "\n" for message in messages)
    done = subprocess.run([sys.executable, str(agent)], input=stdin, capture_output=True, text=True, timeout=60)
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()], done.stderr


def agent_file(tmp_path, body):
    """An agent file: the import of serve, then `body`."""
    agent = tmp_path / "agent.py"
    agent.write_text("from gridmind.agent import serve\n" + textwrap.dedent(body))
    return agent


def test_answers_hello_with_its_name_and_each_turn_with_the_index_choose_gives_then_exits_at_end_of_stdin(tmp_path):
    body = """
        def choose(turn):
            return min(range(len(turn.placements)), key=lambda i: turn.placements[i].y)
        serve(choose, name="lowest placement")
    """
    code, answers, stderr = run_agent(agent_file(tmp_path, body), [HELLO, START, TURN, END, START, TURN, END])
    assert (code, stderr) == (0, "")
    assert answers == [{"name": "lowest placement"}, {"placement": 1}, {"placement": 1}]


def test_shows_choose_the_turn_as_numpy_and_named_tuples_and_tells_start_of_each_game(tmp_path):
    body = """
        import json, sys
        import numpy as np
        def start(game):
            print("start", json.dumps(game._asdict()), file=sys.stderr)
        def choose(turn):
            assert turn.board.dtype == np.int8 and turn.board.shape == (3, 4)
            assert turn.board[0].tolist() == [1, 0, 0, 0] and turn.board[1:].sum() == 0  # row 0 the floor
            assert (turn.piece, turn.preview, turn.score) == ("O", ("T",), 7)
            assert turn.placements[2] == (0, 2, 0) and turn.placements[2].x == 2
            return np.int64(2)  # numpy's integers are answered as plain numbers
        serve(choose, start=start)
    """
    code, answers, stderr = run_agent(agent_file(tmp_path, body), [HELLO, START, TURN, END])
    assert code == 0, stderr
    assert answers == [{}, {"placement": 2}]  # no name: Gridmind names the agent by its file
    assert stderr == 'start {"width": 4, "height": 3, "rules": "research", "preview": 1}\n'


def test_gives_the_board_each_placement_leaves_with_its_full_rows_cleared(tmp_path):
    # An O on a floor filled at x 0-1: one row up over x 0-1 or 1-2, or on the floor over x 2-3.
    turn = {
        **TURN,
        "board": [[1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
        "placements": [
            {"rotation": 0, "x": 0, "y": 1, "cells": [[0, 1], [1, 1], [0, 2], [1, 2]]},
            {"rotation": 0, "x": 1, "y": 1, "cells": [[1, 1], [2, 1], [1, 2], [2, 2]]},
            {"rotation": 0, "x": 2, "y": 0, "cells": [[2, 0], [3, 0], [2, 1], [3, 1]]},
        ],
    }
    body = """
        def choose(turn):
            board, lines = turn.after(1)
            assert (board.tolist(), lines) == ([[1, 1, 0, 0], [0, 1, 1, 0], [0, 1, 1, 0]], 0)
            board, lines = turn.after(2)  # fills row 0, which clears: row 1 comes down
            assert (board.tolist(), lines) == ([[0, 0, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]], 1)
            assert turn.board.sum() == 2  # the turn's board is left as it was
            return 2
        serve(choose)
    """
    code, answers, stderr = run_agent(agent_file(tmp_path, body), [HELLO, START, turn, END])
    assert code == 0, stderr
    assert answers == [{}, {"placement": 2}]


def test_keeps_stdout_for_the_protocol_what_the_agent_prints_goes_to_stderr(tmp_path):
    body = """
        import os
        def choose(turn):
            print("thinking about", turn.piece)
            os.system("echo from a child process")
            return 0
        serve(choose)
    """
    code, answers, stderr = run_agent(agent_file(tmp_path, body), [HELLO, START, TURN, END])
    assert code == 0
    assert answers == [{}, {"placement": 0}]
    assert "thinking about O" in stderr and "from a child process" in stderr


def test_an_exception_in_choose_is_printed_on_stderr_and_ends_the_process_with_status_1(tmp_path):
    body = """
        def choose(turn):
            return {}["missing"]
        serve(choose)
    """
    code, answers, stderr = run_agent(agent_file(tmp_path, body), [HELLO, START, TURN, TURN])
    assert code == 1
    assert answers == [{}]  # hello only: no answer to the turn
    assert "Traceback" in stderr
    assert stderr.strip().splitlines()[-1] == "KeyError: 'missing'"


@pytest.mark.parametrize(
    "message,complaint",
    [({"type": "hello", "protocol": 2}, "Gridmind speaks protocol 2"), ({"type": "dance"}, "not a message of protocol 1")],
)
def test_refuses_a_protocol_it_does_not_speak(tmp_path, message, complaint):
    code, answers, stderr = run_agent(agent_file(tmp_path, "serve(lambda turn: 0)\n"), [message])
    assert (code, answers) == (1, [])
    assert complaint in stderr


def test_the_example_agent_plays_the_lowest_placement():
    code, answers, stderr = run_agent(EXAMPLE, [HELLO, START, TURN, END])
    assert code == 0, stderr
    assert answers == [{"name": "lowest placement"}, {"placement": 1}]
