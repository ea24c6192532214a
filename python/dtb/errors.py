"""The exceptions: one class per dtb_status of include/dtb.h, all derived from Error."""

from typing import Dict, Optional, Type

from ._capi import lib


class Error(Exception):
    """A dtb call failed.  .status is its dtb_status number, .detail what the library said
    of it (the FEN, material or file at fault)."""

    status: Optional[int] = None

    def __init__(self, detail: str, status: Optional[int] = None) -> None:
        super().__init__(detail)
        self.detail = detail
        if status is not None:
            self.status = status


class ArgumentError(Error, ValueError):
    """An argument out of range, or a Tablebase used after close."""

    status = 1


class VariantError(Error, ValueError):
    """An unknown variant id."""

    status = 2


class PositionError(Error, ValueError):
    """A malformed FEN or an impossible position, such as one where the side not to move has
    no pieces (its last one was taken, which ended the game)."""

    status = 3


class MissingTableError(Error):
    """The table of a material the answer needs is not in the folder; .detail names it."""

    status = 4


class CorruptTableError(Error):
    """A table failed its checksum or is truncated."""

    status = 5


class WrongTableError(Error):
    """A table of another variant, rules or material."""

    status = 6


class FormatError(Error):
    """Not a dtb table, or one of a format this library does not read."""

    status = 7


class TableIOError(Error, OSError):
    """A table file could not be read."""

    status = 8


class NoMemoryError(Error, MemoryError):
    """The library ran out of memory."""

    status = 9


class GameOverError(Error):
    """The side to move has no legal move, so there is no best move."""

    status = 10


# The class of each status number.
CLASSES: Dict[Optional[int], Type[Error]] = {cls.status: cls for cls in Error.__subclasses__()}


def check(status: int) -> None:
    """Raises the exception of a failed call's status, with dtb_last_error() as its detail.

    NOTES: dtb_last_error() is per thread: call this on the thread of the failed call, before
    any other call of the library there."""
    if status == 0:
        return
    detail = lib.dtb_last_error().decode(errors="replace")
    if not detail:
        detail = lib.dtb_status_message(status).decode(errors="replace")
    cls = CLASSES.get(status)
    raise cls(detail) if cls else Error(detail, status)
