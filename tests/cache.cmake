# The budget of decoded blocks (format/block_cache.c): a capped handle answers every position
# of a whole set as an uncapped one (Brazilian up to 3 pieces, and Frisian up to 2 for its
# second value set; each budget about a block of the set), and four threads probing one
# capped handle answer as one thread without a cap.  scripts/test.sh also runs
# cache_threads under ThreadSanitizer (DTB_TSAN).
if(TARGET dtb-gen)
  set(CACHE_TABLES ${CMAKE_BINARY_DIR}/cache-tables)
  add_executable(test_cache_budget ${CMAKE_CURRENT_SOURCE_DIR}/test_cache_budget.c)
  target_link_libraries(test_cache_budget PRIVATE dtb_probe)
  set(CACHE_SETS "brazilian 3 40960" "frisian 2 8192")
  foreach(set ${CACHE_SETS})
    separate_arguments(set)
    list(GET set 0 variant)
    list(GET set 1 pieces)
    add_test(NAME cache_tables_${variant}
             COMMAND $<TARGET_FILE:dtb-gen> --variant ${variant} --pieces ${pieces}
                     --dir ${CACHE_TABLES}/${variant})
    set_tests_properties(cache_tables_${variant} PROPERTIES FIXTURES_SETUP cache_tables)
    list(GET set 2 budget)
    add_test(NAME cache_budget_${variant}
             COMMAND test_cache_budget ${variant} ${CACHE_TABLES}/${variant} ${budget})
    set_tests_properties(cache_budget_${variant} PROPERTIES FIXTURES_REQUIRED cache_tables)
  endforeach()

  add_executable(test_cache_threads ${CMAKE_CURRENT_SOURCE_DIR}/test_cache_threads.c)
  target_link_libraries(test_cache_threads PRIVATE dtb_api)
  add_test(NAME cache_threads COMMAND test_cache_threads brazilian ${CACHE_TABLES}/brazilian)
  set_tests_properties(cache_threads PROPERTIES FIXTURES_REQUIRED cache_tables)
endif()
