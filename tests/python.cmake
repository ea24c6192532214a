# The Python package (python/) under pytest, with Debian's python3 and python3-pytest: it
# loads this build's libdtb.so (DTB_LIBRARY), makes small tables with dtb-gen and checks its
# answers against dtb-probe's and against values derived by hand; it also installs the
# package with pip into a fresh virtual environment.
#
# Under the sanitizers the library needs the ASan runtime loaded first, before python
# itself: LD_PRELOAD of GCC's libasan.  Leak checking is off there, since python's own
# allocations at exit count as leaks and every stack of the library's passes through
# python, so no suppression could tell them apart; the C tests check the library's leaks.
# clang's sanitized shared libraries expect the runtime in the executable, so the test is
# left out of clang's sanitizer builds.  pytest captures Python's output alone
# (--capture=sys): a sanitizer's report on the C side, which ends the process, goes
# straight to the test's log instead of into a capture that dies with it.
set(PYTHON_TEST_PYTHON /usr/bin/python3)

if(TARGET dtb AND TARGET dtb-gen AND TARGET dtb-probe
   AND NOT (DTB_SANITIZE AND NOT CMAKE_C_COMPILER_ID STREQUAL "GNU"))
  # What dtb.h lays out, for the check of the package's ctypes mirror (test_capi.py).
  add_executable(capi_layout ${CMAKE_CURRENT_SOURCE_DIR}/capi_layout.c)
  target_include_directories(capi_layout PRIVATE ${PROJECT_SOURCE_DIR}/include)
  set(python_env
      DTB_LIBRARY=$<TARGET_FILE:dtb>
      DTB_CAPI_LAYOUT=$<TARGET_FILE:capi_layout>
      DTB_GEN=$<TARGET_FILE:dtb-gen>
      DTB_PROBE=$<TARGET_FILE:dtb-probe>
      PYTHONPATH=${PROJECT_SOURCE_DIR}/python
      PYTHONDONTWRITEBYTECODE=1)
  if(DTB_SANITIZE)
    execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libasan.so
                    OUTPUT_VARIABLE asan_runtime OUTPUT_STRIP_TRAILING_WHITESPACE)
    list(APPEND python_env LD_PRELOAD=${asan_runtime} ASAN_OPTIONS=detect_leaks=0)
  endif()
  add_test(NAME python
           COMMAND ${PYTHON_TEST_PYTHON} -m pytest -q -p no:cacheprovider --capture=sys
                   --basetemp=${CMAKE_CURRENT_BINARY_DIR}/python.work
                   ${PROJECT_SOURCE_DIR}/python/tests)
  set_tests_properties(python PROPERTIES ENVIRONMENT "${python_env}")
endif()
