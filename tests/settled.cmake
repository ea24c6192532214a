# Probes, which search the positions tables leave out, agree with the solver everywhere.
add_executable(test_settled ${CMAKE_CURRENT_SOURCE_DIR}/test_settled.c)
target_link_libraries(test_settled PRIVATE dtb_gen)
add_test(NAME settled COMMAND test_settled ${CMAKE_CURRENT_BINARY_DIR}/settled)
