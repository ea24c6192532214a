# The fuzz targets (tests/fuzz/), built with DTB_FUZZ: each runs a fixed number of inputs
# from a fixed seed, starting from the committed inputs of fuzz/corpus_TARGET (of distinct
# sizes: libFuzzer orders them by size, and equal ones as the folder lists them), on tables
# built first by fuzz/make_tables.sh, which also empties the folder where a run writes the
# inputs it finds: so a run is the same every time.  Failing inputs go to fuzz-failures/.  scripts/fuzz.sh runs them for longer.
if(DTB_FUZZ)
  # Checked anew each time: a failure cached would outlast installing the library.
  include(CheckCSourceCompiles)
  unset(DTB_HAVE_LIBFUZZER CACHE)
  set(CMAKE_REQUIRED_LINK_OPTIONS -fsanitize=fuzzer)
  check_c_source_compiles(
    "#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }"
    DTB_HAVE_LIBFUZZER)
  unset(CMAKE_REQUIRED_LINK_OPTIONS)
  if(NOT DTB_HAVE_LIBFUZZER)
    message(FATAL_ERROR "DTB_FUZZ: clang cannot link -fsanitize=fuzzer (Debian: libclang-rt-dev)")
  endif()

  set(FUZZ_TABLES ${CMAKE_BINARY_DIR}/fuzz-tables)
  add_test(NAME fuzz_tables
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/make_tables.sh $<TARGET_FILE:dtb-gen>
                   ${FUZZ_TABLES})
  set_tests_properties(fuzz_tables PROPERTIES FIXTURES_SETUP fuzz_tables LABELS fuzz)

  # Inputs a run tries: about 25 s each on this project's 2-core machine.
  set(FUZZ_RUNS_table 20000)
  set(FUZZ_RUNS_api 100000)
  set(FUZZ_RUNS_server 500000)
  set(FUZZ_TARGETS table api)
  # fuzz_server: dtb-serve's router and JSON writer (server/), judged by a JSON parser of
  # its own (fuzz/json_check.c); inputs long enough to pass the query string's limit.
  if(TARGET dtb_serve_core)
    list(APPEND FUZZ_TARGETS server)
    add_executable(fuzz_server ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_server.c
                               ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/json_check.c)
    target_link_libraries(fuzz_server PRIVATE dtb_serve_core)
    target_compile_definitions(fuzz_server PRIVATE DTB_FUZZ_WWW="${PROJECT_SOURCE_DIR}/server/www")
    set(FUZZ_MAX_LEN_server 1100)
  endif()
  # fuzz_head: the request heads dtb-serve's front door reads (server/request_head.h), read
  # whole and in pieces, judged by the rules of RFC 9112 checked apart.
  if(TARGET dtb_serve_core)
    list(APPEND FUZZ_TARGETS head)
    add_executable(fuzz_head ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_head.c)
    target_link_libraries(fuzz_head PRIVATE dtb_serve_core)
    set(FUZZ_RUNS_head 4000000)
    set(FUZZ_MAX_LEN_head 5000)
  endif()
  # fuzz_hub: dtb-hub's line parser and position translation (hub/); no tables.
  if(TARGET dtb_hub_core)
    list(APPEND FUZZ_TARGETS hub)
    add_executable(fuzz_hub ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_hub.c)
    target_link_libraries(fuzz_hub PRIVATE dtb_hub_core)
    set(FUZZ_RUNS_hub 1000000)
    set(FUZZ_MAX_LEN_hub 600)
  endif()
  foreach(target ${FUZZ_TARGETS})
    if(NOT TARGET fuzz_${target})
      add_executable(fuzz_${target} ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_${target}.c)
      target_link_libraries(fuzz_${target} PRIVATE dtb_api)
    endif()
    if(NOT FUZZ_MAX_LEN_${target})
      set(FUZZ_MAX_LEN_${target} 256)
    endif()
    target_link_options(fuzz_${target} PRIVATE -fsanitize=fuzzer)
    add_test(NAME fuzz_${target}
             COMMAND $<TARGET_FILE:fuzz_${target}> -seed=1 -runs=${FUZZ_RUNS_${target}}
                     -max_len=${FUZZ_MAX_LEN_${target}}
                     -artifact_prefix=${CMAKE_BINARY_DIR}/fuzz-failures/
                     ${FUZZ_TABLES}/corpus/${target}
                     ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus_${target})
    set_tests_properties(fuzz_${target} PROPERTIES
                         FIXTURES_REQUIRED fuzz_tables LABELS fuzz TIMEOUT 600
                         ENVIRONMENT "DTB_FUZZ_TABLES=${FUZZ_TABLES}/${target}")
  endforeach()
endif()
