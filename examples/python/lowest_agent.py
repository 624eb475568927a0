"""A Tetris agent in Python for Gridmind: it puts each piece as low as it can go (the first such
placement on a tie). Gridmind runs it over a pipe (docs/own-agent.md):

    npx gridmind play --agent examples/python/lowest_agent.py --board 10x10

with the `gridmind` package of python/ installed in the `python3` on the PATH (`pip install ./python`),
or in the Python GRIDMIND_PYTHON names.
"""

from gridmind.agent import serve


def choose(turn):  # turn.board: numpy int8 (height, width), row 0 the floor; turn.piece, turn.preview, turn.placements, turn.score
    return min(range(len(turn.placements)), key=lambda i: turn.placements[i].y)


serve(choose, name="lowest placement")
