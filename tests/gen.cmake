# Command-line tests of dtb-gen's options (tests/cli/expect.sh).
if(TARGET dtb-gen)
  set(GEN $<TARGET_FILE:dtb-gen>)
  set(GEN_DIR ${CMAKE_CURRENT_BINARY_DIR}/gen_tables)
  function(gen_test name)
    add_test(NAME gen_${name} COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/in_fresh_dir.sh
                                      ${GEN_DIR}/${name} ${ARGN})
  endfunction()

  gen_test(help --stdout-has "^usage: dtb-gen" --stdout-has "--memory SIZE" -- ${GEN} --help)
  # An empty --dir would make and fill folders from the root (in_fresh_dir.sh keeps an
  # empty value: sh -c receives it as $1).
  gen_test(empty_dir --status 2 --stderr-has "option '--dir' needs a value"
           -- sh -c "\"$0\" --variant brazilian --dir '' KvK" ${GEN})
  gen_test(no_value --status 2 --stderr-has "option '--threads' needs a value"
           -- ${GEN} --variant brazilian KvK --threads)
  gen_test(pieces_9 --status 2 --stderr-has "--pieces needs a whole number from 2 to 8, not '9'"
           -- ${GEN} --variant brazilian --pieces 9)
  gen_test(threads_0 --status 2 --stderr-has "--threads needs a whole number from 1 to 64, not '0'"
           -- ${GEN} --variant brazilian --threads 0 KvK)
  gen_test(material_9 --status 2 --stderr-has "'KKKKKvKKKK' has more than 8 pieces"
           -- ${GEN} --variant brazilian KKKKKvKKKK)
  gen_test(two_jobs --status 2 --stderr-has "either --pieces or materials, not both"
           -- ${GEN} --variant brazilian --pieces 2 KvK)
  gen_test(output_lost --status 1 --stderr-has "cannot write the output"
           -- sh -c "\"$0\" --list-variants >/dev/full" ${GEN})
  gen_test(memory_bad_size --status nonzero --stderr-has "--memory needs a size .*not 'lots'"
           -- ${GEN} --variant brazilian --dir ${GEN_DIR}/memory_bad_size KKvK --memory lots)
  # strtod reads "nan", and 1e17 G passes a bound on the number before its unit.
  gen_test(memory_nan --status nonzero --stderr-has "--memory needs a size .*not 'nan'"
           -- ${GEN} --variant brazilian --dir ${GEN_DIR}/memory_nan KKvK --memory nan)
  gen_test(memory_too_large --status nonzero --stderr-has "--memory needs a size .*not '1e17G'"
           -- ${GEN} --variant brazilian --dir ${GEN_DIR}/memory_too_large KKvK --memory 1e17G)
  # KKvK needs KvK first: 2 sides x 32 x 31 squares = 1,984 positions, 3 bytes each
  # (5,952) and 34 words of bitmaps and span masks (1984 / 64 = 31, 1984 / 1024 = 1, plus
  # 2), 6,224 bytes = 6.08 KiB; its writer's compression context, measured from zstd, and
  # the program itself hold some hundred KiB more, so 64K is refused before anything is
  # built.
  gen_test(memory_refused --status nonzero
           --stderr-has "KvK needs 6.08 KiB to solve and [0-9.]+ KiB to write, beside the [0-9.]+ MiB in use, more than --memory 64.00 KiB"
           -- ${GEN} --variant brazilian --dir ${GEN_DIR}/memory_refused KKvK --memory 64K)
  # KKvK: 2 sides x C(32,2) king pairs x 30 squares left = 29,760 positions.  Each
  # material's line gives the peak so far, which a run killed before its end still leaves.
  gen_test(memory_enough
           --stderr-has "KKvK: 29760 positions, solved in .*, peak memory [0-9.]+ MiB$"
           --stderr-has "^peak memory [0-9.]+ MiB \\(limit 256.00 MiB\\)"
           -- ${GEN} --variant brazilian --dir ${GEN_DIR}/memory_enough KKvK --memory 256M)
  # A second run in a folder stops before touching it (while_locked.sh holds the lock as
  # the first run would); the lock, released, lets the next run build.
  gen_test(locked --status 1
           --stderr-has "another dtb-gen is building tables in '.*/locked' \\(it holds"
           -- sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/while_locked.sh ${GEN_DIR}/locked
           ${GEN} --variant brazilian --dir ${GEN_DIR}/locked KvK)
  # The same when the lock file is another user's, which this one may only read.
  add_test(NAME gen_locked_other_user
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/other_users_lock.sh
                   ${GEN_DIR}/locked_other_user ${GEN})
  set_tests_properties(gen_locked_other_user PROPERTIES SKIP_RETURN_CODE 77)
  add_test(NAME gen_manifest_kept
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/manifest_kept.sh ${GEN}
                   ${PROJECT_SOURCE_DIR}/tables ${GEN_DIR}/manifest_kept)
  gen_test(unlocked --stderr-has "KvK: 1984 positions"
           -- sh -c "mkdir -p \"$1\" && flock \"$1/.dtb-gen.lock\" true && \"$0\" --variant brazilian --dir \"$1\" KvK"
           ${GEN} ${GEN_DIR}/unlocked)
endif()

# --memory bounds the peak resident size at several limits, whole and in slice groups, or
# the set is refused with what it needs (tests/gen/memory_peak.sh).  Not under the
# sanitizers, whose allocator keeps freed memory in quarantine.
if(TARGET dtb-gen AND NOT DTB_SANITIZE AND NOT DTB_TSAN)
  add_test(NAME gen_memory_peak
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/gen/memory_peak.sh $<TARGET_FILE:dtb-gen>
                   ${CMAKE_CURRENT_BINARY_DIR}/gen_memory_peak)
endif()
