#!/bin/sh
# usage: install.sh BUILD SOURCE WORK CC SERVE: installs BUILD into WORK/prefix as a user would
# (cmake --install), checks what lands there, makes a small table set with the installed
# dtb-gen, then builds examples/engine.c against the installed package from fresh folders
# four ways (CMake's find_package with dtb::dtb and with dtb::dtb_static, pkg-config, and
# libdtb.a by hand) and runs each on the tables: they play a won position out and search it,
# and their line must be the installed dtb-probe's.  SERVE is 1 when BUILD has dtb-serve,
# which must then be installed with its page.
build=$1 source=$2 work=$3 cc=$4 serve=$5
prefix=$work/prefix tables=$work/tables fen='W:WK2,5:BK32'
fail() { echo "install: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 1
cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 ||
  fail "cmake --install failed: $(cat "$work/install.log")"

# The header alone, both libraries with the SONAME, the programs and both package files.
[ "$(ls "$prefix/include")" = dtb.h ] || fail "include/ holds $(ls "$prefix/include"), not dtb.h alone"
soname=$(objdump -p "$prefix/lib/libdtb.so" | awk '$1 == "SONAME" { print $2 }')
echo "$soname" | grep -qx 'libdtb\.so\.[0-9][0-9]*' || fail "libdtb.so's SONAME is '$soname'"
for file in "lib/$soname" lib/libdtb.a bin/dtb-gen bin/dtb-probe bin/dtb-check bin/dtb-hub \
            lib/cmake/dtb/dtbConfig.cmake lib/cmake/dtb/dtbConfigVersion.cmake lib/pkgconfig/dtb.pc; do
  [ -e "$prefix/$file" ] || fail "$file was not installed"
done
if [ "$serve" = 1 ]; then
  for file in bin/dtb-serve share/dtb/www/index.html; do
    [ -e "$prefix/$file" ] || fail "$file was not installed"
  done
fi

"$prefix/bin/dtb-gen" --variant brazilian --pieces 3 --dir "$tables" >"$work/gen.log" 2>&1 ||
  fail "the installed dtb-gen failed: $(cat "$work/gen.log")"
line=$("$prefix/bin/dtb-probe" lookup --variant brazilian --dir "$tables" "$fen" |
       sed -n 's/^ *line: *//p')
[ -n "$line" ] || fail "the installed dtb-probe gives no line for $fen"

# run NAME ENGINE: the engine's checks hold, and it plays dtb-probe's line.
run() {
  "$2" brazilian "$tables" "$fen" 3 >"$work/$1.out" ||
    fail "$1: the engine failed: $(cat "$work/$1.out")"
  played=$(awk '/^ *[0-9]+\. / { printf "%s%s", sep, $2; sep = " " }' "$work/$1.out")
  [ "$played" = "$line" ] || fail "$1: the engine played '$played', dtb-probe's line is '$line'"
  echo "$1: $(tail -n 2 "$work/$1.out" | tr '\n' ' ')"
}
# static NAME ENGINE: the engine does not load libdtb.so.
static() {
  ! readelf -d "$2" | grep -q 'NEEDED.*libdtb' || fail "$1 needs libdtb.so"
}
shared() {
  readelf -d "$2" | grep -q "NEEDED.*$soname" || fail "$1 does not need $soname"
}

cmake_engine() {
  cmake -S "$source/examples" -B "$work/$1" -DCMAKE_C_COMPILER="$cc" -DCMAKE_PREFIX_PATH="$prefix" \
    "$2" >"$work/$1.log" && cmake --build "$work/$1" >>"$work/$1.log" ||
    fail "$1: building the example failed: $(cat "$work/$1.log")"
}
cmake_engine cmake-shared -DDTB_ENGINE_STATIC=OFF
shared cmake-shared "$work/cmake-shared/dtb-engine" && run cmake-shared "$work/cmake-shared/dtb-engine"
cmake_engine cmake-static -DDTB_ENGINE_STATIC=ON
static cmake-static "$work/cmake-static/dtb-engine" && run cmake-static "$work/cmake-static/dtb-engine"

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
flags="-std=c11 -Wall -Wextra -Werror"
# shellcheck disable=SC2046,SC2086 # pkg-config's flags are words
$cc $flags "$source/examples/engine.c" -o "$work/pkg-config-engine" $(pkg-config --cflags --libs dtb) ||
  fail "pkg-config: building the example failed"
# Outside CMake nothing records where libdtb.so lies, as for a library in a system folder.
shared pkg-config "$work/pkg-config-engine" &&
  LD_LIBRARY_PATH=$prefix/lib run pkg-config "$work/pkg-config-engine"
# libdtb.a named by hand, its dependencies from pkg-config --static, with a plain gcc link
# (no -flto: the archive's objects carry machine code beside GCC's bytecode).
# shellcheck disable=SC2046,SC2086
$cc $flags "$source/examples/engine.c" -o "$work/archive-engine" $(pkg-config --cflags dtb) \
  "$prefix/lib/libdtb.a" $(pkg-config --static --libs dtb | sed 's/-ldtb//') ||
  fail "libdtb.a: building the example failed"
static archive "$work/archive-engine" && run archive "$work/archive-engine"
