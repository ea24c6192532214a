"""What probes answer: a position's value, a move, a material's results."""

import enum
from dataclasses import dataclass
from typing import Optional, Tuple


class WDL(enum.IntEnum):
    """Win, draw or loss for the side to move (dtb_wdl)."""

    LOSS = -1
    DRAW = 0
    WIN = 1

    def __str__(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class Value:
    """A position's value for the side to move: .wdl, and .dtw, the plies to the end of the
    game for a win or loss (fastest win, longest defence), 0 for a draw."""

    wdl: WDL
    dtw: int

    def __str__(self) -> str:
        if self.wdl == WDL.DRAW:
            return "draw"
        return f"{self.wdl} in {self.dtw} {'ply' if self.dtw == 1 else 'plies'}"


@dataclass(frozen=True)
class Move:
    """A legal move: its notation ("32-28", "19x30"), which str() gives, the FEN of the
    position it leads to, and the value it leads to for the side that plays it."""

    notation: str
    after: str
    value: Value

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True)
class Stats:
    """The results of every position of a material.  Pairs are (White to move, Black to
    move), counting the positions where the side to move wins, draws or loses.  win_dtw[d]
    and loss_dtw[d] count the won and lost positions of DTW d, the last bucket holding all
    the longer ones."""

    material: str
    positions: int
    wins: Tuple[int, int]
    draws: Tuple[int, int]
    losses: Tuple[int, int]
    longest_win: int
    longest_win_position: Optional[str]  # a FEN won in longest_win plies; None without a win
    win_dtw: Tuple[int, ...]
    loss_dtw: Tuple[int, ...]
