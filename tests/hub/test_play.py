"""Whole games: dtb-hub plays won positions out against a defender that picks any legal
move, as pydraughts drives a Hub engine (the first position and every move since, each
turn).  Each done move must be a best move of dtb-probe lookup, and the game must end in
a win within the tables' DTW."""

import os
import random

import pytest

from conftest import (MATERIALS, SQUARES, a1_square, best_moves, fen_squares, hub_notation,
                      hub_pos, open_session, parse_arguments, tablebase)

import dtb


def strong_side(fen):
    """The side with two kings in two kings against one king, else None (docs/rules.md 7.2)."""
    _, pieces = fen_squares(fen)
    kinds = sorted(pieces.values())
    return {("B", "W", "W"): "W", ("B", "B", "W"): "B"}.get(tuple(kinds))


def moves_played_after(variant, fen, after, played):
    """The strong side's moves in two kings v one king after the move from fen to after."""
    if variant != "frisian" or strong_side(after) is None or strong_side(after) != strong_side(fen):
        return 0
    return played + 1 if fen[0] == strong_side(after) else played


def won_positions(tb, variant, rng, count):
    """Positions whose side to move wins in 3 plies or more: the longest win of KMvK, then
    random ones of 3 pieces with either side to move.  Without Frisian's counters, which a
    pos string cannot carry."""
    found = []
    longest = tb.stats("KMvK").longest_win_position
    if ":C" not in longest:
        found.append(longest)
    squares = SQUARES[variant]
    while len(found) < count:
        king, man, theirs = rng.sample(range(1, squares + 1), 3)
        if rng.random() < 0.5:
            fen = f"W:WK{king},{man}:BK{theirs}"
        else:
            fen = f"B:WK{theirs}:BK{king},{man}"
        try:
            value = tb.probe(fen)
        except dtb.PositionError:
            continue  # a man on its promotion row
        if value.wdl == dtb.WDL.WIN and value.dtw >= 3:
            found.append(fen)
    return found


def play_out(e, tb, variant, folder, start, rng, number=lambda sq: sq):
    """Plays start out, dtb-hub the side to move: returns the plies to the end."""
    squares = SQUARES[variant]
    value = tb.probe(start)
    fen, played, moves, plies = start, 0, [], 0
    winner = start[0]
    while True:
        legal = tb.moves(fen, played)
        if not legal:
            break
        if fen[0] == winner:
            e.send(f'pos pos={hub_pos(start, squares)} moves="{" ".join(moves)}"',
                   "level move-time=1", "go think")
            lines = e.until("done")
            info, done = parse_arguments(lines[-2]), parse_arguments(lines[-1])["move"]
            expected = tb.probe(fen, played)
            assert (info["wdl"], int(info["dtw"])) == ("win", expected.dtw), (fen, lines)
            assert float(info["score"]) == pytest.approx(100 - expected.dtw / 100)
            by_hub = {hub_notation(m, fen, number): m for m in legal}
            assert done in by_hub, (fen, done, sorted(by_hub))
            move = by_hub[done]
            assert move.notation in best_moves(variant, folder, fen, played), (fen, done)
        else:
            move = rng.choice(legal)
        moves.append(hub_notation(move, fen, number))
        played = moves_played_after(variant, fen, move.after, played)
        fen = move.after
        plies += 1
        assert plies <= value.dtw, (start, moves)
    assert fen[0] != winner, (start, moves)
    return plies


@pytest.mark.parametrize("variant", list(MATERIALS))
def test_won_positions_are_won_within_their_dtw(engine, root, variant):
    rng = random.Random(54)
    folder = os.path.join(root, variant)
    e = open_session(engine, root, variant)
    with tablebase(root, variant) as tb:
        for start in won_positions(tb, variant, rng, 4):
            for _ in range(2):
                assert play_out(e, tb, variant, folder, start, rng) >= 1


def test_brazilian_in_pydraughts_a1_numbering(engine, root):
    """move-numbering=a1: moves with square 1 on a1, as pydraughts' draughts.Board writes
    Brazilian's; the pos string keeps dtb's order."""
    folder = os.path.join(root, "brazilian")
    e = open_session(engine, root, "brazilian", "--move-numbering=a1")
    # W:W8:BK29: g7 crowns on h8 (8-4 in dtb's numbering, docs/rules.md 1); in pydraughts'
    # numbering g7 is (7-1)*4 + 3 + 1 = 28 and h8 is (8-1)*4 + 3 + 1 = 32.
    e.send("pos pos=" + hub_pos("W:W8:BK29", 32), "go think")
    assert parse_arguments(e.until("done")[-1])["move"] == "28-32"
    with tablebase(root, "brazilian") as tb:
        rng = random.Random(8)
        for start in won_positions(tb, "brazilian", rng, 3):
            play_out(e, tb, "brazilian", folder, start, rng, lambda sq: a1_square(sq, 32))


def counted_king_position(tb, rng):
    """A Frisian game from a position without counters where White's king makes three
    non-capturing moves in a row, after which the king-move limit changes White's best
    moves: (start FEN, Hub moves, FEN with its :C counter)."""
    while True:
        king, man, theirs = rng.sample(range(6, 46), 3)
        fen = start = f"W:WK{king},{man}:BK{theirs}"
        try:
            tb.probe(fen)
        except dtb.PositionError:
            continue
        moves = []
        for _ in range(3):
            quiet = [m for m in tb.moves(fen) if m.notation.startswith(f"{king}-")]
            replies = quiet and [r for r in tb.moves(quiet[0].after) if "x" not in r.notation]
            if not replies:
                break
            move = rng.choice(quiet)
            replies = [r for r in tb.moves(move.after) if "x" not in r.notation]
            if not replies:
                break
            reply = rng.choice(replies)
            moves += [hub_notation(move, fen), hub_notation(reply, move.after)]
            fen, king = reply.after, int(move.notation.split("-")[1])
        else:
            if "=3" in fen and tb.moves(fen):
                return start, moves, fen


def test_frisian_king_move_counters_come_from_moves(engine, root):
    folder = os.path.join(root, "frisian")
    e = open_session(engine, root, "frisian")
    rng = random.Random(3)
    with tablebase(root, "frisian") as tb:
        checked = 0
        while checked < 3:
            start, moves, fen = counted_king_position(tb, rng)
            without = fen.split(":C")[0]
            best = best_moves("frisian", folder, fen)
            if best == best_moves("frisian", folder, without):
                continue
            e.send(f'pos pos={hub_pos(start, 50)} moves="{" ".join(moves)}"', "go think")
            done = parse_arguments(e.until("done")[-1])["move"]
            by_hub = {hub_notation(m, fen): m.notation for m in tb.moves(fen)}
            assert by_hub.get(done) in best, (start, moves, done)
            checked += 1
        # A fourth quiet move of that king, legal without the counter, is not Frisian.
        king = fen.split(":CW")[1].split("=")[0]
        fourth = [m for m in tb.moves(without) if m.notation.startswith(f"{king}-")]
        assert fourth, without
        e.send(f'pos pos={hub_pos(start, 50)} moves="{" ".join(moves)} {fourth[0].notation}"')
        line = e.recv()
        assert line.startswith("error message=") and "4th move in a row" in line, line
