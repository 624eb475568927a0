"""An agent in Python, playing through gridmind_env: for SameGame it removes the largest group each
move; for Tetris it drops each piece with its left side over the lowest column (ties: the first legal
action). Prints one JSON line per episode with its score and the steps per second over the pipe.

    python3 examples/python/example_agent.py samegame 3
    python3 examples/python/example_agent.py tetris 3
"""

import json
import sys
import time

from gridmind_env import GridmindEnv

SAMEGAME_WIDTH, SAMEGAME_HEIGHT = 10, 10
TETRIS_WIDTH, TETRIS_HEIGHT = 10, 20


def group_size(board, width, height, cell):
    """The cells of the group of one colour that holds `cell` (board: row by row from the bottom)."""
    colour, seen, todo = board[cell], {cell}, [cell]
    while todo:
        x, y = todo[-1] % width, todo.pop() // width
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            n = ny * width + nx
            if 0 <= nx < width and 0 <= ny < height and n not in seen and board[n] == colour:
                seen.add(n)
                todo.append(n)
    return len(seen)


def column_height(board, width, x):
    """The height of column x: one above its highest locked cell (board: row by row from the floor)."""
    return max((i // width + 1 for i in range(x, len(board), width) if board[i] == 1), default=0)


def choose(game, env, observation):
    legal = env.legal_actions()
    board = observation["board"]
    if game == "samegame":
        return max(legal, key=lambda cell: (group_size(board, SAMEGAME_WIDTH, SAMEGAME_HEIGHT, cell), -cell))
    # A Tetris action is rotation * width + x: drop over the lowest column.
    return min(legal, key=lambda action: (column_height(board, TETRIS_WIDTH, action % TETRIS_WIDTH), action))


def main():
    game = sys.argv[1] if len(sys.argv) > 1 else "samegame"
    episodes = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    options = ["--board", f"{SAMEGAME_WIDTH}x{SAMEGAME_HEIGHT}", "--colours", "3"] if game == "samegame" else ["--board", f"{TETRIS_WIDTH}x{TETRIS_HEIGHT}", "--max-steps", "500"]
    with GridmindEnv(game, *options) as env:
        for episode in range(1, episodes + 1):
            observation, info = env.reset(seed=episode)
            steps, total, start = 0, 0, time.perf_counter()
            while True:
                observation, reward, terminated, truncated, info = env.step(choose(game, env, observation))
                steps, total = steps + 1, total + reward
                if terminated or truncated:
                    break
            seconds = time.perf_counter() - start
            print(json.dumps({"game": game, "episode": episode, "reward": total, "score": info["score"], "steps": steps, "stepsPerSecond": round(steps / seconds)}))


if __name__ == "__main__":
    main()
