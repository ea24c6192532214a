# Solving with the exits' values kept gives the cells of solving without.
add_executable(test_value_memo ${CMAKE_CURRENT_SOURCE_DIR}/test_value_memo.c)
target_link_libraries(test_value_memo PRIVATE dtb_gen)
add_test(NAME value_memo COMMAND test_value_memo ${CMAKE_CURRENT_BINARY_DIR}/value_memo)
