"""The `gridmind env --stdio` process behind every environment: starting it, one request and answer at a
time, the spaces its spec describes, and its arrays (base64 of their bytes) as numpy arrays."""

import base64
import json
import subprocess

import numpy as np
from gymnasium import spaces

from ._command import gridmind_command

_DTYPES = {"uint8": np.uint8, "float32": np.float32}  # the pipe's dtypes


class GridmindError(RuntimeError):
    """The gridmind process stopped, or refused a request."""


class RequestRefused(GridmindError, ValueError):
    """The gridmind process refused a request: an illegal action under illegal_action="error", a bad seed…"""


class EnvProcess:
    """One `gridmind env` process; `args` are that command's flags (without --stdio and --arrays)."""

    def __init__(self, args):
        self.command = [*gridmind_command(), "env", *args, "--arrays", "base64", "--stdio"]
        self._process = subprocess.Popen(
            self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self._write = self._process.stdin.write
        self._flush = self._process.stdin.flush
        self._readline = self._process.stdout.readline
        self.spec = self.ask({"cmd": "spec"})

    def ask(self, request):
        """Sends one request and returns its answer; a refused request or a stopped process is a GridmindError."""
        try:
            self._write(json.dumps(request, separators=(",", ":")).encode() + b"\n")
            self._flush()
        except (BrokenPipeError, ValueError):
            raise self._stopped() from None
        line = self._readline()
        if not line:
            raise self._stopped()
        answer = json.loads(line)
        if "error" in answer:
            raise RequestRefused(answer["error"])
        return answer

    def _stopped(self):
        self._process.wait()
        reason = self._process.stderr.read().decode(errors="replace").strip()
        return GridmindError(f"gridmind env stopped (exit {self._process.returncode}): {reason or 'no reason given'}")

    def close(self):
        """Ends the process and waits for it; closing twice is allowed."""
        if self._process.poll() is None:
            try:
                self._process.stdin.write(b'{"cmd":"close"}\n')
                self._process.stdin.close()
                self._process.wait(timeout=10)
            except (BrokenPipeError, ValueError, subprocess.TimeoutExpired):
                self._process.kill()
                self._process.wait()
        for stream in (self._process.stdin, self._process.stdout, self._process.stderr):
            stream.close()


def observation_space(spec):
    """The Dict space of an observation spec: MultiBinary for 0/1 arrays, Box for the others."""
    return spaces.Dict({name: _array_space(array) for name, array in spec["observation"].items()})


def _array_space(array):
    shape, dtype = tuple(array["shape"]), _DTYPES[array["dtype"]]
    if array["dtype"] == "uint8" and array["low"] == 0 and array["high"] == 1:
        return spaces.MultiBinary(shape)
    low = -np.inf if array["low"] is None else array["low"]
    high = np.inf if array["high"] is None else array["high"]
    return spaces.Box(low=low, high=high, shape=shape, dtype=dtype)


def _bits(encoded, count):
    """`count` cells of 0 and 1 packed 8 to a byte, the first in the lowest bit (how the pipe sends them)."""
    return np.unpackbits(np.frombuffer(base64.b64decode(encoded), dtype=np.uint8), count=count, bitorder="little")


class ArrayReader:
    """Turns an answer's base64 arrays into numpy arrays of the spaces' shapes and types, `count` environments' at once (None: one)."""

    def __init__(self, space, count=None):
        self._lead = () if count is None else (count,)
        self._arrays = [(name, sub.dtype, sub.shape, isinstance(sub, spaces.MultiBinary)) for name, sub in space.spaces.items()]

    def observation(self, encoded):
        observation = {}
        for name, dtype, shape, binary in self._arrays:
            shape = self._lead + shape
            if binary:
                values = _bits(encoded[name], int(np.prod(shape))).view(np.int8)
            else:
                values = np.frombuffer(bytearray(base64.b64decode(encoded[name])), dtype=dtype)
            observation[name] = values.reshape(shape)
        return observation


def decode_mask(encoded, count, action_count):
    """A batch's action masks, (count, action_count) int8."""
    return _bits(encoded, count * action_count).view(np.int8).reshape(count, action_count)
