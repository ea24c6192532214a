"""Bad input and bad tables: one exception class per status of include/dtb.h, each naming
the input or file at fault."""

import re
import shutil
from pathlib import Path

import pytest

import dtb
from dtb.errors import CLASSES, check

HEADER = Path(__file__).resolve().parents[2] / "include" / "dtb.h"


def test_one_class_per_status_of_the_header():
    codes = dict(re.findall(r"\bDTB_ERR_(\w+) = (\d+),", HEADER.read_text()))
    assert "MISSING_TABLE" in codes
    for name, code in codes.items():
        cls = CLASSES[int(code)]
        assert cls.status == int(code) and issubclass(cls, dtb.Error)
        assert name.replace("_", "").lower() in cls.__name__.lower()
        assert getattr(dtb, cls.__name__) is cls
    assert len(CLASSES) == len(codes)


def test_a_status_newer_than_the_package_is_an_error():
    with pytest.raises(dtb.Error) as caught:
        check(99)
    assert type(caught.value) is dtb.Error and caught.value.status == 99


def test_bad_arguments(tmp_path):
    with pytest.raises(dtb.VariantError, match="variant 'nosuch'; valid ids: international"):
        dtb.Tablebase("nosuch", tmp_path)
    with pytest.raises(dtb.ArgumentError, match="'official' or 'pure', not 'fide'"):
        dtb.Tablebase("frisian", tmp_path, rules="fide")
    with pytest.raises(dtb.ArgumentError, match="cache_size .* not -1"):
        dtb.Tablebase("frisian", tmp_path, cache_size=-1)
    with pytest.raises(dtb.ArgumentError, match="cache_size .* not '1G'"):
        dtb.Tablebase("frisian", tmp_path, cache_size="1G")
    with pytest.raises(dtb.ArgumentError):
        dtb.Tablebase("frisian", "")
    with pytest.raises(dtb.ArgumentError, match="folder .* holds a NUL"):
        dtb.Tablebase("frisian", "tables\0/frisian")
    with pytest.raises(TypeError, match="variant must be a str, not int"):
        dtb.Tablebase(8, tmp_path)


def test_missing_folder_is_named_at_once(tmp_path):
    missing = tmp_path / "no-such-folder"
    with pytest.raises(dtb.TableIOError, match=re.escape(f"{missing}: no such folder")):
        dtb.Tablebase("brazilian", missing)
    (tmp_path / "a-file").write_text("")
    with pytest.raises(dtb.TableIOError, match="a-file: no such folder"):
        dtb.Tablebase("brazilian", tmp_path / "a-file")


def test_bad_positions(tables):
    with dtb.Tablebase("brazilian", tables("brazilian")) as tb:
        with pytest.raises(dtb.PositionError, match="square 33 .*off the board"):
            tb.probe("W:W33:BK4")
        with pytest.raises(dtb.PositionError, match="W:W3:BK25"):
            tb.probe_wdl("W:W3:BK25")
        with pytest.raises(dtb.PositionError, match="X:W1:B2"):
            tb.probe_wdl_many(["W:W8:BK29", "X:W1:B2"])
        with pytest.raises(dtb.ArgumentError, match="fen 'W:W8\\\\x00:BK29' holds a NUL"):
            tb.best_move("W:W8\0:BK29")
        with pytest.raises(TypeError, match="fen must be a str, not NoneType"):
            tb.moves(None)
        with pytest.raises(dtb.ArgumentError, match="moves_played .* not -1"):
            tb.probe("W:W8:BK29", moves_played=-1)
        with pytest.raises(dtb.PositionError, match="moves_played .* two kings against one"):
            tb.probe("W:W8:BK29", moves_played=1)
        with pytest.raises(dtb.ArgumentError, match="max_moves .* not -1"):
            tb.line("W:W8:BK29", max_moves=-1)
        with pytest.raises(dtb.PositionError, match="'KKvQ'"):
            tb.stats("KKvQ")


def test_missing_table_names_the_file(tables, tmp_path):
    with dtb.Tablebase("brazilian", tmp_path) as tb:
        with pytest.raises(dtb.MissingTableError, match=re.escape(str(tmp_path / "KvK.dtb"))):
            tb.probe("W:WK30:BK4")
        with pytest.raises(dtb.MissingTableError, match="KvM.dtb"):
            tb.stats("KvM")
    # Among many positions the one in need of the table is named by its number (a handle
    # that found a table missing keeps it so: this is a new one).
    shutil.copy(Path(tables("brazilian")) / "KvK.dtb", tmp_path)
    with dtb.Tablebase("brazilian", tmp_path) as tb:
        with pytest.raises(dtb.MissingTableError, match="KvM.dtb") as caught:
            tb.probe_wdl_many(["W:WK30:BK4", "W:WK30:BK4", "W:WK30:B4"])
        assert re.search(r"\b2\b", caught.value.detail)


@pytest.mark.parametrize(
    "variant,spoil,error",
    [
        ("brazilian", lambda f: f.write_bytes(f.read_bytes()[:40]), dtb.CorruptTableError),
        ("brazilian", lambda f: f.write_bytes(b"not a table\n"), dtb.FormatError),
        ("brazilian", lambda f: (f.unlink(), f.mkdir()), dtb.TableIOError),
        ("stockholm", lambda f: None, dtb.WrongTableError),  # Brazilian's table, same index
    ],
)
def test_bad_tables_name_the_file(variant, spoil, error, tables, tmp_path):
    table = tmp_path / "KvK.dtb"
    shutil.copy(Path(tables("brazilian")) / "KvK.dtb", table)
    spoil(table)
    with dtb.Tablebase(variant, tmp_path) as tb:
        with pytest.raises(error, match=re.escape(str(table))):
            tb.probe("W:WK30:BK4")


def test_closed_tablebase(tables):
    tb = dtb.Tablebase("brazilian", tables("brazilian"))
    with tb:
        assert tb.probe_wdl("W:W8:BK29") == dtb.WDL.WIN
    with pytest.raises(dtb.ArgumentError, match=r"Tablebase\('brazilian', .*\) is closed"):
        tb.probe("W:W8:BK29")
    tb.close()
