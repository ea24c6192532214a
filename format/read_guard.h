/* Lock-free readers of memory that another thread may free: a reader marks the few
 * instructions in which it follows a shared pointer, and a thread that has unlinked memory
 * (made the shared pointer NULL) waits until every reader that could still hold the old
 * pointer has left before freeing it.  This is read-copy-update's grace period, in its
 * simplest form: a counter per thread, odd while the thread reads.
 *
 * A reader pays one sequentially consistent store on entry and a release store on exit;
 * no reader ever writes memory another thread writes.  Each thread that reads keeps a
 * record of one cache line for as long as the process lives, reused by a later thread
 * once it exits. */
#ifndef DTB_READ_GUARD_H
#define DTB_READ_GUARD_H

#include <stdbool.h>

/* Enters a read section on the calling thread; false when out of memory for its record (on
 * its first call only), and then the caller must not follow the shared pointer.  Sections
 * do not nest, and must not wait for anything. */
bool guard_enter(void);

/* Leaves the read section entered last. */
void guard_leave(void);

/* Returns once every read section that had begun when it was called has ended: memory
 * unlinked before the call can then be freed.  Must not be called inside a section. */
void guard_wait(void);

#endif
