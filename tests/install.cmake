# The installed library (cmake/install.cmake): libdtb.so's exports, and the example engine
# built against the installed package as an engine author builds it.
add_test(NAME install_symbols
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/install/symbols.sh $<TARGET_FILE:dtb>
                 ${PROJECT_SOURCE_DIR}/include/dtb.h)
# Not under the sanitizers: a program linking a libdtb.so built with ASan or TSan needs
# the sanitizer's runtime loaded first, which an engine author's build does not do.
if(NOT DTB_SANITIZE AND NOT DTB_TSAN AND TARGET dtb-gen)
  add_test(NAME install_example
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/install/install.sh ${PROJECT_BINARY_DIR}
                   ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/install_example
                   ${CMAKE_C_COMPILER} $<TARGET_EXISTS:dtb-serve>)
  set_tests_properties(install_example PROPERTIES LABELS install TIMEOUT 300)
endif()
