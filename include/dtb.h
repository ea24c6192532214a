/* dtb: endgame tablebases for draughts variants.  The public API.
 *
 * Open a handle on a variant and a folder of tables, then ask for the value of positions,
 * the best move, or the whole line to the end.  Values are for the side to move: win,
 * draw or loss, and for a decided position its DTW, the plies to the end of the game with
 * the winner playing the fastest win and the loser the longest defence.
 *
 * Version 0.6 reads table format 5 (tables of earlier formats must be built again).  A
 * table built with dtb-gen --one-side stores one side to move; a probe of the other side
 * searches its moves, so probes take many times as long (bench/RESULTS.md).
 *
 * Thread safety: a handle may be used from many threads at once once dtb_open returned.
 * Tables are opened on first use behind a lock, and read lock-free after that.  A table
 * missing, corrupt or of another variant or material is reported so by every probe that
 * needs it, for as long as the handle is open (a handle opened later looks again); one
 * that could not be read, or not for want of memory, is tried again at the next probe.
 * dtb_close must not race with other calls on the same handle.  Probes of blocks already
 * decoded read them without a lock, also while other threads evict blocks.
 *
 * Memory: a handle keeps the table blocks it decodes (32 KiB each, some 64) for later
 * probes, within a budget: by default an eighth of the machine's memory (1 GiB where that
 * is unknown), dtb_set_cache_size to change it.  A search-like walk of probes runs about as
 * fast capped at a tenth of a set's decoded size as without a cap; probes of random
 * positions, most of which decode a block, slow down much more (bench_probe --budgets,
 * figures in bench/RESULTS.md).  Besides the budget a probing process keeps
 *  - for each handle: up to 768 KiB of evicted blocks kept to decode the next ones into;
 *  - for each open table: 26 bytes a block, and a summary of its WDL (a 1024th of a byte a
 *    position), which outlives the blocks;
 *  - for each thread that probed, until it exits: up to 128 KiB of move lists for settling
 *    captures, a decompression context of about 94 KiB shared by all handles, 64 bytes of
 *    bookkeeping for reading blocks lock-free, and while it decodes a block, the block and
 *    its compressed bytes (at most 64 KiB each).
 *
 * ThreadSanitizer: libdtb.a and libdtb.so are built without link-time optimisation, from
 * whose bytecode its atomics would go unseen. */
#ifndef DTB_H
#define DTB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DTB_VERSION_MAJOR  0
#define DTB_VERSION_MINOR  6
#define DTB_VERSION_PATCH  0
#define DTB_VERSION_STRING "0.6.0"
#define DTB_VERSION_NUMBER (DTB_VERSION_MAJOR * 10000 + DTB_VERSION_MINOR * 100 + DTB_VERSION_PATCH)

/* The version of the library linked, as DTB_VERSION_NUMBER and DTB_VERSION_STRING. */
int dtb_version_number(void);
const char *dtb_version_string(void);

/* Status codes.  A code's number never changes; new codes may be added. */
typedef enum dtb_status {
    DTB_OK = 0,
    DTB_ERR_ARGUMENT = 1,      /* a NULL or out-of-range argument */
    DTB_ERR_VARIANT = 2,       /* unknown variant id */
    DTB_ERR_POSITION = 3,      /* malformed FEN or impossible position */
    DTB_ERR_MISSING_TABLE = 4, /* the table of a material the answer needs is not there */
    DTB_ERR_CORRUPT = 5,       /* a table failed its checksum or is truncated */
    DTB_ERR_WRONG_TABLE = 6,   /* a table of another variant, rules or material */
    DTB_ERR_FORMAT = 7,        /* not a dtb table, or a newer format */
    DTB_ERR_IO = 8,            /* a file could not be read */
    DTB_ERR_NO_MEMORY = 9,
    DTB_ERR_GAME_OVER = 10, /* the position has no legal move: there is no best move */
} dtb_status;

/* A fixed English sentence for a status; never NULL. */
const char *dtb_status_message(dtb_status status);

typedef struct dtb_handle dtb_handle;

/* Opens the tables of variant (an id such as "frisian" or "scandinavian-8-free") in dir, a
 * folder name of 1 to 4000 characters (DTB_ERR_ARGUMENT otherwise).
 * Files are opened lazily, so a missing table shows only when a probe needs it.
 * RETURN: DTB_OK with *out set, or an error with *out NULL.
 * NOTES: close the handle with dtb_close. */
dtb_status dtb_open(const char *variant, const char *dir, dtb_handle **out);

/* Frees the handle and everything it opened.  NULL does nothing. */
void dtb_close(dtb_handle *h);

/* The detail of the last error returned on this thread for any handle (it names the FEN
 * part, the material or the file); empty when there was none.  Calls that succeed leave it
 * as it was, as errno does. */
const char *dtb_last_error(void);

/* Which values a probe gives where the variant has history-dependent draw rules (Frisian,
 * docs/rules.md 7.2): the official ones, or the pure game-theoretic ones.  Variants without such
 * rules have one set of values, which both give.  One handle, and its one block cache,
 * serves both: each position names its own (dtb_position.rules).  Since 0.6, when it
 * replaced the handle's setting dtb_set_rules. */
typedef enum dtb_rules { DTB_RULES_OFFICIAL = 0, DTB_RULES_PURE = 1 } dtb_rules;

/* Sizes of buffers that always suffice: the legal moves of a position (dtb_moves' max), a
 * FEN dtb_format_fen writes with its ending NUL, and a material name ("KKMvK") with its
 * ending NUL (dtb_stats.material; a longer name names no material).  Since 0.6. */
#define DTB_MOVES_MAX         1024
#define DTB_FEN_MAX           256
#define DTB_MATERIAL_NAME_MAX 48

/* Values for the side to move. */
typedef enum dtb_wdl { DTB_LOSS = -1, DTB_DRAW = 0, DTB_WIN = 1 } dtb_wdl;

typedef struct dtb_value {
    dtb_wdl wdl;
    int dtw; /* plies to the end for a win or loss, 0 for a draw */
} dtb_value;

/* A position: bit n-1 of a mask is square n in the variant's numbering (docs/rules.md 1). */
typedef struct dtb_position {
    uint64_t white_men, white_kings, black_men, black_kings;
    int black_to_move; /* 0: White to move */
    /* Frisian king-move limit: for White [0] and Black [1], the square of the king that made
     * the last non-capturing moves in a row and how many (1..3); 0 and 0 for none. */
    int king_moves_square[2], king_moves_count[2];
    /* Frisian draw rules: in two kings against one king, the moves the side with two kings
     * has already played there (0..7; docs/rules.md 7.2); 0 everywhere else.  7 with that side
     * to move is a game already drawn, an invalid position; 7 with the lone king to move is
     * drawn too unless that king has no move, and its moves are draws.  One king against one has
     * its single ply from the position probed: the moves from it (dtb_moves) are draws unless they
     * capture.  Named strong_moves_played before 0.6, as the server, the Python package and
     * dtb-probe --moves-played name it. */
    int moves_played;
    /* The value set probes of this position give, and of the positions after its moves
     * (dtb_move.after keeps it): 0, DTB_RULES_OFFICIAL, unless asked otherwise.  dtb_parse_fen
     * sets it to 0.  Since 0.6. */
    dtb_rules rules;
} dtb_position;

/* Parses a PDN FEN (with Frisian's ":C" field) for the handle's variant.  Also read: a PDN
 * tag line [FEN "..."], letters in lower case, and lidraughts' FEN, whose ":F" is checked
 * and left aside, whose Frisian king-move field ("+105+0": Black's count and king, then
 * White's) gives the counts, and whose ":H" gives moves_played in Frisian's two kings
 * against one (0 elsewhere, and without ":H"). */
dtb_status dtb_parse_fen(const dtb_handle *h, const char *fen, dtb_position *out);

/* Writes pos as FEN into buf (DTB_FEN_MAX bytes are always enough). */
dtb_status dtb_format_fen(const dtb_handle *h, const dtb_position *pos, char *buf, size_t len);

/* The value of pos.  Positions with a capture pending are settled by searching the
 * captures.  DTB_ERR_MISSING_TABLE names the material's file in dtb_last_error().  A side
 * to move without pieces, like one without a legal move, has lost: a loss in 0 plies, with
 * no table read (since 0.5; DTB_ERR_POSITION before).  DTB_ERR_POSITION when the side not to
 * move has no pieces, naming it: the game ended when its last piece was taken.  (For Frisian
 * this is a value of the set pos->rules names, the official one unless asked otherwise,
 * docs/rules.md 7.2.)  The same position checks apply to dtb_probe_wdl, dtb_probe_wdl_many,
 * dtb_moves, dtb_best_move and dtb_line. */
dtb_status dtb_probe(dtb_handle *h, const dtb_position *pos, dtb_value *out);

/* Win, draw or loss alone, as dtb_probe gives it, for engines' searches: it reads only the
 * tables' WDL data, which is a fraction of the size, so it is faster and keeps less in
 * memory.  (Under Frisian's official rules with moves_played above 0 the answer
 * depends on the DTW, which is then read too.) */
dtb_status dtb_probe_wdl(dtb_handle *h, const dtb_position *pos, dtb_wdl *out);

/* dtb_probe_wdl of count positions, into out[0..count-1]: the same answers, sooner.  A
 * probe of a position without a capture pending often waits for one read from memory, and
 * here those reads overlap; positions with a capture pending cost computing rather than
 * waiting, and gain little (bench_probe, bench/RESULTS.md).  For engines that probe all the
 * positions a node's moves lead to, say.
 * RETURN: DTB_OK, or the error of one position, which dtb_last_error() names by its number
 * (from 0); out is then unspecified.  Since 0.3. */
dtb_status dtb_probe_wdl_many(dtb_handle *h, const dtb_position *pos, size_t count, dtb_wdl *out);

/* Landing squares one move may have: above the 20 pieces a side can capture. */
#define DTB_PATH_MAX 24

/* A move with its notation and the value it leads to, for the side that plays it. */
typedef struct dtb_move {
    char notation[128];     /* "32-28", "19x30", "19x28x37x30" */
    int from, to;           /* its start and end square, in the variant's numbering */
    int path_length;        /* the squares of path: 1 for a quiet move, a capture's landings */
    int path[DTB_PATH_MAX]; /* where the piece lands, in order, to last: a capture's every
                             * landing square, a quiet move's to alone.  Since 0.5.2. */
    uint64_t captured;      /* the squares of the pieces it takes, as the masks of dtb_position;
                             * 0 for a quiet move.  Since 0.5.2. */
    dtb_position after;     /* may be a game already over: after a capture of the last piece
                             * the side to move has lost (a loss in 0); after Frisian's 7th move
                             * in two kings v one, the probes refuse it */
    dtb_value value;        /* the mover's value after this move */
} dtb_move;

/* Every legal move of pos with its value, best first (fastest win, then draws, then the
 * longest loss); ties in notation order.  *count receives the number of moves, which is at
 * most max (0 when the side to move has no legal move or no pieces); with more legal moves
 * than max, DTB_ERR_ARGUMENT.  A max of DTB_MOVES_MAX always suffices. */
dtb_status dtb_moves(dtb_handle *h, const dtb_position *pos, dtb_move *moves, int max, int *count);

/* The best move of pos: the first that dtb_moves lists.  DTB_ERR_GAME_OVER when there is
 * no legal move, also when the side to move has no pieces. */
dtb_status dtb_best_move(dtb_handle *h, const dtb_position *pos, dtb_move *out);

/* The line of best moves from pos, each dtb_best_move of the position before it, to the
 * end of the game (a decided position) or, for a draw, up to max moves, or under Frisian's
 * official rules to where they draw the game (a move inside one king against one, the 7th
 * move in two kings against one).  *count
 * receives the number of moves written, at most max: a decided position's line has its DTW
 * in moves, and a shorter max cuts it there; 0 when the side to move has no legal move or
 * no pieces. */
dtb_status dtb_line(dtb_handle *h, const dtb_position *pos, dtb_move *line, int max, int *count);

/* ---- Memory. ---- */

/* Caps the memory that decoded table blocks of h may take at bytes; blocks beyond it are
 * evicted, those not read lately first (CLOCK), and decoded again when a probe needs them;
 * a budget smaller than a block keeps one.  0 removes the cap.  The default and what a
 * probing process keeps besides (per thread, per open table) are in the notes on memory at
 * the top of this file.
 * NOTES: not safe while other threads use h: set it before sharing the handle.  Since 0.4. */
dtb_status dtb_set_cache_size(dtb_handle *h, size_t bytes);

/* ---- The variant and the tables present. ---- */

/* What a program drawing the board needs to know of the handle's variant. */
typedef struct dtb_variant_info {
    char id[32];         /* the id dtb_open was given, such as "scandinavian-8" */
    int board_size;      /* 10 or 8: the board has board_size x board_size squares */
    int squares;         /* 50 or 32 dark squares, numbered 1..squares (docs/rules.md 1) */
    int mirrored;        /* 1: a1 is light and square 1 is a10 (a8), as in Scandinavian;
                          * 0: a1 is dark and square 1 is b10 (b8) */
    int king_move_limit; /* 1: positions carry Frisian's king-move counters (FEN ":C") */
    int draw_rules;      /* 1: DTB_RULES_OFFICIAL and DTB_RULES_PURE give different values */
} dtb_variant_info;

/* Fills *out for h's variant.  Since 0.4. */
dtb_status dtb_get_variant_info(const dtb_handle *h, dtb_variant_info *out);

/* The materials whose table files are in h's folder, by name ("KKMvK": White's kings, men,
 * "v", Black's; each stored once, in the colours of its file), separated by single spaces,
 * fewest pieces first then by name, as a string into buf.
 * RETURN: DTB_OK; DTB_ERR_ARGUMENT when len is too small; DTB_ERR_IO when the folder cannot
 * be read.  *needed (when not NULL) receives the bytes the list needs, its NUL included,
 * in every case but DTB_ERR_IO.  Since 0.4. */
dtb_status dtb_materials(const dtb_handle *h, char *buf, size_t len, size_t *needed);

/* The materials that the MANIFEST of h's folder lists (dtb-gen writes it once a set is
 * complete, and removes it before changing a table) whose table file is missing or differs
 * from its line there, as a string into buf in the MANIFEST's order (fewer pieces first),
 * separated by single spaces: "" when the folder holds every table the MANIFEST lists.
 * With read_files 0 a file differs only by its size (one stat a table, for a program
 * starting up); with 1 also by the XXH3-64 of its bytes, which reads every listed file
 * whole.  A file that cannot be read counts as missing.  Tables that the MANIFEST does not
 * list are not reported (dtb_materials lists the files there).
 * RETURN: DTB_OK; DTB_ERR_MISSING_TABLE when the folder has no MANIFEST, so that the set
 * cannot be shown complete; DTB_ERR_WRONG_TABLE when it lists another variant's tables;
 * DTB_ERR_CORRUPT when a line is not as dtb-gen writes it; DTB_ERR_IO when it cannot be
 * read; DTB_ERR_ARGUMENT when len is too small.  dtb_last_error() names the file or line.
 * *needed (when not NULL) receives the bytes the list needs, its NUL included, when the
 * MANIFEST could be read.  Since 0.6. */
dtb_status dtb_manifest_missing(const dtb_handle *h, int read_files, char *buf, size_t len,
                                size_t *needed);

/* Histograms of dtb_stats hold DTWs of 0 to DTB_DTW_BUCKETS - 2 plies in their own bucket,
 * longer ones in the last. */
#define DTB_DTW_BUCKETS 512

/* The results of every position of a material, in one value set (dtb_rules).  A
 * position is a placement with a side to move (and, for Frisian, each king-move count);
 * positions with a capture pending count with their value as dtb_probe gives it. */
typedef struct dtb_stats {
    char material[DTB_MATERIAL_NAME_MAX]; /* as asked for, such as "KKvK" */
    uint64_t positions;                   /* wins + draws + losses of both sides to move */
    uint64_t wins[2]; /* [0] White to move, [1] Black to move: the side to move wins */
    uint64_t draws[2];
    uint64_t losses[2];
    int longest_win; /* the largest DTW of a win, in plies; 0 when nothing is won */
    dtb_position longest_win_position;  /* a position won in longest_win plies */
    uint64_t win_dtw[DTB_DTW_BUCKETS];  /* won positions (either side to move) by DTW */
    uint64_t loss_dtw[DTB_DTW_BUCKETS]; /* lost positions by DTW */
} dtb_stats;

/* Counts the results of every position of material (a name like "KKMvK", in either colour
 * order: "KvKK" counts KKvK's positions with colours swapped).  It reads the whole table,
 * with a probe's search for the positions a file does not store: seconds to minutes for a
 * 5-piece 10x10 material.  The table is read a block at a time, not held: beside the
 * handle's block cache (dtb_set_cache_size) the call takes a few MiB whatever the table's size
 * (since 0.5.1).  That read counts every value
 * set: a call on the same material right after, with the other rules, answers without
 * reading it again.  rules chooses the set counted, as dtb_position.rules does a probe's
 * (a second argument since 0.6).
 * RETURN: DTB_OK; DTB_ERR_POSITION for a malformed material name; DTB_ERR_ARGUMENT for
 * rules not a dtb_rules value; the table errors of
 * dtb_probe, naming the file (DTB_ERR_MISSING_TABLE for a material of no table).  Since 0.4. */
dtb_status dtb_material_stats(dtb_handle *h, const char *material, dtb_rules rules, dtb_stats *out);

#ifdef __cplusplus
}
#endif

#endif
