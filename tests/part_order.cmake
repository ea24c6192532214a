add_executable(test_part_order ${CMAKE_CURRENT_SOURCE_DIR}/test_part_order.c)
target_link_libraries(test_part_order PRIVATE dtb_probe)
add_test(NAME part_order COMMAND test_part_order)
