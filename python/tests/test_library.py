"""Finding libdtb.so: where DTB_LIBRARY points, or beside the installed package; and the
package installed with pip into a fresh virtual environment, imported from another folder."""

import ctypes.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]  # python/
LIBRARY = Path(os.environ["DTB_LIBRARY"]).resolve()
PROBE = """import dtb
tb = dtb.Tablebase('brazilian', {folder!r})
print(dtb.library_path, tb.probe('W:W8:BK29'))"""


def python(interpreter, code, cwd, **environment):
    """interpreter running code in cwd, in the environment of a fresh shell plus these."""
    env = {k: v for k, v in os.environ.items() if k not in ("DTB_LIBRARY", "PYTHONPATH")}
    env.update(environment)
    command = [interpreter, "-c", code]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)


def import_dtb(library, cwd):
    return python(sys.executable, "import dtb", cwd, PYTHONPATH=str(PACKAGE), DTB_LIBRARY=library)


def test_library_that_does_not_load(tmp_path):
    out = import_dtb("/nowhere/libdtb.so", tmp_path)
    assert out.returncode != 0
    assert "ImportError: dtb: cannot load /nowhere/libdtb.so" in out.stderr


def test_library_without_the_api(tmp_path):
    zstd = ctypes.util.find_library("zstd")
    out = import_dtb(zstd, tmp_path)
    assert out.returncode != 0
    assert f"ImportError: dtb: {zstd} has no dtb_version_string" in out.stderr


def test_library_beside_the_package(tables, tmp_path):
    # The layout of pip install --user (PREFIX ~/.local) or a system install (/usr/local),
    # where the interpreter's own prefix is another.
    site = tmp_path / "prefix" / "lib" / "python3" / "site-packages"
    shutil.copytree(PACKAGE / "dtb", site / "dtb")
    shutil.copy(LIBRARY, tmp_path / "prefix" / "lib" / "libdtb.so")
    code = PROBE.format(folder=tables("brazilian"))
    out = python(sys.executable, code, tmp_path, PYTHONPATH=str(site))
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"{tmp_path / 'prefix' / 'lib' / 'libdtb.so'} win in 3 plies\n"


def test_pip_install_into_a_fresh_venv(tables, tmp_path):
    # pip builds in the folder it is given: a copy keeps python/ clean of build files.
    source = tmp_path / "source"
    leave_out = shutil.ignore_patterns("tests", "build", "*.egg-info", "__pycache__")
    shutil.copytree(PACKAGE, source, ignore=leave_out)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv], check=True)
    pip = [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-index"]
    subprocess.run(pip + ["--no-build-isolation", source], check=True, capture_output=True)
    # The library where `cmake --install --prefix VENV` puts it on a prefix outside /usr.
    (venv / "lib").mkdir(exist_ok=True)
    shutil.copy(LIBRARY, venv / "lib" / "libdtb.so")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = python(venv / "bin" / "python", PROBE.format(folder=tables("brazilian")), elsewhere)
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"{venv / 'lib' / 'libdtb.so'} win in 3 plies\n"
