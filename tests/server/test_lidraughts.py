"""GET /lidraughts/VARIANT?fen= of dtb-serve, as lidraughts' analysis board reads it (its
ui/analyse/src/explorer/: the lichess shape), and lidraughts' FEN through the JSON API.
Values are checked against dtb-probe lookup (the command line, none of the server's code)
and against positions derived by hand; uci against lidraughts' Uci format (every square the
piece stands on, two digits each).

usage: test_lidraughts.py DTB_SERVE DTB_GEN DTB_PROBE WORK_DIR"""

import os
import random
import re
import sys

from test_serve import Server, build_tables, check, failures, lookup, random_fen

# variant -> (pieces, squares, White's and Black's promotion squares): docs/rules.md 1.
BOARDS = {
    "brazilian": (3, 32, range(1, 5), range(29, 33)),
    "frisian": (3, 50, range(1, 6), range(46, 51)),
    "international": (3, 50, range(1, 6), range(46, 51)),
}
KEYS = {"standard": "international", "fromPosition": "international", "frisian": "frisian",
        "frysk": "frisian", "brazilian": "brazilian"}
RANDOM_POSITIONS = 25  # a lidraughts key
WDL = {"win": 2, "draw": 0, "loss": -2}
SIGN = {"win": 1, "draw": 0, "loss": -1}
FLAGS = ("stalemate", "variant_win", "variant_loss", "insufficient_material")


def men_of(fen):
    """The squares of the side to move's men, read from the FEN's text."""
    field = next((f for f in fen.split(":")[1:] if f.startswith(fen[0])), "")
    return {int(p) for p in field[1:].split(",") if p and not p.startswith("K")}


def uci_of(san):
    """lidraughts' uci of a move written with every square it stands on."""
    return "".join(f"{int(n):02d}" for n in re.split("[-x]", san))


def check_move(what, fen, got, notation, value):
    """A move's answer against lookup's notation and value for the side that plays it:
    lidraughts wants the position after it, for the side then to move, one ply shorter."""
    category, dtw = value
    after = 0 if category == "draw" else dtw - 1
    squares = re.split("[-x]", notation)
    want = {"san": notation, "wdl": -WDL[category], "dtz": -SIGN[category] * after,
            "dtm": -SIGN[category] * after, "checkmate": category == "win" and after == 0,
            "zeroing": "x" in notation or int(squares[0]) in men_of(fen)}
    have = {k: got.get(k) for k in want}
    check(f"{what} {notation}: values of the position after it", have == want, f"{have} {want}")
    uci = got.get("uci", "")
    ok = len(uci) % 2 == 0 and uci[:2] == f"{int(squares[0]):02d}" and uci[-2:] == f"{int(squares[-1]):02d}"
    if "-" in notation or len(squares) > 2:
        ok = ok and uci == uci_of(notation)  # every square written: quiet, or a full path
    check(f"{what} {notation}: uci {uci}", ok and not any(got.get(f) for f in FLAGS), got)


def check_against_lookup(server, probe, tables, key, fen):
    variant = KEYS[key]
    status, got = server.api(f"/lidraughts/{key}", fen=fen)
    (category, dtw), moves, _ = lookup(probe, tables, variant, fen)
    what = f"/lidraughts/{key} {fen}"
    check(f"{what}: 200", status == 200, got)
    want = {"wdl": WDL[category], "dtz": SIGN[category] * dtw, "dtm": SIGN[category] * dtw,
            "checkmate": not moves, "category": category}
    have = {k: got.get(k) for k in want}
    check(f"{what}: value as lookup's", have == want, f"{have} {want}")
    served = got.get("moves", [])
    check(f"{what}: moves in lookup's order", [m.get("san") for m in served] ==
          [m for m, _ in moves], f"{served} {moves}")
    for m, (notation, value) in zip(served, moves):
        check_move(what, fen, m, notation, value)
    return got


def check_random(server, probe, tables, rng):
    for key, variant in KEYS.items():
        board = BOARDS[variant]
        for _ in range(RANDOM_POSITIONS):
            check_against_lookup(server, probe, tables, key, random_fen(rng, board))


def check_by_hand(server, probe, tables):
    # Brazilian W:W30:B19,26: c1 takes d2 and f4, landing on e3 (23) then g5 (16), and Black
    # has no piece left: a win in 1 ply; the move's uci names both landings.
    got = check_against_lookup(server, probe, tables, "brazilian", "W:W30:B19,26")
    move = (got.get("moves") or [{}])[0]
    check("a capture of two: uci 302316, san 30x16, the game over after it",
          (move.get("uci"), move.get("san"), move.get("checkmate"), got.get("wdl"),
           got.get("dtm")) == ("302316", "30x16", True, 2, 1), got)
    # lidraughts' own FEN (its tests): White's king on j10 (5) can only move along the long
    # diagonal a1-j10, where Black's king on a1 (46) takes it: a loss in 2 plies, each of
    # the 8 moves a win in 1 for Black.
    for key in ("standard", "fromPosition"):
        got = check_against_lookup(server, probe, tables, key, "W:WK5:BK46:H0:F1")
        check(f"{key}: lidraughts' W:WK5:BK46:H0:F1 lost in 2, 8 moves each won in 1 by Black",
              (got.get("wdl"), got.get("dtm"), [(m["wdl"], m["dtm"]) for m in got["moves"]]) ==
              (-2, -2, [(2, 1)] * 8), got)
    # Frisian W:WK1,K2:BK17: a win in 3 plies while White has played at most 5 moves in two
    # kings against one (tests/lookup/test_draw_rules.sh): H10 is 5 of them, H12 6.
    for key in ("frisian", "frysk"):
        status, got = server.api(f"/lidraughts/{key}", fen="W:WK1,K2:BK17:H10:F40:+0+0")
        check(f"{key} H10: won in 3", (got.get("wdl"), got.get("dtm")) == (2, 3), got)
        status, got = server.api(f"/lidraughts/{key}", fen="W:WK1,K2:BK17:H12:F40:+0+0")
        check(f"{key} H12: drawn", (got.get("wdl"), got.get("dtm")) == (0, 0), got)
    # No legal move: Black's king on a1 is blocked by b2 and c3 behind it.
    status, got = server.api("/lidraughts/brazilian", fen="B:W22,25:BK29")
    check("no legal move: lost, said checkmate, no moves",
          (status, got.get("wdl"), got.get("dtm"), got.get("checkmate"), got.get("moves")) ==
          (200, -2, 0, True, []), got)


def check_answers(server):
    status, got = server.api("/lidraughts/standard", fen="W:W31,32:B1,2:H0:F1")
    check("a table missing (4 pieces): 200, unknown, as lichess answers beyond its tables",
          status == 200 and (got.get("wdl"), got.get("dtz"), got.get("dtm"), got.get("category"),
                             got.get("moves"), got.get("checkmate")) ==
          (None, None, None, "unknown", [], False), (status, got))
    for target, code, text in (
            ("/lidraughts/chess?fen=W:W31:B1", 404, "'chess' is not one of lidraughts'"),
            ("/lidraughts/russian?fen=W:W31:B1", 404, "'russian' has rules dtb has no tables"),
            ("/lidraughts/antidraughts?fen=W:W31:B1", 404, "dtb answers standard, fromPosition"),
            ("/lidraughts/standard", 400, "fen: missing"),
            ("/lidraughts/standard?fen=W:WG31:B1", 400, "ghost piece 'G31'"),
            ("/lidraughts/standard?fen=W:W31:B1:H0:F1:%2B0%2B0", 400, "exists only in Frisian"),
            ("/lidraughts/frisian?fen=W:W28,K46:BK43:%2B0%2B446", 400, "count 4 in '+0+446'")):
        status, headers, body = server.request(target)
        check(f"{target}: {code} naming the fault", status == code and text in body.decode() and
              headers.get("content-type", "").startswith("application/json"), (status, body))
    status, headers, _ = server.request("/lidraughts/brazilian?fen=W:W30:B19,26")
    check("any origin may ask (lidraughts' pages are elsewhere)",
          headers.get("access-control-allow-origin") == "*", headers)


def check_api_reads_lidraughts_fen(server):
    # The JSON API takes lidraughts' FEN too and answers dtb's own, with H as moves played.
    status, got = server.api("/api/frisian", fen="W:WK1,K2:BK17:H12:F40:+0+0")
    check("/api/frisian of a lidraughts FEN: dtb's FEN, 6 moves played, a draw",
          (status, got.get("fen"), got.get("moves_played"), got.get("category")) ==
          (200, "W:WK1,K2:BK17", 6, "draw"), got)
    status, got = server.api("/api/brazilian", fen='[FEN "w:w8:bk29"]')
    check("/api/brazilian of a PDN tag in lower case: dtb's FEN, a win in 3",
          (status, got.get("fen"), got.get("category"), got.get("dtw")) ==
          (200, "W:W8:BK29", "win", 3), got)


def main():
    serve, gen, probe, work = sys.argv[1:5]
    tables = build_tables(gen, work, BOARDS)
    server = Server(serve, tables, os.path.join(work, "serve.log"))
    check_random(server, probe, tables, random.Random(54))
    check_by_hand(server, probe, tables)
    check_answers(server)
    check_api_reads_lidraughts_fen(server)
    server.stop(15)
    print(f"{len(failures)} failures" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
