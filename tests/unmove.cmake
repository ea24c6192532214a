# The solver's un-moves agree with the move generator both ways.
add_executable(test_unmove ${CMAKE_CURRENT_SOURCE_DIR}/test_unmove.c)
target_link_libraries(test_unmove PRIVATE dtb_gen)
add_test(NAME unmove COMMAND test_unmove)
