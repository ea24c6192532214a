# The independent verifier (verify/, dtb-check) over freshly built tables of every variant,
# labelled slow: up to 3 pieces on 10x10 and 4 on 8x8, and International's and Frisian's
# 4-piece materials with kings only or one man.  Sanitizer builds, several times slower,
# stop at 3 pieces everywhere.  The longest is check_frisian_4 (about 3 CPU-minutes, mostly
# dtb-gen on KKMvK and KKvKM with their king-move states); bench/check_all.sh times the
# rest.  Plus tests that dtb-check fails on a table whose values were changed behind
# valid checksums (check/tamper.c), that dtb-probe does not answer from one, and that
# dtb-check names the tables of the MANIFEST it did not check (check/test_manifest.sh).

if(TARGET dtb-gen AND TARGET dtb-check)
  # Every variant id of docs/rules.md section 6, by board.
  set(CHECK_IDS_10
      international frisian frisian2
      scandinavian scandinavian-free scandinavian-medium scandinavian-medium-free
      scandinavian-weak scandinavian-weak-free)
  set(CHECK_IDS_8
      brazilian stockholm stockholm-free stockholm-halt frisian2-8
      scandinavian-8 scandinavian-8-free scandinavian-medium-8 scandinavian-medium-8-free
      scandinavian-weak-8 scandinavian-weak-8-free)

  # Canonical materials with 2..P pieces and a piece on each side, counted by hand:
  # 2 pieces KvK KvM MvM (3); 3 pieces {KK,KM,MM} v {K,M} (6); 4 pieces
  # {KKK,KKM,KMM,MMM} v {K,M} (8) and unordered pairs of {KK,KM,MM} (6).
  set(CHECK_TABLES_3 9)
  set(CHECK_TABLES_4 23)
  # 10x10 4-piece materials with kings only or one man; with all they convert into
  # (KKvK KKvM KMvK KvK KvM) 10 tables.
  set(CHECK_10X10_4 KKKvK KKvKK KKKvM KKMvK KKvKM)

  function(check_tables name id tables)
    add_test(NAME check_${name}
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/check/gen_and_check.sh
                     $<TARGET_FILE:dtb-gen> $<TARGET_FILE:dtb-check> ${id} ${tables}
                     ${CMAKE_BINARY_DIR}/tables-check/${name} ${ARGN})
    set_tests_properties(check_${name} PROPERTIES LABELS slow TIMEOUT 900)
  endfunction()

  # The default set (scripts/default_tables.sh) must rebuild byte for byte as committed.
  function(expect_manifest name id)
    set(manifest ${PROJECT_SOURCE_DIR}/tables/${id}/MANIFEST)
    if(NOT EXISTS ${manifest})
      message(FATAL_ERROR "${manifest} is missing: run scripts/default_tables.sh")
    endif()
    set_tests_properties(check_${name} PROPERTIES ENVIRONMENT DTB_EXPECTED_MANIFEST=${manifest})
  endfunction()

  if(DTB_SANITIZE)
    set(pieces_8 3)
  else()
    set(pieces_8 4)
    check_tables(international_4 international 10 ${CHECK_10X10_4})
    check_tables(frisian_4 frisian 10 ${CHECK_10X10_4})
  endif()
  foreach(id ${CHECK_IDS_10})
    check_tables(${id} ${id} ${CHECK_TABLES_3} --pieces 3)
    expect_manifest(${id} ${id})
  endforeach()
  foreach(id ${CHECK_IDS_8})
    check_tables(${id} ${id} ${CHECK_TABLES_${pieces_8}} --pieces ${pieces_8})
    if(pieces_8 EQUAL 4)
      expect_manifest(${id} ${id})
    endif()
  endforeach()

  # The same bytes whatever the threads: the writer's blocks and layouts, the pool's small
  # materials (gen/build_pool.h).  scripts/test.sh runs it under ThreadSanitizer too.
  if(DTB_TSAN)
    set(threads_pieces 3)
  else()
    set(threads_pieces ${pieces_8})
  endif()
  add_test(NAME check_threads_identical
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/check/threads_identical.sh $<TARGET_FILE:dtb-gen>
                   brazilian ${threads_pieces} ${CMAKE_CURRENT_BINARY_DIR}/threads_identical.work)

  # Tables of one side to move (dtb-gen --one-side) probe as tables of both, position by
  # position, and pass dtb-check: Scandinavian, and Frisian for its king-move states and
  # draw rules, and Stockholm's halt on 8x8.
  add_executable(check_sides ${CMAKE_CURRENT_SOURCE_DIR}/check/sides.c)
  target_link_libraries(check_sides PRIVATE dtb_gen)
  foreach(id scandinavian frisian stockholm-halt)
    add_test(NAME check_one_side_${id}
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/check/test_one_side.sh $<TARGET_FILE:dtb-gen>
                     $<TARGET_FILE:dtb-check> $<TARGET_FILE:check_sides> ${id} 3
                     ${CMAKE_CURRENT_BINARY_DIR}/one_side_${id}.work)
  endforeach()

  add_executable(check_tamper ${CMAKE_CURRENT_SOURCE_DIR}/check/tamper.c)
  target_link_libraries(check_tamper PRIVATE dtb_gen)
  add_test(NAME check_tamper
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/check/test_tamper.sh $<TARGET_FILE:dtb-check>
                   $<TARGET_FILE:dtb-gen> $<TARGET_FILE:check_tamper>
                   ${CMAKE_CURRENT_BINARY_DIR}/check_tamper.work)
  add_test(NAME check_manifest
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/check/test_manifest.sh $<TARGET_FILE:dtb-check>
                   $<TARGET_FILE:dtb-gen> ${CMAKE_CURRENT_BINARY_DIR}/check_manifest.work)
  if(TARGET dtb-probe)
    add_test(NAME probe_tamper
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/check/test_probe_tamper.sh
                     $<TARGET_FILE:dtb-probe> $<TARGET_FILE:dtb-gen> $<TARGET_FILE:check_tamper>
                     ${CMAKE_CURRENT_BINARY_DIR}/probe_tamper.work)
  endif()
endif()
