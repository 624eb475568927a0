"""Steps a second of Gridmind's Python environments, interleaved round by round with Tetris-Gymnasium's when
its sources are given (`--peer DIR`, a checkout of Tetris-Gymnasium 0.3.1): random play, each program for
`--seconds` a round, the median of `--rounds` rounds, and per round the ratio of each Gridmind program to
its peer (the median ratio is the figure: the machine's swings touch both programs of a round alike).

Random play: a uniformly random legal action each step (a placement's mask from the info), a new episode
at the end of one. Environments are made with gymnasium.make / make_vec, as a user makes them.
"""

import argparse
import json
import statistics
import sys
import time

import gymnasium as gym
import numpy as np

import gridmind  # noqa: F401  (registers Gridmind's environments)

rng = np.random.default_rng(1)


def random_legal(mask):
    """A uniformly random legal action per row of masks (the largest of uniform draws on the legal cells)."""
    return np.argmax(rng.random(mask.shape) * mask, axis=-1)


def single(make, masked, seconds):
    """Steps a second of one environment."""
    env = make()
    _, info = env.reset(seed=1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            action = int(random_legal(info["action_mask"])) if masked else env.action_space.sample()
            _, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                _, info = env.reset()
        steps += 100
    rate = steps / (time.perf_counter() - start)
    env.close()
    return rate


def batched(make, count, seconds):
    """Steps a second of a batch of `count` environments (each of its steps counts `count`)."""
    envs = make(count)
    _, info = envs.reset(seed=1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(10):
            _, _, _, _, info = envs.step(random_legal(info["action_mask"]))
        steps += 10 * count
    rate = steps / (time.perf_counter() - start)
    envs.close()
    return rate


def programs(peer, batch):
    """The programs measured, by name: (function of seconds, the peer program it is compared with)."""
    found = {
        "gridmind TetrisDrop": (lambda s: single(lambda: gym.make("gridmind/TetrisDrop-v0"), True, s), "tetris-gymnasium grouped"),
        "gridmind TetrisKeys": (lambda s: single(lambda: gym.make("gridmind/TetrisKeys-v0"), False, s), "tetris-gymnasium keys"),
        f"gridmind TetrisDrop x{batch}": (
            lambda s: batched(lambda n: gym.make_vec("gridmind/TetrisDrop-v0", num_envs=n), batch, s),
            "tetris-gymnasium grouped",
        ),
    }
    if peer:
        sys.path.insert(0, peer)
        from tetris_gymnasium.envs.tetris import Tetris  # noqa: F401  (registers tetris_gymnasium/Tetris)
        from tetris_gymnasium.wrappers.grouped import GroupedActionsObservations

        found["tetris-gymnasium keys"] = (lambda s: single(lambda: gym.make("tetris_gymnasium/Tetris"), False, s), None)
        found["tetris-gymnasium grouped"] = (
            lambda s: single(lambda: GroupedActionsObservations(gym.make("tetris_gymnasium/Tetris")), True, s),
            None,
        )
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--peer", help="a checkout of Tetris-Gymnasium's sources (its tetris_gymnasium package)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()
    measured = programs(args.peer, args.batch)
    rates = {name: [] for name in measured}
    for _ in range(args.rounds):
        for name, (run, _) in measured.items():
            rates[name].append(run(args.seconds))
    ratios = {
        f"{name} / {peer}": statistics.median(a / b for a, b in zip(rates[name], rates[peer]))
        for name, (_, peer) in measured.items()
        if peer in rates
    }
    medians = {name: statistics.median(values) for name, values in rates.items()}
    if args.json:
        print(json.dumps({"stepsPerSecond": medians, "ratios": ratios, "rounds": args.rounds, "seconds": args.seconds}))
        return
    print(f"python environments: steps a second, random legal actions, median of {args.rounds} interleaved rounds of {args.seconds:g} s")
    for name, rate in medians.items():
        print(f"  {name:32} {rate:>10,.0f}")
    for name, ratio in ratios.items():
        print(f"  {name:56} {ratio:6.1f}x (median of per-round ratios)")
    if not args.peer:
        print("  (no peer: set GRIDMIND_TETRIS_GYMNASIUM to a checkout of Tetris-Gymnasium 0.3.1 to compare)")


if __name__ == "__main__":
    main()
