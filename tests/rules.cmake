# Hand-derived rule cases (docs/rules.md) and FEN errors, checked by test_rules.
add_executable(test_rules ${CMAKE_CURRENT_SOURCE_DIR}/test_rules.c)
target_link_libraries(test_rules PRIVATE dtb_probe)
add_test(NAME rules COMMAND test_rules ${DATA}/rules.txt)
add_test(NAME fen_errors COMMAND test_rules ${DATA}/fen_errors.txt)
add_test(NAME fen_forms COMMAND test_rules ${DATA}/fen_forms.txt)
