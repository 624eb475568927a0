"""Batched environments: N games stepped in one `gridmind env --envs N` process, one message a step.

`gymnasium.make_vec("gridmind/TetrisDrop-v0", num_envs=64, board="10x10")` gives a `TetrisDropVectorEnv`
(its options are the single environment's). Autoreset is Gymnasium's next-step mode: an environment whose
episode ended at one step is reset at the next, its action there ignored, with reward 0. `info` holds a
value per environment for each key (with Gymnasium's `_key` masks, all True) and `action_mask`,
(num_envs, actions) int8.

Seeding: `reset(seed=S)` gives environment i the episode of seed S + i; `reset(seed=[…])` one seed each;
`reset()` draws the seeds from the vector environment's `np_random`. Episodes after an autoreset take the
next seeds of each environment's own stream, so a seeded run repeats exactly.
"""

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import _options
from ._pipe import ArrayReader, EnvProcess, decode_mask, observation_space
from ._render import samegame_picture, tetris_picture
from .envs import RENDER_MODES, info_of

_SEEDS = 2**32


class GridmindVectorEnv(VectorEnv):
    """num_envs games of one kind in a `gridmind env --envs N` process."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 10, "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs, args, picture, render_mode=None):
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        self.num_envs = num_envs
        self.render_mode = render_mode
        self._picture = picture
        self._process = EnvProcess([*args, "--envs", str(num_envs)])
        self.single_observation_space = observation_space(self._process.spec)
        self.single_action_space = spaces.Discrete(self._process.spec["actionCount"])
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._reader = ArrayReader(self.single_observation_space, num_envs)
        self._all = np.ones(num_envs, dtype=bool)
        self._observation = None

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed if isinstance(seed, int) else None)  # np_random takes one whole seed
        if seed is None:
            seed = [int(s) for s in self.np_random.integers(_SEEDS, size=self.num_envs)]
        elif not isinstance(seed, int):
            seed = [int(s) for s in seed]
        answer = self._process.ask({"cmd": "reset", "seed": seed})
        return self._observe(answer), self._info(answer)

    def step(self, actions):
        answer = self._process.ask({"cmd": "step", "actions": np.asarray(actions, dtype=np.int64).tolist()})
        return (
            self._observe(answer),
            np.asarray(answer["reward"], dtype=np.float64),
            np.asarray(answer["terminated"], dtype=bool),
            np.asarray(answer["truncated"], dtype=bool),
            self._info(answer),
        )

    def render(self):
        """Each environment's picture (rgb_array) or text (ansi), as a tuple."""
        if self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return tuple(self._process.ask({"cmd": "render", "index": i})["text"] + "\n" for i in range(self.num_envs))
        return tuple(self._picture({name: values[i] for name, values in self._observation.items()}) for i in range(self.num_envs))

    def close_extras(self, **kwargs):
        self._process.close()

    def _observe(self, answer):
        self._observation = self._reader.observation(answer["observation"])
        return self._observation

    def _info(self, answer):
        info = {}
        for key, values in info_of(answer["info"]).items():
            info[key] = np.asarray(values)
            info[f"_{key}"] = self._all
        info["action_mask"] = decode_mask(answer["mask"], self.num_envs, self.single_action_space.n)
        info["_action_mask"] = self._all
        return info


class TetrisDropVectorEnv(GridmindVectorEnv):
    """Batched `TetrisDropEnv`s (same options)."""

    def __init__(self, num_envs=1, render_mode=None, **options):
        super().__init__(num_envs, _options.tetris_drop_args(**options), tetris_picture, render_mode)


class TetrisKeysVectorEnv(GridmindVectorEnv):
    """Batched `TetrisKeysEnv`s (same options)."""

    def __init__(self, num_envs=1, render_mode=None, **options):
        super().__init__(num_envs, _options.tetris_keys_args(**options), tetris_picture, render_mode)


class SameGameVectorEnv(GridmindVectorEnv):
    """Batched `SameGameEnv`s (same options)."""

    def __init__(self, num_envs=1, render_mode=None, **options):
        super().__init__(num_envs, _options.samegame_args(**options), samegame_picture, render_mode)
