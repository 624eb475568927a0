"""Gridmind's games as Gymnasium environments, each played by a `gridmind env` process.

- `TetrisDropEnv` (`gridmind/TetrisDrop-v0`): the research protocol; action = rotation × width + x, a
  drop placement of the current piece; reward = lines cleared. `afterstates=[feature, …]` adds, for
  every action, the features of the board it leaves and its reward (`gridmind features` lists them).
- `TetrisKeysEnv` (`gridmind/TetrisKeys-v0`): a rule set played with keys; actions 0 left, 1 right,
  2 rotate clockwise, 3 anticlockwise, 4 down, 5 hard drop, 6 none; reward = points.
- `SameGameEnv` (`gridmind/SameGame-v0`): action = y × width + x, a cell of the group to remove; reward =
  the move's points (the end bonus or penalty with the last move).

Observations are dicts of numpy arrays, cells as `board[y, x]` with y = 0 the bottom row. The info has
the game's counters, `seed` (the episode's), `illegal_action` and `action_mask` (1 for each legal action,
int8, as `action_space.sample(mask=...)` takes it).

Seeding: `reset(seed=S)` plays the game `gridmind play --seed S` and `bench` deal for S; `reset()` starts
a new episode whose seed is drawn from the environment's `np_random`. Illegal actions: by default
(`illegal_action="end"`) the episode ends there, terminated, with reward `illegal_reward` (-1) and
`info["illegal_action"]` True; `illegal_action="error"` raises `gridmind.RequestRefused` (a ValueError) instead.
"""

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from . import _options
from ._pipe import ArrayReader, EnvProcess, observation_space
from ._render import samegame_picture, tetris_picture

RENDER_MODES = ["ansi", "rgb_array"]
_SEEDS = 2**32  # episode seeds drawn from np_random lie in [0, 2³²)


def info_of(answer_info):
    """The pipe's info with Python's names."""
    info = dict(answer_info)
    info["illegal_action"] = info.pop("illegalAction")
    return info


class GridmindEnv(gym.Env):
    """One game in a `gridmind env` process: the environments below give its flags and its picture."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 10}

    def __init__(self, args, picture, render_mode=None):
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self._picture = picture
        self._process = EnvProcess(args)
        self.observation_space = observation_space(self._process.spec)
        self.action_space = spaces.Discrete(self._process.spec["actionCount"])
        self._reader = ArrayReader(self.observation_space)
        self._observation = None

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        episode_seed = seed if seed is not None else int(self.np_random.integers(_SEEDS))
        answer = self._process.ask({"cmd": "reset", "seed": episode_seed})
        return self._observe(answer), self._info(answer)

    def step(self, action):
        answer = self._process.ask({"cmd": "step", "action": int(action)})
        observation = self._observe(answer)
        return observation, float(answer["reward"]), answer["terminated"], answer["truncated"], self._info(answer)

    def render(self):
        if self.render_mode is None:
            gym.logger.warn('render() needs a render_mode: make the environment with render_mode="ansi" or "rgb_array"')
            return None
        if self.render_mode == "ansi":
            return self._process.ask({"cmd": "render"})["text"] + "\n"
        return self._picture(self._observation)

    def close(self):
        self._process.close()
        super().close()

    def _observe(self, answer):
        self._observation = self._reader.observation(answer["observation"])
        return self._observation

    def _info(self, answer):
        info = info_of(answer["info"])
        mask = np.zeros(self.action_space.n, dtype=np.int8)
        mask[answer["legal"]] = 1
        info["action_mask"] = mask
        return info


class TetrisDropEnv(GridmindEnv):
    """Tetris under the research protocol (see the module). Options: board ("10x20" or (10, 20)),
    preview, afterstates (feature names), max_steps, illegal_action, illegal_reward."""

    def __init__(self, render_mode=None, **options):
        super().__init__(_options.tetris_drop_args(**options), tetris_picture, render_mode)


class TetrisKeysEnv(GridmindEnv):
    """Tetris with keys (see the module). Options: board, rules (classic, target, aveiro), rotation
    (classic, aveiro, srs), preview, step_ms, target, max_steps, illegal_action, illegal_reward."""

    def __init__(self, render_mode=None, **options):
        super().__init__(_options.tetris_keys_args(**options), tetris_picture, render_mode)


class SameGameEnv(GridmindEnv):
    """SameGame (see the module). Options: board ("15x15"), colours (2-9), rules (standard, penalty,
    classic), shift (left, right), max_steps, illegal_action, illegal_reward."""

    def __init__(self, render_mode=None, **options):
        super().__init__(_options.samegame_args(**options), samegame_picture, render_mode)
