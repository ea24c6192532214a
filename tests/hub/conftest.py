"""Fixtures of the Hub sessions: dtb-hub as a GUI runs it, the tables it plays from, and
the translation between PDN FENs and Hub's pos strings and moves, written here from the
protocol (Scan's protocol.txt) so that dtb-hub's own is checked against it.

tests/python_hub.cmake sets DTB_HUB, DTB_GEN, DTB_PROBE and DTB_LIBRARY (for the dtb package,
which gives the legal moves and the positions they lead to)."""

import os
import queue
import re
import subprocess
import sys
import threading

import pytest

import dtb

ENVIRONMENT = ("DTB_HUB", "DTB_GEN", "DTB_PROBE", "DTB_LIBRARY")
HERE = os.path.dirname(os.path.abspath(__file__))
STANDIN = [sys.executable, os.path.join(HERE, "standin_engine.py")]

# The materials built for each variant: small, so that the suite takes seconds.
MATERIALS = {
    "international": ["KMvK"],
    "brazilian": ["KMvK"],
    "frisian": ["KMvK"],
    "scandinavian-8": ["--pieces", "3"],
}
SQUARES = {"international": 50, "brazilian": 32, "frisian": 50, "scandinavian-8": 32}
# The name a client sends at set-param name=variant (lidraughts-bot's parse_variant).
CLIENT_NAME = {"international": "normal", "brazilian": "brazilian", "frisian": "frisian",
               "scandinavian-8": "scandinavian-8"}


def pytest_configure(config):
    missing = [name for name in ENVIRONMENT if not os.environ.get(name)]
    if missing:
        raise pytest.UsageError(f"tests/hub needs {', '.join(missing)}: run it by ctest -R hub")


@pytest.fixture(scope="session")
def root(tmp_path_factory):
    """A folder of variant folders, as dtb-gen and dtb-serve lay them out."""
    folder = tmp_path_factory.mktemp("tables")
    for variant, what in MATERIALS.items():
        subprocess.run([os.environ["DTB_GEN"], "--variant", variant, "--dir",
                        str(folder / variant), *what], check=True, capture_output=True)
    return str(folder)


def fen_squares(fen):
    """The side to move and {square: piece letter as in Hub} of a PDN FEN."""
    fields = fen.split(":")
    pieces = {}
    for field in fields[1:]:
        if not field or field[0] not in "WB":
            continue  # Frisian's :C counters
        colour = field[0]
        for item in filter(None, field[1:].split(",")):
            king = item.startswith("K")
            first, _, last = item.lstrip("K").partition("-")
            for square in range(int(first), int(last or first) + 1):
                letter = "w" if colour == "W" else "b"
                pieces[square] = letter.upper() if king else letter
    return fields[0], pieces


def hub_pos(fen, squares):
    """The pos= string of a FEN: the side to move, then a character a square."""
    side, pieces = fen_squares(fen)
    return side + "".join(pieces.get(sq, "e") for sq in range(1, squares + 1))


def a1_square(square, squares):
    """Square in pydraughts' a1 numbering of 8x8 boards (its convert._rotate_move for
    Russian and Brazilian: the rows counted from White's side, square 1 on a1)."""
    per_row = 4 if squares == 32 else 5
    rows = squares // per_row
    row, column = divmod(square - 1, per_row)
    return (rows - 1 - row) * per_row + column + 1


def hub_notation(move, fen, number=lambda sq: sq):
    """A dtb.Move in Hub notation: from, to, and the squares it takes, which are the other
    side's pieces of fen missing after it; the squares written by number()."""
    squares = [int(s) for s in re.findall(r"\d+", move.notation)]
    side, before = fen_squares(fen)
    _, after = fen_squares(move.after)
    theirs = "b" if side == "W" else "w"
    taken = sorted(number(sq) for sq, piece in before.items()
                   if piece.lower() == theirs and sq not in after)
    separator = "x" if taken else "-"
    return separator.join(str(sq) for sq in [number(squares[0]), number(squares[-1])] + taken)


def best_moves(variant, folder, fen, moves_played=0):
    """The notations of the best moves by dtb-probe lookup: those of the first move's value."""
    out = subprocess.run([os.environ["DTB_PROBE"], "lookup", "--variant", variant, "--dir",
                          folder, "--moves-played", str(moves_played), fen],
                         capture_output=True, text=True, check=True).stdout
    listed = []
    for line in out.split("line:")[0].splitlines():
        found = re.search(r"(\S+)\s+(win in \d+ pl\w+|loss in \d+ pl\w+|draw)\s*$", line)
        if found and re.fullmatch(r"\d+([-x]\d+)+", found.group(1)):
            listed.append(found.groups())
    return {notation for notation, value in listed if value == listed[0][1]}


class Engine:
    """A Hub engine as a GUI drives it: lines in, lines out, with a timeout."""

    def __init__(self, *args, env=None):
        self.process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1, env=env)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *lines):
        for line in lines:
            self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def recv(self, timeout=20):
        return self.lines.get(timeout=timeout)

    def until(self, command, timeout=20):
        """The lines up to and with the first whose command is command."""
        got = []
        while True:
            line = self.recv(timeout)
            assert line is not None, f"the engine ended before '{command}': {got}"
            got.append(line)
            if line.split(" ")[0] == command:
                return got

    def nothing_more(self, wait=0.3):
        """No line comes within wait seconds."""
        try:
            line = self.lines.get(timeout=wait)
        except queue.Empty:
            return True
        raise AssertionError(f"unexpected line {line!r}")

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
        return self.process.wait(timeout=20)


def parse_arguments(line):
    """name -> value of a Hub line's arguments, quoted values unquoted."""
    found = {}
    for m in re.finditer(r'([^\s=]+)(?:=(?:"([^"]*)"|(\S*)))?', line.partition(" ")[2]):
        found[m.group(1)] = m.group(2) if m.group(2) is not None else (m.group(3) or "")
    return found


@pytest.fixture
def engine():
    """engine(*options): dtb-hub started with those options; all are closed at the end."""
    started = []

    def start(*options, env=None):
        e = Engine(os.environ["DTB_HUB"], *options, env=env)
        started.append(e)
        return e

    yield start
    for e in started:
        e.close()


def open_session(start, root, variant, *options):
    """dtb-hub after hub, set-param of the variant and the tables, and init."""
    e = start(*options)
    e.send("hub")
    e.until("wait")
    e.send(f"set-param name=variant value={CLIENT_NAME[variant]}",
           f"set-param name=tables value={root}", "init")
    assert e.until("ready")[-1] == "ready"
    return e


def tablebase(root, variant, rules="official"):
    return dtb.Tablebase(variant, os.path.join(root, variant), rules=rules)
