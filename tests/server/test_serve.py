"""dtb-serve over HTTP, as a client sees it. The test builds 3-piece sets, starts dtb-serve
on a free port and checks every endpoint against the command line (dtb-probe batch, lookup
and stats: an outside check, none of the server's code), the rules (docs/rules.md) for the
boards, and Python's own JSON parser for every body. Then the errors with their status
codes, files of the page's folder and every way out of it refused, a corrupt table
answered 500 with its file named, concurrent clients, connections kept alive, bad
command lines, the log, and SIGTERM and SIGINT
stopping the server with exit status 0 (under AddressSanitizer: with nothing leaked).

usage: test_serve.py DTB_SERVE DTB_GEN DTB_PROBE WORK_DIR"""

import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import zlib

from serve_process import start_dtb_serve

# The sets built, variant -> (pieces, board squares, promotion squares of White's and of
# Black's men (docs/rules.md 1), mirrored, king-move counts, draw rules).
BOARDS = {
    "brazilian": (3, 32, range(1, 5), range(29, 33), False, False, False),
    "frisian": (3, 50, range(1, 6), range(46, 51), False, True, True),
    "scandinavian": (3, 50, range(1, 6), range(46, 51), True, False, False),
}
RANDOM_POSITIONS = 60  # a variant, checked against dtb-probe batch
FULL_POSITIONS = 8     # a variant, every move and the line checked against dtb-probe lookup
VALUE = r"(win in \d+ ply|win in \d+ plies|loss in \d+ ply|loss in \d+ plies|draw)"
SECRET = "not for the web"

failures = []


def check(what, ok, detail=""):
    print(f"{'ok  ' if ok else 'FAIL'} {what}{'' if ok else ': ' + str(detail)[:400]}")
    if not ok:
        failures.append(what)


def strict_json(body):
    """Python's parser, refusing duplicate keys and NaN-like constants json allows."""
    def pairs(items):
        keys = [k for k, _ in items]
        if len(keys) != len(set(keys)):
            raise ValueError(f"duplicate key in {keys}")
        return dict(items)

    def constant(name):
        raise ValueError(f"{name} is not JSON")
    return json.loads(body.decode("utf-8"), object_pairs_hook=pairs, parse_constant=constant)


class Server:
    """A dtb-serve process on a free port, its log in a file."""

    def __init__(self, serve, root, log, www=None):
        self.log = log
        self.proc, self.port = start_dtb_serve(
            serve, ["--root", root] + (["--www", www] if www else []), log)

    def request(self, target, method="GET"):
        """(status, headers, body bytes) of target sent as is."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        conn.putrequest(method, target, skip_accept_encoding=True)
        conn.endheaders()
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, body

    def api(self, path, **params):
        """(status, parsed JSON) of an API request; the body must be JSON in every case."""
        query = urllib.parse.urlencode(params)
        status, headers, body = self.request(path + ("?" + query if query else ""))
        check(f"{path} {query[:60]}: JSON content type",
              headers.get("content-type") == "application/json; charset=utf-8", headers)
        try:
            return status, strict_json(body)
        except ValueError as e:
            check(f"{path} {query[:60]}: body parses as JSON", False, f"{e}: {body[:200]}")
            return status, {}

    def raw(self, data, wait=10):
        """The bytes the server sends for data, until it closes the connection (or wait
        seconds pass: then b"" and the connection still open)."""
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=wait)
        sock.sendall(data)
        got = b""
        try:
            while chunk := sock.recv(65536):
                got += chunk
        except socket.timeout:
            return got, False
        finally:
            sock.close()
        return got, True

    def stop(self, sig):
        self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return "hung"


def probe_batch(probe, tables, variant, fens):
    """dtb-probe batch: fen -> (category, dtw, best move) or None for an error."""
    out = subprocess.run([probe, "batch", "--variant", variant, "--dir", f"{tables}/{variant}"],
                         input="".join(f + "\n" for f in fens), capture_output=True,
                         text=True).stdout
    answers = {}
    for row in out.splitlines():
        fen, category, dtw, *best = row.split("\t")
        answers[fen] = None if category == "error" else (
            category, 0 if dtw == "-" else int(dtw), best[0] if best and best[0] != "-" else None)
    return answers


def value_of(sentence):
    match = re.match(r"(win|loss) in (\d+) pl", sentence)
    return (match.group(1), int(match.group(2))) if match else ("draw", 0)


def lookup(probe, tables, variant, fen, rules="official", played=0):
    """dtb-probe lookup: (value, [(move, value)], line moves)."""
    out = subprocess.run([probe, "lookup", "--variant", variant, "--dir", f"{tables}/{variant}",
                          "--rules", rules, "--moves-played", str(played), fen],
                         capture_output=True, text=True, check=True).stdout
    value = value_of(re.search(rf"(?:White|Black) to move: {VALUE}", out).group(1))
    moves = [(m, value_of(v)) for m, v in
             re.findall(rf"\s(\d+(?:[-x]\d+)+)\s+{VALUE}\s*$", out, re.MULTILINE)]
    return value, moves, line_of(out)


def line_of(out):
    """The moves of lookup's line: its right column, from "line:" to the next blank or note
    (the board's diagram fills the left column beside it)."""
    rows = out.splitlines()
    start = next((i for i, row in enumerate(rows) if "line:" in row), None)
    if start is None:
        return []
    column = rows[start].index("line:")
    moves = rows[start][column + len("line:"):].split()
    for row in rows[start + 1:]:
        more = row[column:].split()
        if not more or not re.fullmatch(r"\d+(?:[-x]\d+)+", more[0]):
            break
        moves += more
    return moves


def random_fen(rng, board):
    """A position of 2 or 3 pieces, both sides with one, no man on its promotion row."""
    _, squares, white_crown, black_crown, *_ = board
    count = rng.choice([2, 3])
    chosen = rng.sample(range(1, squares + 1), count)
    sides = {"W": [], "B": []}
    for i, square in enumerate(chosen):
        side = "W" if i == 0 else "B" if i == 1 else rng.choice("WB")
        crown = white_crown if side == "W" else black_crown
        king = square in crown or rng.random() < 0.5
        sides[side].append(("K" if king else "") + str(square))
    return f"{rng.choice('WB')}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"


def kings_of(fen, side):
    """The number of kings of side ('W' or 'B') in a FEN, read from its text."""
    field = next((f for f in fen.split(":")[1:] if f.startswith(side)), side)
    return sum(1 for piece in field[1:].split(",") if piece.startswith("K"))


def squares_of(fen, side):
    """The squares of side's pieces ('W' or 'B') in a FEN without ranges."""
    field = next((f for f in fen.split(":")[1:] if f.startswith(side)), side)
    return {int(p.lstrip("K")) for p in field[1:].split(",") if p}


def cell(variant, square):
    """(row from the top, file) of a square (docs/rules.md 1): numbered in reading order from
    White's side, the top row's first dark square on file b, or on a where mirrored."""
    _, squares, _, _, mirrored, _, _ = BOARDS[variant]
    per_row = 5 if squares == 50 else 4
    row, nth = divmod(square - 1, per_row)
    return row, 2 * nth + ((row % 2) if mirrored else (row + 1) % 2)


def between(variant, a, b):
    """The squares strictly between a and b on their line, or None when they share none: a
    diagonal, or for the kings of some variants a row or a file (docs/rules.md)."""
    (r1, f1), (r2, f2) = cell(variant, a), cell(variant, b)
    if abs(r2 - r1) != abs(f2 - f1) and r1 != r2 and f1 != f2:
        return None
    dr, df = (r2 > r1) - (r2 < r1), (f2 > f1) - (f2 < f1)
    cells = {(r1 + i * dr, f1 + i * df) for i in range(1, max(abs(r2 - r1), abs(f2 - f1)))}
    return {n for n in range(1, BOARDS[variant][1] + 1) if cell(variant, n) in cells}


def move_squares_wrong(variant, fen, m):
    """Why move m's from, to, path and captured do not fit its notation and FENs, or None:
    the path's legs run on diagonals, each piece taken is the opponent's, gone after the
    move, and lies on a leg."""
    named = [int(n) for n in re.split("[-x]", m["move"])]
    path, taken = m.get("path", []), m.get("captured", [])
    if (m.get("from"), m.get("to")) != (named[0], named[-1]) or not path or path[-1] != named[-1]:
        return "from, to or the path's end is not the notation's"
    if len(named) > 2 and path != named[1:]:
        return "the path is not the landing squares the notation names"
    legs = [between(variant, a, b) for a, b in zip([named[0]] + path, path)]
    if None in legs:
        return "a leg of the path is off a line"
    opponent = "B" if fen[0] == "W" else "W"
    gone = squares_of(fen, opponent) - squares_of(m["fen"], opponent)
    if sorted(gone) != taken or any(not any(n in leg for leg in legs) for n in taken):
        return f"captured {taken} is not the pieces gone, {sorted(gone)}, each on a leg"
    if not m["capture"] and (len(path) != 1 or taken):
        return "a quiet move with more than its end in its path, or pieces taken"
    return None


def check_position(server, probe, tables, variant, fen, rules="official", played=0):
    """/api/V?fen= against dtb-probe lookup: value, moves in order, line, flags."""
    params = {"fen": fen, "rules": rules} | ({"moves_played": played} if played else {})
    status, got = server.api(f"/api/{variant}", **params)
    value, moves, line = lookup(probe, tables, variant, fen, rules, played)
    what = f"{variant} {fen} {rules}"
    check(f"{what}: 200", status == 200, got)
    check(f"{what}: value as lookup's", (got.get("category"), got.get("dtw")) == value,
          f"{got.get('category')} {got.get('dtw')} != {value}")
    served = [(m["move"], (m["category"], m["dtw"])) for m in got.get("moves", [])]
    check(f"{what}: moves and their values as lookup's, in its order", served == moves,
          f"{served} != {moves}")
    check(f"{what}: line as lookup's", [m["move"] for m in got.get("line", [])] == line,
          f"{[m['move'] for m in got.get('line', [])]} != {line}")
    mover = fen[0]
    for m in got.get("moves", []):
        promoted = kings_of(m["fen"], mover) > kings_of(fen, mover)
        if m["capture"] != ("x" in m["move"]) or m["promotion"] != promoted:
            check(f"{what}: {m['move']}'s capture and promotion flags", False, m)
        wrong = move_squares_wrong(variant, fen, m)
        if wrong:
            check(f"{what}: {m['move']}'s from, to, path and captured", False, f"{wrong}: {m}")
    return got


def check_variants(server, tables):
    status, got = server.api("/api/variants")
    served = {v["id"]: v for v in got.get("variants", [])}
    check("variants: the three sets, not the folder named after no variant",
          status == 200 and sorted(served) == sorted(BOARDS), got)
    for variant, (_, squares, _, _, mirrored, counts, rules) in BOARDS.items():
        v = served.get(variant, {})
        board = (v.get("board_size"), v.get("squares"), v.get("mirrored"),
                 v.get("king_move_limit"), v.get("draw_rules"))
        want = (8 if squares == 32 else 10, squares, mirrored, counts, rules)
        check(f"variants: {variant}'s board as docs/rules.md gives it", board == want, f"{board} != {want}")
        files = sorted(f[:-4] for f in os.listdir(f"{tables}/{variant}") if f.endswith(".dtb"))
        listed = v.get("materials", [])
        check(f"variants: {variant}'s materials are its files, fewest pieces first",
              sorted(listed) == files and listed == sorted(listed, key=lambda m: (len(m), m)),
              f"{listed} != {files}")


def check_random(server, probe, tables, rng):
    for variant, board in BOARDS.items():
        fens = [random_fen(rng, board) for _ in range(RANDOM_POSITIONS)]
        truth = probe_batch(probe, tables, variant, fens)
        wrong = []
        for fen in fens:
            status, got = server.api(f"/api/{variant}", fen=fen)
            best = (got.get("moves") or [{}])[0].get("move")
            mine = (got.get("category"), got.get("dtw"), best) if status == 200 else None
            if mine != truth.get(fen):
                wrong.append(f"{fen}: {mine} != {truth.get(fen)}")
        check(f"{variant}: {len(fens)} random positions as dtb-probe batch gives them "
              f"({sum(1 for t in truth.values() if t)} valid)", not wrong, wrong[:3])


def check_move_fens(server, probe, tables, variant, got):
    """Each move's FEN, probed by dtb-probe batch, is worth the mover's value negated, a
    ply nearer the end: the moves' values are the mover's, counted from before the move."""
    moves = got.get("moves", [])
    truth = probe_batch(probe, tables, variant, [m["fen"] for m in moves])
    flip = {"win": "loss", "loss": "win", "draw": "draw"}
    wrong = [m for m in moves if truth.get(m["fen"]) and truth[m["fen"]][:2] !=
             (flip[m["category"]], max(m["dtw"] - 1, 0))]
    over = [m for m in moves if truth.get(m["fen"]) is None and "x" not in m["move"]]
    check(f"{variant} {got.get('fen')}: each move's FEN is worth the mover's value negated",
          moves and not wrong and not over, wrong[:2] + over[:2])


def check_full(server, probe, tables, rng):
    for variant, board in BOARDS.items():
        fens = [f for f in (random_fen(rng, board) for _ in range(40))
                if probe_batch(probe, tables, variant, [f]).get(f)][:FULL_POSITIONS]
        for fen in fens:
            got = check_position(server, probe, tables, variant, fen)
            if variant != "frisian" and not got.get("game_over"):
                check_move_fens(server, probe, tables, variant, got)
            status, main = server.api(f"/api/{variant}/mainline", fen=fen)
            check(f"{variant} {fen}: mainline is the position's line",
                  status == 200 and main.get("mainline") == got.get("line"), main)
            side = "white" if fen[0] == "W" else "black"
            other = "black" if side == "white" else "white"
            winner = {"win": side, "loss": other, "draw": None}.get(got.get("category"))
            check(f"{variant} {fen}: mainline's winner", main.get("winner") == winner, main)


def check_special(server, probe, tables):
    # A capture pending: the man must take.
    got = check_position(server, probe, tables, "brazilian", "W:W21:B17")
    check("capture pending: the capture is the only move, flagged",
          [(m["move"], m["capture"]) for m in got.get("moves", [])] == [("21x14", True)], got)
    # A king's capture of three men, worked out on the board: 29 over 22 to 18, over 15 to
    # 11, over 7 to 2.
    got = check_position(server, probe, tables, "brazilian", "W:WK29:B7,14,15,22")
    check("a capture's from, to, landing squares and pieces taken",
          [(m["from"], m["to"], m["path"], m["captured"]) for m in got.get("moves", [])] ==
          [(29, 2, [18, 11, 2], [7, 15, 22])], got)
    # A man crowned by its move.
    got = check_position(server, probe, tables, "brazilian", "W:W5:BK32")
    check("a promotion flagged", any(m["promotion"] for m in got.get("moves", [])), got)
    # Frisian: king-move counts, both value sets, the moves of two kings against one.
    check_position(server, probe, tables, "frisian", "W:W31,K46:BK5:CW46=2")
    for rules in ("official", "pure"):
        check_position(server, probe, tables, "frisian", "W:WK9,K20:BK4", rules)
        got = check_position(server, probe, tables, "frisian", "W:WK46,K47:BK5", rules, played=3)
        check(f"frisian moves_played {rules}: given back, and counted on by each move",
              got.get("moves_played") == 3 and
              all(m.get("moves_played") == 4 for m in got.get("moves", [])), got)
    # Games already over: no piece, no move.
    for fen, reason in (("B:WK5:B", "no pieces"), ("B:W22,25:BK29", "no legal move")):
        status, got = server.api("/api/brazilian", fen=fen)
        check(f"game over ({reason}): a loss in 0, no moves, said over",
              status == 200 and (got.get("category"), got.get("dtw"), got.get("moves"),
                                 got.get("line"), got.get("game_over")) ==
              ("loss", 0, [], [], True) and reason in got.get("game_over_reason", ""), got)
    check("game over (no legal move): lookup agrees",
          lookup(probe, tables, "brazilian", "B:W22,25:BK29")[0] == ("loss", 0))


def stats_lines(probe, tables, variant, material):
    out = subprocess.run([probe, "stats", "--variant", variant, "--dir", f"{tables}/{variant}",
                          material], capture_output=True, text=True, check=True).stdout
    return {line.split()[0]: line.split()[1:] for line in out.splitlines()}


def check_stats(server, probe, tables):
    cases = [("brazilian", "KKvK", "official", ""), ("scandinavian", "KMvK", "official", ""),
             ("frisian", "KKvK", "pure", ""), ("frisian", "KKvK", "official", "rules-")]
    for variant, material, rules, prefix in cases:
        status, got = server.api(f"/api/{variant}/stats/{material}", rules=rules)
        cli = stats_lines(probe, tables, variant, material)
        what = f"stats {variant} {material} {rules}"
        for side in ("white", "black"):
            counts = got.get(f"{side}_to_move", {})
            mine = ["win", str(counts.get("wins")), "draw", str(counts.get("draws")), "loss",
                    str(counts.get("losses"))]
            check(f"{what}: {side} to move as dtb-probe stats", status == 200 and
                  mine == cli.get(f"{prefix}{side}-to-move"), f"{mine} != {cli}")
        longest = got.get("longest_win") or {}
        check(f"{what}: longest win as dtb-probe stats",
              [str(longest.get("dtw")), longest.get("fen")] == cli.get(f"{prefix}longest-win"),
              f"{longest} != {cli}")
        histogram = got.get("histogram", {})
        wins = sum(got.get(f"{s}_to_move", {}).get("wins", 0) for s in ("white", "black"))
        losses = sum(got.get(f"{s}_to_move", {}).get("losses", 0) for s in ("white", "black"))
        check(f"{what}: histograms sum to the wins and losses, the wins' ending at the longest",
              sum(histogram.get("win", [])) == wins and sum(histogram.get("loss", [])) == losses
              and len(histogram.get("win", [])) == longest.get("dtw", -1) + 1, histogram)
    status, got = server.api("/api/brazilian/stats/KKvK")
    status2, again = server.api("/api/brazilian/stats/KKvK")
    check("stats: asked again, the same answer", status == status2 == 200 and got == again)


def check_errors(server):
    cases = [  # (target, status, start of the error)
        ("/api/brazilian?fen=W:W99:B1", 400, "fen: bad FEN 'W:W99:B1'"),
        ("/api/brazilian?fen=W:W1:B20", 400, "fen: "),
        ("/api/brazilian", 400, "fen: missing"),
        ("/api/brazilian?fen=W:WK5:B", 400, "position: "),
        ("/api/nosuch?fen=W:W5:B1", 404, "variant: 'nosuch'"),
        ("/api/brazilian?fen=W:W5,6:B1,2", 404, "tables: "),
        ("/api/brazilian?fen=W:W5:B1&rules=fide", 400, "rules: 'fide'"),
        ("/api/brazilian?fen=W:W5:B1&colour=red", 400, "query: unknown parameter 'colour'"),
        ("/api/brazilian?fen=W:W5:B1&fen=W:W6:B1", 400, "query: parameter 'fen' is given twice"),
        ("/api/brazilian?fen=W%3G", 400, "query parameter 'fen': bad percent escape"),
        ("/api/brazilian?fen=W%00", 400, "query parameter 'fen': %00"),
        ("/api/frisian?fen=W:WK46,K47:BK5&moves_played=9x", 400, "moves_played: '9x'"),
        ("/api/frisian?fen=W:WK46,K47:BK5&moves_played=8", 400, "position: "),
        ("/api/brazilian/stats/KQvK", 400, "material: "),
        ("/api/brazilian/stats/" + "K" * 40 + "vK", 400, "material: "),
        ("/api/brazilian/stats/KKKKvK", 404, "tables: "),
        ("/api/brazilian/stats/KKvK?fen=W:W5:B1", 400, "query: unknown parameter 'fen'"),
        ("/api/brazilian/moves", 404, "no such endpoint"),
        ("/api/variants?x=1", 400, "query: unknown parameter 'x'"),
        ("/api/brazilian?fen=" + "W:W5:B1," * 140, 414, "query: "),
        ("/api/" + "a" * 2100, 414, "the request target is "),
    ]
    for target, status, start in cases:
        got_status, headers, body = server.request(target)
        try:
            error = strict_json(body).get("error", "")
        except ValueError:
            error = f"not JSON: {body[:100]}"
        check(f"{target[:70]}: {status} '{start}'",
              got_status == status and error.startswith(start), f"{got_status} {error}")
    status, headers, body = server.request("/api/brazilian?fen=" + "W" * 40000)
    check("a 40 kB target refused, 414 or 431", status in (414, 431, 400), status)
    status, headers, body = server.request("/api/variants", "POST")
    check("POST: 405 with Allow", status == 405 and headers.get("allow") == "GET, HEAD", headers)
    status, headers, body = server.request("/api/variants", "HEAD")
    check("HEAD: 200, no body", status == 200 and body == b"", (status, body[:50]))
    # The FEN quoted back in the error, with a quote, a backslash, a control character, a
    # byte that is not UTF-8 and one that is, escaped so that JSON still parses.
    status, headers, body = server.request("/api/brazilian?fen=W:%22%5C%01%FF%C3%A9")
    error = strict_json(body).get("error", "")
    check("error quoting odd bytes: parses, each character as sent (U+FFFD for a bad byte)",
          status == 400 and 'W:"\\\x01\ufffd\u00e9' in error, error)


def check_missing(server, gen, probe, work):
    """A missing table is named with the dtb-gen command that builds it, and that command
    run (into a folder of its own) builds what the position needs."""
    fen = "W:WK1,K2:BK31,K32"
    builds = []
    for target, material in ((f"/api/brazilian?fen={fen}", "KKvKK"),
                             ("/api/brazilian/stats/KKKKvK", "KKKKvK")):
        status, _, body = server.request(target)
        got = strict_json(body)
        command = f"dtb-gen --variant brazilian {material}"
        check(f"{target}: 404 naming the table of {material} and '{command}'",
              status == 404 and got.get("missing_table") == material and
              got.get("build") == command and f"table of {material}" in got.get("error", "") and
              command in got.get("error", ""), (status, got))
        builds.append(got.get("build", "dtb-gen"))
    folder = os.path.join(work, "built-as-told")
    subprocess.run([gen] + builds[0].split()[1:] + ["--dir", folder], capture_output=True)
    looked = subprocess.run([probe, "lookup", "--variant", "brazilian", "--dir", folder, fen],
                            capture_output=True, text=True)
    check("the command given builds the tables the position needs",
          looked.returncode == 0 and "White to move" in looked.stdout, looked.stderr)


def check_caching(server):
    """ETag and Cache-Control on the API's answers; If-None-Match gets 304 without a body."""
    status, headers, body = server.request("/api/brazilian?fen=W:WK1:BK28")
    tag = headers.get("etag", "")
    check("an API answer has a strong ETag and Cache-Control",
          status == 200 and re.fullmatch(r'"[0-9a-f]{16}"', tag) and
          headers.get("cache-control", "").startswith("public, max-age="), headers)
    for sent in (tag, f'"other", W/{tag}', "*"):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        conn.request("GET", "/api/brazilian?fen=W:WK1:BK28", headers={"If-None-Match": sent})
        resp = conn.getresponse()
        check(f"If-None-Match: {sent}: 304, no body, the tag again",
              resp.status == 304 and resp.read() == b"" and resp.getheader("etag") == tag,
              (resp.status, resp.getheaders()))
        conn.close()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    conn.request("GET", "/api/brazilian?fen=W:WK1:BK28", headers={"If-None-Match": '"other"'})
    resp = conn.getresponse()
    check("If-None-Match of another tag: 200 with the body", resp.status == 200 and resp.read())
    status, headers, _ = server.request("/api/brazilian?fen=W:W5,6:B1,2")
    check("an error has no ETag and is not cached", "etag" not in headers and
          headers.get("cache-control") == "no-cache", headers)
    return tag


def check_gzip(server):
    """gzip when accepted: the same document, Vary on Accept-Encoding, a weak ETag."""
    target = "/api/brazilian?fen=W:WK1,K2:BK28"
    plain = server.request(target)
    for accept, zipped in (("gzip", True), ("br;q=1, gzip;q=0.5", True), ("gzip;q=0", False),
                           ("identity", False)):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        conn.request("GET", target, headers={"Accept-Encoding": accept})
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
        coded = resp.getheader("content-encoding") == "gzip"
        same = (zlib.decompress(body, 16 + zlib.MAX_WBITS) if coded else body) == plain[2]
        check(f"Accept-Encoding: {accept}: {'gzip' if zipped else 'not compressed'}, the same "
              "document", resp.status == 200 and coded == zipped and same and
              resp.getheader("vary") == "Accept-Encoding" and
              (resp.getheader("etag") == "W/" + plain[1]["etag"]) == zipped,
              (resp.getheaders(), len(body)))


def check_framing(server):
    """Requests framing a body, or framed two ways, refused with a 400 in JSON and the
    connection closed: the bytes after the head are never read as a next request."""
    pipelined = b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n"
    cases = [
        (b"Content-Length: 1\r\nContent-Length: 2\r\n\r\nab", "Content-Length: '1'"),
        (b"Content-Length: 2\r\n\r\nab", "Content-Length: '2' announces a body"),
        (b"Content-Length: 0\r\nContent-Length: 0\r\n\r\n", "is a second Content-Length"),
        (b"Transfer-Encoding: identity\r\n\r\n", "Transfer-Encoding: 'identity'"),
        (b"Transfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n", "Transfer-Encoding"),
        (b"Transfer-Encoding : chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n", "is not a token"),
        (b"Host: y\r\n\r\n", "Host: given 2 times"),
    ]
    for extra, error in cases:
        got, closed = server.raw(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n" + extra + pipelined)
        head, _, body = got.partition(b"\r\n\r\n")
        try:
            said = strict_json(body).get("error", "")
        except ValueError:
            said = f"not JSON: {body[:80]}"
        check(f"framing {extra[:40]}: 400 in JSON, closed, the pipelined GET not answered",
              got.startswith(b"HTTP/1.1 400 ") and error in said and closed and
              got.count(b"HTTP/1.1") == 1 and
              b"content-type: application/json" in head.lower(), got[:300])
    got, closed = server.raw(b"GET /api/variants HTTP/1.1\r\n\r\n")
    check("HTTP/1.1 without Host: 400 in JSON", got.startswith(b"HTTP/1.1 400 ") and
          b'{"error":"Host: missing' in got and got.count(b"HTTP/1.1 400") == 1, got[:300])
    got, _ = server.raw(b"GET /api/variants HTTP/1.0\r\n\r\n")
    check("HTTP/1.0 without Host: answered", got.startswith(b"HTTP/1.1 200 "), got[:100])
    got, closed = server.raw(b"GET /api/variants HTTP/2.0\r\nHost: x\r\n\r\n")
    check("HTTP/2.0: 505 in JSON, the connection closed",
          got.startswith(b"HTTP/1.1 505 ") and b'{"error":"HTTP/2.0: ' in got and closed,
          got[:100])


def check_limits_json(server):
    """Oversized heads answered by dtb in JSON, before the library's own limits."""
    for what, request, status in (
            ("a 40 kB header field", b"GET /api/variants HTTP/1.1\r\nHost: x\r\nX: " +
             b"a" * 40000 + b"\r\n\r\n", 431),
            ("100 header fields", b"GET /api/variants HTTP/1.1\r\nHost: x\r\n" +
             b"X: y\r\n" * 100 + b"\r\n", 431),
            ("a 30 kB target", b"GET /api/" + b"a" * 30000 + b" HTTP/1.1\r\nHost: x\r\n"
             b"Connection: close\r\n\r\n", 414)):
        got, _ = server.raw(request)
        head, _, body = got.partition(b"\r\n\r\n")
        check(f"{what}: {status} in JSON",
              head.startswith(f"HTTP/1.1 {status} ".encode()) and
              b"content-type: application/json" in head.lower() and
              b'{"error":' in body, got[:300])


def check_no_paths(server, work):
    """Errors name the variant and the material, never a path of the server."""
    status, headers, body = server.request("/api/brazilian?fen=W:W5,6:B1,2")
    check("a missing table: named by variant and material, no server path",
          status == 404 and b"MMvMM" in body and work.encode() not in body and
          b"/tmp" not in body, body)


def make_www(work):
    """A page folder with a file, a sub-folder, a hidden file and links out of it."""
    www = os.path.join(work, "www")
    os.makedirs(os.path.join(www, "js"))
    with open(os.path.join(www, "index.html"), "w") as f:
        f.write("<!doctype html><title>t</title>")
    with open(os.path.join(www, "js", "app.js"), "w") as f:
        f.write("export const x = 1;\n")
    with open(os.path.join(www, ".hidden"), "w") as f:
        f.write(SECRET)
    with open(os.path.join(work, "secret.txt"), "w") as f:
        f.write(SECRET)
    os.symlink(os.path.join(work, "secret.txt"), os.path.join(www, "outside.txt"))
    os.symlink(work, os.path.join(www, "up"))
    os.symlink(os.path.join(www, "index.html"), os.path.join(www, "inside.html"))
    return www


def check_files(server):
    for target, status, content_type in (
            ("/", 200, "text/html; charset=utf-8"),
            ("/index.html", 200, "text/html; charset=utf-8"),
            ("/js/app.js", 200, "text/javascript; charset=utf-8"),
            ("/inside.html", 200, "text/html; charset=utf-8"),
            ("/js/app.js?v=2", 200, "text/javascript; charset=utf-8")):
        got, headers, body = server.request(target)
        check(f"file {target}: {status} {content_type}",
              got == status and headers.get("content-type") == content_type, (got, headers))
    cors = [server.request(t)[1].get("access-control-allow-origin") for t in ("/api/variants", "/")]
    check("the API, not the page, allows any origin", cors == ["*", None], cors)
    refused = ["/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
               "/js/../../secret.txt", "/js/%2e%2e/%2e%2e/secret.txt", "/..%5csecret.txt",
               "//" + os.path.abspath("secret.txt"), "/" + "a/" * 200 + "x", "/.hidden",
               "/outside.txt", "/up/secret.txt", "/nosuch.html",
               "/js", "http://localhost/../secret.txt"]
    for target in refused:
        got, headers, body = server.request(target)
        check(f"file {target[:60]}: refused ({got})",
              got in (400, 403, 404, 414) and SECRET.encode() not in body, body[:100])


def check_concurrent(server, fens):
    """8 clients at once: every answer whole and the same as one client's."""
    alone = {fen: server.api("/api/brazilian", fen=fen) for fen in fens}
    bad = []

    def client(seed):
        rng = random.Random(seed)
        for _ in range(25):
            fen = rng.choice(fens)
            if server.api("/api/brazilian", fen=fen) != alone[fen]:
                bad.append(fen)
    threads = [threading.Thread(target=client, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check("8 concurrent clients x 25 requests: the answers of one client", not bad, bad[:3])


def check_keep_alive(server):
    """Requests one after another on one connection, none closing it."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    answers = []
    for _ in range(3):
        conn.request("GET", "/api/variants")
        resp = conn.getresponse()
        resp.read()
        answers.append((resp.status, resp.will_close))
    conn.close()
    check("3 requests on one kept-alive connection", answers == [(200, False)] * 3, answers)


def check_command_line(serve, tables, work, taken_port):
    """Bad options and folders: a sentence naming them, exit status 2 (usage) or 1."""
    empty = os.path.join(work, "empty")
    os.makedirs(empty)
    cases = [
        (["--help"], 0, "usage: dtb-serve"),
        (["--port", "99999"], 2, "--port must be a number from 0 to 65535: 99999"),
        (["--connections", "0"], 2, "--connections must be a number from 1 to 65536: 0"),
        (["--per-address", "0"], 2, "--per-address must be a number from 1 to 65536: 0"),
        (["--threads", "65"], 2, "--threads must be a number from 1 to 64: 65"),
        (["--timeout", "0"], 2, "--timeout must be a number from 1 to 3600: 0"),
        (["--version"], 0, "dtb-serve "),
        (["--frob"], 2, "unknown option or missing value: --frob"),
        (["--root", tables, "extra"], 2, "unexpected argument: extra"),
        (["--root", tables, "--bind", "example.com"], 2, "example.com"),
        (["--root", os.path.join(work, "nosuch")], 1, f"--root {work}/nosuch"),
        (["--root", empty], 1, "no folder is named after a variant"),
        (["--root", tables, "--www", os.path.join(work, "nosuch")], 1, f"--www {work}/nosuch"),
        (["--root", tables, "--port", str(taken_port)], 1, f"--port {taken_port}: cannot listen"),
    ]
    for args, status, text in cases:
        run = subprocess.run([serve] + args, capture_output=True, text=True, timeout=60)
        check(f"dtb-serve {' '.join(args)[-50:]}: exit {status}, '{text}'",
              run.returncode == status and text in run.stdout + run.stderr,
              f"{run.returncode} {run.stderr[:200]}")


def corrupt_copy(tables, work):
    """A copy of the Brazilian set whose KKvK.dtb has its middle bytes changed."""
    root = os.path.join(work, "corrupt")
    shutil.copytree(os.path.join(tables, "brazilian"), os.path.join(root, "brazilian"))
    path = os.path.join(root, "brazilian", "KKvK.dtb")
    data = bytearray(open(path, "rb").read())
    for i in range(len(data) // 2, len(data) // 2 + 64):
        data[i] ^= 0x5A
    open(path, "wb").write(bytes(data))
    manifest = os.path.join(root, "brazilian", "MANIFEST")
    lines = open(manifest).read().splitlines(keepends=True)
    open(manifest, "w").write("".join(re.sub(r"xxh3=\w+", "xxh3=0", line)
                                      if line.startswith("KKvK ") else line for line in lines))
    return root


def build_tables(gen, work, boards):
    """WORK emptied, then each variant's set of boards[variant][0] pieces built into
    WORK/tables/VARIANT; returns WORK/tables."""
    shutil.rmtree(work, ignore_errors=True)
    tables = os.path.join(work, "tables")
    for variant, board in boards.items():
        subprocess.run([gen, "--variant", variant, "--pieces", str(board[0]), "--dir",
                        os.path.join(tables, variant)], check=True, capture_output=True)
    return tables


def main():
    serve, gen, probe, work = sys.argv[1:5]
    tables = build_tables(gen, work, BOARDS)
    os.makedirs(os.path.join(tables, "notavariant"))
    www = make_www(work)
    os.chdir(work)
    rng = random.Random(41)
    server = Server(serve, tables, os.path.join(work, "serve.log"), www)
    check_variants(server, tables)
    check_random(server, probe, tables, rng)
    check_full(server, probe, tables, rng)
    check_special(server, probe, tables)
    check_stats(server, probe, tables)
    check_errors(server)
    check_missing(server, gen, probe, work)
    check_files(server)
    check_concurrent(server, [random_fen(rng, BOARDS["brazilian"]) for _ in range(10)])
    check_keep_alive(server)
    tag = check_caching(server)
    check_gzip(server)
    check_framing(server)
    check_limits_json(server)
    check_no_paths(server, work)
    check_command_line(serve, tables, work, server.port)
    log = open(server.log).read()
    stamp = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"
    check("the log has a line per request: UTC time, method, target, status, time taken",
          re.search(rf"^{stamp} GET /api/brazilian\?fen=W%3AW21%3AB17&rules=official 200 \d+\.\d+ ms$",
                    log, re.MULTILINE)
          and re.search(rf"^{stamp} POST /api/variants 405 ", log, re.MULTILINE), log[-300:])
    unstamped = [line for line in log.splitlines()
                 if not re.match(stamp + " ", line) and not line.startswith("dtb-serve: ")]
    check("every line of the log but the server's own starts with its time, the front "
          "door's refusals too", not unstamped and
          re.search(rf"^{stamp} GET /api/variants 505 ", log, re.MULTILINE), unstamped[:3])
    check("the log names the missing table's path the answer left out",
          f"no file {tables}/brazilian/MMvMM.dtb" in log, log[-300:])
    code = server.stop(signal.SIGTERM)
    check("SIGTERM: stops with exit status 0", code == 0 and "SIGTERM received" in
          open(server.log).read(), f"{code} {open(server.log).read()[-300:]}")

    # A corrupt table, with the page's default folder.
    root = corrupt_copy(tables, work)
    second = Server(serve, root, os.path.join(work, "corrupt.log"))
    status, got = second.api("/api/brazilian", fen="W:WK1,K2:BK28")
    check("a corrupt table: 500 naming its variant and file, no server path", status == 500 and
          "brazilian/KKvK.dtb" in got.get("error", "") and work not in got.get("error", ""),
          (status, got))
    status, headers, body = second.request("/api/brazilian?fen=W:WK1:BK28")
    check("a set whose MANIFEST differs: another ETag", status == 200 and
          headers.get("etag") not in (None, tag), (headers.get("etag"), tag))
    status, got = second.api("/api/brazilian", fen="W:WK1:BK28")
    check("the sound tables beside it still answer", status == 200, (status, got))
    status, headers, body = second.request("/")
    check("the default page folder (server/www) served at /", status == 200 and
          headers.get("content-type") == "text/html; charset=utf-8", (status, headers))
    log = open(second.log).read()
    check("the log names the corrupt table's path", f"{root}/brazilian/KKvK.dtb" in log or
          os.path.realpath(root) in log, log[-300:])
    code = second.stop(signal.SIGINT)
    check("SIGINT: stops with exit status 0", code == 0, f"{code} {open(second.log).read()[-300:]}")

    print(f"{len(failures)} failures" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
