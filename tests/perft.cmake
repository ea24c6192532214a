# Published perft counts (shared/CHECKS.md).  Sanitizer builds stop at smaller depths.
if(DTB_SANITIZE)
  set(PERFT_MAX_LEAVES 200000)
else()
  set(PERFT_MAX_LEAVES 50000000)
endif()
add_executable(test_perft ${CMAKE_CURRENT_SOURCE_DIR}/test_perft.c)
target_link_libraries(test_perft PRIVATE dtb_probe)
add_test(NAME perft COMMAND test_perft ${DATA}/perft.txt ${PERFT_MAX_LEAVES})
