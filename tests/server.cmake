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

# Slow clients (tests/server/test_slow_clients.py): one address holding slow connections
# up to its limit, a thousand idle ones, other addresses answered meanwhile, the slow
# connections closed on time.
if(TARGET dtb-serve AND TARGET dtb-gen)
  add_test(NAME server_slow_clients
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/test_slow_clients.py
                   $<TARGET_FILE:dtb-serve> $<TARGET_FILE:dtb-gen>
                   ${CMAKE_CURRENT_BINARY_DIR}/server_slow_clients)
  set_tests_properties(server_slow_clients PROPERTIES TIMEOUT 300 LABELS server)
endif()

# Hostile HTTP (bench/hostile_http.py), 20,000 requests of the 200,000 bench/RESULTS.md
# reports: every answer dtb writes under /api/ JSON, no server path named, the server alive
# with flat memory at the end.
if(TARGET dtb-serve AND TARGET dtb-gen)
  # AddressSanitizer keeps freed memory in quarantine: the server's memory is judged only
  # without it.
  set(HOSTILE_MEMORY_CHECK "")
  if(DTB_SANITIZE OR DTB_TSAN)
    set(HOSTILE_MEMORY_CHECK --no-memory-check)
  endif()
  add_test(NAME server_hostile_tables
           COMMAND dtb-gen --variant brazilian --pieces 3 --dir
                   ${CMAKE_CURRENT_BINARY_DIR}/server_hostile/brazilian)
  set_tests_properties(server_hostile_tables PROPERTIES FIXTURES_SETUP server_hostile LABELS server)
  add_test(NAME server_hostile
           COMMAND /usr/bin/python3 ${CMAKE_SOURCE_DIR}/bench/hostile_http.py brazilian
                   --serve $<TARGET_FILE:dtb-serve> --root ${CMAKE_CURRENT_BINARY_DIR}/server_hostile
                   --requests 20000 ${HOSTILE_MEMORY_CHECK})
  set_tests_properties(server_hostile PROPERTIES FIXTURES_REQUIRED server_hostile TIMEOUT 300
                                                 LABELS server)
endif()

# Request heads, path redaction and negotiation called directly
# (tests/server/test_http_pieces.c): each limit at its value and one past it.
if(TARGET dtb_serve_core)
  add_executable(test_http_pieces ${CMAKE_CURRENT_SOURCE_DIR}/server/test_http_pieces.c)
  target_link_libraries(test_http_pieces PRIVATE dtb_serve_core)
  target_include_directories(test_http_pieces PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}) # check.h
  add_test(NAME server_http_pieces COMMAND test_http_pieces)
  set_tests_properties(server_http_pieces PROPERTIES LABELS server)
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

# GET /lidraughts/VARIANT?fen= (tests/server/test_lidraughts.py): the lichess-shaped answer
# lidraughts' analysis board reads, checked against dtb-probe lookup and hand-derived
# positions; lidraughts' FEN through the JSON API.
if(TARGET dtb-serve AND TARGET dtb-gen)
  add_test(NAME server_lidraughts
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/test_lidraughts.py
                   $<TARGET_FILE:dtb-serve> $<TARGET_FILE:dtb-gen> $<TARGET_FILE:dtb-probe>
                   ${CMAKE_CURRENT_BINARY_DIR}/server_lidraughts)
  set_tests_properties(server_lidraughts PROPERTIES TIMEOUT 600 LABELS server)
endif()

# The front door (tests/server/test_front_door.py): each kind of request libmicrohttpd used
# to answer itself in HTML refused in JSON and closed; keep-alive, pipelining in order, and
# a client that does not read its answers held back rather than buffered.
if(TARGET dtb-serve AND TARGET dtb-gen)
  add_test(NAME server_front_door
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/server/test_front_door.py
                   $<TARGET_FILE:dtb-serve> $<TARGET_FILE:dtb-gen>
                   ${CMAKE_CURRENT_BINARY_DIR}/server_front_door ${HOSTILE_MEMORY_CHECK})
  set_tests_properties(server_front_door PROPERTIES TIMEOUT 300 LABELS server)
endif()
