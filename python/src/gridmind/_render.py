"""Observations as pictures (`render_mode="rgb_array"`): an RGB array of the board, top row first."""

import numpy as np

CELL = 16  # pixels a cell, a line of them the gap

_EMPTY = (24, 24, 32)
_LOCKED = (150, 150, 165)
# The pieces I O T S Z J L, in the colours players know them by.
_PIECES = [(34, 211, 238), (250, 204, 21), (168, 85, 247), (34, 197, 94), (239, 68, 68), (59, 130, 246), (249, 115, 22)]
# SameGame colours 1-9: Okabe and Ito's palette for colour-blind viewers, then two more.
_SAMEGAME = [
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (240, 228, 66),
    (0, 114, 178),
    (213, 94, 0),
    (204, 121, 167),
    (255, 255, 255),
    (120, 120, 120),
]


def _picture(cells, palette):
    """cells: (height, width) indexes into palette, row 0 at the bottom → (height·CELL, width·CELL, 3) uint8."""
    colours = np.asarray(palette, dtype=np.uint8)[np.flipud(cells)]
    image = np.repeat(np.repeat(colours, CELL, axis=0), CELL, axis=1)
    image[CELL - 1 :: CELL, :, :] = 0
    image[:, CELL - 1 :: CELL, :] = 0
    return image


def tetris_picture(observation):
    """A Tetris board: empty, locked cells, and the falling piece (value 2) in its piece's colour."""
    piece = int(observation["pieces"][0])
    return _picture(observation["board"].astype(np.intp), [_EMPTY, _LOCKED, _PIECES[piece]])


def samegame_picture(observation):
    """A SameGame board: 0 empty, c + 1 colour c."""
    return _picture(observation["board"].astype(np.intp), [_EMPTY, *_SAMEGAME])
