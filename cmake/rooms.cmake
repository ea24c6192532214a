# The rooms of dtb (docs/architecture.md) and the rooms each may use, all below it.  Read
# both by the build (CMakeLists.txt) and by the check of a tree's includes run alone
# (cmake -DDTB_ROOMS_ROOT=DIR -P cmake/rooms.cmake, tests/rooms.cmake).
#
# A room is a folder and a static library.  It may include the headers, and link the
# library, of the rooms listed for it and of no other: so a header of a room above it,
# included by mistake, stops the build at configure time, naming the file.  include/dtb.h
# is the api room's.
set(DTB_ROOMS common rules format probe api tools report gen verify)
set(DTB_ROOM_USES_common "")
set(DTB_ROOM_USES_rules common)
set(DTB_ROOM_USES_format common rules)
set(DTB_ROOM_USES_probe common rules format)
set(DTB_ROOM_USES_api common rules format probe)
set(DTB_ROOM_USES_tools common rules format probe api)
set(DTB_ROOM_USES_report common rules format probe api tools)
set(DTB_ROOM_USES_gen common rules format probe api)
set(DTB_ROOM_USES_verify common rules format probe api)

# A room's programs: each file a program's main, above every room, outside its library.
set(DTB_ROOM_PROGRAMS "^(tools|gen|verify)/(dtb_[a-z_]+|mpi_run|mpi_absent)\\.c$")

# The C files of room's library under root, its programs left out.
function(dtb_room_sources root room out)
  if(CMAKE_SCRIPT_MODE_FILE)
    file(GLOB files RELATIVE ${root} ${root}/${room}/*.c)
  else()
    file(GLOB files RELATIVE ${root} CONFIGURE_DEPENDS ${root}/${room}/*.c)
  endif()
  list(FILTER files EXCLUDE REGEX "${DTB_ROOM_PROGRAMS}")
  list(TRANSFORM files PREPEND ${root}/)
  set(${out} ${files} PARENT_SCOPE)
endfunction()

# The room whose folder holds header, or "" for none; include/ is the api room's.
function(dtb_room_of_header root header out)
  set(found "")
  foreach(room ${DTB_ROOMS})
    if(EXISTS ${root}/${room}/${header})
      set(found ${room})
    endif()
  endforeach()
  if(NOT found AND EXISTS ${root}/include/${header})
    set(found api)
  endif()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

# Fails naming each file of room's sources (and every header of its folder) that includes
# a header of a room it may not use.
function(dtb_room_check_includes root room)
  file(GLOB headers ${root}/${room}/*.h)
  set(problems "")
  foreach(file ${ARGN} ${headers})
    file(STRINGS ${file} lines REGEX "^#include \"")
    foreach(line ${lines})
      string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" header "${line}")
      dtb_room_of_header(${root} ${header} owner)
      if(owner STREQUAL room)
        continue()
      endif()
      list(FIND DTB_ROOM_USES_${room} "${owner}" allowed)
      if(allowed EQUAL -1)
        file(RELATIVE_PATH name ${root} ${file})
        if(owner)
          string(APPEND problems "\n  ${name} includes ${header} of room ${owner}, above it")
        else()
          string(APPEND problems "\n  ${name} includes ${header}, which no room holds")
        endif()
      endif()
    endforeach()
  endforeach()
  if(problems)
    message(FATAL_ERROR "room ${room} may use only: ${DTB_ROOM_USES_${room}}"
                        " (docs/architecture.md)${problems}")
  endif()
endfunction()

# Fails unless every room target links names is one room may use.
function(dtb_room_check_links room)
  foreach(library ${ARGN})
    if(library MATCHES "^dtb_(.+)$")
      set(other ${CMAKE_MATCH_1})
      if(other STREQUAL "cli")
        set(other tools)
      endif()
      list(FIND DTB_ROOM_USES_${room} ${other} allowed)
      if(allowed EQUAL -1)
        message(FATAL_ERROR "room ${room} may not link ${library}: it may use only"
                            " ${DTB_ROOM_USES_${room}} (docs/architecture.md)")
      endif()
    endif()
  endforeach()
endfunction()

# The library of a room: the C files of its folder but its programs, its folder as include
# folder, and the libraries it links: rooms below it, and others.
#   dtb_room(ROOM TARGET LINKS libraries...)
function(dtb_room room target)
  cmake_parse_arguments(ROOM "" "" "LINKS" ${ARGN})
  dtb_room_sources(${PROJECT_SOURCE_DIR} ${room} sources)
  dtb_room_check_includes(${PROJECT_SOURCE_DIR} ${room} ${sources})
  dtb_room_check_links(${room} ${ROOM_LINKS})
  add_library(${target} STATIC ${sources})
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR}/${room})
  target_link_libraries(${target} PUBLIC ${ROOM_LINKS})
endfunction()

# Run alone: checks every room's includes under DTB_ROOMS_ROOT, or with DTB_ROOMS_LINK
# ("room,library,...") whether that room may link those libraries.
if(CMAKE_SCRIPT_MODE_FILE AND DTB_ROOMS_ROOT)
  foreach(room ${DTB_ROOMS})
    dtb_room_sources(${DTB_ROOMS_ROOT} ${room} sources)
    dtb_room_check_includes(${DTB_ROOMS_ROOT} ${room} ${sources})
  endforeach()
endif()
if(CMAKE_SCRIPT_MODE_FILE AND DTB_ROOMS_LINK)
  string(REPLACE "," ";" link "${DTB_ROOMS_LINK}")
  dtb_room_check_links(${link})
endif()
