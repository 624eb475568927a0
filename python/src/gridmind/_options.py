"""Each environment's Python options as the flags of `gridmind env` (see `gridmind env --help`)."""


def _board(board):
    """A board size as WxH: from "10x20" or (10, 20)."""
    if board is None or isinstance(board, str):
        return board
    width, height = board
    return f"{width}x{height}"


def _flags(pairs):
    args = []
    for flag, value in pairs:
        if value is not None:
            args += [flag, str(value)]
    return args


def _episode(max_steps, illegal_action, illegal_reward):
    if illegal_action not in ("end", "error"):
        raise ValueError(f'illegal_action must be "end" or "error", not {illegal_action!r}')
    reward = None if illegal_action == "error" else repr(float(illegal_reward))
    return _flags([("--max-steps", max_steps), ("--illegal", illegal_action), ("--illegal-reward", reward)])


def tetris_drop_args(board="10x20", preview=1, afterstates=None, max_steps=None, illegal_action="end", illegal_reward=-1.0):
    """Tetris under the research protocol, one action a drop placement (rotation × width + x)."""
    features = None if not afterstates else ",".join(afterstates)
    pairs = [("--board", _board(board)), ("--preview", preview), ("--afterstates", features)]
    return ["--game", "tetris", *_flags(pairs), *_episode(max_steps, illegal_action, illegal_reward)]


def tetris_keys_args(
    board=None,
    rules="classic",
    rotation=None,
    preview=1,
    step_ms=100,
    target=None,
    max_steps=None,
    illegal_action="end",
    illegal_reward=-1.0,
):
    """Tetris with keys under a rule set: one action a key (or none), then `step_ms` of game time."""
    pairs = [
        ("--board", _board(board)),
        ("--rules", rules),
        ("--rotation", rotation),
        ("--preview", preview),
        ("--step-ms", step_ms),
        ("--target", target),
    ]
    return ["--game", "tetris", "--keys", *_flags(pairs), *_episode(max_steps, illegal_action, illegal_reward)]


def samegame_args(
    board="15x15", colours=5, rules="standard", shift="left", max_steps=None, illegal_action="end", illegal_reward=-1.0
):
    """SameGame on a random board of the seed: one action a cell (y × width + x) naming a group."""
    pairs = [("--board", _board(board)), ("--colours", colours), ("--rules", rules), ("--shift", shift)]
    return ["--game", "samegame", *_flags(pairs), *_episode(max_steps, illegal_action, illegal_reward)]
