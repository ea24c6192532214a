/* dtb-hub's parameters: what hub declares, set-param and the command line set, and the
 * variant names clients send. */
#ifndef HUB_PARAMS_H
#define HUB_PARAMS_H

#include <stddef.h>

typedef enum hub_param {
    HUB_VARIANT,
    HUB_TABLES,
    HUB_RULES,
    HUB_MAX_PIECES,
    HUB_FALLBACK,
    HUB_MOVE_NUMBERING,
    HUB_PARAM_COUNT
} hub_param;

#define HUB_VALUE_MAX 4096

typedef struct hub_params {
    char value[HUB_PARAM_COUNT][HUB_VALUE_MAX];
} hub_params;

/* Every parameter at its default. */
void hub_params_init(hub_params *p);

/* The parameter called name, -1 for none of ours. */
int hub_param_find(const char *name);

/* Sets parameter which to value.  RETURN: 0, or -1 with err saying why it is refused. */
int hub_params_set(hub_params *p, int which, const char *value, char *err, size_t err_len);

/* Writes the "param ..." line of which, with its current value, into out. */
void hub_param_line(const hub_params *p, int which, char *out, size_t len);

/* The name of parameter which. */
const char *hub_param_name(int which);

/* dtb's variant id for a variant name as a client sends it ("normal" is "international",
 * "frysk" is "frisian"); any other name is taken as dtb's own id. */
const char *hub_variant_id(const char *client_name);

#endif
