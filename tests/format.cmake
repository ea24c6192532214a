# Every C source and header is as clang-format (with the committed .clang-format) writes it.
find_program(CLANG_FORMAT clang-format)
if(CLANG_FORMAT)
  file(GLOB_RECURSE FORMAT_SOURCES CONFIGURE_DEPENDS
       ${PROJECT_SOURCE_DIR}/common/*.[ch] ${PROJECT_SOURCE_DIR}/rules/*.[ch]
       ${PROJECT_SOURCE_DIR}/format/*.[ch] ${PROJECT_SOURCE_DIR}/probe/*.[ch]
       ${PROJECT_SOURCE_DIR}/api/*.[ch] ${PROJECT_SOURCE_DIR}/report/*.[ch]
       ${PROJECT_SOURCE_DIR}/gen/*.[ch]
       ${PROJECT_SOURCE_DIR}/include/*.h ${PROJECT_SOURCE_DIR}/tools/*.[ch]
       ${PROJECT_SOURCE_DIR}/verify/*.[ch] ${PROJECT_SOURCE_DIR}/bench/*.[ch]
       ${PROJECT_SOURCE_DIR}/tests/*.[ch] ${PROJECT_SOURCE_DIR}/examples/*.[ch]
       ${PROJECT_SOURCE_DIR}/server/*.[ch])
  add_test(NAME format COMMAND ${CLANG_FORMAT} --dry-run --Werror ${FORMAT_SOURCES})
endif()
