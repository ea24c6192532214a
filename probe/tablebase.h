/* The tables of one variant in one folder, opened on first use, and the value of any
 * position: positions with a capture pending are settled by searching the captures, and
 * those a table leaves out (a side to move, bounded threats: threat.h) by searching their
 * moves, so their stored values are never needed. */
#ifndef DTB_TABLEBASE_H
#define DTB_TABLEBASE_H

#include "index.h"
#include "material.h"
#include "table_file.h"
#include "variant.h"

#include <stddef.h>

#define TB_FILE_SUFFIX ".dtb"
#define TB_DIR_MAX     4000 /* the longest folder name: its files' paths must fit PATH_MAX */

typedef struct Tablebase Tablebase;

/* Calls each(material, ctx) for the material of every table file (MATERIAL.dtb) in dir, in
 * the order the folder lists them, until it returns false; names too long for a material
 * are passed over.  STATUS_IO, err naming dir and why, when dir cannot be read.  The one
 * place that lists a folder's tables. */
Status tb_each_file(const char *dir, bool (*each)(const char *material, void *ctx), void *ctx,
                    char *err, size_t errlen);

/* The path of material's table file (its name, as given) in dir: DIR/MATERIAL.dtb.  The
 * one place that builds it. */
void tb_file_path(const char *dir, const char *material, char *buf, size_t len);

/* Opens the file of `material` (its name) in dir as table_open does, checked against v
 * and the material (either NULL accepts any): for tools that read one file, not
 * positions. */
Status tb_open_file(const Variant *v, const char *dir, const char *material, TableFile **out,
                    char *err, size_t errlen);

/* Whether the open table t, read from path, lays out the index ix: its size and the sizes
 * of its parts; STATUS_CORRUPT with err naming path where not. */
Status tb_check_index(const TableFile *t, const Indexer *ix, const char *path, char *err,
                      size_t errlen);

/* Opens the table of canonical material m at path as table_open does, and refuses it unless
 * it lays out this build's index of m (tb_check_index): a file of another index would be
 * read past its cells.  The index goes into ix when not NULL.  *out is NULL on error. */
Status tb_open_indexed(const Variant *v, const Material *m, const char *path, TableFile **out,
                       Indexer *ix, char *err, size_t errlen);

/* Returns NULL when out of memory.  v must outlive the handle; dir has at most TB_DIR_MAX
 * characters. */
Tablebase *tb_open(const Variant *v, const char *dir);
void tb_close(Tablebase *tb);

/* Caps the decoded blocks the handle's tables keep at bytes, 0 for no cap (the default),
 * evicting at once down to it (block_cache.h).  Not safe while probes run. */
void tb_set_cache_size(Tablebase *tb, size_t bytes);

/* The bytes of decoded blocks the handle's tables keep now. */
size_t tb_cache_used(const Tablebase *tb);

/* Writes the file name of canonical material m in the handle's folder. */
void tb_path(const Tablebase *tb, const Material *m, char *buf, size_t len);

/* The value of p for its side to move.  Thread-safe.  Errors name the material or file. */
Status tb_probe(Tablebase *tb, const Position *p, Cell *out, char *err, size_t errlen);

/* The same from value set `set` (VALUES_PURE or, where the variant has draw rules,
 * VALUES_OFFICIAL; see draw_rules.h). */
Status tb_probe_set(Tablebase *tb, const Position *p, int set, Cell *out, char *err, size_t errlen);

/* The WDL (WDL_*) alone of p for its side to move in value set `set`: where no capture is
 * pending only the table's WDL stream is read, so a probe decodes less and keeps less
 * decoded than tb_probe_set.  Thread-safe.  Errors name the material or file. */
Status tb_probe_wdl(Tablebase *tb, const Position *p, int set, int *out, char *err, size_t errlen);

/* tb_probe_wdl of count positions into out[0..count-1], faster than one by one: the
 * memory reads of positions without a capture pending overlap.  On an error *failed is the
 * number of the position that failed, and the values of the others are unspecified. */
Status tb_probe_wdl_many(Tablebase *tb, const Position *p, size_t count, int set, int *out,
                         size_t *failed, char *err, size_t errlen);

/* The WDL of p found by probing the position after each of its legal moves, not p's own
 * table: the best for the side to move, a loss without moves.  How tb_probe_wdl settles
 * a position with a capture pending. */
Status tb_search_wdl(Tablebase *tb, const Position *p, int set, int *out, char *err, size_t errlen);

/* What tb_scan calls for each position of a table: its index, the position and its cells,
 * one a value set, each as tb_probe_set gives it.  A status other than STATUS_OK stops the
 * scan, which returns it. */
typedef Status (*TbVisit)(void *ctx, uint64_t index, const Position *p, const Cell *cells,
                          char *err, size_t errlen);

/* Calls visit for every position of the table of canonical material m, both sides to move,
 * holes of the index left out: those the file stores in its order (table_scan), then those
 * of a side to move it leaves out in the index's.  The positions whose values the file
 * does not store are settled by searching their moves.  Holds a block of each stream and
 * what the probes of those searches read: for tools that count over a whole table, in
 * little memory, not fast. */
Status tb_scan(Tablebase *tb, const Material *m, TbVisit visit, void *ctx, char *err,
               size_t errlen);

/* Every cell of the table of canonical material m, positions * value sets of them, a
 * position's cells adjacent, by tb_scan: holes as WDL_NONE.  out must have room for every
 * cell: for tests and small tables. */
Status tb_read_all(Tablebase *tb, const Material *m, Cell *out, char *err, size_t errlen);

/* The value a move to a position of value `child` (for the opponent) gives the mover. */
Cell tb_negate(Cell child);

/* True when a is a better result than b for the side to move: faster wins, then draws, then
 * slower losses. */
bool tb_better(Cell a, Cell b);

#endif
