/* dtb-serve: the tables and the explorer page over HTTP (README, "HTTP API"). */
#include "front_door.h"
#include "http_daemon.h"
#include "router.h"

#include <arpa/inet.h>
#include <getopt.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#if !defined(DTB_SERVE_WWW) || !defined(DTB_SERVE_INSTALLED_WWW)
#error "server/CMakeLists.txt names the page's folders in DTB_SERVE_WWW and DTB_SERVE_INSTALLED_WWW"
#endif

#define DEFAULT_ROOT        "tables"
#define DEFAULT_BIND        "127.0.0.1"
#define DEFAULT_PORT        8080
#define DEFAULT_CONNECTIONS 4096
#define CONNECTIONS_MAX     65536
#define DEFAULT_PER_ADDRESS 32
#define DEFAULT_THREADS     4
#define THREADS_MAX         64
#define DEFAULT_TIMEOUT     5
#define TIMEOUT_MAX         3600
#define CACHE_MIB_MAX       (1L << 20)
#define SPARE_FILES         64 /* descriptors beyond the connections: tables, listener, log */
#define FILES_A_CONNECTION  3  /* the client's socket and the two ends of its pair */

static const char usage[] =
    "usage: dtb-serve [--root DIR] [--port P] [--bind ADDR] [--www DIR] [--connections N]\n"
    "                 [--per-address N] [--threads N] [--timeout S] [--cache MIB] [--version]\n"
    "Serves the tables under DIR (default " DEFAULT_ROOT "), one folder per variant as dtb-gen\n"
    "lays them out (tables/scandinavian, ...), as a JSON API under /api/, lidraughts'\n"
    "tablebase answers under /lidraughts/ (README), and the explorer page at /.\n"
    "  --root DIR         folder of variant folders; those not named after a variant are\n"
    "                     skipped\n"
    "  --port P           TCP port, default 8080; 0 takes a free one (printed at start)\n"
    "  --bind ADDR        IPv4 or IPv6 address to listen on, default " DEFAULT_BIND "\n"
    "                     (this machine only)\n"
    "  --www DIR          the page's folder, default ../" DTB_SERVE_INSTALLED_WWW " from the\n"
    "                     program's folder when installed, else " DTB_SERVE_WWW "\n"
    "  --connections N    connections open at once, 1 to 65536, default 4096; more are\n"
    "                     closed as they come.  An idle connection costs no thread\n"
    "  --per-address N    connections open at once from one client address, 1 to 65536,\n"
    "                     default 32\n"
    "  --threads N        threads answering the requests, 1 to 64, default 4; a request\n"
    "                     for statistics, which may take a minute, gets a thread of its own\n"
    "  --timeout S        seconds a connection may stay silent, within a request's line and\n"
    "                     headers or between requests, or leave its answer untaken, 1 to\n"
    "                     3600, default 5; then it is closed\n"
    "  --cache MIB        mebibytes of decoded table blocks kept by each variant's tables\n"
    "                     (each value set's apart), 1 to 1048576; default the library's, an\n"
    "                     eighth of the machine's memory\n"
    "  --version          prints the version of dtb-serve and of the library\n"
    "Logs each request on one line (UTC time, method, target, status, time taken); stops on\n"
    "SIGINT or SIGTERM, after the requests under way.\n";

typedef struct Options {
    const char *root, *bind, *www;
    long port, cache_mib; /* cache_mib 0: the library's default */
    HttpLimits limits;
} Options;

/* The page's folder of an installed program, beside its bin/ folder, when there is one;
 * else the source tree's, for a program run from its build folder. */
static const char *default_www(void) {
    static char installed[PATH_MAX + sizeof DTB_SERVE_INSTALLED_WWW + 4];
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = n > 0 ? memrchr(exe, '/', (size_t)n) : NULL;
    if (!slash) return DTB_SERVE_WWW;
    *slash = '\0';
    snprintf(installed, sizeof installed, "%s/../%s", exe, DTB_SERVE_INSTALLED_WWW);
    struct stat st;
    return stat(installed, &st) == 0 && S_ISDIR(st.st_mode) ? installed : DTB_SERVE_WWW;
}

static _Noreturn void die_usage(const char *message, const char *value) {
    fprintf(stderr, "dtb-serve: %s%s%s\n%s", message, value ? ": " : "", value ? value : "", usage);
    exit(2);
}

static long read_number(const char *text, long low, long high, const char *option) {
    char *end;
    long n = strtol(text, &end, 10);
    if (end == text || *end || n < low || n > high) {
        char message[96];
        snprintf(message, sizeof message, "%s must be a number from %ld to %ld", option, low, high);
        die_usage(message, text);
    }
    return n;
}

static Options parse_options(int argc, char **argv) {
    static const struct option long_options[] = {{"root", required_argument, NULL, 'r'},
                                                 {"port", required_argument, NULL, 'p'},
                                                 {"bind", required_argument, NULL, 'b'},
                                                 {"www", required_argument, NULL, 'w'},
                                                 {"connections", required_argument, NULL, 'c'},
                                                 {"per-address", required_argument, NULL, 'a'},
                                                 {"threads", required_argument, NULL, 't'},
                                                 {"timeout", required_argument, NULL, 'T'},
                                                 {"cache", required_argument, NULL, 'm'},
                                                 {"version", no_argument, NULL, 'v'},
                                                 {"help", no_argument, NULL, 'h'},
                                                 {NULL, 0, NULL, 0}};
    Options o = {DEFAULT_ROOT,
                 DEFAULT_BIND,
                 default_www(),
                 DEFAULT_PORT,
                 0,
                 {DEFAULT_CONNECTIONS, DEFAULT_PER_ADDRESS, DEFAULT_THREADS, DEFAULT_TIMEOUT}};
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "", long_options, NULL)) != -1;) {
        if (c == 'r') o.root = optarg;
        if (c == 'p') o.port = read_number(optarg, 0, 65535, "--port");
        if (c == 'b') o.bind = optarg;
        if (c == 'w') o.www = optarg;
        if (c == 'c')
            o.limits.connections = (int)read_number(optarg, 1, CONNECTIONS_MAX, "--connections");
        if (c == 'a')
            o.limits.per_address = (int)read_number(optarg, 1, CONNECTIONS_MAX, "--per-address");
        if (c == 't') o.limits.threads = (int)read_number(optarg, 1, THREADS_MAX, "--threads");
        if (c == 'T') o.limits.timeout = (int)read_number(optarg, 1, TIMEOUT_MAX, "--timeout");
        if (c == 'm') o.cache_mib = read_number(optarg, 1, CACHE_MIB_MAX, "--cache");
        if (c == 'v') {
            printf("dtb-serve %s (library %s)\n", DTB_VERSION_STRING, dtb_version_string());
            exit(0);
        }
        if (c == 'h') {
            fputs(usage, stdout);
            exit(0);
        }
        if (c == '?') die_usage("unknown option or missing value", argv[optind - 1]);
    }
    if (optind < argc) die_usage("unexpected argument", argv[optind]);
    return o;
}

/* The address to listen on, from its text and the port. */
static struct sockaddr_storage socket_address(const Options *o) {
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    struct sockaddr_in *v4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, o->bind, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)o->port);
    } else if (inet_pton(AF_INET6, o->bind, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)o->port);
    } else {
        die_usage("--bind needs a numeric IPv4 or IPv6 address", o->bind);
    }
    return ss;
}

/* Raises the limit of open files to what --connections needs, as far as the hard limit
 * allows.  RETURN: false, with err saying so, when it does not allow that many. */
static bool allow_files(int connections, char *err, size_t errlen) {
    struct rlimit files;
    rlim_t needed = (rlim_t)connections * FILES_A_CONNECTION + SPARE_FILES;
    if (getrlimit(RLIMIT_NOFILE, &files) != 0 || files.rlim_cur >= needed) return true;
    if (files.rlim_max != RLIM_INFINITY && files.rlim_max < needed) {
        snprintf(err, errlen,
                 "--connections %d: needs %llu open files, over this system's limit of %llu "
                 "(ulimit -Hn)",
                 connections, (unsigned long long)needed, (unsigned long long)files.rlim_max);
        return false;
    }
    files.rlim_cur = needed;
    if (setrlimit(RLIMIT_NOFILE, &files) == 0) return true;
    snprintf(err, errlen, "--connections %d: cannot raise the limit of open files", connections);
    return false;
}

/* Waits for SIGINT or SIGTERM, blocked in every thread (the daemon's threads inherit the
 * mask), so that the signal is taken here and the server stops in order. */
static int wait_for_stop(const sigset_t *stop) {
    int signal_number = 0;
    sigwait(stop, &signal_number);
    return signal_number;
}

static void print_start(const Router *r, const Options *o, uint16_t port) {
    char ids[512];
    cat_list_ids(&r->catalog, ids, sizeof ids);
    const char *open = strchr(o->bind, ':') ? "[" : "", *close = strchr(o->bind, ':') ? "]" : "";
    printf("dtb-serve: %s (from %s) at http://%s%s%s:%u/\n", ids, o->root, open, o->bind, close,
           (unsigned)port);
}

int main(int argc, char **argv) {
    Options o = parse_options(argc, argv);
    struct sockaddr_storage address = socket_address(&o);
    setvbuf(stdout, NULL, _IOLBF, 0);
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    Router router;
    char err[4200];
    if (!allow_files(o.limits.connections, err, sizeof err)) {
        fprintf(stderr, "dtb-serve: %s\n", err);
        return 1;
    }
    if (!router_open(&router, o.root, o.www, err, sizeof err)) {
        fprintf(stderr, "dtb-serve: %s\n", err);
        return 1;
    }
    if (o.cache_mib &&
        !cat_set_cache(&router.catalog, (size_t)o.cache_mib << 20, err, sizeof err)) {
        fprintf(stderr, "dtb-serve: %s\n", err);
        router_close(&router);
        return 1;
    }
    cat_report_missing(&router.catalog, stderr);
    HttpDaemon *d = httpd_start(&router, o.limits.threads, o.limits.connections, err, sizeof err);
    FrontDoor *door =
        d ? front_door_open((struct sockaddr *)&address, &o.limits, d, err, sizeof err) : NULL;
    if (!door) {
        fprintf(stderr, "dtb-serve: --bind %s --port %ld: %s\n", o.bind, o.port, err);
        httpd_stop(d);
        router_close(&router);
        return 1;
    }
    print_start(&router, &o, front_door_port(door));
    int signal_number = wait_for_stop(&stop);
    printf("dtb-serve: %s received, stopping\n", signal_number == SIGINT ? "SIGINT" : "SIGTERM");
    front_door_close(door);
    httpd_stop(d);
    router_close(&router);
    return 0;
}
