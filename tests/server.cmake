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
