/* mpi_run.h for a dtb-gen built where CMake found no MPI. */
#include "mpi_run.h"

#include <stdio.h>

Status mpi_build_tables(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                        MpiReport *report, char *err, size_t errlen) {
    (void)v, (void)list, (void)count, (void)opt;
    report->speaks = true;
    snprintf(err, errlen,
             "--mpi: this dtb-gen was built without MPI (CMake found none); install Open MPI "
             "(Debian: libopenmpi-dev openmpi-bin) and build it again");
    return STATUS_INPUT;
}
