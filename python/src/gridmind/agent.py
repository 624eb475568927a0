"""Tetris agents in Python that Gridmind plays: `serve(choose)` speaks Gridmind's side of the pipe
protocol (docs/own-agent.md, "Python and any language: an agent over a pipe"), so that Gridmind can run
the file as an agent wherever an agent goes (`gridmind play --agent my_agent.py`, `bench`, `serve`,
`client`).

    from gridmind.agent import serve

    def choose(turn):
        return min(range(len(turn.placements)), key=lambda i: turn.placements[i].y)

    serve(choose, name="lowest placement")

`choose` gets a `Turn` and returns the index of one of its placements.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable, Iterable
from typing import IO, Any, NamedTuple

import numpy as np

__all__ = ["Game", "Placement", "Turn", "serve", "PROTOCOL"]

PROTOCOL = 1
"""The version of the protocol this module speaks."""


class Placement(NamedTuple):
    """A place the piece can take: its rotation and its bounding box's bottom-left corner, y from the floor."""

    rotation: int
    x: int
    y: int


class Game(NamedTuple):
    """A game, as Gridmind announces it before its first turn."""

    width: int
    height: int
    rules: str
    """research, classic, target or aveiro."""
    preview: int
    """How many next pieces each turn shows."""


class Turn(NamedTuple):
    """A piece to place."""

    board: np.ndarray
    """int8, shape (height, width): row 0 the floor, 1 a filled cell, 0 an empty one."""
    piece: str
    """I, O, T, S, Z, J or L."""
    preview: tuple[str, ...]
    """The next pieces."""
    placements: tuple[Placement, ...]
    """Where the piece can go; `choose` answers the index of one."""
    score: int
    cells: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Per placement, the four cells the piece fills there, each (x, y), y from the floor."""

    def after(self, index: int) -> tuple[np.ndarray, int]:
        """The board once the piece locks at `placements[index]` and full rows clear (a new array, row 0
        the floor, with rows added on top where the piece reaches above the board), and how many rows
        that cleared: the afterstate to score a placement by."""
        cells = self.cells[index]
        height, width = self.board.shape
        board = np.zeros((max(height, 1 + max(y for _, y in cells)), width), dtype=self.board.dtype)
        board[:height] = self.board
        for x, y in cells:
            board[y, x] = 1
        full = board.all(axis=1)
        cleared = int(full.sum())
        return np.vstack([board[~full], np.zeros((cleared, width), dtype=board.dtype)]), cleared


def serve(
    choose: Callable[[Turn], int],
    name: str | None = None,
    start: Callable[[Game], None] | None = None,
) -> None:
    """Answers Gridmind on stdin and stdout until stdin ends, then returns.

    `choose(turn)` gives the index of a placement in `turn.placements` (an int, numpy's included);
    `start(game)`, if given, is called before each game's first turn (a process plays game after game);
    `name` is the agent's name in Gridmind's results (default: the file's name). The real stdout carries
    the protocol alone: what the agent prints goes to stderr. An exception in `choose` or `start` is
    printed on stderr and ends the process with status 1, which ends the game with Gridmind's
    `agent-fault`.
    """
    sys.stdout.flush()
    protocol_out = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    try:
        _answer(choose, name, start, sys.stdin, protocol_out)
    except Exception:  # the agent's fault, or Gridmind's message not understood: said on stderr
        traceback.print_exc()
        sys.exit(1)


def _answer(
    choose: Callable[[Turn], int],
    name: str | None,
    start: Callable[[Game], None] | None,
    lines: Iterable[str],
    out: IO[str],
) -> None:
    def send(answer: Any) -> None:
        out.write(json.dumps(answer) + "\n")
        out.flush()

    for line in lines:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if message.get("protocol") != PROTOCOL:
                raise ValueError(f"Gridmind speaks protocol {message.get('protocol')}; gridmind.agent speaks {PROTOCOL}")
            send({} if name is None else {"name": name})
        elif kind == "start":
            if start is not None:
                start(Game(message["width"], message["height"], message["rules"], message["preview"]))
        elif kind == "turn":
            send({"placement": _plain(choose(_turn(message)))})
        elif kind != "end":
            raise ValueError(f"not a message of protocol {PROTOCOL}: {line.strip()}")


def _turn(message: dict[str, Any]) -> Turn:
    return Turn(
        board=np.array(message["board"], dtype=np.int8),
        piece=message["piece"],
        preview=tuple(message["preview"]),
        placements=tuple(Placement(p["rotation"], p["x"], p["y"]) for p in message["placements"]),
        score=message["score"],
        cells=tuple(tuple((x, y) for x, y in p.get("cells", ())) for p in message["placements"]),
    )


def _plain(answer: Any) -> Any:
    """A numpy scalar as the Python number it holds (JSON knows no numpy types); anything else as it is."""
    return answer.item() if isinstance(answer, np.generic) else answer
