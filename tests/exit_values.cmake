# Solving with the exits' values kept gives the cells of solving without.
add_executable(test_exit_values ${CMAKE_CURRENT_SOURCE_DIR}/test_exit_values.c)
target_link_libraries(test_exit_values PRIVATE dtb_gen)
add_test(NAME exit_values COMMAND test_exit_values ${CMAKE_CURRENT_BINARY_DIR}/exit_values)
