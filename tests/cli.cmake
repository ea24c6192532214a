# Command-line tests of dtb-probe: exit status, stdout and stderr (tests/cli/expect.sh).
# Expected outputs come from CHECKS.md (perft) and hand derivation (moves, see rules.txt).
set(CLI_DIR ${CMAKE_CURRENT_SOURCE_DIR}/cli)
set(PROBE $<TARGET_FILE:dtb-probe>)
set(ALL_IDS_LISTED
    --stderr-has "valid ids: .*international" --stderr-has "valid ids: .*brazilian"
    --stderr-has "valid ids: .*scandinavian-weak-8-free" --stderr-has "valid ids: .*stockholm-halt"
    --stderr-has "valid ids: .*frisian2-8")

function(cli_test name)
  add_test(NAME cli_${name} COMMAND sh ${CLI_DIR}/expect.sh ${ARGN})
endfunction()

cli_test(help --stdout-has "^usage: dtb-probe" --stdout-has "perft" --stdout-has "moves"
         -- ${PROBE} --help)
cli_test(perft_help --stdout-has "^usage: dtb-probe perft" -- ${PROBE} perft --help)
cli_test(moves_help --stdout-has "^usage: dtb-probe moves" -- ${PROBE} moves --help)
cli_test(no_command --status nonzero --stderr-has "^usage: dtb-probe" -- ${PROBE})
cli_test(unknown_command --status nonzero --stderr-has "unknown command 'frobnicate'"
         -- ${PROBE} frobnicate)
cli_test(unknown_option --status nonzero --stderr-has "unknown option '--bogus'"
         -- ${PROBE} moves --bogus)

cli_test(perft_unknown_variant --status nonzero --stderr-has "unknown variant 'nosuch'"
         ${ALL_IDS_LISTED} -- ${PROBE} perft --variant nosuch --depth 1)
cli_test(moves_unknown_variant --status nonzero --stderr-has "unknown variant 'stockholm-8'"
         ${ALL_IDS_LISTED} -- ${PROBE} moves --variant stockholm-8 W:W22:B1)
cli_test(moves_missing_variant --status nonzero ${ALL_IDS_LISTED} -- ${PROBE} moves W:W22:B1)
cli_test(perft_bad_depth --status nonzero --stderr-has "--depth"
         -- ${PROBE} perft --variant brazilian --depth 0)
cli_test(extra_argument --status 2 --stderr-has "unexpected argument 'W:W23:B1'"
         -- ${PROBE} moves --variant brazilian W:W22:B1 W:W23:B1)
cli_test(lookup_bad_rules --status 2 --stderr-has "--rules is 'pure' or 'official', not 'fide'"
         -- ${PROBE} lookup --variant frisian --rules fide W:WK46:BK5)
cli_test(lookup_bad_moves_played --status 2
         --stderr-has "--moves-played needs a whole number from 0 to 7, not '8'"
         -- ${PROBE} lookup --variant frisian --moves-played 8 W:WK46:BK5)
cli_test(moves_bad_fen --status nonzero --stderr-has "square 51 .*off the board"
         -- ${PROBE} moves --variant international W:W51:B1)
cli_test(perft_bad_fen --status nonzero --stderr-has "count 4 .*is not 1, 2 or 3"
         -- ${PROBE} perft --variant frisian --depth 1 W:WK46,28:BK43:CW46=4)

cli_test(perft_brazilian --stdout ${CLI_DIR}/perft_brazilian_3.out
         -- ${PROBE} perft --variant brazilian --depth 3)
# Output that cannot be written fails the command, whichever command it is (cli.h).
cli_test(output_lost --status 1 --stderr-has "cannot write the output"
         -- sh -c "\"$0\" perft --variant brazilian --depth 3 >/dev/full" ${PROBE})
cli_test(moves_mirrored --stdout ${CLI_DIR}/moves_scandinavian_b1.out
         -- ${PROBE} moves --variant scandinavian W:W46:B1)
cli_test(moves_full_paths --stdout ${CLI_DIR}/moves_scandinavian_weak_paths.out
         -- ${PROBE} moves --variant scandinavian-weak W:W38:B23,24,28,33,34)
cli_test(moves_none --stdout ${CLI_DIR}/empty.out
         -- ${PROBE} moves --variant frisian W:W6,K46:B1:CW46=3)

# FENs as other programs write them (probe/fen.h): lidraughts' Frisian FEN in lower case,
# whose king-move field "+0+346" (Black none, White's king on 46 three moves in a row) leaves
# that king no move (docs/rules.md 7.1): only the man's two steps.
cli_test(moves_lidraughts_fen --stdout ${CLI_DIR}/moves_frisian_lidraughts_count.out
         -- ${PROBE} moves --variant frisian "w:w28,k46:bk43:H0:F20:+0+346")
cli_test(moves_lidraughts_ghost --status 2 --stderr-has "ghost piece 'G31'"
         -- ${PROBE} moves --variant international "W:WG31,G32:B1")

# --version on every program that takes options: its name, the version built and the
# library's, which is the project's (CMakeLists.txt reads it from dtb.h).
set(VERSION_LINE "${PROJECT_VERSION} .library ${PROJECT_VERSION}.$")
foreach(program dtb-probe dtb-gen dtb-check dtb-hub bench_probe bench_cluster bench_serve)
  if(TARGET ${program})
    cli_test(version_${program} --stdout-has "^${program} ${VERSION_LINE}"
             -- $<TARGET_FILE:${program}> --version)
  endif()
endforeach()
cli_test(version_command --stdout-has "^dtb-probe ${VERSION_LINE}" -- ${PROBE} lookup --version)
