add_executable(test_material ${CMAKE_CURRENT_SOURCE_DIR}/test_material.c)
target_link_libraries(test_material PRIVATE dtb_probe)
add_test(NAME material COMMAND test_material)
