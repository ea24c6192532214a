"""The ctypes mirror of include/dtb.h (dtb._capi) against the header as the C compiler lays
it out: capi_layout (tests/capi_layout.c, its path in DTB_CAPI_LAYOUT) prints each struct's
size, each field's offset and each limit.  (test_errors.py checks the status numbers.)"""

import ctypes
import os
import subprocess

import pytest

import dtb
from dtb import _capi
from dtb.tablebase import RULES

STRUCTS = {
    "dtb_position": _capi.Position,
    "dtb_value": _capi.Value,
    "dtb_move": _capi.Move,
    "dtb_stats": _capi.Stats,
}
# C names Python cannot use as attributes.
FIELD_NAMES = {"from": "from_square", "to": "to_square"}
LIMITS = {
    "DTB_DTW_BUCKETS": _capi.DTW_BUCKETS,
    "DTB_PATH_MAX": _capi.PATH_MAX,
    "DTB_MOVES_MAX": _capi.MOVES_MAX,
    "DTB_FEN_MAX": _capi.FEN_MAX,
    "DTB_MATERIAL_NAME_MAX": _capi.MATERIAL_NAME_MAX,
    "DTB_RULES_OFFICIAL": RULES["official"],
    "DTB_RULES_PURE": RULES["pure"],
}


@pytest.fixture(scope="module")
def layout():
    """capi_layout's lines, split into words."""
    program = os.environ.get("DTB_CAPI_LAYOUT")
    if not program:
        pytest.fail("DTB_CAPI_LAYOUT names no program: run the tests by ctest -R python")
    out = subprocess.run([program], check=True, capture_output=True, text=True).stdout
    return [line.split() for line in out.splitlines()]


def test_struct_sizes(layout):
    sizes = {name: int(size) for kind, name, size in layout if kind == "size"}
    assert sizes.keys() == STRUCTS.keys()
    for name, size in sizes.items():
        assert ctypes.sizeof(STRUCTS[name]) == size, name


def test_field_offsets(layout):
    fields = [(where, int(offset)) for kind, where, offset in layout if kind == "field"]
    for where, offset in fields:
        struct, field = where.split(".")
        mirror = STRUCTS[struct]
        assert getattr(mirror, FIELD_NAMES.get(field, field)).offset == offset, where
    for struct, mirror in STRUCTS.items():
        named = {FIELD_NAMES.get(w.split(".")[1], w.split(".")[1]) for w, _ in fields
                 if w.startswith(struct + ".")}
        assert named == {name for name, _ in mirror._fields_}, f"{struct}: fields not alike"


def test_limits(layout):
    numbers = {name: int(value) for kind, name, value in layout if kind == "number"}
    assert numbers == LIMITS


def test_version_is_the_librarys():
    assert dtb.__version__ == dtb.lib.dtb_version_string().decode()
    assert dtb.__version__.count(".") == 2
