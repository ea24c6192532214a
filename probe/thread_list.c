#include "thread_list.h"

#include "thread_key.h"

#include <stdio.h>
#include <stdlib.h>

/* Move lists for the capture searches, kept by each thread between probes: a list is
 * 16 KiB, past what malloc serves from its per-thread cache, and getting and freeing one
 * was a large share of a probe with a capture pending (bench/RESULTS.md, "Rules, format and
 * probe").  Searches nest one
 * level a capture, and up to two more for a side left out and a bounded threat; one
 * nested deeper than LIST_DEPTH allocates its own list.  The lists
 * go with their thread (the key's destructor). */
enum { LIST_DEPTH = 8 };

typedef struct ListStack {
    int used;
    MoveList *list[LIST_DEPTH];
} ListStack;

static _Thread_local ListStack *thread_stack; /* this thread's, made on first use */

/* Runs on the thread that ends, whose later probes (from another key's destructor) must
 * make their lists anew rather than use these. */
static void free_list_stack(void *arg) {
    ListStack *stack = arg;
    for (int i = 0; i < LIST_DEPTH; i++) free(stack->list[i]);
    free(stack);
    thread_stack = NULL;
}

/* Only to free a thread's lists when it ends; thread_stack is the quicker way to them. */
static ThreadKey list_key = THREAD_KEY_INIT(free_list_stack);

/* The calling thread's lists, made on first use; NULL when that fails (out of keys or
 * memory), and then every search allocates its list. */
static ListStack *thread_lists(void) {
    if (thread_stack) return thread_stack;
    ListStack *stack = calloc(1, sizeof *stack);
    if (stack && !thread_key_set(&list_key, stack)) {
        free(stack);
        stack = NULL;
    }
    return thread_stack = stack;
}

/* A move list without paths, or NULL with the reason in err when out of memory; give it
 * back with thread_list_put. */
MoveList *thread_list_take(char *err, size_t errlen) {
    ListStack *stack = thread_lists();
    MoveList **slot = stack && stack->used < LIST_DEPTH ? &stack->list[stack->used] : NULL;
    MoveList *list = slot && *slot ? *slot : malloc(sizeof *list);
    if (!list) {
        snprintf(err, errlen, "out of memory for a list of moves");
        return NULL;
    }
    if (slot) *slot = list, stack->used++;
    list->paths = NULL;
    return list;
}

void thread_list_put(MoveList *list) {
    ListStack *stack = thread_stack;
    if (stack && stack->used && stack->list[stack->used - 1] == list)
        stack->used--;
    else
        free(list);
}
