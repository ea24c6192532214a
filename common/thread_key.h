/* One object of a kind for each thread, kept between calls and freed when the thread ends:
 * for what is too dear to make at every call (move lists, decompression contexts) and must
 * not be shared between threads. */
#ifndef DTB_THREAD_KEY_H
#define DTB_THREAD_KEY_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

typedef struct ThreadKey {
    void (*destroy)(void *); /* frees a thread's object when the thread ends */
    atomic_int state;        /* unmade, made, or failed (out of keys) */
    pthread_key_t key;
} ThreadKey;

#define THREAD_KEY_INIT(destroy)                                                                   \
    { (destroy), 0, 0 }

/* The calling thread's object, NULL when none is kept yet. */
void *thread_key_get(ThreadKey *k);

/* Keeps obj as the calling thread's object; false when it cannot (out of keys or memory),
 * and then the caller still owns obj. */
bool thread_key_set(ThreadKey *k, void *obj);

#endif
