"""The outside truth the page is checked against: dtb-probe's own commands (lookup, stats,
diagram) over the same tables as the server, their text read back."""

import os
import re
import subprocess

# A value as lookup words it, and as the page must show it.
VALUE = r"(?:(?:win|loss) in \d+ (?:ply|plies)|draw)"
PIECE_LETTERS = {"w": "wm", "W": "wk", "b": "bm", "B": "bk"}


class ProbeCli:
    def __init__(self, probe, tables):
        self.probe = probe
        self.tables = tables  # a folder per variant

    def _run(self, command, variant, *args):
        return subprocess.run([self.probe, command, "--variant", variant, *args],
                              capture_output=True, text=True, check=True).stdout

    def _lookup(self, variant, fen, rules, moves_played):
        return self._run("lookup", variant, "--dir", os.path.join(self.tables, variant),
                         "--rules", rules, "--moves-played", str(moves_played), fen)

    def lookup(self, variant, fen, rules="official", moves_played=0):
        """The value sentence ("White to move: win in 9 plies") and the moves
        [(notation, value)], best first."""
        out = self._lookup(variant, fen, rules, moves_played)
        value = re.search(rf"((?:White|Black) to move: {VALUE})", out).group(1)
        moves = re.findall(rf"\s(\d+(?:[-x]\d+)+)\s+({VALUE})\s*$", out, re.MULTILINE)
        return value, moves

    def line(self, variant, fen):
        """The moves of lookup's line of best moves."""
        out = self._lookup(variant, fen, "official", 0)
        return re.search(r"line:\s+(.*)$", out, re.MULTILINE).group(1).split()

    def stats(self, variant, material):
        """[[wins, draws, losses] with White to move, the same with Black] as strings, and
        the longest win's plies."""
        out = self._run("stats", variant, "--dir", os.path.join(self.tables, variant), material)
        rows = re.findall(r"^(?:white|black)-to-move win (\d+) draw (\d+) loss (\d+)$", out,
                          re.MULTILINE)
        return [list(row) for row in rows], re.search(r"longest-win (\d+)", out).group(1)

    def diagram(self, variant, fen):
        """{(row from the top, file): piece} of diagram's text board, and the square numbers
        of each row from the top, [(first, last)]."""
        out = self._run("diagram", variant, fen)
        cells, numbers = {}, []
        rows = re.findall(r"^ *\d+ (.*?)(\d+)-(\d+)\s*$", out, re.MULTILINE)
        for row, (line, first, last) in enumerate(rows):
            numbers.append((int(first), int(last)))
            for file, char in enumerate(line[1::2]):  # a board cell every 2 characters
                if char in PIECE_LETTERS:
                    cells[(row, file)] = PIECE_LETTERS[char]
        return cells, numbers
