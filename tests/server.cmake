# dtb-serve over HTTP (tests/server/test_serve.py): 3-piece sets built in the test's folder,
# the server on a free port, every endpoint checked against dtb-probe, errors and their
# status codes, path traversal refused, a corrupt table, SIGTERM and SIGINT.
if(TARGET dtb-serve AND TARGET dtb-gen)
  add_test(NAME server_api
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/test_serve.py
                   $<TARGET_FILE:dtb-serve> $<TARGET_FILE:dtb-gen> $<TARGET_FILE:dtb-probe>
                   ${CMAKE_CURRENT_BINARY_DIR}/server_api)
  set_tests_properties(server_api PROPERTIES TIMEOUT 600 LABELS server)
endif()

# dtb-serve names at start-up the tables of a folder's MANIFEST that are not there
# (tests/server/test_manifest_start.sh), on a free port.
if(TARGET dtb-serve AND TARGET dtb-gen)
  add_test(NAME server_manifest_start
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/server/test_manifest_start.sh
                   $<TARGET_FILE:dtb-serve> $<TARGET_FILE:dtb-gen>
                   ${CMAKE_CURRENT_BINARY_DIR}/server_manifest_start)
  set_tests_properties(server_manifest_start PROPERTIES LABELS server)
endif()

# The router and JSON writer called directly (tests/server/test_router.c): each limit at its
# value and one past it, statistics while another material is counted, the writer's
# escapes and refusals.
if(TARGET dtb_serve_core AND TARGET dtb-gen)
  add_executable(test_router ${CMAKE_CURRENT_SOURCE_DIR}/server/test_router.c)
  target_link_libraries(test_router PRIVATE dtb_serve_core)
  target_include_directories(test_router PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}) # check.h
  add_test(NAME server_router COMMAND test_router $<TARGET_FILE:dtb-gen>)
  set_tests_properties(server_router PROPERTIES LABELS server)
endif()
