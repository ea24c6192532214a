# cmake --install: the header, libdtb.so and libdtb.a with their CMake package (dtb::dtb,
# dtb::dtb_static) and pkg-config file, and the programs.
include(CMakePackageConfigHelpers)
set(DTB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/dtb)

install(FILES include/dtb.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS dtb dtb_static EXPORT dtbTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT dtbTargets NAMESPACE dtb:: DESTINATION ${DTB_CMAKE_DIR})
configure_package_config_file(cmake/dtbConfig.cmake.in dtbConfig.cmake
  INSTALL_DESTINATION ${DTB_CMAKE_DIR})
# The SONAME changes with the major version, and so does what a caller may ask for.
write_basic_package_version_file(dtbConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/dtbConfig.cmake ${PROJECT_BINARY_DIR}/dtbConfigVersion.cmake
  DESTINATION ${DTB_CMAKE_DIR})

# dtb.pc names its prefix relative to its own folder, so that it holds wherever
# --prefix puts the tree.
file(RELATIVE_PATH DTB_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" DTB_PC_TO_PREFIX "${DTB_PC_TO_PREFIX}")
configure_file(cmake/dtb.pc.in dtb.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/dtb.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(TARGETS dtb-gen dtb-probe dtb-check dtb-hub)
# dtb-serve with its page, where it looks for it (DTB_INSTALL_WWWDIR, CMakeLists.txt).
if(TARGET dtb-serve)
  install(TARGETS dtb-serve)
  if(EXISTS ${PROJECT_SOURCE_DIR}/server/www)
    install(DIRECTORY server/www/ DESTINATION ${DTB_INSTALL_WWWDIR} PATTERN .clang-format EXCLUDE)
  endif()
endif()
