# Table files: round trip, determinism, and one status per kind of damage.
add_executable(test_table_file ${CMAKE_CURRENT_SOURCE_DIR}/test_table_file.c)
target_link_libraries(test_table_file PRIVATE dtb_gen)
add_test(NAME table_file COMMAND test_table_file)
