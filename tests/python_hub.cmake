# dtb-hub (hub/) in whole Hub sessions, under pytest (tests/hub/): games played out against
# a random defender and checked against dtb-probe lookup, the fallback path with a stand-in
# engine, malformed lines.  It builds its small tables with dtb-gen and reads the legal
# moves through the Python package, so it runs where the python test runs (python.cmake,
# included before this file), in the same environment.
if(TARGET dtb-hub AND DEFINED python_env)
  add_test(NAME hub
           COMMAND ${PYTHON_TEST_PYTHON} -m pytest -q -p no:cacheprovider --capture=sys
                   --basetemp=${CMAKE_CURRENT_BINARY_DIR}/hub.work
                   ${CMAKE_CURRENT_SOURCE_DIR}/hub)
  set_tests_properties(hub PROPERTIES ENVIRONMENT "${python_env};DTB_HUB=$<TARGET_FILE:dtb-hub>")
endif()
