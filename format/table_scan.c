/* Reading a whole table, block by block, for counts and checks (table_reader.h). */
#include "table_reader.h"

#include <stdlib.h>
#include <string.h>

/* Puts the values of stream i's block b (decoded in bytes) into out, which holds `sets`
 * cells a position starting with value set `first`: WDLs first, then the DTW they give.
 * Returns false where a DTW does not fit its cell. */
static bool spread_block(const TableFile *t, int i, uint64_t b, const uint8_t *bytes,
                         uint32_t first, uint32_t sets, Cell *out) {
    const Stream *s = &t->streams[i];
    uint64_t n = tf_block_positions(t->stored_count, s->per_block, b);
    out += (uint32_t)i / 2 - first;
    PartWalk walk;
    part_walk_start(&t->order, t->stored_first + b * s->per_block, &walk);
    bool fits = true;
    for (uint64_t k = 0; k < n; k++, part_walk_next(&t->order, &walk)) {
        Cell *cell = out + walk.index * sets;
        unsigned value = tf_decoded_value(s->encoding, bytes, k), wdl = CELL_WDL(*cell);
        if (i % 2 == TF_WDL) {
            *cell = CELL_MAKE(value, 0);
        } else {
            fits &= table_dtw_fits(wdl, value);
            *cell = CELL_MAKE(wdl, tf_dtw_of_half((int)wdl, value));
        }
    }
    return fits;
}

/* Reads value sets first .. first + sets - 1 into out, a position's cells adjacent.  Every
 * block is decoded here, kept or not: a whole table's reads would otherwise hold a read
 * section (read_guard.h) for as long. */
static Status read_sets(TableFile *t, uint32_t first, uint32_t sets, Cell *out, char *err,
                        size_t errlen) {
    size_t largest = 0;
    for (uint64_t b = 0; b < t->block_count; b++)
        if (table_decoded_bytes(t, b) > largest) largest = table_decoded_bytes(t, b);
    uint8_t *buffer = malloc(largest + 1);
    if (!buffer) return status_fail(err, errlen, STATUS_MEMORY, t->path, "out of memory");
    uint64_t left_out = t->stored_first ? 0 : t->stored_count; /* the side not stored */
    memset(out + left_out * sets, 0, (t->info.positions - t->stored_count) * sets * sizeof *out);
    Status s = STATUS_OK;
    for (uint64_t b = 0; b < t->block_count && s == STATUS_OK; b++) {
        const Stream *stream = table_stream_of(t, b);
        uint32_t i = (uint32_t)(stream - t->streams);
        if (i / 2 < first || i / 2 >= first + sets) continue;
        s = table_decode_block(t, b, buffer, err, errlen);
        if (s == STATUS_OK && !spread_block(t, (int)i, b - stream->first, buffer, first, sets, out))
            s = status_fail(err, errlen, STATUS_CORRUPT, t->path, "block %llu has a DTW over %d",
                            (unsigned long long)b, CELL_DTW_STORED_MAX);
    }
    free(buffer);
    return s;
}

/* A stream's block in a scan: its values decoded, the number of the block to decode next,
 * and the place in this one of the next value given, of n. */
typedef struct ScanBlock {
    uint8_t *bytes;
    uint64_t next, k, n;
} ScanBlock;

/* The value stream i stores at the scan's next place, decoding its next block first where
 * the last is used up. */
static Status scan_value(TableFile *t, int i, ScanBlock *b, unsigned *out, char *err,
                         size_t errlen) {
    const Stream *s = &t->streams[i];
    if (b->k == b->n) {
        Status status = table_decode_block(t, b->next, b->bytes, err, errlen);
        if (status != STATUS_OK) return status;
        b->n = tf_block_positions(t->stored_count, s->per_block, b->next++ - s->first);
        b->k = 0;
    }
    *out = tf_decoded_value(s->encoding, b->bytes, b->k++);
    return STATUS_OK;
}

/* The cells of the scan's next place, position `index`, one a value set. */
static Status scan_cells(TableFile *t, ScanBlock *block, uint64_t index, Cell *cells, char *err,
                         size_t errlen) {
    Status s = STATUS_OK;
    for (uint32_t set = 0; set < t->info.cells_per_position && s == STATUS_OK; set++) {
        unsigned wdl = 0, half = 0;
        s = scan_value(t, (int)(2 * set + TF_WDL), &block[2 * set + TF_WDL], &wdl, err, errlen);
        if (s == STATUS_OK)
            s = scan_value(t, (int)(2 * set + TF_DTW), &block[2 * set + TF_DTW], &half, err,
                           errlen);
        if (s == STATUS_OK && !table_dtw_fits(wdl, half))
            s = status_fail(err, errlen, STATUS_CORRUPT, t->path, "position %llu has a DTW over %d",
                            (unsigned long long)index, CELL_DTW_STORED_MAX);
        cells[set] = CELL_MAKE(wdl, tf_dtw_of_half((int)wdl, half));
    }
    return s;
}

Status table_scan(TableFile *t, TableVisit visit, void *ctx, char *err, size_t errlen) {
    uint32_t streams = 2 * t->info.cells_per_position;
    ScanBlock block[TF_STREAMS] = {{0}};
    Status s = STATUS_OK;
    for (uint32_t i = 0; i < streams && s == STATUS_OK; i++) {
        const Stream *stream = &t->streams[i];
        block[i].bytes = malloc(tf_encoded_bytes(stream->encoding, stream->per_block) + 1);
        block[i].next = stream->first;
        if (!block[i].bytes) s = status_fail(err, errlen, STATUS_MEMORY, t->path, "out of memory");
    }
    PartWalk walk;
    part_walk_start(&t->order, t->stored_first, &walk);
    for (uint64_t k = 0; k < t->stored_count && s == STATUS_OK; k++) {
        Cell cells[TF_STREAMS / 2];
        s = scan_cells(t, block, walk.index, cells, err, errlen);
        if (s == STATUS_OK) s = visit(ctx, walk.index, cells, err, errlen);
        part_walk_next(&t->order, &walk);
    }
    for (uint32_t i = 0; i < streams; i++) free(block[i].bytes);
    return s;
}

Status table_read_all(TableFile *t, Cell *out, char *err, size_t errlen) {
    return read_sets(t, 0, t->info.cells_per_position, out, err, errlen);
}

Status table_read_set(TableFile *t, int set, Cell *out, char *err, size_t errlen) {
    if ((uint32_t)set >= t->info.cells_per_position)
        return status_fail(err, errlen, STATUS_MATERIAL, t->path, "no such value set");
    return read_sets(t, (uint32_t)set, 1, out, err, errlen);
}
