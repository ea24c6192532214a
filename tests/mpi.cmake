# dtb-gen --mpi (gen/mpi_run.h) under Open MPI's mpirun on this machine: three ranks, rank 0
# and two workers, on however many cores there are.  mpirun refuses to run as root (CI
# does) unless told, and to start more ranks than cores unless --oversubscribe.
if(TARGET dtb-gen AND MPI_C_FOUND)
  set(MPI_DIR ${CMAKE_CURRENT_BINARY_DIR}/mpi)
  set(MPIRUN ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} 3 --oversubscribe ${MPIEXEC_PREFLAGS})
  # In a container, ptrace-based single copy between ranks is refused: the messages here
  # are small anyway.
  set(MPI_ENV OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
              OMPI_MCA_btl_vader_single_copy_mechanism=none
              # Under the sanitizers, LeakSanitizer leaves alone what Open MPI keeps.
              ASAN_OPTIONS=fast_unwind_on_malloc=0
              LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/mpi/lsan.supp:fast_unwind_on_malloc=0)
  # Brazilian to 4 pieces is the default set, whose manifest is committed.
  add_test(NAME mpi_same_tables
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/mpi/same_tables.sh ${MPI_DIR}/same
                   $<TARGET_FILE:dtb-gen> ${CMAKE_SOURCE_DIR}/tables/brazilian/MANIFEST
                   ${MPIRUN} -- --variant brazilian --pieces 4)
  # --one-side's rewrites are handed out too, once the set is complete.
  add_test(NAME mpi_same_tables_one_side
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/mpi/same_tables.sh ${MPI_DIR}/one_side
                   $<TARGET_FILE:dtb-gen> none ${MPIRUN} -- --variant scandinavian-8 --pieces 3
                   --one-side)
  # Workers parse the same command line, --block-size included (gen/build.h's options).
  add_test(NAME mpi_same_tables_block_size
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/mpi/same_tables.sh ${MPI_DIR}/block_size
                   $<TARGET_FILE:dtb-gen> none ${MPIRUN} -- --variant brazilian --pieces 4
                   --block-size 8K)
  # Slice groups shared out over the workers (gen/mpi_run.c), both of Frisian's value sets
  # side by side.
  add_test(NAME mpi_same_tables_slices
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/mpi/same_tables.sh ${MPI_DIR}/slices
                   $<TARGET_FILE:dtb-gen> none ${MPIRUN} -- --variant frisian --pieces 3
                   --slices always)
  # A worker killed while the slice groups of KMvKM, the largest material, are shared out.
  add_test(NAME mpi_killed_slices
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/mpi/killed_slices.sh ${MPI_DIR}/killed_slices
                   $<TARGET_FILE:dtb-gen> ${CMAKE_SOURCE_DIR}/tables/brazilian/MANIFEST KMvKM
                   ${MPIRUN} -- --variant brazilian --pieces 4)
  add_test(NAME mpi_killed_rank
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/mpi/killed_rank.sh ${MPI_DIR}/killed
                   $<TARGET_FILE:dtb-gen> $<TARGET_FILE:dtb-probe>
                   ${CMAKE_SOURCE_DIR}/tables/brazilian/MANIFEST
                   ${MPIRUN} -- --variant brazilian --pieces 4)
  set_tests_properties(mpi_same_tables mpi_same_tables_one_side mpi_same_tables_block_size
                       mpi_same_tables_slices mpi_killed_slices mpi_killed_rank
                       PROPERTIES ENVIRONMENT "${MPI_ENV}" LABELS mpi RUN_SERIAL TRUE)
endif()
# The order of the materials handed out, which needs no MPI.
if(TARGET dtb_gen)
  add_executable(test_mpi_schedule ${CMAKE_CURRENT_SOURCE_DIR}/mpi/test_schedule.c)
  target_link_libraries(test_mpi_schedule PRIVATE dtb_gen)
  target_include_directories(test_mpi_schedule PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}) # check.h
  add_test(NAME mpi_schedule COMMAND test_mpi_schedule)
endif()
# --help tells how to start a run on MPI, with or without MPI built in.
if(TARGET dtb-gen)
  add_test(NAME mpi_help
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh
                   --stdout-has "mpirun -np N dtb-gen --mpi --variant V --pieces P --dir DIR"
                   -- $<TARGET_FILE:dtb-gen> --help)
endif()
# Without MPI, dtb-gen still builds, and --mpi says what it lacks.
if(TARGET dtb-gen AND NOT MPI_C_FOUND)
  add_test(NAME mpi_absent
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --status 1
                   --stderr-has "--mpi: this dtb-gen was built without MPI"
                   -- $<TARGET_FILE:dtb-gen> --mpi --variant brazilian --pieces 2
                   --dir ${CMAKE_CURRENT_BINARY_DIR}/mpi/absent)
endif()
