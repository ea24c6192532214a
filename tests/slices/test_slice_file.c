/* slice_file_open reserves a scratch file's bytes on disk, made anew or reopened, and keeps
 * what a reopened file holds; a file that does not fit is refused at once with its path, the
 * bytes it needs and those free, before any space is taken.  Run by small_fs.sh in DIR, an
 * empty tmpfs of 1 MiB (which can fallocate), so that the free space is known: 1,048,576
 * bytes before any file is made. */
#include "slice_file.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FS_BYTES (1u << 20)

static int failures;

static void check(bool ok, const char *what) {
    if (!ok) printf("FAIL %s\n", what), failures++;
}

static uint64_t held(const char *path) {
    struct stat info;
    return stat(path, &info) == 0 ? (uint64_t)info.st_blocks * 512 : 0;
}

/* A file of `bytes` with `mark` at `at` and nothing else: holes, no space held but a page. */
static void make_sparse(const char *path, uint64_t bytes, uint64_t at, const char *mark) {
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || ftruncate(fd, (off_t)bytes) != 0 ||
        pwrite(fd, mark, strlen(mark), (off_t)at) != (ssize_t)strlen(mark))
        printf("FAIL cannot make '%s'\n", path), exit(1);
    close(fd);
}

/* Opens path, expecting a refusal whose message names it, `needed` bytes and `free_bytes`. */
static void refused(const char *path, uint64_t bytes, bool fresh, uint64_t needed,
                    uint64_t free_bytes, const char *what) {
    SliceFile *f = NULL;
    char err[8192] = "", named[8192], free_text[128];
    Status st = slice_file_open(path, bytes, fresh, &f, err, sizeof err);
    check(st == STATUS_IO && !f, what);
    snprintf(named, sizeof named, "no room for the scratch file '%s': it needs %llu bytes (", path,
             (unsigned long long)needed);
    snprintf(free_text, sizeof free_text, ") more on disk, its filesystem has %llu (",
             (unsigned long long)free_bytes);
    if (strncmp(err, named, strlen(named)) != 0 || !strstr(err, free_text))
        printf("FAIL %s: '%s', expected '%s...%s...'\n", what, err, named, free_text), failures++;
    check(held(path) <= 4096, "a refused file holds no more space than before");
}

int main(int argc, char **argv) {
    if (argc != 2) return fprintf(stderr, "usage: test_slice_file DIR\n"), 2;
    char fresh_path[4096], reopened[4096], too_big[4096], err[8192] = "";
    snprintf(fresh_path, sizeof fresh_path, "%s/fresh.cells.tmp", argv[1]);
    snprintf(reopened, sizeof reopened, "%s/reopened.cells.tmp", argv[1]);
    snprintf(too_big, sizeof too_big, "%s/big.cells.tmp", argv[1]);

    /* Made anew: twice the filesystem is refused with all of it free; a quarter is held. */
    refused(fresh_path, 2u * FS_BYTES, true, 2u * FS_BYTES, FS_BYTES, "a fresh file too large");
    SliceFile *f = NULL;
    check(slice_file_open(fresh_path, FS_BYTES / 4, true, &f, err, sizeof err) == STATUS_OK, err);
    check(held(fresh_path) >= FS_BYTES / 4, "a fresh file holds its bytes on disk");
    slice_file_free(f);
    unlink(fresh_path);

    /* Reopened: a sparse file of half the filesystem with a mark at 300,000 is given its
     * space and keeps its mark, and the rest reads 0. */
    const char mark[] = "cells of slices solved before";
    make_sparse(reopened, FS_BYTES / 2, 300000, mark);
    f = NULL;
    check(slice_file_open(reopened, FS_BYTES / 2, false, &f, err, sizeof err) == STATUS_OK, err);
    check(held(reopened) >= FS_BYTES / 2, "a reopened file holds its bytes on disk");
    if (f) {
        const char *data = slice_file_data(f);
        check(memcmp(data + 300000, mark, strlen(mark)) == 0, "a reopened file keeps its cells");
        check(data[0] == 0 && data[FS_BYTES / 2 - 1] == 0, "a reopened file's holes read 0");
    }
    slice_file_free(f);

    /* A sparse file of the whole filesystem, beside the half held above: refused, needing
     * its size less the page its mark holds, with about half free. */
    make_sparse(too_big, FS_BYTES, 0, "x");
    uint64_t before = held(too_big);
    refused(too_big, FS_BYTES, false, FS_BYTES - before, FS_BYTES - FS_BYTES / 2 - before,
            "a reopened file too large");
    struct stat info;
    check(stat(too_big, &info) == 0 && info.st_size == FS_BYTES, "a refused file keeps its size");
    if (failures == 0) printf("PASS\n");
    return failures != 0;
}
