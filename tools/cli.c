#include "cli.h"
#include "dtb.h"

#include "memory.h"
#include "tablebase.h"

#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cli_die(int status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("dtb: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(status);
}

/* Output lost to a full disk or a closed pipe shows only when the buffer is written out,
 * often at exit: so the check runs then, whichever way the program ends. */
static void fail_if_output_lost(void) {
    bool earlier = ferror(stdout);
    int closed = fclose(stdout);
    if (!earlier && closed == 0) return;
    fprintf(stderr, "dtb: cannot write the output%s%s\n", closed ? ": " : "",
            closed ? strerror(errno) : "");
    _exit(1);
}

void cli_check_output_at_exit(void) {
    atexit(fail_if_output_lost);
}

/* An empty value means nothing to any option (an empty --dir would be the root folder), and
 * the longest value is a folder's name. */
#define VALUE_MAX TB_DIR_MAX

static const CliOption *find_option(const CliOption *options, const char *name) {
    for (; options->name; options++)
        if (strcmp(options->name, name) == 0) return options;
    return NULL;
}

static const CliRepeatable *find_repeatable(const CliRepeatable *repeatable, const char *name) {
    for (; repeatable->name; repeatable++)
        if (strcmp(repeatable->name, name) == 0) return repeatable;
    return NULL;
}

/* The value of the option argv[*i], the argument after it, moving *i onto it. */
static const char *option_value(int argc, char **argv, int *i) {
    const char *name = argv[*i];
    const char *value = *i + 1 < argc ? argv[++*i] : "";
    if (!value[0]) cli_die(2, "option '%s' needs a value", name);
    if (strlen(value) > VALUE_MAX)
        cli_die(2, "the value of option '%s' is longer than %d characters", name, VALUE_MAX);
    return value;
}

static void add_repeated(const CliRepeatable *r, const char *value) {
    if (*r->count == r->max)
        cli_die(2, "option '%s' may be given at most %d times", r->name, r->max);
    r->values[(*r->count)++] = value;
}

/* Stores the option argv[*i] and its value, moving *i past them. */
static void take_option(int argc, char **argv, int *i, const CliOption *options,
                        const CliRepeatable *repeatable, const char *usage) {
    const char *arg = argv[*i];
    const CliOption *o = find_option(options, arg);
    const CliRepeatable *r = o ? NULL : find_repeatable(repeatable, arg);
    if (!o && !r) {
        fputs(usage, stderr);
        cli_die(2, "unknown option '%s'", arg);
    }
    if (r)
        add_repeated(r, option_value(argc, argv, i));
    else
        *o->value = o->takes_value ? option_value(argc, argv, i) : "1";
}

void cli_print_version(void) {
    printf("%s %s (library %s)\n", program_invocation_short_name, DTB_VERSION_STRING,
           dtb_version_string());
}

int cli_parse_repeatable(int argc, char **argv, const CliOption *options,
                         const CliRepeatable *repeatable, const char **positional,
                         int max_positional, const char *usage) {
    int count = 0;
    for (const CliRepeatable *r = repeatable; r->name; r++) *r->count = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(usage, stdout);
            exit(0);
        }
        if (strcmp(arg, "--version") == 0) {
            cli_print_version();
            exit(0);
        }
        if (arg[0] == '-' && arg[1] == '-') {
            take_option(argc, argv, &i, options, repeatable, usage);
        } else if (count < max_positional) {
            positional[count++] = arg;
        } else {
            fputs(usage, stderr);
            cli_die(2, "unexpected argument '%s'", arg);
        }
    }
    return count;
}

int cli_parse(int argc, char **argv, const CliOption *options, const char **positional,
              int max_positional, const char *usage) {
    static const CliRepeatable none[] = {{0}};
    return cli_parse_repeatable(argc, argv, options, none, positional, max_positional, usage);
}

long cli_number(const char *name, const char *text, long low, long high) {
    char *end;
    long n = strtol(text, &end, 10);
    if (*text == '\0' || *end || n < low || n > high)
        cli_die(2, "%s needs a whole number from %ld to %ld, not '%s'", name, low, high, text);
    return n;
}

void cli_variant(const char *id, Variant *out) {
    char ids[2048];
    if (!id) {
        variant_list_ids(ids, sizeof ids);
        cli_die(2, "--variant is required; valid ids: %s", ids);
    }
    if (variant_lookup(id, out)) return;
    variant_list_ids(ids, sizeof ids);
    cli_die(2, "unknown variant '%s'; valid ids: %s", id, ids);
}

int cli_threads(const char *text, int high) {
    if (text) return (int)cli_number("--threads", text, 1, high);
    cpu_set_t cores;
    long count = sched_getaffinity(0, sizeof cores, &cores) == 0 ? CPU_COUNT(&cores)
                                                                 : sysconf(_SC_NPROCESSORS_ONLN);
    return count < 1 ? 1 : count > high ? high : (int)count;
}

uint64_t cli_memory(const char *text) {
    uint64_t bytes = memory_physical() / 10 * 9;
    if (text && !memory_parse(text, &bytes))
        cli_die(2, "--memory needs a size like 16G, 512M or 1.5G, not '%s'", text);
    return bytes;
}
