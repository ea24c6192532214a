"""line() makes room for the moves a line has, not for max_moves: asked for up to a million
moves of a 3-ply line, it used to allocate a million moves (some 200 MB) before probing."""

import ctypes
import tracemalloc

import dtb
from dtb import _capi

WIN_IN_3 = "W:W8:BK29"  # test_known.py derives its line by hand: 8-4 29-8 4x11


def peak_bytes(call):
    """The most memory Python allocated (ctypes' buffers included) while call ran."""
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_decided_line_takes_room_for_its_moves(tables):
    with dtb.Tablebase("brazilian", tables("brazilian")) as tb:
        line = []
        peak = peak_bytes(lambda: line.extend(tb.line(WIN_IN_3, max_moves=10**6)))
        assert [str(m) for m in line] == ["8-4", "29-8", "4x11"]
        # A thousand moves' room is more than three moves and the probing take.
        assert peak < 1000 * ctypes.sizeof(_capi.Move), peak


def test_drawn_line_grows_to_max_moves(tables):
    # Room doubles from DRAW_LINE_MOVES while the line fills it: each cut is a line asked
    # for once, or again with more room, and must be the first moves of the longest.
    with dtb.Tablebase("brazilian", tables("brazilian")) as tb:
        drawn = "W:WK1:BK32"  # a king each, apart: neither can force a capture
        assert tb.probe(drawn) == dtb.Value(dtb.WDL.DRAW, 0)
        long = tb.line(drawn, max_moves=1000)
        assert len(long) == 1000
        assert all(m.value.wdl == dtb.WDL.DRAW for m in long)
        for cut in (0, 1, 20, 21, 40, 41, 999):
            assert tb.line(drawn, max_moves=cut) == long[:cut]
