"""Values derived by hand from the rules (docs/rules.md), as the C tests derive them."""

import pytest

import dtb

WIN, DRAW, LOSS = dtb.WDL.WIN, dtb.WDL.DRAW, dtb.WDL.LOSS


def test_man_crowns_and_traps_the_king(tables):
    # Brazilian: g7 crowns on h8, and the king on a1, alone on the long diagonal with it,
    # must step next to it and is taken: 8-4 29-8 4x11.  Crowning on f8 instead lets a1 out.
    with dtb.Tablebase("brazilian", tables("brazilian")) as tb:
        assert tb.probe("W:W8:BK29") == dtb.Value(WIN, 3)
        assert str(tb.probe("W:W8:BK29")) == "win in 3 plies"
        assert [(str(m), m.value) for m in tb.moves("W:W8:BK29")] == [
            ("8-4", dtb.Value(WIN, 3)),
            ("8-3", dtb.Value(DRAW, 0)),
        ]
        best = tb.best_move("W:W8:BK29")
        assert str(best) == "8-4" and best.after == "B:WK4:BK29"
        assert [str(m) for m in tb.line("W:W8:BK29")] == ["8-4", "29-8", "4x11"]
        assert [str(m) for m in tb.line("W:W8:BK29", max_moves=1)] == ["8-4"]


def test_blocked_side_has_lost(tables):
    # Brazilian: White's man on a7 cannot step to b8, where Black's man stands, nor take it.
    with dtb.Tablebase("brazilian", tables("brazilian")) as tb:
        assert tb.probe("W:W5:B1") == dtb.Value(LOSS, 0)
        assert tb.moves("W:W5:B1") == [] and tb.line("W:W5:B1") == []
        with pytest.raises(dtb.GameOverError):
            tb.best_move("W:W5:B1")


def test_side_to_move_without_pieces_has_lost(tables):
    # Brazilian: the line of the first test ends 4x11, h8 taking Black's last piece on g7,
    # landing on f6.  Black, to move, has no pieces: no legal move, so it has lost (docs/rules.md
    # 5), as the blocked side above.  White to move there, or neither side with pieces,
    # cannot arise: the game ended with the capture.
    ended = "B:WK11:B"
    with dtb.Tablebase("brazilian", tables("brazilian")) as tb:
        assert tb.line("W:W8:BK29")[-1].after == ended
        assert tb.probe(ended) == dtb.Value(LOSS, 0) and tb.probe_wdl(ended) == LOSS
        assert tb.probe_wdl_many(["W:W8:BK29", ended, "B:W8:BK29"]) == [WIN, LOSS, WIN]
        assert tb.moves(ended) == [] and tb.line(ended, max_moves=4) == []
        with pytest.raises(dtb.GameOverError):
            tb.best_move(ended)
        calls = (tb.probe, tb.probe_wdl, lambda fen: tb.probe_wdl_many([fen]), tb.moves,
                 tb.best_move, lambda fen: tb.line(fen, max_moves=4))
        for fen, named in (("W:WK11:B", "Black"), ("B:W:BK30", "White"), ("W:W:B", "Black")):
            for call in calls:
                with pytest.raises(dtb.PositionError, match=f"{named} has no pieces"):
                    call(fen)


def test_capture_of_the_last_piece_needs_no_table(tmp_path):
    # Scandinavian 8x8 (mirrored board): d3 takes c4 and the game is over.
    with dtb.Tablebase("scandinavian-8", tmp_path) as tb:
        assert tb.probe("W:W22:B18") == dtb.Value(WIN, 1)
        assert [str(m) for m in tb.moves("W:W22:B18")] == ["22x13"]


def test_frisian_draw_rules(tables):
    frisian = tables("frisian")
    pure, official = (dtb.Tablebase("frisian", frisian, rules=r) for r in ("pure", "official"))
    with pure, official:
        # One king against one: a1 takes b2 at once, a win under both sets; with no capture
        # the official rules draw it.
        assert pure.probe("W:WK46:BK41") == official.probe("W:WK46:BK41") == dtb.Value(WIN, 1)
        assert official.probe("W:WK46:BK5") == dtb.Value(DRAW, 0)
        # Two kings against one: the longest pure win (dtb-probe stats KKvK) takes 19 plies,
        # more than the 13 the official rules allow with the two kings to move.
        assert pure.probe("W:WK9,K20:BK4") == dtb.Value(WIN, 19)
        assert official.probe("W:WK9,K20:BK4") == dtb.Value(DRAW, 0)
