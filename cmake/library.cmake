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

# libdtb.a, for engines that want no shared library; exported as dtb::dtb_static.  Its one
# object is the rooms' objects linked into one (ld -r), every name but the dtb_ ones then
# made local to it: an engine may define its own movegen_legal or fen_parse beside it
# (tests/symbols.cmake).  Without link-time optimisation, whose bytecode would carry the
# internal names still global past objcopy.
set_target_properties(dtb_objects PROPERTIES INTERPROCEDURAL_OPTIMIZATION OFF)
find_program(DTB_OBJCOPY NAMES ${CMAKE_OBJCOPY} objcopy REQUIRED)
set(DTB_STATIC_OBJECT ${CMAKE_CURRENT_BINARY_DIR}/dtb_static.o)
add_custom_command(OUTPUT ${DTB_STATIC_OBJECT}
  COMMAND ${CMAKE_LINKER} -r -o ${DTB_STATIC_OBJECT}.all $<TARGET_OBJECTS:dtb_objects>
  COMMAND ${DTB_OBJCOPY} --wildcard --keep-global-symbol=dtb_* ${DTB_STATIC_OBJECT}.all
          ${DTB_STATIC_OBJECT}
  COMMAND ${CMAKE_COMMAND} -E remove ${DTB_STATIC_OBJECT}.all
  DEPENDS dtb_objects $<TARGET_OBJECTS:dtb_objects> COMMAND_EXPAND_LISTS VERBATIM
  COMMENT "Linking libdtb.a's one object, its internal names local")
add_library(dtb_static STATIC ${DTB_STATIC_OBJECT})
set_source_files_properties(${DTB_STATIC_OBJECT} PROPERTIES EXTERNAL_OBJECT ON GENERATED ON)
set_target_properties(dtb_static PROPERTIES LINKER_LANGUAGE C)
add_library(dtb::dtb_static ALIAS dtb_static)
set_target_properties(dtb_static PROPERTIES OUTPUT_NAME dtb)

foreach(target dtb dtb_static)
  target_include_directories(${target} INTERFACE $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  target_link_libraries(${target} PRIVATE PkgConfig::ZSTD PkgConfig::XXHASH Threads::Threads)
endforeach()
