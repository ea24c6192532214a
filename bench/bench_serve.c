/* bench_serve: the client of bench/serve.sh.  C clients keep-alive HTTP/1.1 connections
 * to a running dtb-serve and each sends R requests for the value and moves of random
 * positions (GET /api/VARIANT?fen=...), of the materials of P pieces in the set; it prints
 * the requests a second, the median and 99th-percentile latency and the errors (a status
 * other than 200, or a body that is not the position's answer).
 *
 * The positions are drawn before the clock starts: pieces placed at random on the tables'
 * materials, kept when dtb.h (over the same tables) takes them as positions a probe
 * answers, so that every request is one the server must answer with 200.
 *
 * With SECONDS, each client goes round its REQUESTS positions again and again until SECONDS
 * have passed (the soak of bench/serve.sh).
 *
 * usage: bench_serve PORT VARIANT TABLES_DIR [CLIENTS [REQUESTS [PIECES [SEED [SECONDS]]]]]
 *        bench_serve --version */
#include "dtb.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define CLIENTS_MAX   256
#define FEN_TEXT_MAX  256
#define RESPONSE_MAX  (1 << 20) /* bytes of an answer: a few KiB with every move and the line */
#define MATERIALS_MAX 4096

/* The latencies of one client's requests, in milliseconds. */
typedef struct Latencies {
    double *ms;
    size_t count, room;
} Latencies;

typedef struct Bench {
    int port, clients, requests;
    double seconds; /* 0: each client sends its requests once */
    const char *variant;
    char (*fens)[FEN_TEXT_MAX]; /* clients * requests of them */
    Latencies latency[CLIENTS_MAX];
    int errors[CLIENTS_MAX];
} Bench;

typedef struct Client {
    Bench *bench;
    int index;
} Client;

static _Noreturn void die(const char *what, const char *detail) {
    fprintf(stderr, "bench_serve: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The materials of the folder with pieces pieces ("KKMvK" has 5), space-separated in buf. */
static int pick_materials(dtb_handle *h, int pieces, char **names, char *buf, size_t len) {
    if (dtb_materials(h, buf, len, NULL) != DTB_OK) die("dtb_materials", dtb_last_error());
    int count = 0;
    for (char *name = strtok(buf, " "); name && count < MATERIALS_MAX; name = strtok(NULL, " "))
        if ((int)strlen(name) - 1 == pieces) names[count++] = name;
    return count;
}

/* A random placement of material ("KMvK") with a random side to move, as FEN text. */
static void random_fen(const char *material, int squares, unsigned *seed, char *out) {
    uint64_t used = 0;
    char lists[2][FEN_TEXT_MAX / 2 - 8] = {"", ""}; /* room for either side to fit */
    int side = 0;
    for (const char *c = material; *c; c++) {
        if (*c == 'v') {
            side = 1;
            continue;
        }
        int square;
        do square = 1 + rand_r(seed) % squares;
        while (used >> (square - 1) & 1);
        used |= (uint64_t)1 << (square - 1);
        size_t n = strlen(lists[side]);
        snprintf(lists[side] + n, sizeof lists[side] - n, "%s%s%d", n ? "," : "",
                 *c == 'K' ? "K" : "", square);
    }
    snprintf(out, FEN_TEXT_MAX, "%c:W%s:B%s", rand_r(seed) % 2 ? 'B' : 'W', lists[0], lists[1]);
}

static void draw_positions(Bench *b, const char *dir, int pieces, unsigned seed) {
    dtb_handle *h;
    if (dtb_open(b->variant, dir, &h) != DTB_OK) die("dtb_open", dtb_last_error());
    dtb_variant_info info;
    dtb_get_variant_info(h, &info);
    static char list[1 << 16];
    char *names[MATERIALS_MAX];
    int count = pick_materials(h, pieces, names, list, sizeof list);
    if (count == 0) die("no material of that many pieces in", dir);
    for (int i = 0, total = b->clients * b->requests; i < total;) {
        dtb_position pos;
        dtb_value value;
        random_fen(names[rand_r(&seed) % count], info.squares, &seed, b->fens[i]);
        if (dtb_parse_fen(h, b->fens[i], &pos) == DTB_OK && dtb_probe(h, &pos, &value) == DTB_OK)
            i++;
    }
    dtb_close(h);
}

static int connect_to(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0)
        die("cannot connect to dtb-serve", NULL);
    return fd;
}

/* One request and its answer on fd; false for a status other than 200, or an answer that
 * is not the position's. */
static int exchange(int fd, const char *variant, const char *fen, char *buf) {
    char request[2 * FEN_TEXT_MAX];
    /* The FENs drawn hold only letters, digits, ':' and ',', which a query may carry. */
    int n = snprintf(request, sizeof request,
                     "GET /api/%s?fen=%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", variant, fen);
    if (write(fd, request, (size_t)n) != n) return 0;
    size_t got = 0;
    char *end = NULL;
    while (!end) {
        ssize_t r = read(fd, buf + got, RESPONSE_MAX - 1 - got);
        if (r <= 0) return 0;
        got += (size_t)r;
        buf[got] = '\0';
        end = strstr(buf, "\r\n\r\n");
    }
    const char *length = strcasestr(buf, "\r\nContent-Length:");
    size_t body = length ? strtoul(length + 17, NULL, 10) : 0, head = (size_t)(end + 4 - buf);
    while (got < head + body && got < RESPONSE_MAX - 1) {
        ssize_t r = read(fd, buf + got, RESPONSE_MAX - 1 - got);
        if (r <= 0) return 0;
        got += (size_t)r;
    }
    buf[got] = '\0';
    return strncmp(buf, "HTTP/1.1 200", 12) == 0 && strstr(end, "\"category\":") != NULL;
}

static void record(Latencies *l, double ms) {
    if (l->count == l->room) {
        l->room = l->room ? 2 * l->room : 1024;
        l->ms = realloc(l->ms, l->room * sizeof *l->ms);
        if (!l->ms) die("out of memory", NULL);
    }
    l->ms[l->count++] = ms;
}

static void *run_client(void *arg) {
    Client *c = arg;
    Bench *b = c->bench;
    char *buf = malloc(RESPONSE_MAX);
    if (!buf) die("out of memory", NULL);
    int fd = connect_to(b->port);
    double end = now_ms() + b->seconds * 1e3;
    for (int i = 0; i < b->requests || (b->seconds > 0 && now_ms() < end); i++) {
        int k = c->index * b->requests + i % b->requests;
        double start = now_ms();
        if (!exchange(fd, b->variant, b->fens[k], buf)) {
            b->errors[c->index]++;
            close(fd);
            fd = connect_to(b->port);
        }
        record(&b->latency[c->index], now_ms() - start);
    }
    close(fd);
    free(buf);
    return NULL;
}

/* Every client's latencies in one array, sorted; their count into *total. */
static double *all_latencies(Bench *b, size_t *total) {
    *total = 0;
    for (int i = 0; i < b->clients; i++) *total += b->latency[i].count;
    double *all = malloc(*total * sizeof *all);
    if (!all) die("out of memory", NULL);
    size_t used = 0;
    for (int i = 0; i < b->clients; i++) {
        memcpy(all + used, b->latency[i].ms, b->latency[i].count * sizeof *all);
        used += b->latency[i].count;
        free(b->latency[i].ms);
    }
    return all;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int arg_or(int argc, char **argv, int i, int fallback) {
    return argc > i ? atoi(argv[i]) : fallback;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--version") == 0) {
        printf("bench_serve %s (library %s)\n", DTB_VERSION_STRING, dtb_version_string());
        return 0;
    }
    if (argc < 4)
        die("usage: bench_serve PORT VARIANT TABLES_DIR [CLIENTS [REQUESTS [PIECES [SEED "
            "[SECONDS]]]]]",
            NULL);
    Bench b = {.port = atoi(argv[1]),
               .variant = argv[2],
               .clients = arg_or(argc, argv, 4, 4),
               .requests = arg_or(argc, argv, 5, 2000),
               .seconds = arg_or(argc, argv, 8, 0)};
    int pieces = arg_or(argc, argv, 6, 5);
    if (b.clients < 1 || b.clients > CLIENTS_MAX || b.requests < 1 || b.seconds < 0)
        die("bad CLIENTS, REQUESTS or SECONDS", NULL);
    b.fens = malloc((size_t)b.clients * (size_t)b.requests * sizeof *b.fens);
    if (!b.fens) die("out of memory", NULL);
    draw_positions(&b, argv[3], pieces, (unsigned)arg_or(argc, argv, 7, 1));
    pthread_t threads[CLIENTS_MAX];
    Client clients[CLIENTS_MAX];
    double start = now_ms();
    for (int i = 0; i < b.clients; i++) {
        clients[i] = (Client){&b, i};
        pthread_create(&threads[i], NULL, run_client, &clients[i]);
    }
    int errors = 0;
    for (int i = 0; i < b.clients; i++) {
        pthread_join(threads[i], NULL);
        errors += b.errors[i];
    }
    double seconds = (now_ms() - start) / 1e3;
    size_t total;
    double *latency = all_latencies(&b, &total);
    qsort(latency, total, sizeof *latency, by_value);
    printf("%d clients, %zu requests in %.1f s, random %d-piece positions of %s: %.0f "
           "requests/s, median %.3f ms, p99 %.3f ms, max %.3f ms, %d errors\n",
           b.clients, total, seconds, pieces, b.variant, (double)total / seconds,
           latency[total / 2], latency[total * 99 / 100], latency[total - 1], errors);
    free(b.fens);
    free(latency);
    return errors ? 1 : 0;
}
