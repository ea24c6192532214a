# The page's FEN reader (server/www/js/fen.js) under node, on the FENs other programs write
# (tests/www/test_fen.mjs, with the cases of tests/data/fen_forms.txt).  Left out where node
# is missing.
find_program(NODE node)
if(NODE)
  add_test(NAME www_fen
           COMMAND ${NODE} ${CMAKE_CURRENT_SOURCE_DIR}/www/test_fen.mjs
                   ${PROJECT_SOURCE_DIR}/server/www/js/fen.js ${DATA}/fen_forms.txt)
endif()
