add_executable(test_index ${CMAKE_CURRENT_SOURCE_DIR}/test_index.c)
target_link_libraries(test_index PRIVATE dtb_probe)
add_test(NAME index COMMAND test_index)
