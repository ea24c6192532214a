# The library engines link: libdtb.so and libdtb.a, the core rooms (common, rules, format,
# probe, api) behind include/dtb.h alone.  They are compiled a second time here, as
# position-independent code; the programs keep linking the rooms' libraries, compiled
# without it, so their solving and move generation are untouched by this build.
set(DTB_CORE_ROOMS common rules format probe api)
set(DTB_CORE_SOURCES "")
foreach(room ${DTB_CORE_ROOMS})
  dtb_room_sources(${PROJECT_SOURCE_DIR} ${room} sources)
  list(APPEND DTB_CORE_SOURCES ${sources})
endforeach()
add_library(dtb_objects OBJECT ${DTB_CORE_SOURCES})
set_target_properties(dtb_objects PROPERTIES POSITION_INDEPENDENT_CODE ON)
target_include_directories(dtb_objects PRIVATE include ${DTB_CORE_ROOMS})
target_link_libraries(dtb_objects PRIVATE PkgConfig::ZSTD PkgConfig::XXHASH Threads::Threads)

# libdtb.so exports the dtb_ symbols alone (cmake/dtb.map).
set(DTB_EXPORT_MAP ${CMAKE_CURRENT_LIST_DIR}/dtb.map)
add_library(dtb SHARED $<TARGET_OBJECTS:dtb_objects>)
add_library(dtb::dtb ALIAS dtb)
set_target_properties(dtb PROPERTIES VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}
  LINK_DEPENDS ${DTB_EXPORT_MAP})
target_link_options(dtb PRIVATE -Wl,--version-script=${DTB_EXPORT_MAP})

# libdtb.a, for engines that want no shared library; exported as dtb::dtb_static.
add_library(dtb_static STATIC $<TARGET_OBJECTS:dtb_objects>)
add_library(dtb::dtb_static ALIAS dtb_static)
set_target_properties(dtb_static PROPERTIES OUTPUT_NAME dtb)

foreach(target dtb dtb_static)
  target_include_directories(${target} INTERFACE $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  target_link_libraries(${target} PRIVATE PkgConfig::ZSTD PkgConfig::XXHASH Threads::Threads)
endforeach()
