#include "thread_key.h"

enum { KEY_UNMADE, KEY_MADE, KEY_FAILED };

static pthread_mutex_t making = PTHREAD_MUTEX_INITIALIZER;

/* Makes the key on first use: one lock for every ThreadKey, taken once each. */
static bool key_ready(ThreadKey *k) {
    int state = atomic_load_explicit(&k->state, memory_order_acquire);
    if (state != KEY_UNMADE) return state == KEY_MADE;
    pthread_mutex_lock(&making);
    state = atomic_load_explicit(&k->state, memory_order_relaxed);
    if (state == KEY_UNMADE) {
        state = pthread_key_create(&k->key, k->destroy) == 0 ? KEY_MADE : KEY_FAILED;
        atomic_store_explicit(&k->state, state, memory_order_release);
    }
    pthread_mutex_unlock(&making);
    return state == KEY_MADE;
}

void *thread_key_get(ThreadKey *k) {
    return key_ready(k) ? pthread_getspecific(k->key) : NULL;
}

bool thread_key_set(ThreadKey *k, void *obj) {
    return key_ready(k) && pthread_setspecific(k->key, obj) == 0;
}
