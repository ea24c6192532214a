/* The build's memory plan: what solving a material takes, whole or in slice groups, checked
 * against --memory and the disk before a run writes anything, and printed by --plan. */
#include "build_private.h"
#include "disk_space.h"
#include "draw_rules.h"
#include "memory.h"
#include "solve.h"

#include <stdio.h>

/* A table read while solving keeps its decoded blocks until its handle closes, and each
 * value set is solved with a handle of its own (solve_all_sets): so a successor takes at
 * most its blocks of one set, a quarter byte a position of WDL and a byte of DTW (two
 * where a DTW exceeds 511 plies, which no table here has come near). */
static uint64_t decoded_bytes(const Variant *v, const Material *m) {
    Indexer ix;
    idx_init(&ix, v, m);
    return ix.size / 4 + ix.size;
}

/* The tables solving m reads, each once (canonical): its exits, and as the prober
 * searches the captures of a position with one pending, every material chains of captures
 * by alternating sides lead to from those.  `followed` holds what has been searched from,
 * by the side to move. */
typedef struct Reached {
    Material tables[BUILD_MAX_MATERIALS], followed[2][BUILD_MAX_MATERIALS];
    int table_count, followed_count[2];
} Reached;

static void add_table(Reached *r, const Material *m) {
    Material c = material_is_canonical(m) ? *m : material_reversed(m);
    if (!build_listed(r->tables, r->table_count, &c) && r->table_count < BUILD_MAX_MATERIALS)
        r->tables[r->table_count++] = c;
}

static void follow_captures(Reached *r, const Material *m, int side);

/* Adds the materials in next, reached by a move of !side, and what `side`'s captures lead
 * to from each. */
static void add_and_follow(Reached *r, const Material *next, int count, int side) {
    for (int i = 0; i < count; i++) {
        add_table(r, &next[i]);
        follow_captures(r, &next[i], side);
    }
}

/* Adds what the captures of `side`, to move in m, lead to, and on from there. */
static void follow_captures(Reached *r, const Material *m, int side) {
    if (build_listed(r->followed[side], r->followed_count[side], m) ||
        r->followed_count[side] == BUILD_MAX_MATERIALS)
        return;
    r->followed[side][r->followed_count[side]++] = *m;
    Material next[MATERIAL_EXITS_MAX];
    add_and_follow(r, next, material_captures(m, side, next, MATERIAL_EXITS_MAX), !side);
}

static void tables_read(const Material *m, Reached *r) {
    r->table_count = r->followed_count[WHITE] = r->followed_count[BLACK] = 0;
    for (int side = 0; side < 2; side++) {
        Material next[MATERIAL_EXITS_MAX];
        add_and_follow(r, next, material_exits(m, side, next, MATERIAL_EXITS_MAX), !side);
    }
}

#define TABLES_SHARE 4                    /* a quarter */
#define TABLES_MIN   ((uint64_t)64 << 20) /* a cap no lower: blocks for every thread's probes */

/* The decoded size of the blocks the run writes. */
uint32_t build_block_bytes(const BuildOptions *opt) {
    return opt->block_bytes ? opt->block_bytes : TABLE_BLOCK_BYTES;
}

/* The header of m's table before its counts: the writer counts them from the cells. */
TableInfo build_table_info(const Variant *v, const Indexer *ix) {
    TableInfo info = {.fingerprint = variant_fingerprint(v),
                      .positions = ix->size,
                      .cells_per_position = (uint32_t)draw_value_sets(v)};
    idx_part_sizes(ix, info.part_size);
    snprintf(info.variant, sizeof info.variant, "%s", v->id);
    material_name(&ix->m, info.material, sizeof info.material);
    return info;
}

/* Whole in memory when that fits beside what is in use, or as --slices says; the slice plan
 * is counted only when asked for, since it walks every placement of the men.  Either way
 * the table's writer is there while a value set is solved, and its buffers fill as it
 * writes one. */
Need build_memory_needed(const Variant *v, const Material *m, const BuildOptions *opt) {
    Indexer ix;
    idx_init(&ix, v, m);
    Reached reached;
    tables_read(m, &reached);
    uint64_t tables = 0;
    for (int i = 0; i < reached.table_count; i++) tables += decoded_bytes(v, &reached.tables[i]);
    uint64_t cap =
        opt->memory / TABLES_SHARE > TABLES_MIN ? opt->memory / TABLES_SHARE : TABLES_MIN;
    TableInfo info = build_table_info(v, &ix);
    Need n = {.whole = solve_bytes(&ix) + tables,
              .writer = table_writer_bytes(&info, build_block_bytes(opt), opt->threads),
              .tables = tables,
              .cache = tables > cap ? cap : 0};
    bool fits = n.whole + n.writer + memory_resident() <= opt->memory;
    SlicePlan plan;
    if (opt->slices != SLICES_NEVER && (opt->slices == SLICES_ALWAYS || !fits) &&
        slice_plan_make(&ix, &plan, NULL))
        n.group = solve_slice_bytes(&ix, &plan) + (n.cache ? n.cache : tables);
    n.slices = n.group && (opt->slices == SLICES_ALWAYS || n.group < n.whole);
    n.bytes = (n.slices ? n.group : n.whole) + n.writer;
    n.scratch = n.slices ? solve_scratch_bytes(&ix, &plan, draw_value_sets(v)) : 0;
    return n;
}

/* What --memory leaves beside solving m and what the program holds: room for keeping the
 * values of its exits (value_memo.h). */
uint64_t build_spare_memory(const Need *need, uint64_t limit) {
    uint64_t used = need->bytes + memory_resident();
    return used < limit ? limit - used : 0;
}

/* Prints one line of build_plan; *largest keeps the largest needs. */
static Status plan_line(const Variant *v, const Material *m, const BuildOptions *both, FILE *out,
                        Need *largest) {
    Indexer ix;
    idx_init(&ix, v, m);
    Need need = build_memory_needed(v, m, both);
    if (!need.group) return STATUS_MEMORY;
    uint64_t slices = slice_count(&ix);
    char name[MATERIAL_NAME_MAX], text[5][32];
    material_name(m, name, sizeof name);
    memory_format(need.tables, text[0], sizeof text[0]);
    memory_format(need.whole, text[1], sizeof text[1]);
    memory_format(need.group, text[2], sizeof text[2]);
    memory_format(need.scratch, text[3], sizeof text[3]);
    memory_format(need.writer, text[4], sizeof text[4]);
    fprintf(out, "%-10s %15llu %10llu %8llu %12s %12s %12s %12s %12s\n", name,
            (unsigned long long)ix.size, (unsigned long long)slices,
            (unsigned long long)(ix.per_side / slices), text[0], text[1], text[2], text[3],
            text[4]);
    if (need.whole > largest->whole) largest->whole = need.whole;
    if (need.group > largest->group) largest->group = need.group;
    if (need.scratch > largest->scratch) largest->scratch = need.scratch;
    if (need.writer > largest->writer) largest->writer = need.writer;
    return STATUS_OK;
}

Status build_plan(const Variant *v, const Material *list, int count, const BuildOptions *opt,
                  FILE *out) {
    BuildOptions both = *opt;
    both.slices = SLICES_ALWAYS;
    fprintf(out, "%-10s %15s %10s %8s %12s %12s %12s %12s %12s\n", "material", "positions",
            "slices", "of size", "tables read", "whole", "slice groups", "scratch disk", "writer");
    Need largest = {.whole = 0, .group = 0, .scratch = 0, .writer = 0};
    for (int i = 0; i < count; i++) {
        Status st = plan_line(v, &list[i], &both, out, &largest);
        if (st != STATUS_OK) return st;
    }
    char whole[32], group[32], scratch[32], writer[32];
    memory_format(largest.whole, whole, sizeof whole);
    memory_format(largest.group, group, sizeof group);
    memory_format(largest.scratch, scratch, sizeof scratch);
    memory_format(largest.writer, writer, sizeof writer);
    fprintf(out,
            "largest: %s whole, %s in slice groups (tables read included), %s of scratch on "
            "disk in slice groups, %s to write a table beside either\n",
            whole, group, scratch, writer);
    return STATUS_OK;
}

/* What solving m takes, and how it is solved; nothing when its table is sound.  Counted
 * once for each material of a run, as counting slice groups walks every slice. */
Need build_need_of(const Variant *v, const Material *m, const Found *found,
                   const BuildOptions *opt) {
    return found->status == STATUS_OK ? (Need){.bytes = 0} : build_memory_needed(v, m, opt);
}

/* Whether m's scratch files (need->scratch) fit in what the folder's filesystem has free,
 * counting what those a run cut short left hold already (the run resumes in them).  A
 * filesystem that does not say what it has free passes (disk_space).  Not counted: the tables
 * written by the run before m and m's own, which exists beside its scratch files until they are
 * removed: their sizes are known only once written, compressed. */
static Status check_disk(const Variant *v, const Tablebase *tb, const Material *m, const Need *need,
                         const BuildOptions *opt, char *err, size_t errlen) {
    uint64_t free_bytes;
    if (!need->scratch || !disk_space(opt->dir, &free_bytes)) return STATUS_OK;
    char path[4200];
    tb_path(tb, m, path, sizeof path);
    uint64_t held = solve_scratch_held(path, draw_value_sets(v));
    if (need->scratch <= free_bytes + held) return STATUS_OK;
    char name[MATERIAL_NAME_MAX], need_text[32], free_text[32], held_text[32], aside[96] = "";
    material_name(m, name, sizeof name);
    memory_format(need->scratch, need_text, sizeof need_text);
    memory_format(free_bytes, free_text, sizeof free_text);
    memory_format(held, held_text, sizeof held_text);
    if (held)
        snprintf(aside, sizeof aside,
                 ", beside the %s that the scratch files a run cut short left hold", held_text);
    snprintf(err, errlen,
             "%s needs %s of scratch on disk for its slice groups, the folder's filesystem has %s "
             "free%s",
             name, need_text, free_text, aside);
    return STATUS_IO;
}

/* Sets *need_out to need_of m; what the program holds already (code, handles) counts
 * against the limit too.  A refusal names what the way chosen needs, and what the other
 * would when it was counted; then whether its scratch files fit on disk (check_disk). */
static Status check_memory(const Variant *v, const Tablebase *tb, const Material *m,
                           const Found *found, const BuildOptions *opt, Need *need_out, char *err,
                           size_t errlen) {
    Need need = *need_out = build_need_of(v, m, found, opt);
    if (found->status == STATUS_OK) return STATUS_OK;
    uint64_t in_use = memory_resident();
    if (need.bytes + in_use <= opt->memory) return check_disk(v, tb, m, &need, opt, err, errlen);
    char name[MATERIAL_NAME_MAX], need_text[32], writer_text[32], use_text[32], limit_text[32],
        other[32];
    material_name(m, name, sizeof name);
    memory_format(need.bytes - need.writer, need_text, sizeof need_text);
    memory_format(need.writer, writer_text, sizeof writer_text);
    memory_format(in_use, use_text, sizeof use_text);
    memory_format(opt->memory, limit_text, sizeof limit_text);
    memory_format(need.slices ? need.whole : need.group, other, sizeof other);
    char how[64] = "", aside[64] = "";
    if (need.slices)
        snprintf(how, sizeof how, " in slice groups (%s whole)", other);
    else if (need.group)
        snprintf(aside, sizeof aside, " (%s in slice groups)", other);
    snprintf(err, errlen,
             "%s needs %s to solve%s and %s to write, beside the %s in use, more than --memory "
             "%s%s",
             name, need_text, how, writer_text, use_text, limit_text, aside);
    return STATUS_INPUT;
}

Status build_check_memory_all(const Variant *v, const Tablebase *tb, const Material *list,
                              const Found *found, int count, const BuildOptions *opt, Need *need,
                              char *err, size_t errlen) {
    Status result = STATUS_OK;
    for (int i = 0; i < count && result == STATUS_OK; i++)
        result = check_memory(v, tb, &list[i], &found[i], opt, &need[i], err, errlen);
    return result;
}
