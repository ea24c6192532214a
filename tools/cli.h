/* What the command-line tools share: option parsing, variant lookup, error exits. */
#ifndef DTB_CLI_H
#define DTB_CLI_H

#include "variant.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct CliOption {
    const char *name; /* "--variant" */
    bool takes_value;
    const char **value; /* receives the value, or "1" for a flag */
} CliOption;

/* An option that takes a value and may be given up to max times (`--where A --where B`):
 * values, an array of max entries, receives its values in the order given, and *count
 * their number.  (Apart from CliOption, whose tables elsewhere list three fields.) */
typedef struct CliRepeatable {
    const char *name;
    const char **values;
    int max;
    int *count;
} CliRepeatable;

/* Prints "PROGRAM VERSION (library VERSION)": the program's name, the version it was built
 * as and the library's linked. */
void cli_print_version(void);

/* Parses argv against options, where an option given twice keeps its last value; the rest
 * go to positional (at most max_positional).  On "--help" prints usage and exits 0, on
 * "--version" the version (cli_print_version) and exits 0; on a
 * bad option, or an option's value empty or longer than a folder name may be (TB_DIR_MAX),
 * exits 2 naming it. */
int cli_parse(int argc, char **argv, const CliOption *options, const char **positional,
              int max_positional, const char *usage);

/* cli_parse with the repeatable options of repeatable (ended by one named NULL) too; exits
 * 2 naming one given more than its max times. */
int cli_parse_repeatable(int argc, char **argv, const CliOption *options,
                         const CliRepeatable *repeatable, const char **positional,
                         int max_positional, const char *usage);

/* The whole number text of option name, or exit 2 naming it when it is not one in
 * low..high. */
long cli_number(const char *name, const char *text, long low, long high);

/* The --threads count: text as a whole number from 1 to high, or for NULL the cores this
 * process may run on (its CPU affinity, else the cores online), at most high; exits 2
 * naming a text that is not such a number. */
int cli_threads(const char *text, int high);

/* The --memory limit: text as a size (16G, 512M, 1.5G), or 90% of this machine's memory
 * for NULL; exits 2 naming a text that is not a size. */
uint64_t cli_memory(const char *text);

/* Resolves a variant id or exits 2 with the list of valid ids. */
void cli_variant(const char *id, Variant *out);

/* Makes the program exit 1, saying so, when its standard output could not be written in
 * full; call it first in main. */
void cli_check_output_at_exit(void);

/* Prints "dtb: message" to stderr and exits with status. */
_Noreturn void cli_die(int status, const char *fmt, ...);

#endif
