/* A small engine over the installed dtb library, as an engine author would use it.
 *
 * It plays a position out with perfect play (dtb_best_move) and checks at every ply that the
 * DTW falls by one and the result turns to the other side; then it runs a tiny alpha-beta
 * search that takes its moves from dtb_moves, ignores their values, probes the tables at
 * its leaves alone, and checks that it finds a move of the tablebase's value.
 *
 * usage: dtb-engine VARIANT DIR FEN [DEPTH]
 * Exits 0 when every check holds, 1 when one fails, 2 on bad input or a table error. */
#include <dtb.h>
#include <stdio.h>
#include <stdlib.h>

enum {
    MAX_DEPTH = 6,     /* plies; each one multiplies the search's probes */
    DRAW_PLIES = 20,   /* a drawn position is played this far */
    MATE = 1000000,    /* the score of a win now; a win in n plies scores MATE - n */
    EXIT_MISMATCH = 1, /* a check failed */
    EXIT_ERROR = 2,    /* bad input, or a table could not answer */
};

/* The search's state: the handle, a move list for each ply, and what it found. */
typedef struct search {
    dtb_handle *h;
    dtb_move moves[MAX_DEPTH][DTB_MOVES_MAX];
    long probes;
    int best; /* index of the root move chosen, in moves[0] */
} search;

/* Reports a failed call with the library's detail, for exit status EXIT_ERROR. */
static int report(const char *what, dtb_status status) {
    const char *detail = dtb_last_error();
    fprintf(stderr, "dtb-engine: %s: %s%s%s\n", what, dtb_status_message(status),
            *detail ? ": " : "", detail);
    return EXIT_ERROR;
}

/* "win in 9 plies", "loss in 1 ply", "draw". */
static const char *value_text(dtb_value v, char *buf, size_t len) {
    static const char *const names[] = {"loss", "draw", "win"};
    if (v.wdl == DTB_DRAW)
        snprintf(buf, len, "draw");
    else
        snprintf(buf, len, "%s in %d %s", names[v.wdl + 1], v.dtw, v.dtw == 1 ? "ply" : "plies");
    return buf;
}

static const char *side_name(const dtb_position *pos) {
    return pos->black_to_move ? "Black" : "White";
}

/* After a perfect move the opponent holds the opposite result, one ply nearer the end. */
static int follows(dtb_value before, dtb_value after) {
    int dtw = before.wdl == DTB_DRAW ? 0 : before.dtw - 1;
    return after.wdl == -before.wdl && after.dtw == dtw;
}

/* A decided game ends with the loser to move, DTW 0, and no move left to play. */
static int check_end(dtb_handle *h, const dtb_position *pos, dtb_value v) {
    dtb_move move;
    if (v.wdl == DTB_DRAW) return 0;
    if (v.wdl != DTB_LOSS || v.dtw != 0) {
        fprintf(stderr, "dtb-engine: the line ends with the side to move at a %s\n",
                v.wdl == DTB_WIN ? "win" : "loss of DTW above 0");
        return EXIT_MISMATCH;
    }
    dtb_status status = dtb_best_move(h, pos, &move);
    if (status == DTB_ERR_GAME_OVER) return 0;
    if (status != DTB_OK) return report("the last position", status);
    fprintf(stderr, "dtb-engine: lost in 0 plies, yet %s can be played\n", move.notation);
    return EXIT_MISMATCH;
}

/* Plays pos out with dtb_best_move to the end (a drawn one DRAW_PLIES plies), checking each
 * ply against the value of the position before it.  A won line often ends by taking the
 * last piece: the probes give the side left to move without pieces a loss in 0 (dtb 0.5). */
static int play_out(dtb_handle *h, dtb_position pos) {
    char text[2][64];
    dtb_value v;
    dtb_status status = dtb_probe(h, &pos, &v);
    if (status != DTB_OK) return report("the position", status);
    printf("perfect play, %s to move: %s\n", side_name(&pos),
           value_text(v, text[0], sizeof text[0]));
    for (int ply = 1; v.wdl == DTB_DRAW ? ply <= DRAW_PLIES : v.dtw > 0; ply++) {
        dtb_move move;
        dtb_value next;
        if ((status = dtb_best_move(h, &pos, &move)) != DTB_OK ||
            (status = dtb_probe(h, &move.after, &next)) != DTB_OK)
            return report("a move of the line", status);
        printf("%4d. %-12s %s: %s, then %s: %s\n", ply, move.notation, side_name(&pos),
               value_text(v, text[0], sizeof text[0]), side_name(&move.after),
               value_text(next, text[1], sizeof text[1]));
        if (!follows(v, next)) {
            fprintf(stderr,
                    "dtb-engine: ply %d, %s: the result did not pass to the other side "
                    "one ply nearer the end\n",
                    ply, move.notation);
            return EXIT_MISMATCH;
        }
        pos = move.after;
        v = next;
    }
    return check_end(h, &pos, v);
}

/* The score of a tablebase value seen ply plies from the root, for the side to move there:
 * the sooner a win ends the game the higher, the later a loss the higher. */
static int score_of(dtb_value v, int ply) {
    int score = MATE - (ply + v.dtw);
    return v.wdl == DTB_DRAW ? 0 : v.wdl == DTB_WIN ? score : -score;
}

/* The tablebase value a root score stands for. */
static dtb_value value_of_score(int score) {
    if (score == 0) return (dtb_value){DTB_DRAW, 0};
    return score > 0 ? (dtb_value){DTB_WIN, MATE - score} : (dtb_value){DTB_LOSS, MATE + score};
}

static dtb_status leaf(search *s, const dtb_position *pos, int ply, int *score) {
    dtb_value v;
    dtb_status status = dtb_probe(s->h, pos, &v);
    s->probes++;
    *score = score_of(v, ply);
    return status;
}

/* Negamax with alpha-beta pruning: *score is pos's score for its side to move, exact when
 * it lies between alpha and beta.  Only the leaves, depth plies down, probe the tables; a
 * position without a move is lost where the search meets it. */
static dtb_status negamax(search *s, const dtb_position *pos, int depth, int ply, int alpha,
                          int beta, int *score) {
    int count;
    if (depth == 0) return leaf(s, pos, ply, score);
    dtb_status status = dtb_moves(s->h, pos, s->moves[ply], DTB_MOVES_MAX, &count);
    *score = -(MATE - ply);
    /* Last move first: dtb_moves lists the best first, which would hand the search its answer. */
    for (int i = count - 1; status == DTB_OK && i >= 0 && alpha < beta; i--) {
        int child;
        status = negamax(s, &s->moves[ply][i].after, depth - 1, ply + 1, -beta, -alpha, &child);
        if (-child > *score) {
            *score = -child;
            if (ply == 0) s->best = i;
        }
        alpha = *score > alpha ? *score : alpha;
    }
    return status;
}

static int same_value(dtb_value a, dtb_value b) {
    return a.wdl == b.wdl && (a.wdl == DTB_DRAW || a.dtw == b.dtw);
}

/* Searches pos depth plies and checks the search's value and move against the tables'. */
static int search_check(search *s, const dtb_position *pos, int depth) {
    char text[2][64];
    int score;
    dtb_value root;
    dtb_move best;
    dtb_status status;
    if ((status = negamax(s, pos, depth, 0, -MATE - 1, MATE + 1, &score)) != DTB_OK ||
        (status = dtb_probe(s->h, pos, &root)) != DTB_OK)
        return report("the search", status);
    if ((status = dtb_best_move(s->h, pos, &best)) != DTB_OK)
        return status == DTB_ERR_GAME_OVER ? 0 : report("the best move", status);
    const dtb_move *found = &s->moves[0][s->best];
    printf("alpha-beta to depth %d, %ld probes at its leaves: %s, %s\n", depth, s->probes,
           found->notation, value_text(value_of_score(score), text[0], sizeof text[0]));
    printf("the tablebase: %s, %s\n", best.notation,
           value_text(best.value, text[1], sizeof text[1]));
    if (same_value(value_of_score(score), root) && same_value(found->value, best.value)) return 0;
    fprintf(stderr, "dtb-engine: the search's value or move %s is not the tablebase's\n",
            found->notation);
    return EXIT_MISMATCH;
}

/* The search depth argument: 1 to MAX_DEPTH plies. */
static int parse_depth(const char *text, int *depth) {
    char *end;
    long value = strtol(text, &end, 10);
    if (end == text || *end != '\0' || value < 1 || value > MAX_DEPTH) {
        fprintf(stderr, "dtb-engine: DEPTH '%s' is not a number of plies from 1 to %d\n", text,
                MAX_DEPTH);
        return EXIT_ERROR;
    }
    *depth = (int)value;
    return 0;
}

static int run(dtb_handle *h, const char *fen, int depth) {
    dtb_position pos;
    dtb_status status = dtb_parse_fen(h, fen, &pos);
    if (status != DTB_OK) return report("the FEN", status);
    search *s = calloc(1, sizeof *s);
    if (s == NULL) return report("the search", DTB_ERR_NO_MEMORY);
    s->h = h;
    int result = play_out(h, pos);
    if (result == 0) result = search_check(s, &pos, depth);
    free(s);
    return result;
}

int main(int argc, char **argv) {
    int depth = 3;
    dtb_handle *h;
    if (argc < 4 || argc > 5) {
        fprintf(stderr, "usage: dtb-engine VARIANT DIR FEN [DEPTH]   (DEPTH: 1 to %d, default 3)\n",
                MAX_DEPTH);
        return EXIT_ERROR;
    }
    if (argc == 5 && parse_depth(argv[4], &depth) != 0) return EXIT_ERROR;
    dtb_status status = dtb_open(argv[1], argv[2], &h);
    if (status != DTB_OK) return report("opening the tables", status);
    printf("dtb %s, %s %s\n", dtb_version_string(), argv[1], argv[3]);
    int result = run(h, argv[3], depth);
    dtb_close(h);
    return result;
}
