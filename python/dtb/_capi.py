"""include/dtb.h in ctypes: its structs, field for field, and the signatures of its functions.

Loading binds every function at once, so a library too old for this package fails at
import, naming the function it lacks, rather than at some later call."""

import ctypes
from ctypes import POINTER, Structure, c_char, c_char_p, c_int, c_size_t, c_uint64
from typing import Tuple

from ._find import find_library

# dtb.h's limits, each named after its #define less the prefix (python/tests/test_capi.py
# checks them against the header).
DTW_BUCKETS = 512  # DTB_DTW_BUCKETS
PATH_MAX = 24  # DTB_PATH_MAX
MOVES_MAX = 1024  # DTB_MOVES_MAX
FEN_MAX = 256  # DTB_FEN_MAX
MATERIAL_NAME_MAX = 48  # DTB_MATERIAL_NAME_MAX

status = c_int  # dtb_status, dtb_rules and dtb_wdl are C enums: ints


class Handle(Structure):
    """dtb_handle, opaque."""


handle_p = POINTER(Handle)


class Position(Structure):
    _fields_ = [
        ("white_men", c_uint64),
        ("white_kings", c_uint64),
        ("black_men", c_uint64),
        ("black_kings", c_uint64),
        ("black_to_move", c_int),
        ("king_moves_square", c_int * 2),
        ("king_moves_count", c_int * 2),
        ("moves_played", c_int),
        ("rules", c_int),
    ]


class Value(Structure):
    _fields_ = [("wdl", c_int), ("dtw", c_int)]


class Move(Structure):
    _fields_ = [
        ("notation", c_char * 128),
        ("from_square", c_int),
        ("to_square", c_int),
        ("path_length", c_int),
        ("path", c_int * PATH_MAX),
        ("captured", c_uint64),
        ("after", Position),
        ("value", Value),
    ]


class Stats(Structure):
    _fields_ = [
        ("material", c_char * MATERIAL_NAME_MAX),
        ("positions", c_uint64),
        ("wins", c_uint64 * 2),
        ("draws", c_uint64 * 2),
        ("losses", c_uint64 * 2),
        ("longest_win", c_int),
        ("longest_win_position", Position),
        ("win_dtw", c_uint64 * DTW_BUCKETS),
        ("loss_dtw", c_uint64 * DTW_BUCKETS),
    ]


# Each function of dtb.h the package calls: name, return type, argument types.
SIGNATURES = (
    ("dtb_version_string", c_char_p, ()),
    ("dtb_status_message", c_char_p, (status,)),
    ("dtb_last_error", c_char_p, ()),
    ("dtb_open", status, (c_char_p, c_char_p, POINTER(handle_p))),
    ("dtb_close", None, (handle_p,)),
    ("dtb_set_cache_size", status, (handle_p, c_size_t)),
    ("dtb_parse_fen", status, (handle_p, c_char_p, POINTER(Position))),
    ("dtb_format_fen", status, (handle_p, POINTER(Position), c_char_p, c_size_t)),
    ("dtb_probe", status, (handle_p, POINTER(Position), POINTER(Value))),
    ("dtb_probe_wdl", status, (handle_p, POINTER(Position), POINTER(c_int))),
    ("dtb_probe_wdl_many", status, (handle_p, POINTER(Position), c_size_t, POINTER(c_int))),
    ("dtb_moves", status, (handle_p, POINTER(Position), POINTER(Move), c_int, POINTER(c_int))),
    ("dtb_best_move", status, (handle_p, POINTER(Position), POINTER(Move))),
    ("dtb_line", status, (handle_p, POINTER(Position), POINTER(Move), c_int, POINTER(c_int))),
    ("dtb_materials", status, (handle_p, c_char_p, c_size_t, POINTER(c_size_t))),
    ("dtb_material_stats", status, (handle_p, c_char_p, c_int, POINTER(Stats))),
)


def load() -> Tuple[ctypes.CDLL, str]:
    """The loaded library with every function of SIGNATURES typed, or ImportError saying why."""
    path, looked = find_library()
    if path is None:
        raise ImportError(
            "dtb: libdtb.so not found; looked in " + ", ".join(looked)
            + ". Install it (cmake --install) or set DTB_LIBRARY to its path"
        )
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise ImportError(f"dtb: cannot load {path}: {e}") from e
    for name, restype, argtypes in SIGNATURES:
        function = getattr(lib, name, None)
        if function is None:
            raise ImportError(f"dtb: {path} has no {name}: it is older than this package needs")
        function.restype = restype
        function.argtypes = argtypes
    return lib, path


lib, library_path = load()
