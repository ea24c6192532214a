#include "hub_engine.h"

#include "dtb.h"
#include "hub_board.h"
#include "hub_line.h"
#include "hub_move.h"
#include "hub_out.h"
#include "hub_params.h"
#include "hub_play.h"
#include "hub_proxy.h"
#include "hub_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WHY_MAX 1024

struct hub_engine {
    hub_params params;
    dtb_handle *tables; /* the variant's handle once init opened it */
    hub_board board;
    char tables_error[WHY_MAX]; /* why init found no tables, "" when it did */
    dtb_position pos;
    int have_pos;
    hub_proxy fallback;
    char fallback_params[HUB_LINE_MAX]; /* the fallback's param lines at hub, for the GUI */
    char **for_fallback;                /* set-param lines it gets before its init */
    int for_fallback_count;
    hub_line line; /* the line being answered, split */
};

hub_engine *hub_engine_new(void) {
    hub_engine *e = calloc(1, sizeof *e);
    if (e) hub_params_init(&e->params);
    return e;
}

static void forget_for_fallback(hub_engine *e) {
    for (int i = 0; i < e->for_fallback_count; i++) free(e->for_fallback[i]);
    free(e->for_fallback);
    e->for_fallback = NULL;
    e->for_fallback_count = 0;
}

void hub_engine_free(hub_engine *e) {
    if (!e) return;
    hub_proxy_stop(&e->fallback);
    dtb_close(e->tables);
    forget_for_fallback(e);
    free(e);
}

int hub_engine_set(hub_engine *e, const char *name, const char *value, char *err, size_t err_len) {
    int which = hub_param_find(name);
    if (which < 0) {
        snprintf(err, err_len, "dtb-hub has no parameter '%.64s'", name);
        return -1;
    }
    return hub_params_set(&e->params, which, value, err, err_len);
}

void hub_engine_describe_params(char *out, size_t len) {
    hub_params defaults;
    hub_params_init(&defaults);
    size_t used = 0;
    for (int i = 0; i < HUB_PARAM_COUNT && used < len; i++) {
        char line[HUB_VALUE_MAX + 1200];
        hub_param_line(&defaults, i, line, sizeof line);
        used += (size_t)snprintf(out + used, len - used, "  %s\n", line + strlen("param "));
    }
}

int hub_engine_fallback_fd(const hub_engine *e) {
    return e->fallback.pid ? e->fallback.from_engine.fd : -1;
}

/* The value set every probe takes, chosen in this one place. */
static void use_rules(hub_engine *e, dtb_position *pos) {
    pos->rules =
        strcmp(e->params.value[HUB_RULES], "pure") == 0 ? DTB_RULES_PURE : DTB_RULES_OFFICIAL;
}

/* ---- The fallback engine. ---- */

static void pass_to_gui(void *ctx, const char *line) {
    (void)ctx;
    hub_say("%s", line);
}

static void pass_errors_to_gui(void *ctx, const char *line) {
    if (hub_command_is(line, "error")) pass_to_gui(ctx, line);
}

/* Keeps the fallback's param lines but those of parameters dtb-hub declares itself. */
static void keep_params(void *ctx, const char *line) {
    hub_engine *e = ctx;
    hub_line *parsed = malloc(sizeof *parsed);
    char err[WHY_MAX];
    if (parsed && hub_command_is(line, "param") &&
        hub_line_parse(line, parsed, err, sizeof err) == 0) {
        const char *name = hub_line_value(parsed, "name");
        size_t used = strlen(e->fallback_params), n = strlen(line);
        if (name && hub_param_find(name) < 0 && used + n + 2 < sizeof e->fallback_params)
            sprintf(e->fallback_params + used, "%s\n", line);
    }
    free(parsed);
}

static void fallback_lost(hub_engine *e, const char *why) {
    int was_searching = e->fallback.searching;
    hub_proxy_stop(&e->fallback);
    hub_say_error(why);
    if (was_searching) hub_say("done");
}

/* Starts the fallback engine and says hub to it, its param lines going to keep. */
static int start_fallback(hub_engine *e, void (*keep)(void *, const char *)) {
    char why[WHY_MAX];
    if (hub_proxy_start(&e->fallback, e->params.value[HUB_FALLBACK], why, sizeof why) == 0 &&
        hub_proxy_send(&e->fallback, "hub") == 0 &&
        hub_proxy_read_until(&e->fallback, "wait", keep, e, HUB_PROXY_ANSWER_MS, why, sizeof why) ==
            0)
        return 0;
    fallback_lost(e, why);
    return -1;
}

static void send_to_fallback(hub_engine *e, const char *line) {
    if (e->fallback.pid && hub_proxy_send(&e->fallback, line))
        fallback_lost(e, "the fallback engine exited");
}

/* Passes the fallback's lines on until the done of the search it is in. */
static void finish_fallback_search(hub_engine *e) {
    char why[WHY_MAX];
    if (!e->fallback.searching) return;
    if (hub_proxy_read_until(&e->fallback, "done", pass_to_gui, e, HUB_PROXY_ANSWER_MS, why,
                             sizeof why))
        fallback_lost(e, why);
    e->fallback.searching = 0;
}

void hub_engine_fallback_ready(hub_engine *e) {
    hub_reader *r = &e->fallback.from_engine;
    hub_reader_fill(r);
    int too_long;
    const char *line;
    while ((line = hub_reader_next(r, &too_long))) {
        if (too_long) continue;
        if (hub_command_is(line, "done")) e->fallback.searching = 0;
        hub_say("%s", line);
    }
    if (r->eof) fallback_lost(e, "the fallback engine exited");
}

/* ---- The GUI's commands. ---- */

static int cmd_hub(hub_engine *e, const char *raw) {
    (void)raw;
    e->fallback_params[0] = '\0';
    if (e->params.value[HUB_FALLBACK][0] && !e->fallback.pid) start_fallback(e, keep_params);
    hub_say("id name=dtb version=%s author=\"dtb authors\"", dtb_version_string());
    for (int i = 0; i < HUB_PARAM_COUNT; i++) {
        char line[HUB_VALUE_MAX + 1200];
        hub_param_line(&e->params, i, line, sizeof line);
        hub_say("%s", line);
    }
    if (e->fallback_params[0]) printf("%s", e->fallback_params);
    hub_say("wait");
    return 0;
}

static int cmd_set_param(hub_engine *e, const char *raw) {
    const char *name = hub_line_value(&e->line, "name"), *value = hub_line_value(&e->line, "value");
    char why[WHY_MAX];
    if (!name || !value) {
        hub_say_error("set-param needs name= and value=");
        return 0;
    }
    int which = hub_param_find(name);
    if (which >= 0 && hub_params_set(&e->params, which, value, why, sizeof why)) hub_say_error(why);
    if (which >= 0 && which != HUB_VARIANT) return 0;
    char **more = realloc(e->for_fallback, (size_t)(e->for_fallback_count + 1) * sizeof *more);
    char *copy = strdup(raw);
    if (more) e->for_fallback = more;
    if (!more || !copy) {
        free(copy);
        hub_say_error("out of memory");
        return 0;
    }
    e->for_fallback[e->for_fallback_count++] = copy;
    return 0;
}

/* Says on standard error, where a GUI's engine log keeps it, which tables the folder's
 * MANIFEST lists that are missing or of another size, or that the set cannot be shown
 * complete: a position of a missing table is then answered by the fallback or an error. */
static void report_missing(dtb_handle *tables, const char *dir) {
    char none[1];
    size_t needed = 0;
    dtb_status s = dtb_manifest_missing(tables, 0, none, sizeof none, &needed);
    char *list = s == DTB_ERR_ARGUMENT ? malloc(needed) : NULL;
    if (list) s = dtb_manifest_missing(tables, 0, list, needed, NULL);
    if (s == DTB_OK && list)
        fprintf(stderr,
                "dtb-hub: %s: tables its MANIFEST lists are missing or of another size: %s\n", dir,
                list);
    else if (s != DTB_OK)
        fprintf(stderr, "dtb-hub: %s: %s: the set cannot be shown complete\n", dir,
                s == DTB_ERR_ARGUMENT ? "out of memory" : dtb_last_error());
    free(list);
}

/* Opens the variant's tables, under the tables folder in a folder named after it. */
static void open_tables(hub_engine *e) {
    dtb_close(e->tables);
    e->tables = NULL;
    e->have_pos = 0;
    const char *id = hub_variant_id(e->params.value[HUB_VARIANT]);
    char dir[2 * HUB_VALUE_MAX];
    snprintf(dir, sizeof dir, "%s/%s", e->params.value[HUB_TABLES], id);
    dtb_status s = dtb_open(id, dir, &e->tables);
    size_t needed = 0;
    char one[2];
    if (s == DTB_OK) s = dtb_materials(e->tables, one, sizeof one, &needed);
    if (s == DTB_ERR_ARGUMENT) s = DTB_OK; /* a list longer than one byte: tables are there */
    if (s == DTB_OK && needed <= 1) {
        snprintf(e->tables_error, WHY_MAX, "no tables of %.64s in %.600s", id, dir);
    } else if (s != DTB_OK) {
        snprintf(e->tables_error, WHY_MAX, "variant %.64s, tables %.300s: %s (%.300s)",
                 e->params.value[HUB_VARIANT], dir, dtb_status_message(s), dtb_last_error());
    } else {
        e->tables_error[0] = '\0';
        report_missing(e->tables, dir);
    }
    dtb_variant_info info;
    if (e->tables && dtb_get_variant_info(e->tables, &info) == DTB_OK)
        hub_board_init(&e->board, &info,
                       strcmp(e->params.value[HUB_MOVE_NUMBERING], "a1") == 0 ? HUB_NUMBERING_A1
                                                                              : HUB_NUMBERING_DTB);
    else {
        dtb_close(e->tables);
        e->tables = NULL;
    }
}

static int init_fallback(hub_engine *e) {
    char why[WHY_MAX];
    if (!e->fallback.pid && start_fallback(e, pass_errors_to_gui)) return -1;
    for (int i = 0; i < e->for_fallback_count; i++) send_to_fallback(e, e->for_fallback[i]);
    forget_for_fallback(e);
    if (!e->fallback.pid || hub_proxy_send(&e->fallback, "init") ||
        hub_proxy_read_until(&e->fallback, "ready", pass_errors_to_gui, e, HUB_PROXY_ANSWER_MS, why,
                             sizeof why)) {
        if (e->fallback.pid) fallback_lost(e, why);
        return -1;
    }
    return 0;
}

static int cmd_init(hub_engine *e, const char *raw) {
    (void)raw;
    open_tables(e);
    int fallback = e->params.value[HUB_FALLBACK][0] && init_fallback(e) == 0;
    if (e->tables_error[0]) hub_say_error(e->tables_error);
    if (!e->tables_error[0] || fallback) hub_say("ready");
    return 0;
}

/* The position of a pos line: pos=, then the moves of moves= played on it. */
static int read_position(hub_engine *e, dtb_position *out, char *why, size_t why_len) {
    const char *pos = hub_line_value(&e->line, "pos"), *moves = hub_line_value(&e->line, "moves");
    if (!e->tables) {
        snprintf(why, why_len, "pos before init opened the tables%s%.900s",
                 e->tables_error[0] ? ": " : "", e->tables_error);
        return -1;
    }
    if (!pos) {
        snprintf(why, why_len, "pos needs pos=");
        return -1;
    }
    if (hub_pos_parse(&e->board, pos, out, why, why_len)) return -1;
    const char *s = moves ? moves : "";
    for (int index = 1;; index++) {
        while (*s == ' ') s++;
        if (!*s) return 0;
        size_t n = strcspn(s, " ");
        char text[HUB_MOVE_TEXT_MAX], what[WHY_MAX];
        snprintf(text, sizeof text, "%.*s", (int)(n < sizeof text - 1 ? n : sizeof text - 1), s);
        hub_move m;
        if (n >= sizeof text || hub_move_parse(&e->board, text, &m, what, sizeof what) ||
            hub_play(&e->board, out, &m, what, sizeof what)) {
            snprintf(why, why_len, "moves: move %d '%s': %.800s", index, text,
                     n >= sizeof text ? "too long" : what);
            return -1;
        }
        s += n;
    }
}

static int cmd_pos(hub_engine *e, const char *raw) {
    char why[WHY_MAX];
    finish_fallback_search(e);
    send_to_fallback(e, raw);
    e->have_pos = read_position(e, &e->pos, why, sizeof why) == 0;
    if (!e->have_pos && !e->fallback.pid) hub_say_error(why);
    return 0;
}

static int cmd_go(hub_engine *e, const char *raw) {
    char why[WHY_MAX] = "go before a valid pos";
    finish_fallback_search(e);
    if (e->have_pos) {
        use_rules(e, &e->pos);
        int in = hub_in_tables(e->tables, &e->pos, atoi(e->params.value[HUB_MAX_PIECES]), why,
                               sizeof why);
        if (in && hub_search(e->tables, &e->board, &e->pos, why, sizeof why) == 0) return 0;
    }
    if (e->fallback.pid) {
        send_to_fallback(e, raw);
        e->fallback.searching = e->fallback.pid != 0;
        return 0;
    }
    hub_say_error(why);
    hub_say("done");
    return 0;
}

static int cmd_ping(hub_engine *e, const char *raw) {
    if (e->fallback.pid)
        send_to_fallback(e, raw);
    else
        hub_say("pong");
    return 0;
}

/* stop and ponder-hit: the fallback's search hears them; dtb-hub's own are done already. */
static int cmd_to_search(hub_engine *e, const char *raw) {
    if (e->fallback.searching) send_to_fallback(e, raw);
    return 0;
}

static int cmd_quit(hub_engine *e, const char *raw) {
    (void)raw;
    hub_proxy_stop(&e->fallback);
    return 1;
}

/* level, new-game and whatever else: the fallback's business, unknown ones too. */
static int cmd_pass(hub_engine *e, const char *raw) {
    send_to_fallback(e, raw);
    return 0;
}

static const struct {
    const char *name;
    int (*run)(hub_engine *e, const char *raw);
} commands[] = {
    {"hub", cmd_hub},        {"set-param", cmd_set_param},
    {"init", cmd_init},      {"pos", cmd_pos},
    {"go", cmd_go},          {"ping", cmd_ping},
    {"stop", cmd_to_search}, {"ponder-hit", cmd_to_search},
    {"quit", cmd_quit},
};

int hub_engine_gui_line(hub_engine *e, const char *line) {
    char why[WHY_MAX];
    if (hub_line_parse(line, &e->line, why, sizeof why)) {
        char message[WHY_MAX + 80];
        snprintf(message, sizeof message, "malformed line: %s", why);
        hub_say_error(message);
        return 0;
    }
    if (!e->line.command[0]) return 0;
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strcmp(commands[i].name, e->line.command) == 0) return commands[i].run(e, line);
    return cmd_pass(e, line);
}
