/* dtb-hub: the tables as a Hub engine on standard input and output (README, "Hub engine"). */
#include "dtb.h"
#include "hub_engine.h"
#include "hub_out.h"
#include "hub_reader.h"

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: dtb-hub [hub] [--NAME=VALUE]...\n"
    "       dtb-hub --version\n"
    "A Hub engine (the protocol of Scan 3, version 2) on standard input and output that\n"
    "plays every position of the tables perfectly; with a fallback engine, it passes that\n"
    "engine the positions the tables do not hold.  Each parameter it declares at 'hub' may\n"
    "also be given here, as --NAME=VALUE or --NAME VALUE (a GUI's set-param overrides it):\n"
    "%s"
    "  variant: normal/standard (International), frisian/frysk, brazilian, or dtb's id\n"
    "  tables: the folder of variant folders, as dtb-gen and dtb-serve lay them out\n"
    "  rules: Frisian's draw rules applied (official) or not (pure)\n"
    "  max-pieces: positions with more pieces go to the fallback (0: no limit)\n"
    "  fallback: the shell command line of another Hub engine, like \"/opt/scan/scan hub\"\n"
    "  move-numbering: a1 for pydraughts' draughts.Board on 8x8 (square 1 = a1 in moves)\n"
    "The word 'hub' (what lidraughts-bot passes to Scan) is accepted and ignored.\n";

static void print_usage(FILE *to) {
    char params[4096];
    hub_engine_describe_params(params, sizeof params);
    fprintf(to, usage, params);
}

/* Sets the parameters given on the command line.  RETURN: 0, or -1 after saying why. */
static int read_options(hub_engine *e, int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "hub") == 0) continue;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            print_usage(stdout);
            exit(0);
        }
        if (strcmp(arg, "--version") == 0) {
            printf("dtb-hub %s (library %s)\n", DTB_VERSION_STRING, dtb_version_string());
            exit(0);
        }
        if (strncmp(arg, "--", 2) != 0) {
            fprintf(stderr, "dtb-hub: unexpected argument '%s' (see --help)\n", arg);
            return -1;
        }
        char name[64], err[1024];
        const char *equals = strchr(arg, '='), *value;
        size_t n = equals ? (size_t)(equals - arg - 2) : strlen(arg + 2);
        snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), arg + 2);
        if (equals)
            value = equals + 1;
        else if (i + 1 < argc)
            value = argv[++i];
        else {
            fprintf(stderr, "dtb-hub: option '%s' needs a value\n", arg);
            return -1;
        }
        if (n >= sizeof name || hub_engine_set(e, name, value, err, sizeof err)) {
            fprintf(stderr, "dtb-hub: option '%s': %s\n", arg,
                    n >= sizeof name ? "no such parameter" : err);
            return -1;
        }
    }
    return 0;
}

/* Answers the GUI's lines as they come, and passes the fallback's on, until quit or the
 * end of standard input. */
static void serve(hub_engine *e) {
    static hub_reader gui;
    hub_reader_init(&gui, 0);
    for (;;) {
        int too_long;
        const char *line;
        while ((line = hub_reader_next(&gui, &too_long))) {
            if (too_long) {
                hub_say_error("malformed line: the line is too long");
                continue;
            }
            if (hub_engine_gui_line(e, line)) return;
        }
        if (gui.eof) return;
        struct pollfd fds[2] = {{.fd = 0, .events = POLLIN},
                                {.fd = hub_engine_fallback_fd(e), .events = POLLIN}};
        if (poll(fds, fds[1].fd >= 0 ? 2 : 1, -1) < 0) continue;
        if (fds[1].fd >= 0 && fds[1].revents) hub_engine_fallback_ready(e);
        if (fds[0].revents) hub_reader_fill(&gui);
    }
}

int main(int argc, char **argv) {
    /* A fallback engine that exits must not end dtb-hub at its next line. */
    signal(SIGPIPE, SIG_IGN);
    hub_engine *e = hub_engine_new();
    if (!e) {
        fprintf(stderr, "dtb-hub: out of memory\n");
        return 1;
    }
    if (read_options(e, argc, argv)) {
        hub_engine_free(e);
        return 2;
    }
    serve(e);
    hub_engine_free(e);
    return 0;
}
