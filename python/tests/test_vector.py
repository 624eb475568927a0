"""Batched environments: make_vec, next-step autoreset, seeding, masks, and agreement with single environments."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import gridmind  # noqa: F401  (registers the environments)
from gridmind.vector import TetrisDropVectorEnv


def legal_actions(mask, step):
    """A deterministic legal action per environment (the first when none is legal)."""
    return np.array([np.flatnonzero(row)[step % max(1, row.sum())] if row.any() else 0 for row in mask])


def test_make_vec_gives_gridminds_batch_with_spaces_and_masks():
    envs = gym.make_vec("gridmind/TetrisDrop-v0", num_envs=8, board="6x8", afterstates=["holes"])
    assert isinstance(envs, TetrisDropVectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert envs.action_space.shape == (8,) and envs.single_action_space.n == 24
    observation, info = envs.reset(seed=3)
    assert observation in envs.observation_space
    assert observation["board"].shape == (8, 8, 6) and observation["afterstates"].shape == (8, 24, 1)
    assert info["action_mask"].shape == (8, 24) and info["action_mask"].dtype == np.int8
    assert list(info["seed"]) == list(range(3, 11)) and info["_seed"].all()
    envs.close()


def test_next_step_autoreset_and_agreement_with_single_environments():
    count, steps = 4, 120
    envs = gym.make_vec("gridmind/SameGame-v0", num_envs=count, board="5x5", colours=3)
    singles = [gym.make("gridmind/SameGame-v0", board="5x5", colours=3) for _ in range(count)]
    observation, info = envs.reset(seed=[7, 8, 9, 10])
    single = [env.reset(seed=seed) for env, seed in zip(singles, [7, 8, 9, 10])]
    ended = np.zeros(count, dtype=bool)
    autoresets = 0
    for step in range(steps):
        actions = legal_actions(info["action_mask"], step)
        observation, reward, terminated, truncated, info = envs.step(actions)
        for i, env in enumerate(singles):
            if ended[i]:
                autoresets += 1
                assert (reward[i], terminated[i], truncated[i], info["moves"][i]) == (0, False, False, 0)
                expected, _ = env.reset(seed=int(info["seed"][i]))  # the seed the batch drew, replayed alone
            else:
                expected, expected_reward, *_ = env.step(int(actions[i]))
                assert reward[i] == expected_reward
            assert (observation["board"][i] == expected["board"]).all()
        ended = terminated | truncated
    assert autoresets >= count
    envs.close()
    for env in singles:
        env.close()


def test_a_seeded_run_repeats_exactly_and_an_unseeded_reset_differs():
    def run(seed):
        envs = gym.make_vec("gridmind/TetrisDrop-v0", num_envs=3, board="6x8")
        observation, info = envs.reset(seed=seed)
        rewards, seeds = [], []
        for step in range(80):
            observation, reward, terminated, truncated, info = envs.step(legal_actions(info["action_mask"], step))
            rewards.append(reward.tolist())
            seeds.append(info["seed"].tolist())
        first_unseeded = envs.reset()[1]["seed"].tolist()
        envs.close()
        return rewards, seeds, first_unseeded

    assert run(5) == run(5)
    assert run(5)[1] != run(6)[1]


def test_renders_each_environment():
    envs = gym.make_vec("gridmind/TetrisKeys-v0", num_envs=2, render_mode="rgb_array", board="6x10")
    envs.reset(seed=1)
    pictures = envs.render()
    assert len(pictures) == 2 and pictures[0].shape == (10 * 16, 6 * 16, 3)
    envs.close()
    envs = gym.make_vec("gridmind/TetrisKeys-v0", num_envs=2, render_mode="ansi", board="6x10")
    envs.reset(seed=1)
    assert all(len(text.splitlines()) == 10 for text in envs.render())
    envs.close()


def test_a_wrong_number_of_actions_is_refused():
    envs = gym.make_vec("gridmind/TetrisDrop-v0", num_envs=2, board="6x8")
    envs.reset(seed=1)
    with pytest.raises(ValueError, match="give one action per environment: 2 actions, not 3"):
        envs.step([0, 0, 0])
    envs.close()
