"""Gridmind's games as environments for Python, with Gymnasium's method names and no dependency.

The environment runs in `gridmind env --stdio` (the exact engine Gridmind's own agents use), and this
module talks to it over a pipe, one JSON line each way:

    from gridmind_env import GridmindEnv

    with GridmindEnv("samegame", "--board", "10x10", "--colours", "3") as env:
        observation, info = env.reset(seed=1)
        while True:
            action = env.legal_actions()[0]
            observation, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break

Observations are dicts of lists of small whole numbers (see `gridmind env --help`).
"""

import json
import os
import subprocess

_HERE = os.path.dirname(os.path.abspath(__file__))
_CHECKOUT_BIN = os.path.join(_HERE, "..", "..", "bin", "gridmind.js")


class GridmindError(RuntimeError):
    """The environment refused a request (an illegal action, a step after the end, a bad option)."""


class GridmindEnv:
    """One game, served by a `gridmind env` process; `options` are that command's flags."""

    def __init__(self, game, *options, command=None):
        if command is None:
            command = ["node", _CHECKOUT_BIN] if os.path.exists(_CHECKOUT_BIN) else ["npx", "gridmind"]
        self._process = subprocess.Popen(
            [*command, "env", "--game", game, *options, "--stdio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self._legal = []

    def _ask(self, request):
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        line = self._process.stdout.readline()
        if line == "":
            raise GridmindError("gridmind env stopped: " + self._process.stderr.read().strip())
        answer = json.loads(line)
        if "error" in answer:
            raise GridmindError(answer["error"])
        return answer

    def reset(self, seed=None):
        """Starts an episode; returns (observation, info)."""
        answer = self._ask({"cmd": "reset"} if seed is None else {"cmd": "reset", "seed": seed})
        self._legal = answer["legal"]
        return answer["observation"], answer["info"]

    def step(self, action):
        """Plays an action; returns (observation, reward, terminated, truncated, info)."""
        answer = self._ask({"cmd": "step", "action": action})
        self._legal = answer["legal"]
        return answer["observation"], answer["reward"], answer["terminated"], answer["truncated"], answer["info"]

    def legal_actions(self):
        """The actions allowed now, ascending."""
        return list(self._legal)

    def render(self):
        return self._ask({"cmd": "render"})["text"]

    def close(self):
        if self._process.poll() is None:
            self._process.stdin.write(json.dumps({"cmd": "close"}) + "\n")
            self._process.stdin.close()
            self._process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()
