# The public API (include/dtb.h) on tables that dtb-gen builds in a temporary folder.
if(TARGET dtb-gen)
  add_executable(test_api ${CMAKE_CURRENT_SOURCE_DIR}/test_api.c)
  target_link_libraries(test_api PRIVATE dtb_api)
  add_test(NAME api COMMAND test_api $<TARGET_FILE:dtb-gen>)
endif()

# The API's whole-table questions: variant info, the materials of a folder, a material's
# results.
if(TARGET dtb-gen)
  add_executable(test_api_tables ${CMAKE_CURRENT_SOURCE_DIR}/test_api_tables.c)
  target_link_libraries(test_api_tables PRIVATE dtb_api)
  add_test(NAME api_tables COMMAND test_api_tables $<TARGET_FILE:dtb-gen>)
endif()
