"""FENs as other programs write them: lidraughts' (with ":H", ":F" and Frisian's king-move
field), a PDN tag line, lower case.  Values derived by hand, as in tests/lookup/."""

import pytest

import dtb
from conftest import probe_cli

WIN, DRAW = dtb.WDL.WIN, dtb.WDL.DRAW


def test_pdn_tag_and_lower_case(tables):
    # Brazilian: g7 crowns on h8 and traps a1, a win in 3 (test_known.py).
    with dtb.Tablebase("brazilian", tables("brazilian")) as tb:
        assert tb.probe('[FEN "w:w8:bk29"]') == dtb.Value(WIN, 3)
        assert tb.probe("W:W8:BK29:H0:F31") == dtb.Value(WIN, 3)
        assert tb.best_move("w:w8:bk29:H0:F31").after == "B:WK4:BK29"


def test_half_move_clock_counts_the_draw_rule(tables):
    # Frisian W:WK1,K2:BK17: White wins in 3 plies, under the draw rules only while White
    # has played at most 5 of its moves in two kings against one (tests/lookup/
    # test_draw_rules.sh).  lidraughts' H12 with White to move: White has played 6.
    folder = tables("frisian")
    with dtb.Tablebase("frisian", folder) as tb:
        assert tb.probe("W:WK1,K2:BK17:H10:F40") == dtb.Value(WIN, 3)
        assert tb.probe("W:WK1,K2:BK17:H12:F40") == dtb.Value(DRAW, 0)
        assert tb.probe("W:WK1,K2:BK17:H12:F40", moves_played=5) == dtb.Value(WIN, 3)
        cli = probe_cli("lookup", "--variant", "frisian", "--dir", folder, "--moves-played", "6",
                        "W:WK1,K2:BK17").stdout
        assert "White to move: draw under the draw rules" in cli


def test_king_move_field(tables):
    # Frisian: "+0+346" is White's king on 46 after 3 moves in a row: it may not move again
    # (docs/rules.md 7.1), so only the man on 28 moves; without the count the king moves too.
    with dtb.Tablebase("frisian", tables("frisian")) as tb:
        limited = tb.moves("W:W28,K46:BK43:H0:F20:+0+346")
        assert sorted(str(m) for m in limited) == ["28-22", "28-23"]
        assert len(tb.moves("W:W28,K46:BK43:H0:F20:+0+0")) > 2


def test_bad_forms_name_the_part(tables):
    with dtb.Tablebase("frisian", tables("frisian")) as tb:
        with pytest.raises(dtb.PositionError, match="ghost piece 'G28'"):
            tb.probe("W:WG28,K46:BK43")
        with pytest.raises(dtb.PositionError, match="count 4 in '\\+0\\+446'"):
            tb.probe("W:W28,K46:BK43:+0+446")
        with pytest.raises(dtb.PositionError, match="a PDN tag must read"):
            tb.probe('[Event "W:W28,K46:BK43"]')
