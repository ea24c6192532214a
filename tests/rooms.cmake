# The rooms (cmake/rooms.cmake, docs/architecture.md): the tree's includes all go downward,
# and the check refuses an upward include and an upward link.
set(ROOMS_CHECK ${PROJECT_SOURCE_DIR}/cmake/rooms.cmake)
add_test(NAME rooms_includes COMMAND ${CMAKE_COMMAND} -DDTB_ROOMS_ROOT=${PROJECT_SOURCE_DIR}
                                     -P ${ROOMS_CHECK})

# A tree where rules/ includes a header of probe/, above it.
set(UPWARD ${CMAKE_CURRENT_BINARY_DIR}/rooms_upward)
file(WRITE ${UPWARD}/probe/tablebase.h "int tb_probe(void);\n")
file(WRITE ${UPWARD}/rules/board.c "#include \"board.h\"\n#include \"tablebase.h\"\n")
file(WRITE ${UPWARD}/rules/board.h "int board_get(void);\n")
add_test(NAME rooms_upward_include COMMAND ${CMAKE_COMMAND} -DDTB_ROOMS_ROOT=${UPWARD}
                                           -P ${ROOMS_CHECK})
set_tests_properties(rooms_upward_include PROPERTIES WILL_FAIL ON)
add_test(NAME rooms_upward_include_named COMMAND ${CMAKE_COMMAND} -DDTB_ROOMS_ROOT=${UPWARD}
                                                 -P ${ROOMS_CHECK})
set_tests_properties(rooms_upward_include_named PROPERTIES PASS_REGULAR_EXPRESSION
                     "rules/board.c includes tablebase.h of room probe, above it")

add_test(NAME rooms_upward_link COMMAND ${CMAKE_COMMAND} -DDTB_ROOMS_LINK=format,dtb_probe
                                        -P ${ROOMS_CHECK})
set_tests_properties(rooms_upward_link PROPERTIES PASS_REGULAR_EXPRESSION
                     "room format may not link dtb_probe")
add_test(NAME rooms_downward_link COMMAND ${CMAKE_COMMAND} -DDTB_ROOMS_LINK=probe,dtb_format
                                          -P ${ROOMS_CHECK})
