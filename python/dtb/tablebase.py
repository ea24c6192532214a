"""Tablebase: a dtb handle on a variant's folder of tables, probed by FEN."""

import ctypes
import os
import threading
from contextlib import contextmanager
from typing import Iterator, List, Optional, Sequence

from . import _capi
from ._capi import lib
from .errors import ArgumentError, TableIOError, check
from .values import WDL, Move, Stats, Value

RULES = {"official": 0, "pure": 1}  # dtb_rules
DRAW_LINE_MOVES = 20  # how much of a drawn line line() gives unless asked
INT_MAX = 2**31 - 1  # the largest C int: dtb_line's max, a position's moves_played


def c_text(what: str, text: "str | os.PathLike[str]") -> bytes:
    """text as the C string of argument what: str (or a path) without NUL characters."""
    if not isinstance(text, (str, os.PathLike)):
        raise TypeError(f"{what} must be a str, not {type(text).__name__}")
    data = os.fsencode(text)
    if b"\0" in data:
        raise ArgumentError(f"{what} {text!r} holds a NUL character")
    return data


def is_count(number: object, most: int) -> bool:
    """Whether number is a whole number from 0 to most."""
    return isinstance(number, int) and 0 <= number <= most


class CallGuard:
    """Counts the calls in flight on a handle, so that closing waits for them: dtb_close
    must not race with other calls on the same handle."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.condition = threading.Condition()
        self.active = 0
        self.closed = False

    @contextmanager
    def call(self) -> Iterator[None]:
        with self.condition:
            if self.closed:
                raise ArgumentError(f"{self.name} is closed")
            self.active += 1
        try:
            yield
        finally:
            with self.condition:
                self.active -= 1
                self.condition.notify_all()

    def close(self) -> bool:
        """True for the first close, once no call is in flight; False after that."""
        with self.condition:
            if self.closed:
                return False
            self.closed = True
            self.condition.wait_for(lambda: self.active == 0)
            return True


class Tablebase:
    """The tables of a variant in a folder.

    variant is an id such as "international" or "scandinavian-8-free"; rules "official" or
    "pure" chooses Frisian's value set (other variants have one); cache_size caps the bytes
    of decoded table data kept (0: no cap; None: the library's default).  Positions are PDN
    FEN, also as a PDN tag line [FEN "..."], in lower case, or as lidraughts writes it
    (dtb_parse_fen).  Tables are opened when a probe first needs them, so a missing one shows
    then, as MissingTableError.  Safe to share between threads; close() (or leaving a with block)
    waits for calls in flight, after which calls raise ArgumentError.

    moves_played, for Frisian's draw rules: in two kings against one king, the moves the
    side with two kings has already played there (0 to 7; docs/rules.md 7.2); None takes them
    from a lidraughts FEN's half-move clock ":H", and 0 from a FEN without one."""

    def __init__(
        self,
        variant: str,
        folder: "str | os.PathLike[str]",
        rules: str = "official",
        cache_size: Optional[int] = None,
    ) -> None:
        self._guard = CallGuard(f"Tablebase({variant!r}, {str(folder)!r})")
        self._handle = None
        if rules not in RULES:
            raise ArgumentError(f"rules is 'official' or 'pure', not {rules!r}")
        if cache_size is not None and not is_count(cache_size, 2**64 - 1):
            raise ArgumentError(f"cache_size is a number of bytes, 0 or more, not {cache_size!r}")
        handle = _capi.handle_p()
        variant_c, folder_c = c_text("variant", variant), c_text("folder", folder)
        check(lib.dtb_open(variant_c, folder_c, ctypes.byref(handle)))
        self._handle = handle
        self._rules = RULES[rules]
        # The library opens tables lazily: a missing folder would show only at a probe.
        if not os.path.isdir(folder):
            self.close()
            raise TableIOError(f"{os.fspath(folder)}: no such folder")
        if cache_size is not None:
            check(lib.dtb_set_cache_size(handle, cache_size))

    def close(self) -> None:
        """Frees the handle, once the calls in flight are done.  Closing twice does nothing."""
        if self._handle is not None and self._guard.close():
            lib.dtb_close(self._handle)

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

    def probe(self, fen: str, moves_played: Optional[int] = None) -> Value:
        """The Value of the position."""
        value = _capi.Value()
        with self._guard.call():
            position = self._parse(fen, moves_played)
            check(lib.dtb_probe(self._handle, position, ctypes.byref(value)))
        return Value(WDL(value.wdl), value.dtw)

    def probe_wdl(self, fen: str, moves_played: Optional[int] = None) -> WDL:
        """The WDL of the position alone: faster than probe(), and reads less."""
        wdl = ctypes.c_int()
        with self._guard.call():
            position = self._parse(fen, moves_played)
            check(lib.dtb_probe_wdl(self._handle, position, ctypes.byref(wdl)))
        return WDL(wdl.value)

    def probe_wdl_many(
        self, fens: Sequence[str], moves_played: Optional[int] = None
    ) -> List[WDL]:
        """The WDLs of the positions of an iterable of FENs, as a list: the same answers as
        probe_wdl, sooner.  An error names the position by its number, from 0."""
        fens = list(fens)
        positions = (_capi.Position * len(fens))()
        wdls = (ctypes.c_int * len(fens))()
        with self._guard.call():
            for i, fen in enumerate(fens):
                self._parse(fen, moves_played, positions[i])
            if fens:
                check(lib.dtb_probe_wdl_many(self._handle, positions, len(fens), wdls))
        return [WDL(w) for w in wdls]

    def moves(self, fen: str, moves_played: Optional[int] = None) -> List[Move]:
        """Every legal Move of the position, best first: fastest win, draws, longest loss."""
        moves = (_capi.Move * _capi.MOVES_MAX)()
        count = ctypes.c_int()
        with self._guard.call():
            position = self._parse(fen, moves_played)
            check(lib.dtb_moves(self._handle, position, moves, len(moves), ctypes.byref(count)))
            return [self._move(m) for m in moves[: count.value]]

    def best_move(self, fen: str, moves_played: Optional[int] = None) -> Move:
        """The best Move of the position; GameOverError when it has no legal move."""
        move = _capi.Move()
        with self._guard.call():
            position = self._parse(fen, moves_played)
            check(lib.dtb_best_move(self._handle, position, ctypes.byref(move)))
            return self._move(move)

    def line(
        self, fen: str, max_moves: Optional[int] = None, moves_played: Optional[int] = None
    ) -> List[Move]:
        """The best moves from the position on, each the best_move of the one before: to the
        end of the game for a decided position, at most max_moves of them (by default all
        of a decided line, DRAW_LINE_MOVES of a drawn one).  Room is made for the moves the
        line has, not for max_moves: a decided line has its DTW in moves, and a drawn one
        is asked for again with twice the room while it fills what it was given."""
        if max_moves is not None and not is_count(max_moves, INT_MAX):
            raise ArgumentError(f"max_moves is a number from 0 to {INT_MAX}, not {max_moves!r}")
        value = self.probe(fen, moves_played)
        decided = value.wdl != WDL.DRAW
        if max_moves is None:
            max_moves = value.dtw if decided else DRAW_LINE_MOVES
        room = min(max_moves, value.dtw if decided else DRAW_LINE_MOVES)
        moves = self._line(fen, moves_played, room)
        while not decided and len(moves) == room < max_moves:
            room = min(max_moves, 2 * room)
            moves = self._line(fen, moves_played, room)
        return moves

    def _line(self, fen: str, moves_played: Optional[int], room: int) -> List[Move]:
        """dtb_line of the position with room for that many moves."""
        line = (_capi.Move * max(room, 1))()
        count = ctypes.c_int()
        with self._guard.call():
            position = self._parse(fen, moves_played)
            check(lib.dtb_line(self._handle, position, line, room, ctypes.byref(count)))
            return [self._move(m) for m in line[: count.value]]

    def materials(self) -> List[str]:
        """The materials whose tables are in the folder, such as "KKvK", fewest pieces first
        then by name."""
        needed = ctypes.c_size_t()
        with self._guard.call():
            # Asked with no room, the library gives the size; any other failure recurs below.
            lib.dtb_materials(self._handle, ctypes.create_string_buffer(1), 0, ctypes.byref(needed))
            names = ctypes.create_string_buffer(max(needed.value, 1))
            check(lib.dtb_materials(self._handle, names, len(names), None))
        return names.value.decode().split()

    def stats(self, material: str) -> Stats:
        """The Stats of every position of material, a name such as "KKvK" ("KvKK": the
        same positions with colours swapped).  Reads the whole table."""
        stats = _capi.Stats()
        name = c_text("material", material)
        with self._guard.call():
            check(lib.dtb_material_stats(self._handle, name, self._rules, ctypes.byref(stats)))
            longest = self._fen(stats.longest_win_position) if stats.longest_win else None
        return Stats(
            material=stats.material.decode(),
            positions=stats.positions,
            wins=tuple(stats.wins),
            draws=tuple(stats.draws),
            losses=tuple(stats.losses),
            longest_win=stats.longest_win,
            longest_win_position=longest,
            win_dtw=tuple(stats.win_dtw),
            loss_dtw=tuple(stats.loss_dtw),
        )

    # The helpers below run inside a guarded call.

    def _parse(
        self, fen: str, moves_played: Optional[int], into: Optional[_capi.Position] = None
    ) -> "ctypes._CArgObject":
        """fen with moves_played (unless None) as a C position (into one given)."""
        if moves_played is not None and not is_count(moves_played, INT_MAX):
            raise ArgumentError(f"moves_played is a number of moves, not {moves_played!r}")
        position = _capi.Position() if into is None else into
        check(lib.dtb_parse_fen(self._handle, c_text("fen", fen), ctypes.byref(position)))
        if moves_played is not None:
            position.moves_played = moves_played
        position.rules = self._rules
        return ctypes.byref(position)

    def _fen(self, position: _capi.Position) -> str:
        text = ctypes.create_string_buffer(_capi.FEN_MAX)
        check(lib.dtb_format_fen(self._handle, ctypes.byref(position), text, _capi.FEN_MAX))
        return text.value.decode()

    def _move(self, move: _capi.Move) -> Move:
        value = Value(WDL(move.value.wdl), move.value.dtw)
        return Move(move.notation.decode(), self._fen(move.after), value)
