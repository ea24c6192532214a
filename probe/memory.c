#include "memory.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <sys/resource.h>
#include <unistd.h>

uint64_t memory_physical(void) {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
}

uint64_t memory_resident(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long size = 0, resident = 0;
    bool read = f && fscanf(f, "%llu %llu", &size, &resident) == 2;
    if (f) fclose(f);
    return read ? resident * (uint64_t)sysconf(_SC_PAGE_SIZE) : 0;
}

uint64_t memory_peak(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return (uint64_t)usage.ru_maxrss << 10; /* Linux reports KiB */
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
