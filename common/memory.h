/* Memory: what this machine has, what the process has used at most, and
 * sizes as people write them. */
#ifndef DTB_MEMORY_H
#define DTB_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Physical memory of the machine in bytes (0 if unknown). */
uint64_t memory_physical(void);

/* The resident size of this process now, in bytes (0 if unknown). */
uint64_t memory_resident(void);

/* The same less the pages of files (mapped scratch files, code), which the kernel may write
 * back and drop: the memory this process alone holds. */
uint64_t memory_anonymous(void);

/* The largest resident size this process has had, in bytes. */
uint64_t memory_peak(void);

/* Gives the pages of memory freed back to the system where the C library keeps them for
 * later allocations (glibc does, also in the middle of its heap), so that the resident size
 * says what the process holds. */
void memory_return_freed(void);

/* Parses "24G", "512M", "1.5G", "100000K" or plain bytes; false for anything else. */
bool memory_parse(const char *text, uint64_t *bytes);

/* Writes bytes as "1.23 GiB", "512.00 MiB" or "88.50 KiB" into buf. */
void memory_format(uint64_t bytes, char *buf, size_t len);

#endif
