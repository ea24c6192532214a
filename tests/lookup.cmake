# Command-line tests of dtb-probe's table subcommands: each script in tests/lookup/ builds
# a few small tables with dtb-gen into a fresh folder and checks the output against answers
# derived by hand (written in the scripts).

if(TARGET dtb-gen)
  file(GLOB LOOKUP_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/lookup/test_*.sh)
  foreach(script ${LOOKUP_SCRIPTS})
    get_filename_component(name ${script} NAME_WE)
    string(REGEX REPLACE "^test_" "lookup_" name ${name})
    add_test(NAME ${name}
             COMMAND sh ${script} $<TARGET_FILE:dtb-probe> $<TARGET_FILE:dtb-gen>
                     ${CMAKE_CURRENT_BINARY_DIR}/${name})
  endforeach()
endif()
