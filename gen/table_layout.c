/* The table writer's choice of layout: the side to move stored and the order of the index's
 * parts (table_writer_private.h). */
#include "parallel.h"
#include "table_writer_private.h"

#include <stdlib.h>
#include <string.h>

/* The parts whose order the writer tries: the men and kings of either side, those of more
 * than one value (bench_orders measured these 24 orders); Frisian's king-move states stay
 * last, in the index's order, with the parts of one value. */
enum { ORDERED_PARTS = 4, LAYOUTS_MAX = 24 * 2 /* each order, either side */ };

static int ordered_parts(const TableInfo *info, uint8_t order[PART_COUNT]) {
    int count = 0, rest = 0;
    uint8_t fixed[PART_COUNT];
    for (uint8_t part = 0; part < PART_COUNT; part++) {
        if (part < ORDERED_PARTS && info->part_size[part] > 1)
            order[count++] = part;
        else
            fixed[rest++] = part;
    }
    memcpy(order + count, fixed, (size_t)rest);
    return count;
}

/* A layout writer_pick_layout tries: the side to move stored and the order of the parts, with the
 * WDL stream of value set 0 laid out so (job: `before` the value stored before its first
 * block), and the size at PICK_LEVEL of a sample of its blocks: every every-th. */
typedef struct Layout {
    uint32_t sides;
    uint8_t parts[PART_COUNT];
    PartOrder order;
    StreamJob job;
    uint64_t every;
    uint64_t size;
    size_t failed; /* a zstd error code, or 0 */
} Layout;

/* A block of a layout sized: the last value stored in it, the value stored before it, and
 * its size. */
typedef struct Sample {
    Layout *layout;
    uint64_t block;
    int last_inside;
    unsigned before;
    size_t size;
} Sample;

/* A trial sizes about TRIAL_BLOCKS blocks of a stream, spread over it. */
enum { TRIAL_BLOCKS = 64 };

/* Every layout the writer is left to choose among, in the order ties are broken in. */
static int list_layouts(TableWriter *w, const CellSource *src, Layout *out) {
    bool pick_side = w->info.sides == TABLE_SIDES_SMALLER,
         pick_order = writer_picks_order(&w->info);
    uint8_t parts[PART_COUNT];
    int ordered = ordered_parts(&w->info, parts), count = 0;
    if (!pick_order) memcpy(parts, w->info.part_order, PART_COUNT);
    uint32_t first = pick_side ? TABLE_SIDES_WHITE : w->info.sides;
    uint32_t last = pick_side ? TABLE_SIDES_BLACK : first;
    do {
        for (uint32_t sides = first; sides <= last && count < LAYOUTS_MAX; sides++) {
            Layout *l = &out[count++];
            *l = (Layout){.sides = sides};
            memcpy(l->parts, parts, PART_COUNT);
            part_order_init(&l->order, w->info.part_size, parts, w->info.positions / 2);
            l->job = writer_stream_job(w, TF_WDL, src);
            l->job.order = &l->order;
            tf_stored_range(w->info.positions, sides, &l->job.stored_first, &l->job.stored_count);
            l->every = tf_block_count(l->job.stored_count, l->job.per_block) / TRIAL_BLOCKS + 1;
        }
    } while (pick_order && part_order_next(parts, ordered));
    return count;
}

/* The samples of each layout, in its blocks' order; returns their count. */
static uint64_t list_samples(Layout *layouts, int count, Sample *out) {
    uint64_t n = 0;
    for (int l = 0; l < count; l++) {
        uint64_t blocks = tf_block_count(layouts[l].job.stored_count, layouts[l].job.per_block);
        for (uint64_t block = 0; block < blocks; block += layouts[l].every)
            out[n++] = (Sample){.layout = &layouts[l], .block = block};
    }
    return n;
}

/* The layouts and their samples sized in parallel: each pass below spreads over threads. */
typedef struct Trial {
    Layout *layouts;
    Sample *samples;
} Trial;

static void find_first_stored(void *ctx, int thread, uint64_t begin, uint64_t end) {
    (void)thread;
    const Trial *trial = ctx;
    for (uint64_t l = begin; l < end; l++) {
        StreamJob *job = &trial->layouts[l].job;
        job->before = writer_first_stored(job->order, TF_WDL, job->src, job->stored_first,
                                          job->stored_first + job->stored_count);
    }
}

static void find_last_sampled(void *ctx, int thread, uint64_t begin, uint64_t end) {
    (void)thread;
    const Trial *trial = ctx;
    for (uint64_t k = begin; k < end; k++) {
        Sample *s = &trial->samples[k];
        s->last_inside = writer_last_stored(&s->layout->job, s->block);
    }
}

/* As chain_before, over the samples of each layout in turn. */
static void chain_samples(Sample *samples, uint64_t count) {
    unsigned before = 0;
    for (uint64_t k = 0; k < count; k++) {
        Sample *s = &samples[k];
        if (s->block == 0) before = s->layout->job.before;
        s->before = before;
        if (s->last_inside >= 0) before = (unsigned)s->last_inside;
    }
}

static void size_samples(void *ctx, int thread, uint64_t begin, uint64_t end) {
    const Trial *trial = ctx;
    for (uint64_t k = begin; k < end; k++) {
        Sample *s = &trial->samples[k];
        const StreamJob *job = &s->layout->job;
        Packer *p = &job->w->packer[thread];
        uint64_t start, n;
        writer_block_range(job, s->block, &start, &n);
        writer_gather(job, p, start, n);
        s->size = writer_pack_block(job, p, n, s->before, NULL, PICK_LEVEL, p->sized);
    }
}

/* Adds each sample's size to its layout's, and the first zstd error to its failed. */
static void add_sizes(const Sample *samples, uint64_t count) {
    for (uint64_t k = 0; k < count; k++) {
        Layout *l = samples[k].layout;
        if (ZSTD_isError(samples[k].size) && !l->failed) l->failed = samples[k].size;
        if (!ZSTD_isError(samples[k].size)) l->size += samples[k].size;
    }
}

/* Sizes every layout of list_layouts; returns the smallest, the first of equals. */
static Status size_layouts(TableWriter *w, Layout *layouts, int count, Sample *samples,
                           const Layout **best, char *err, size_t errlen) {
    uint64_t n = list_samples(layouts, count, samples);
    Trial trial = {layouts, samples};
    parallel_for_chunks(w->threads, (uint64_t)count, 1, find_first_stored, &trial);
    parallel_for_chunks(w->threads, n, 1, find_last_sampled, &trial);
    chain_samples(samples, n);
    parallel_for_chunks(w->threads, n, 1, size_samples, &trial);
    add_sizes(samples, n);
    *best = &layouts[0];
    for (int l = 0; l < count; l++) {
        if (layouts[l].failed)
            return status_fail(err, errlen, STATUS_MEMORY, w->tmp, "zstd: %s",
                               ZSTD_getErrorName(layouts[l].failed));
        if (layouts[l].size < (*best)->size) *best = &layouts[l];
    }
    return STATUS_OK;
}

/* Where the writer is left the side to move stored or the order of the index's parts,
 * picks those whose WDL of value set 0 compresses smallest: the WDL stream is what every
 * probe reads, and the DTW stream mostly follows it.  Ties keep White and the index's
 * order.  The layouts and their sampled blocks are sized by all of w's threads at once. */
Status writer_pick_layout(TableWriter *w, const CellSource *src, char *err, size_t errlen) {
    if (w->info.sides != TABLE_SIDES_SMALLER && !writer_picks_order(&w->info)) return STATUS_OK;
    Layout *layouts = malloc(LAYOUTS_MAX * sizeof *layouts);
    Sample *samples = malloc(LAYOUTS_MAX * (TRIAL_BLOCKS + 1) * sizeof *samples);
    Status s = layouts && samples
                   ? STATUS_OK
                   : status_fail(err, errlen, STATUS_MEMORY, w->tmp, "out of memory");
    const Layout *best = NULL;
    if (s == STATUS_OK)
        s = size_layouts(w, layouts, list_layouts(w, src, layouts), samples, &best, err, errlen);
    if (s == STATUS_OK) s = writer_source_failed(src, err, errlen);
    if (s == STATUS_OK) {
        w->info.sides = best->sides;
        memcpy(w->info.part_order, best->parts, PART_COUNT);
        w->order = best->order;
        w->stored_first = best->job.stored_first;
        w->stored_count = best->job.stored_count;
    }
    free(layouts);
    free(samples);
    return s;
}
