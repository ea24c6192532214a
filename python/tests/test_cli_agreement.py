"""The package answers as the C command line does: dtb-probe batch, lookup and stats over the
same tables, position by position; and lists the table files the folder holds."""

import random
import re
from pathlib import Path

import pytest
from conftest import fen as make_fen
from conftest import probe_cli

import dtb

# Variant and value set: Frisian's two sets differ in two kings against one.
SETS = [("brazilian", "official"), ("frisian", "official"), ("frisian", "pure")]
BAD_FENS = ["W:W33:BK4", "W:WK30:BK4x", "X:W1:B2"]


def batch(variant, folder, rules, fens, *options):
    """dtb-probe batch's rows, each split at its tabs, one per FEN."""
    out = probe_cli("batch", "--variant", variant, "--dir", folder, "--rules", rules, *options,
                    stdin="".join(f + "\n" for f in fens), check=False)
    assert out.returncode in (0, 1), out.stderr
    rows = [line.split("\t") for line in out.stdout.splitlines()]
    assert [row[0] for row in rows] == fens
    return rows


def batch_row(tb, fen, moves_played=0):
    """What dtb-probe batch writes after the FEN, from the package's answers."""
    try:
        value = tb.probe(fen, moves_played)
    except dtb.Error as e:
        return ["error", e.detail]
    dtw = "-" if value.wdl == dtb.WDL.DRAW else str(value.dtw)
    try:
        move = str(tb.best_move(fen, moves_played))
    except dtb.GameOverError:
        move = "-"
    return [str(value.wdl), dtw, move]


@pytest.mark.parametrize("variant,rules", SETS)
def test_probe_and_best_move_as_batch(variant, rules, tables, sample):
    fens = sample(variant) + BAD_FENS
    rows = batch(variant, tables(variant), rules, fens)
    results = {row[1] for row in rows}
    assert {"win", "draw", "loss", "error"} <= results, "the sample lacks a kind of answer"
    with dtb.Tablebase(variant, tables(variant), rules=rules) as tb:
        for fen, *answer in rows:
            assert batch_row(tb, fen) == answer, fen


@pytest.mark.parametrize("variant,rules", SETS)
def test_wdl_probes_as_batch_wdl(variant, rules, tables, sample):
    fens = sample(variant)
    expected = [row[1] for row in batch(variant, tables(variant), rules, fens, "--wdl")]
    with dtb.Tablebase(variant, tables(variant), rules=rules) as tb:
        assert [str(w) for w in tb.probe_wdl_many(fens)] == expected
        assert [str(tb.probe_wdl(f)) for f in fens] == expected


@pytest.mark.parametrize("rules", ["official", "pure"])
def test_moves_played_as_batch(rules, tables):
    # Frisian's two kings against one king, either colour strong, either side to move; and
    # a position of another material, which refuses a count.
    rng = random.Random("moves played")
    fens = ["W:WK46:BK5"]
    for _ in range(150):
        a, b, c = rng.sample(range(1, 51), 3)
        strong, weak = [(a, True), (b, True)], [(c, True)]
        white, black = (strong, weak) if rng.random() < 0.5 else (weak, strong)
        fens.append(make_fen(white, black, rng.random() < 0.5))
    answers = []
    with dtb.Tablebase("frisian", tables("frisian"), rules=rules) as tb:
        for played in range(8):
            rows = batch("frisian", tables("frisian"), rules, fens, "--moves-played", str(played))
            for fen, *answer in rows:
                assert batch_row(tb, fen, played) == answer, (fen, played)
            good = [row for row in rows[1:] if row[1] != "error"]
            wdls = tb.probe_wdl_many([row[0] for row in good], played)
            assert [str(w) for w in wdls] == [row[1] for row in good]
            answers.append(good)
    assert (answers[0] == answers[6]) == (rules == "pure"), "the count changes official values"


def lookup(variant, folder, rules, fen):
    """dtb-probe lookup's moves (notation and value text) and line, read off its page."""
    out = probe_cli("lookup", "--variant", variant, "--dir", folder, "--rules", rules, fen).stdout
    lines = out.splitlines()
    column = next(l.index(" to move: ") for l in lines if " to move: " in l) - len("White")
    page = [l[column:] for l in lines]
    moves, line, part = [], [], None
    for text in page:
        label, rest = text[:7], text[7:]
        part = {"moves: ": "moves", "line:  ": "line", "       ": part}.get(label)
        if part == "moves" and rest.strip():
            notation, value = rest.split(None, 1)
            moves.append((notation, value.strip()))
        elif part == "line":
            line += rest.split()
    return moves, line


@pytest.mark.parametrize("variant,rules", SETS)
def test_moves_and_line_as_lookup(variant, rules, tables, sample):
    with dtb.Tablebase(variant, tables(variant), rules=rules) as tb:
        for fen in sample(variant)[:60]:
            moves, line = lookup(variant, tables(variant), rules, fen)
            assert [(str(m), str(m.value)) for m in tb.moves(fen)] == moves, fen
            assert [str(m) for m in tb.line(fen)] == line, fen


def stats_lines(variant, folder, material, rules):
    """dtb-probe stats' counts and longest win of the value set rules, as a dict by key."""
    out = probe_cli("stats", "--variant", variant, "--dir", folder, material).stdout
    prefix = "rules-" if rules == "official" and variant == "frisian" else ""
    found = {}
    for key, rest in (l.split(" ", 1) for l in out.splitlines()):
        if key.startswith(prefix) and (prefix or not key.startswith("rules-")):
            found[key[len(prefix):]] = rest
    return found


@pytest.mark.parametrize("variant,rules", SETS)
@pytest.mark.parametrize("material", ["KKvK", "KvKK", "KMvM", "MvM"])
def test_stats_as_cli(variant, rules, material, tables):
    expected = stats_lines(variant, tables(variant), material, rules)
    with dtb.Tablebase(variant, tables(variant), rules=rules) as tb:
        stats = tb.stats(material)
        for side, key in enumerate(("white-to-move", "black-to-move")):
            counts = f"win {stats.wins[side]} draw {stats.draws[side]} loss {stats.losses[side]}"
            assert counts == expected[key]
        assert stats.positions == sum(stats.wins + stats.draws + stats.losses)
        assert sum(stats.win_dtw) == sum(stats.wins) and sum(stats.loss_dtw) == sum(stats.losses)
        plies = re.match(r"(\d+|-) ", expected["longest-win"]).group(1)
        assert str(stats.longest_win or "-") == plies
        if stats.longest_win:
            assert tb.probe(stats.longest_win_position) == dtb.Value(dtb.WDL.WIN, stats.longest_win)


def test_materials_are_the_files(tables, tmp_path):
    folder = Path(tables("brazilian"))
    names = [f.stem for f in folder.glob("*.dtb")]
    with dtb.Tablebase("brazilian", folder) as tb:
        assert tb.materials() == sorted(names, key=lambda m: (len(m) - 1, m))
    with dtb.Tablebase("brazilian", tmp_path) as tb:
        assert tb.materials() == []
