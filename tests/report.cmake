# The report (scripts/report.sh): its quick mode must reproduce the Brazilian section of the
# committed tables/REPORT.md and its diagrams; the diagrams themselves, placed by hand; and
# its --sets mode on two small sets.
add_test(NAME report_diagram
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/report/test_diagram.sh $<TARGET_FILE:dtb-probe>
                 ${CMAKE_CURRENT_BINARY_DIR}/report_diagram)
if(TARGET dtb-gen)
  add_test(NAME report_quick
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/report/test_report.sh ${CMAKE_SOURCE_DIR}
                   $<TARGET_FILE_DIR:dtb-probe> ${CMAKE_CURRENT_BINARY_DIR}/report_quick)
  add_test(NAME report_sets
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/report/test_sets.sh ${CMAKE_SOURCE_DIR}
                   $<TARGET_FILE_DIR:dtb-probe> ${CMAKE_CURRENT_BINARY_DIR}/report_sets)
endif()
