"""Gridmind for Python: its Tetris and SameGame engines as Gymnasium environments (one game, or many
batched in one process) and a way to write agents that Gridmind's harness plays.

    import gymnasium as gym
    import gridmind  # registers gridmind/TetrisDrop-v0, gridmind/TetrisKeys-v0, gridmind/SameGame-v0

    env = gym.make("gridmind/TetrisDrop-v0", board="10x10")

The games run in the `gridmind` command (Node 20), which this package starts; see `gridmind_command`.
"""

from gymnasium.envs.registration import register

from ._command import GridmindNotFound, gridmind_command
from ._pipe import GridmindError, RequestRefused

__version__ = "0.1.0"
__all__ = ["GridmindError", "GridmindNotFound", "RequestRefused", "gridmind_command", "__version__"]

for _name in ("TetrisDrop", "TetrisKeys", "SameGame"):
    register(
        id=f"gridmind/{_name}-v0",
        entry_point=f"gridmind.envs:{_name}Env",
        vector_entry_point=f"gridmind.vector:{_name}VectorEnv",
    )
