"""Learns a Tetris agent by the noisy cross-entropy method, with Gridmind's batched environment, numpy only.

A policy is greedy over afterstates: each piece goes where the weighted sum of the features of the board
it leaves is highest. The cross-entropy method (Szita & Lőrincz 2006) keeps a normal distribution over
the weights; each iteration draws a population of weight vectors, plays a game with each, and refits the
distribution to the best fraction (the elite), adding a constant noise to its variance so that it does
not collapse too early (Thiery & Scherrer 2009). The games of a population are played side by side in one
batch of environments: a slot of the batch takes the next (candidate, game) to play when its game ends.

The mean of the last distribution is written as a Gridmind agent file, which Gridmind plays like its own:

    python examples/python/cross_entropy.py --out learned.json
    npx gridmind bench --agent learned.json --vs bcts --board 10x10 --games 1000
"""

import argparse
import json
import sys
import time

import gymnasium as gym
import numpy as np

import gridmind  # noqa: F401  (registers Gridmind's environments)

# Dellacherie's six features with BCTS's two (Thiery & Scherrer 2009), as `gridmind features` names them.
FEATURES = [
    "landingHeight",
    "erodedPieceCells",
    "rowTransitions",
    "columnTransitions",
    "holes",
    "cumulativeWells",
    "holeDepth",
    "rowsWithHoles",
]


def evaluate(envs, candidates, games, seed):
    """Mean lines of each candidate (rows of weights) over `games` games, played in the batch `envs`."""
    jobs = [(c, g) for g in range(games) for c in range(len(candidates))]
    lines = np.zeros(len(candidates))
    count = envs.num_envs
    playing = np.full(count, -1)  # the candidate each slot plays, -1 for none
    observation, info = envs.reset(seed=seed)
    for slot in range(min(count, len(jobs))):
        playing[slot] = jobs.pop(0)[0]
    while (playing >= 0).any():
        weights = candidates[np.maximum(playing, 0)]  # (slots, features)
        values = np.einsum("saf,sf->sa", observation["afterstates"], weights)
        values[info["action_mask"] == 0] = -np.inf
        actions = np.where(info["action_mask"].any(axis=1), values.argmax(axis=1), 0)
        observation, _, terminated, truncated, info = envs.step(actions)
        # A slot whose game ended now is reset at the next step (its action there is ignored), and plays
        # the next job's game from then on.
        for slot in np.flatnonzero((terminated | truncated) & (playing >= 0)):
            lines[playing[slot]] += info["lines"][slot]
            playing[slot] = jobs.pop(0)[0] if jobs else -1
    return lines / games


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", default="10x10", help="board size, WxH (default 10x10)")
    parser.add_argument("--features", default=",".join(FEATURES), help="comma-separated features (gridmind features)")
    parser.add_argument("--population", type=int, default=64, help="weight vectors drawn each iteration")
    parser.add_argument("--elite", type=float, default=0.15, help="the fraction of the population the distribution is refitted to")
    parser.add_argument("--games", type=int, default=1, help="games each candidate plays")
    parser.add_argument("--iterations", type=int, default=12)
    parser.add_argument("--initial-sd", type=float, default=10.0, help="the weights' first standard deviation (mean 0)")
    parser.add_argument("--noise", type=float, default=4.0, help="variance added to each weight's after each refit")
    parser.add_argument("--envs", type=int, default=64, help="environments stepped together")
    parser.add_argument("--max-pieces", type=int, default=10_000, help="a game's cap, which bounds an iteration's time")
    parser.add_argument("--minutes", type=float, default=10.0, help="stop after the iteration that passes this time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="learned.json", help="the agent file to write")
    args = parser.parse_args()

    features = args.features.split(",")
    rng = np.random.default_rng(args.seed)
    mean = np.zeros(len(features))
    sd = np.full(len(features), args.initial_sd)
    elite = max(1, round(args.elite * args.population))
    envs = gym.make_vec(
        "gridmind/TetrisDrop-v0", num_envs=args.envs, board=args.board, afterstates=features, max_steps=args.max_pieces
    )
    start, elapsed = time.perf_counter(), 0.0
    for iteration in range(1, args.iterations + 1):
        candidates = mean + sd * rng.standard_normal((args.population, len(features)))
        scores = evaluate(envs, candidates, args.games, seed=args.seed * 1_000_000 + iteration * args.envs)
        best = candidates[np.argsort(scores)[-elite:]]
        mean, sd = best.mean(axis=0), np.sqrt(best.var(axis=0) + args.noise)
        elapsed = time.perf_counter() - start
        print(
            f"iteration {iteration}: lines a game, mean {scores.mean():,.1f}, best {scores.max():,.1f}; {elapsed:,.0f} s",
            flush=True,
        )
        if elapsed > args.minutes * 60:
            break
    envs.close()

    agent = {
        "name": "learned",
        "description": f"weights learned by examples/python/cross_entropy.py on {args.board} in {elapsed:,.0f} s",
        "source": "noisy cross-entropy method (Szita & Lőrincz 2006; Thiery & Scherrer 2009): "
        + " ".join(["python examples/python/cross_entropy.py", *sys.argv[1:]])
        + f" ({elapsed:,.0f} s)",
        "sense": "maximize",
        "features": features,
        "weights": {name: round(float(w), 4) for name, w in zip(features, mean)},
        "policy": {"lookahead": 0},
    }
    with open(args.out, "w") as out:
        json.dump(agent, out, indent=2, ensure_ascii=False)
        out.write("\n")
    print(f"wrote {args.out}: gridmind bench --agent {args.out} --board {args.board} measures it")


if __name__ == "__main__":
    main()
