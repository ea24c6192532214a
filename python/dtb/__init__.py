"""dtb: endgame tablebases for draughts variants, over the C library libdtb.so.

    import dtb
    with dtb.Tablebase("brazilian", "tables/brazilian") as tb:
        print(tb.probe("W:W8:BK29"))       # win in 3 plies
        print(tb.best_move("W:W8:BK29"))   # 8-4

The library is found where the environment variable DTB_LIBRARY points, else where
`cmake --install` put it: the prefix this package is installed under, /usr/local, /usr, or
the loader's cache."""

from ._capi import lib, library_path
from .errors import (
    ArgumentError,
    CorruptTableError,
    Error,
    FormatError,
    GameOverError,
    MissingTableError,
    NoMemoryError,
    PositionError,
    TableIOError,
    VariantError,
    WrongTableError,
)
from .tablebase import Tablebase
from .values import WDL, Move, Stats, Value

# The version of the library loaded, which the package follows (one number for both).
__version__: str = lib.dtb_version_string().decode()

__all__ = [
    "ArgumentError",
    "CorruptTableError",
    "Error",
    "FormatError",
    "GameOverError",
    "MissingTableError",
    "Move",
    "NoMemoryError",
    "PositionError",
    "Stats",
    "TableIOError",
    "Tablebase",
    "VariantError",
    "WDL",
    "Value",
    "WrongTableError",
    "library_path",
    "__version__",
]
