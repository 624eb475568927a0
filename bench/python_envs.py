"""Steps a second of Gridmind's Python environments, interleaved round by round with Tetris-Gymnasium's when
its sources are given (`--peer DIR`, a checkout of Tetris-Gymnasium 0.3.1): random play, each program for
`--seconds` a round, the median of `--rounds` rounds, and per round the ratio of each Gridmind program to
its peer (the median ratio is the figure: the machine's swings touch both programs of a round alike).
Each program is timed after `--warmup` seconds of the same play in the same environment: the steady rate
a training run sees, not the start of a new process (Node's compiler, Python's first imports and caches).

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


def timed(steps_of, seconds, warmup):
    """Calls `steps_of()` (which plays some steps and returns how many) for `warmup` seconds, then for
    `seconds`; returns the steps a second of the second period."""
    start = time.perf_counter()
    while time.perf_counter() - start < warmup:
        steps_of()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += steps_of()
    return steps / (time.perf_counter() - start)


def single(make, masked, seconds, warmup):
    """Steps a second of one environment."""
    env = make()
    state = {"info": env.reset(seed=1)[1]}

    def hundred_steps():
        for _ in range(100):
            action = int(random_legal(state["info"]["action_mask"])) if masked else env.action_space.sample()
            _, _, terminated, truncated, state["info"] = env.step(action)
            if terminated or truncated:
                state["info"] = env.reset()[1]
        return 100

    rate = timed(hundred_steps, seconds, warmup)
    env.close()
    return rate


def batched(make, count, seconds, warmup):
    """Steps a second of a batch of `count` environments (each of its steps counts `count`)."""
    envs = make(count)
    state = {"info": envs.reset(seed=1)[1]}

    def ten_steps():
        for _ in range(10):
            state["info"] = envs.step(random_legal(state["info"]["action_mask"]))[4]
        return 10 * count

    rate = timed(ten_steps, seconds, warmup)
    envs.close()
    return rate


def programs(peer, batch):
    """The programs measured, by name: (function of seconds and warm-up, the peer program it is compared with)."""
    found = {
        "gridmind TetrisDrop": (lambda s, w: single(lambda: gym.make("gridmind/TetrisDrop-v0"), True, s, w), "tetris-gymnasium grouped"),
        "gridmind TetrisKeys": (lambda s, w: single(lambda: gym.make("gridmind/TetrisKeys-v0"), False, s, w), "tetris-gymnasium keys"),
        f"gridmind TetrisDrop x{batch}": (
            lambda s, w: batched(lambda n: gym.make_vec("gridmind/TetrisDrop-v0", num_envs=n), batch, s, w),
            "tetris-gymnasium grouped",
        ),
    }
    if peer:
        sys.path.insert(0, peer)
        from tetris_gymnasium.envs.tetris import Tetris  # noqa: F401  (registers tetris_gymnasium/Tetris)
        from tetris_gymnasium.wrappers.grouped import GroupedActionsObservations

        found["tetris-gymnasium keys"] = (lambda s, w: single(lambda: gym.make("tetris_gymnasium/Tetris"), False, s, w), None)
        found["tetris-gymnasium grouped"] = (
            lambda s, w: single(lambda: GroupedActionsObservations(gym.make("tetris_gymnasium/Tetris")), True, s, w),
            None,
        )
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--peer", help="a checkout of Tetris-Gymnasium's sources (its tetris_gymnasium package)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--warmup", type=float, default=1.0, help="seconds each program plays before it is timed")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()
    measured = programs(args.peer, args.batch)
    rates = {name: [] for name in measured}
    for _ in range(args.rounds):
        for name, (run, _) in measured.items():
            rates[name].append(run(args.seconds, args.warmup))
    ratios = {
        f"{name} / {peer}": statistics.median(a / b for a, b in zip(rates[name], rates[peer]))
        for name, (_, peer) in measured.items()
        if peer in rates
    }
    medians = {name: statistics.median(values) for name, values in rates.items()}
    if args.json:
        print(json.dumps({"stepsPerSecond": medians, "ratios": ratios, "rounds": args.rounds, "seconds": args.seconds, "warmup": args.warmup}))
        return
    print(
        f"python environments: steps a second, random legal actions, median of {args.rounds} interleaved rounds "
        f"of {args.seconds:g} s after {args.warmup:g} s of warm-up"
    )
    for name, rate in medians.items():
        print(f"  {name:32} {rate:>10,.0f}")
    for name, ratio in ratios.items():
        print(f"  {name:56} {ratio:6.1f}x (median of per-round ratios)")
    if not args.peer:
        print("  (no peer: set GRIDMIND_TETRIS_GYMNASIUM to a checkout of Tetris-Gymnasium 0.3.1 to compare)")


if __name__ == "__main__":
    main()
