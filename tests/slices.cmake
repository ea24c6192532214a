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

# Brazilian's KvM, by hand: a black man on 28 squares (not its promotion row), so 28
# slices; a slice is the white king on the 31 other squares.  1,736 positions.  Whole: 3 bytes a position
# (5,208), span masks ((1736 >> 10) + 1 = 2 words) and the bitmap (1736 / 64 + 1 = 28
# words), 240 bytes, and 5 bytes a slice (140): 5,588 bytes; with KvK read decoded
# (1,984 / 4 + 1,984 = 2,480) 8,068 = 7.88 KiB.  In slice groups it needs more, its store's
# directory, cache and compression context (gen/slice_store.c) beside a window of one slice,
# so --memory 64K refuses it whole, naming both.  Its scratch files on disk in slice groups
# take at most (slice_store_estimate) 30% of its cells' 3,472 bytes (1,041), their unstored
# bits included; a record of each side for each chunk, a chunk holding at least a block's
# 16,384 cells (529 slices: all 28) and each of the 7 groups (the man's rows to go) one
# more, 2 x (1 + 7) = 16 records, each of 40 bytes and with a block of 32 bytes of frame
# and 4 of size (1,216); and a disk block of 4,096 bytes for each of its two files (the
# store, the checkpoint), their last partly filled: 10,449 bytes = 10.20 KiB (one value
# set).
if(TARGET dtb-gen)
  set(SLICES_DIR ${CMAKE_CURRENT_BINARY_DIR}/slices_tables)
  add_test(NAME slices_refused
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/in_fresh_dir.sh ${SLICES_DIR}/refused
                   --status 1
                   --stderr-has "KvM needs 7.88 KiB to solve and [0-9.]+ KiB to write, beside the [0-9.]+ MiB in use, more than --memory 64.00 KiB \\([0-9.]+ KiB in slice groups\\)"
                   -- sh -c "\"$0\" --variant brazilian --dir \"$1\" KvK && \"$0\" --variant brazilian --dir \"$1\" KvM --memory 64K"
                   $<TARGET_FILE:dtb-gen> ${SLICES_DIR}/refused)
  add_test(NAME slices_plan
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh
                   --stdout-has "^KvM +1736 +28 +31 +2.42 KiB +7.88 KiB +[0-9.]+ KiB +10.20 KiB +[0-9.]+ KiB$"
                   -- $<TARGET_FILE:dtb-gen> --variant brazilian KvM --plan)
  add_test(NAME slices_bad_mode
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --status 2
                   --stderr-has "--slices needs auto, always or never, not 'sometimes'"
                   -- $<TARGET_FILE:dtb-gen> --variant brazilian KvK --slices sometimes)
endif()

# A material solved in slice groups resumes where a run killed mid-material stopped
# (tests/slices/resume.sh): Brazilian's 4-piece set killed in KMvKM, Frisian's 3-piece set
# killed in KMvM's rules values (its pure values then resume finished).  Each target is its
# set's material that needs the most memory, so that --memory, set just above its need,
# holds every material of the set.
if(TARGET dtb-gen)
  function(slices_resume_test name id target other set)
    add_test(NAME slices_resume_${name}
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/slices/resume.sh $<TARGET_FILE:dtb-gen> ${id}
                     ${CMAKE_BINARY_DIR}/tables-slices/resume_${name} ${target} ${other} ${set}
                     -- ${ARGN})
    set_tests_properties(slices_resume_${name} PROPERTIES TIMEOUT 300)
  endfunction()
  slices_resume_test(brazilian_4 brazilian KMvKM KKMvK pure --pieces 4)
  slices_resume_test(frisian_3 frisian KMvM KKvK rules --pieces 3)
endif()

# Resuming from a checkpoint with every cell past it spoiled gives the cells of a solve in
# memory (tests/slices/test_slice_resume.c): Brazilian's KMvKM, Frisian's KMvM (both sets).
if(TARGET dtb_gen)
  add_executable(test_slice_resume ${CMAKE_CURRENT_SOURCE_DIR}/slices/test_slice_resume.c)
  target_link_libraries(test_slice_resume PRIVATE dtb_gen)
  add_test(NAME slices_resume_spoiled
           COMMAND test_slice_resume ${CMAKE_BINARY_DIR}/tables-slices/resume_spoiled)
  set_tests_properties(slices_resume_spoiled PROPERTIES TIMEOUT 300)
endif()

# The store of cells and their unstored bits read back as put, records out of order and
# holes, reopened and appended from a segment; its directory's memory on a material of billions of slices (tests/slices/test_slice_store.c).
if(TARGET dtb_gen)
  add_executable(test_slice_store ${CMAKE_CURRENT_SOURCE_DIR}/slices/test_slice_store.c)
  target_link_libraries(test_slice_store PRIVATE dtb_gen)
  add_test(NAME slices_store
           COMMAND sh -c "mkdir -p \"$1\" && \"$0\" \"$1\""
                   $<TARGET_FILE:test_slice_store> ${CMAKE_BINARY_DIR}/tables-slices/store)
endif()

# The disk that scratch files need (tests/slices/small_fs.sh mounts a tmpfs of a known size
# in a mount namespace of its own, or skips without root): dtb-gen refuses before building
# a material whose scratch files do not fit in the folder's free space, counting those a
# run cut short left (disk.sh).  A store the process may not make that large (ulimit -f,
# as a full disk) fails naming it and is resumed by the next run (fsize.sh, which needs no
# root).  On a filesystem that cannot say what it has free (ramfs), scratch files are made
# as before and the tables are those solved whole (unreserved.sh).
if(TARGET dtb-gen)
  add_test(NAME slices_disk_refused
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/slices/small_fs.sh
                   ${CMAKE_BINARY_DIR}/tables-slices/disk_refused tmpfs size=5m
                   sh ${CMAKE_CURRENT_SOURCE_DIR}/slices/disk.sh $<TARGET_FILE:dtb-gen>
                   ${CMAKE_BINARY_DIR}/tables-slices/disk_refused)
  set_tests_properties(slices_disk_refused PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
  add_test(NAME slices_disk_fsize
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/slices/fsize.sh $<TARGET_FILE:dtb-gen>
                   ${CMAKE_BINARY_DIR}/tables-slices/disk_fsize)
  set_tests_properties(slices_disk_fsize PROPERTIES TIMEOUT 300)
  add_test(NAME slices_disk_unreserved
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/slices/small_fs.sh
                   ${CMAKE_BINARY_DIR}/tables-slices/disk_unreserved ramfs mode=0755
                   sh ${CMAKE_CURRENT_SOURCE_DIR}/slices/unreserved.sh $<TARGET_FILE:dtb-gen>
                   ${CMAKE_BINARY_DIR}/tables-slices/disk_unreserved)
  set_tests_properties(slices_disk_unreserved PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
endif()
