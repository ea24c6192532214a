"""Where libdtb.so is: DTB_LIBRARY when set, else where `cmake --install` puts it."""

import ctypes.util
import os
import sysconfig
from pathlib import Path
from typing import List, Optional, Tuple

# The names the library goes by in a folder: the development link, then the SONAME's file.
LIBRARY_NAMES = ("libdtb.so", "libdtb.so.0")

# The library folders of an install prefix, as CMake's GNUInstallDirs picks them.
PREFIX_LIBDIRS = ("lib/" + (sysconfig.get_config_var("MULTIARCH") or ""), "lib64", "lib")

# Prefixes that `cmake --install --prefix P` commonly uses besides the package's own.
SYSTEM_PREFIXES = ("/usr/local", "/usr")


def package_prefix() -> Path:
    """The prefix this package was installed under: P of P/lib/pythonX.Y/site-packages/dtb."""
    parents = Path(__file__).resolve().parents
    return parents[min(4, len(parents) - 1)]


def candidate_folders() -> List[Path]:
    """The folders to look in, most specific first, each once (lib64 is often a link to lib)."""
    prefixes = [package_prefix(), *map(Path, SYSTEM_PREFIXES)]
    folders = [(prefix / libdir).resolve() for prefix in prefixes for libdir in PREFIX_LIBDIRS]
    return list(dict.fromkeys(folders))


def find_library() -> Tuple[Optional[str], List[str]]:
    """The path (or the loader's name) of libdtb to load, and the places looked in.

    RETURN: (found, looked): found is None when nothing was found."""
    explicit = os.environ.get("DTB_LIBRARY")
    if explicit:
        return explicit, []
    folders = candidate_folders()
    for folder in folders:
        for name in LIBRARY_NAMES:
            if (folder / name).is_file():
                return str(folder / name), []
    looked = [str(folder) for folder in folders] + ["the loader's cache (ldconfig)"]
    return ctypes.util.find_library("dtb"), looked
