#include "memory.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <sys/resource.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

uint64_t memory_physical(void) {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
}

/* The resident pages of this process, and those of them that are files' (0 if unknown). */
static void resident_pages(unsigned long long *resident, unsigned long long *of_files) {
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long size;
    if (!f || fscanf(f, "%llu %llu %llu", &size, resident, of_files) != 3)
        *resident = *of_files = 0;
    if (f) fclose(f);
}

uint64_t memory_resident(void) {
    unsigned long long resident, of_files;
    resident_pages(&resident, &of_files);
    return resident * (uint64_t)sysconf(_SC_PAGE_SIZE);
}

uint64_t memory_anonymous(void) {
    unsigned long long resident, of_files;
    resident_pages(&resident, &of_files);
    return resident > of_files ? (resident - of_files) * (uint64_t)sysconf(_SC_PAGE_SIZE) : 0;
}

uint64_t memory_peak(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return (uint64_t)usage.ru_maxrss << 10; /* Linux reports KiB */
}

void memory_return_freed(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

static const struct {
    char suffix;
    double scale;
} units[] = {{'K', 1024.0}, {'M', 1024.0 * 1024}, {'G', 1024.0 * 1024 * 1024}};

bool memory_parse(const char *text, uint64_t *bytes) {
    char *end;
    double n = strtod(text, &end);
    if (end == text) return false;
    double scale = 1;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (*end && (*end | 0x20) == (units[i].suffix | 0x20)) {
            scale = units[i].scale;
            end++;
            break;
        }
    if (*end && strcasecmp(end, "iB") && strcasecmp(end, "B")) return false;
    double total = n * scale; /* NaN fails both tests, and past 1e18 would not convert */
    if (!(total >= 1 && total <= 1e18)) return false;
    *bytes = (uint64_t)total;
    return true;
}

void memory_format(uint64_t bytes, char *buf, size_t len) {
    static const char *const names[] = {"KiB", "MiB", "GiB"};
    int unit = bytes >= units[2].scale ? 2 : bytes >= units[1].scale ? 1 : 0;
    snprintf(buf, len, "%.2f %s", (double)bytes / units[unit].scale, names[unit]);
}
