"""The Gymnasium environments: the checker, seeding, illegal actions, rendering, processes."""

import json
import os
import subprocess
import warnings
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import gridmind
from gridmind import RequestRefused

ENVIRONMENTS = [
    ("gridmind/TetrisDrop-v0", {"board": "10x10"}),
    ("gridmind/TetrisDrop-v0", {"board": (6, 12), "preview": 3, "afterstates": ["holes", "landingHeight", "bumpiness"]}),
    ("gridmind/TetrisKeys-v0", {"rules": "classic", "rotation": "srs", "step_ms": 50}),
    ("gridmind/TetrisKeys-v0", {"rules": "target", "target": 300, "board": "8x16"}),
    ("gridmind/SameGame-v0", {"board": (8, 6), "colours": 4, "rules": "penalty", "shift": "right"}),
]


@pytest.mark.parametrize("env_id,options", ENVIRONMENTS)
def test_check_env_passes_with_every_check_and_no_warning(env_id, options):
    env = gym.make(env_id, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of the checker fails the test
        check_env(env.unwrapped)
    env.close()


def play(env, seed, steps=None, policy=lambda info, step: int(np.flatnonzero(info["action_mask"])[-1])):
    """Plays an episode (or `steps` steps) with a deterministic policy; returns the observations, rewards and last info."""
    observation, info = env.reset(seed=seed)
    trace, step = [observation], 0
    while steps is None or step < steps:
        observation, reward, terminated, truncated, info = env.step(policy(info, step))
        trace.append((observation, reward))
        step += 1
        if terminated or truncated:
            break
    return trace, info


def same(a, b):
    return json.dumps(a, default=lambda x: x.tolist()) == json.dumps(b, default=lambda x: x.tolist())


def test_a_seed_gives_the_game_gridmind_play_deals_and_a_reset_without_one_a_new_episode(gridmind_bin, tmp_path):
    env = gym.make("gridmind/TetrisDrop-v0", board="10x10", preview=5)
    _, info = env.reset(seed=9)
    path_file = tmp_path / "path.json"
    subprocess.run(
        [gridmind_bin, "play", "--agent", "bcts", "--board", "10x10", "--seed", "9", "--max-pieces", "6", "--path", str(path_file)],
        capture_output=True,
        check=True,
    )
    path = json.loads(path_file.read_text())
    path = path["path"]
    observation, _ = env.reset(seed=9)
    assert "".join("IOTSZJL"[p] for p in observation["pieces"]) == "".join(step["shape"] for step in path)
    assert info["seed"] == 9

    first = [env.reset()[1]["seed"] for _ in range(3)]
    assert len(set(first + [9])) == 4
    env.reset(seed=9)
    assert [env.reset()[1]["seed"] for _ in range(3)] == first  # drawn from np_random, which the seed set
    env.close()


def test_the_same_seed_and_actions_give_the_same_episode_and_another_seed_another():
    env = gym.make("gridmind/SameGame-v0", board="6x6", colours=3)
    a, info_a = play(env, 4)
    b, _ = play(env, 4)
    c, _ = play(env, 5)
    assert same(a, b) and not same(a, c)
    assert sum(reward for _, reward in a[1:]) == info_a["score"]
    env.close()


def test_an_illegal_action_ends_the_episode_with_its_penalty_or_raises_when_asked():
    env = gym.make("gridmind/TetrisDrop-v0", board="6x8", illegal_reward=-10)
    observation, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-10.0, True, False, True)
    assert same(after, observation)
    env.close()

    strict = gym.make("gridmind/TetrisDrop-v0", board="6x8", illegal_action="error")
    _, info = strict.reset(seed=1)
    with pytest.raises(RequestRefused, match=f"action {illegal} is not legal now"):
        strict.step(illegal)
    assert isinstance(RequestRefused("x"), ValueError)
    strict.step(int(np.flatnonzero(info["action_mask"])[0]))  # the session goes on
    strict.close()


def test_afterstates_are_masked_and_their_rewards_are_the_steps_rewards():
    env = gym.make("gridmind/TetrisDrop-v0", board="6x10", afterstates=["holes", "landingHeight"])
    observation, info = env.reset(seed=3)
    for step in range(60):
        mask = info["action_mask"].astype(bool)
        assert observation["afterstates"].shape == (24, 2)
        assert not observation["afterstates"][~mask].any() and not observation["afterstateRewards"][~mask].any()
        assert (observation["afterstates"][mask, 1] >= 0).all()  # a landing height
        action = int(np.flatnonzero(mask)[step % mask.sum()])
        expected = observation["afterstateRewards"][action]
        observation, reward, terminated, truncated, info = env.step(action)
        assert reward == expected
        if terminated:
            observation, info = env.reset()
    env.close()


def test_render_modes_give_text_and_pictures():
    env = gym.make("gridmind/TetrisDrop-v0", board="6x8", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.splitlines() == ["......"] * 8
    env.close()
    env = gym.make("gridmind/SameGame-v0", board="5x4", colours=3, render_mode="rgb_array")
    observation, _ = env.reset(seed=2)
    picture = env.render()
    assert picture.shape == (4 * 16, 5 * 16, 3) and picture.dtype == np.uint8
    # The bottom-left cell of the board is the picture's bottom-left square.
    bottom_left = picture[-8, 8]
    assert (bottom_left == gridmind._render._SAMEGAME[observation["board"][0, 0] - 1]).all()
    env.close()
    with pytest.warns(UserWarning, match="not in the possible render_modes"), pytest.raises(ValueError, match="render_mode must be one of"):
        gym.make("gridmind/SameGame-v0", render_mode="video")


def test_close_leaves_no_process_and_twice_is_allowed():
    env = gym.make("gridmind/TetrisKeys-v0")
    env.reset(seed=1)
    process = env.unwrapped._process._process
    assert process.poll() is None
    env.close()
    assert process.poll() == 0
    env.close()


def test_a_missing_gridmind_command_is_named_with_what_to_do(monkeypatch, tmp_path):
    monkeypatch.setenv("GRIDMIND_BIN", str(tmp_path / "nowhere"))
    with pytest.raises(gridmind.GridmindNotFound, match="GRIDMIND_BIN is .* not an executable file"):
        gym.make("gridmind/TetrisDrop-v0")


def test_an_install_from_a_checkout_finds_the_command_from_inside_it(monkeypatch, tmp_path):
    # As `pip install ./python` (not editable) leaves it: the sources lie outside the checkout.
    from gridmind import _command

    checkout = Path(_command.__file__).resolve().parents[3]
    monkeypatch.setattr(_command, "__file__", str(tmp_path / "site-packages" / "gridmind" / "_command.py"))
    monkeypatch.delenv("GRIDMIND_BIN", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.chdir(checkout / "docs")
    assert gridmind.gridmind_command() == [str(checkout / "bin" / "gridmind.js")]
    monkeypatch.chdir(tmp_path)
    with pytest.raises(gridmind.GridmindNotFound, match="work from inside a checkout"):
        gridmind.gridmind_command()


def test_bad_options_are_refused_with_gridminds_reason():
    with pytest.raises(gridmind.GridmindError, match='unknown feature "wells"'):
        gym.make("gridmind/TetrisDrop-v0", afterstates=["wells"])
    with pytest.raises(ValueError, match='illegal_action must be "end" or "error"'):
        gym.make("gridmind/TetrisDrop-v0", illegal_action="ignore")


@pytest.fixture
def gridmind_bin():
    return gridmind.gridmind_command()[0]
