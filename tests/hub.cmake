# dtb-hub (hub/) in whole Hub sessions, under pytest (tests/hub/): games played out against
# a random defender and checked against dtb-probe lookup, the fallback path with a stand-in
# engine, malformed lines.  It builds its small tables with dtb-gen, and reads the legal
# moves through the Python package (python/), so it runs where the python test runs; the
# sanitizers' runtime is loaded the same way (tests/python.cmake).
if(TARGET dtb-hub AND TARGET dtb AND TARGET dtb-gen AND TARGET dtb-probe
   AND NOT (DTB_SANITIZE AND NOT CMAKE_C_COMPILER_ID STREQUAL "GNU"))
  set(hub_env
      DTB_HUB=$<TARGET_FILE:dtb-hub>
      DTB_LIBRARY=$<TARGET_FILE:dtb>
      DTB_GEN=$<TARGET_FILE:dtb-gen>
      DTB_PROBE=$<TARGET_FILE:dtb-probe>
      PYTHONPATH=${PROJECT_SOURCE_DIR}/python
      PYTHONDONTWRITEBYTECODE=1)
  if(DTB_SANITIZE)
    execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libasan.so
                    OUTPUT_VARIABLE asan_runtime OUTPUT_STRIP_TRAILING_WHITESPACE)
    list(APPEND hub_env LD_PRELOAD=${asan_runtime} ASAN_OPTIONS=detect_leaks=0)
  endif()
  add_test(NAME hub
           COMMAND /usr/bin/python3 -m pytest -q -p no:cacheprovider --capture=sys
                   --basetemp=${CMAKE_CURRENT_BINARY_DIR}/hub.work
                   ${CMAKE_CURRENT_SOURCE_DIR}/hub)
  set_tests_properties(hub PROPERTIES ENVIRONMENT "${hub_env}")
endif()
