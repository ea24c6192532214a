/* What the build's files share (build.c, build_memory.c): what a run found of each table and
 * what each material needs.  Private to gen/. */
#ifndef DTB_BUILD_PRIVATE_H
#define DTB_BUILD_PRIVATE_H

#include "build.h"
#include "index.h"
#include "status.h"
#include "table_writer.h"
#include "tablebase.h"

/* What a material's file held when the run began: a sound table (STATUS_OK), none
 * (STATUS_MISSING), or why it must be built again; and whether it stores both sides to
 * move. */
typedef struct Found {
    Status status;
    bool both_sides, draft; /* both_sides: or one giving the other, mirrored */
    char why[512];
} Found;

/* How a material is solved, and the most memory that takes: the solver's arrays and the
 * tables it reads, decoded.  In slice groups the tables' decoded blocks are capped at
 * TABLES_SHARE of --memory, or TABLES_MIN, (tb_set_cache_size) when they would take more: whole,
 * the successors of a 6-piece 10x10 material take far more than its slice groups (Frisian's
 * KKMvKKM: 22 GiB, 290 GiB for KKMvKMM, beside a slice of 0.3 GiB). */
typedef struct Need {
    bool slices;           /* in slice groups (solve.h) rather than whole in memory */
    uint64_t whole, group; /* bytes whole in memory, and in slice groups (0 when not asked) */
    uint64_t writer;       /* bytes of the table's writer (table_writer_bytes), either way */
    uint64_t bytes;        /* of the way chosen, with the writer */
    uint64_t tables;       /* the tables read, decoded */
    uint64_t cache;        /* in slice groups, the cap on the tables' decoded blocks, or 0 */
    uint64_t scratch;      /* in slice groups, the bytes of its scratch files on disk, or 0 */
} Need;

bool build_listed(const Material *list, int count, const Material *m);
uint32_t build_block_bytes(const BuildOptions *opt);
TableInfo build_table_info(const Variant *v, const Indexer *ix);
Need build_memory_needed(const Variant *v, const Material *m, const BuildOptions *opt);
uint64_t build_spare_memory(const Need *need, uint64_t limit);
Need build_need_of(const Variant *v, const Material *m, const Found *found,
                   const BuildOptions *opt);

/* Checks each material's need against --memory and its scratch files against the disk
 * (check_memory): STATUS_INPUT for a material refused its memory, STATUS_IO its disk, with
 * err set. */
Status build_check_memory_all(const Variant *v, const Tablebase *tb, const Material *list,
                              const Found *found, int count, const BuildOptions *opt, Need *need,
                              char *err, size_t errlen);

#endif
