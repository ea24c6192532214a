# The move generator against a plain reference written from docs/rules.md, over random
# positions of every variant (about 1 s, 6 s under the sanitizers).
add_executable(test_reference_moves ${CMAKE_CURRENT_SOURCE_DIR}/test_reference_moves.c)
target_link_libraries(test_reference_moves PRIVATE dtb_probe)
add_test(NAME reference_moves COMMAND test_reference_moves 20000)
