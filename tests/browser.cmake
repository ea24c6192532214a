# The explorer page (server/www/) in a real browser: tests/browser/test_explorer.py starts
# dtb-serve over tables it builds, drives Debian's chromium headless through chromedriver,
# plays moves by click, drag and keys (a capture with several landings among them) and
# checks the values shown against dtb-probe lookup's, stats' and diagram's. Screenshots
# land in the build folder (tests/browser_explorer/). Skipped (77) when chromium is missing,
# but not under CI (CI set), where it fails.
if(TARGET dtb-serve AND TARGET dtb-gen)
  add_test(NAME browser_explorer
           COMMAND /usr/bin/python3 -B ${CMAKE_CURRENT_SOURCE_DIR}/browser/test_explorer.py
                   $<TARGET_FILE:dtb-serve> $<TARGET_FILE:dtb-gen> $<TARGET_FILE:dtb-probe>
                   ${CMAKE_CURRENT_BINARY_DIR}/browser_explorer)
  set_tests_properties(browser_explorer PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300
                       LABELS browser)
endif()

# The page's JavaScript is as clang-format writes it (server/www/.clang-format).
find_program(CLANG_FORMAT clang-format)
if(CLANG_FORMAT)
  file(GLOB WWW_SCRIPTS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/server/www/js/*.js)
  add_test(NAME format_www COMMAND ${CLANG_FORMAT} --dry-run --Werror ${WWW_SCRIPTS})
endif()
