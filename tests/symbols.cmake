# libdtb.a and libdtb.so export dtb_ names alone: an engine defining movegen_legal,
# fen_parse and board_get of its own links against either and keeps its own.
foreach(library dtb_static dtb)
  add_executable(foreign_names_${library} ${CMAKE_CURRENT_SOURCE_DIR}/symbols/foreign_names.c)
  target_link_libraries(foreign_names_${library} PRIVATE ${library})
  add_test(NAME foreign_names_${library} COMMAND foreign_names_${library})
  set_tests_properties(foreign_names_${library} PROPERTIES PASS_REGULAR_EXPRESSION
                       "^engine 7 120 6, library W:W22,K31:BK1\n$")
endforeach()
