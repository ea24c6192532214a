# dtb-probe claim: each script in tests/claim/ builds small tables with dtb-gen and checks a
# claim whose answer is derived by hand (written in the script), with its exit status.
if(TARGET dtb-gen)
  file(GLOB CLAIM_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/claim/test_*.sh)
  foreach(script ${CLAIM_SCRIPTS})
    get_filename_component(name ${script} NAME_WE)
    string(REGEX REPLACE "^test_" "claim_" name ${name})
    add_test(NAME ${name}
             COMMAND sh ${script} $<TARGET_FILE:dtb-probe> $<TARGET_FILE:dtb-gen>
                     ${CMAKE_CURRENT_BINARY_DIR}/${name})
  endforeach()
endif()
