/* What the files implementing include/dtb.h share: the handle, and the way every failure
 * leaves its detail for dtb_last_error. */
#ifndef DTB_API_HANDLE_H
#define DTB_API_HANDLE_H

#include "dtb.h"

#include "draw_rules.h"
#include "position.h"
#include "tablebase.h"
#include "variant.h"

#include <pthread.h>

/* dtb_material_stats counts every value set of a table in one read, which takes minutes on
 * a large Frisian material: the results of the last material read wait here, for each set,
 * for a call with the other rules (as a report asks for both). */
typedef struct StatsMemo {
    pthread_mutex_t lock;
    char material[sizeof((dtb_stats *)0)->material]; /* as asked for; "" for none */
    uint32_t sets;                                   /* the sets by_set holds */
    dtb_stats by_set[VALUE_SETS_MAX];
} StatsMemo;

struct dtb_handle {
    Variant v; /* the Tablebase keeps a pointer to it */
    Tablebase *tb;
    char dir[TB_DIR_MAX + 1]; /* the tables' folder, as dtb_open was given it */
    StatsMemo stats;
};

/* Records the detail for dtb_last_error (printf-style) and returns status. */
dtb_status api_fail(dtb_status status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* DTB_ERR_ARGUMENT naming the function that got a NULL argument. */
dtb_status api_null_argument(const char *function);

/* The public status of a table status, with its detail recorded. */
dtb_status api_table_failure(Status s, const char *detail);

/* The value set of the tables that rules asks for in v: VALUES_OFFICIAL where v has draw
 * rules and rules is DTB_RULES_OFFICIAL, else VALUES_PURE; DTB_ERR_ARGUMENT naming rules
 * when it is no dtb_rules value. */
dtb_status api_value_set(const Variant *v, dtb_rules rules, int *set);

/* The engine's position as the API numbers squares. */
void api_to_public(const Variant *v, const Position *p, dtb_position *out);

#endif
