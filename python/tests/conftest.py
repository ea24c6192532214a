"""Fixtures: the C programs the answers are checked against, the tables they build, and
positions to probe.

The suite (tests/python.cmake) sets DTB_LIBRARY to the build's libdtb.so, and DTB_GEN and
DTB_PROBE to its dtb-gen and dtb-probe."""

import os
import random
import subprocess

import pytest

ENVIRONMENT = ("DTB_LIBRARY", "DTB_GEN", "DTB_PROBE")

# Squares of each board size, and the rows of squares where each side's men may not stand
# (their promotion rank): docs/rules.md section 1.
BOARDS = {
    8: {"squares": 32, "white_men_not": range(1, 5), "black_men_not": range(29, 33)},
    10: {"squares": 50, "white_men_not": range(1, 6), "black_men_not": range(46, 51)},
}
BOARD_OF = {"brazilian": 8, "frisian": 10}


def pytest_configure(config):
    missing = [name for name in ENVIRONMENT if not os.environ.get(name)]
    if missing:
        needed = ", ".join(missing)
        raise pytest.UsageError(f"python/tests need {needed} set: run them by ctest -R python")


def run(*args, stdin=None, check=True):
    """A program's run with text stdin, stdout and stderr."""
    return subprocess.run(args, input=stdin, capture_output=True, text=True, check=check)


def probe_cli(*args, stdin=None, check=True):
    """dtb-probe with args: the C command line the package's answers are checked against."""
    return run(os.environ["DTB_PROBE"], *args, stdin=stdin, check=check)


@pytest.fixture(scope="session")
def tables(tmp_path_factory):
    """tables(variant): the folder of the variant's tables of up to 3 pieces, built once."""
    built = {}

    def build(variant):
        if variant not in built:
            folder = tmp_path_factory.mktemp(variant)
            run(os.environ["DTB_GEN"], "--variant", variant, "--pieces", "3", "--dir", str(folder))
            built[variant] = str(folder)
        return built[variant]

    return build


def fen(white, black, black_to_move):
    """A FEN of pieces given as (square, is_king) pairs."""

    def side(pieces):
        return ",".join(("K" if king else "") + str(square) for square, king in sorted(pieces))

    return f"{'B' if black_to_move else 'W'}:W{side(white)}:B{side(black)}"


def random_position(board, rng):
    """A FEN of 2 or 3 pieces, each side at least one, men off their promotion rank."""
    squares = rng.sample(range(1, board["squares"] + 1), rng.choice((2, 3)))
    white_count = rng.randint(1, len(squares) - 1)
    white, black = [], []
    for i, square in enumerate(squares):
        own, barred = (white, "white_men_not") if i < white_count else (black, "black_men_not")
        own.append((square, square in board[barred] or rng.random() < 0.5))
    return fen(white, black, rng.random() < 0.5)


@pytest.fixture(scope="session")
def sample():
    """sample(variant): 1500 positions of up to 3 pieces, the same at every run."""

    def positions(variant):
        rng = random.Random(variant)
        board = BOARDS[BOARD_OF[variant]]
        return [random_position(board, rng) for _ in range(1500)]

    return positions
