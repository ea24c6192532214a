# Solving in slice groups (gen/solve.c, dtb-gen --slices): sets built whole and in slice
# groups must be byte-identical, and dtb-check must pass the slice-built set
# (tests/slices/compare.sh).  Brazilian's 4-piece set (an 8x8 DAG of men's placements up to
# 7 rows deep on each side), with KMvKM also chosen by --slices auto under a --memory that
# only slice groups fit; Frisian's 3-piece set, with its king-move states and two value
# sets.  About 10 s each here, under 60 s with the sanitizers.
if(TARGET dtb-gen AND TARGET dtb-check)
  function(slices_test name id tables auto)
    add_test(NAME slices_${name}
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/slices/compare.sh $<TARGET_FILE:dtb-gen>
                     $<TARGET_FILE:dtb-check> ${id} ${tables}
                     ${CMAKE_BINARY_DIR}/tables-slices/${name} "${auto}" -- ${ARGN})
    set_tests_properties(slices_${name} PROPERTIES TIMEOUT 300)
  endfunction()
  # Canonical materials counted in tests/check.cmake: 23 with up to 4 pieces, 9 with 3.
  slices_test(brazilian_4 brazilian 23 KMvKM --pieces 4)
  slices_test(frisian_3 frisian 9 "" --pieces 3)
endif()
