# dtb-gen --block-size (tests/blocks/same_values.sh): Brazilian's 4-piece set with blocks of
# 8 KiB, against the default set and the committed manifest.  A few seconds.
if(TARGET dtb-gen AND TARGET dtb-check AND TARGET dtb-probe)
  add_test(NAME blocks_8k
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/blocks/same_values.sh $<TARGET_FILE:dtb-gen>
                   $<TARGET_FILE:dtb-check> $<TARGET_FILE:dtb-probe>
                   ${CMAKE_SOURCE_DIR}/tables/brazilian/MANIFEST
                   ${CMAKE_BINARY_DIR}/tables-blocks/8k)
  set_tests_properties(blocks_8k PROPERTIES TIMEOUT 120)
endif()
