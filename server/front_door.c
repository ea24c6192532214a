/* The front door: client connections and request heads, in one thread's epoll loop.
 *
 * Why it exists: libmicrohttpd (0.9.75, Debian's) answers some requests itself before any
 * callback of dtb's, with HTML bodies and no Content-Type, and offers no way to replace
 * them: a line it cannot parse, an HTTP version it does not take, a Content-Length it
 * cannot read, a head past its buffer.  So libmicrohttpd never sees a byte dtb has not
 * checked.  The front door owns the listening socket and every client connection; it
 * reads each request's head and checks it whole (request_head.h).  One it refuses is
 * answered here in JSON, built by response.h as dtb's other errors are, and its connection
 * closed.  One it lets in is written unchanged to a local socket pair, whose other end
 * libmicrohttpd was given with the client's address (httpd_add_connection), and the answer
 * is relayed back unchanged.
 *
 * One request of a connection at a time: a pipelined head waits in the connection's
 * buffer until the answer before it has been read whole, its end known from its head
 * (Content-Length; no body for HEAD, 1xx, 204 and 304; else the pair's close).  The pair
 * stays open between a client's requests, so that keep-alive is libmicrohttpd's own, as
 * the answers say it; when libmicrohttpd closes the pair (an answer with "Connection:
 * close", an HTTP/1.0 request), the client's connection is closed after that answer.
 *
 * The limits, as clients see them (README, "Slow and hostile clients"): connections in
 * all and from one address, more being closed as they come; a connection silent for the
 * timeout within a head or between requests, or not taking its answer, is closed, one
 * waiting for an answer is not; an idle connection costs no thread.  Back-pressure: a
 * connection holds at most a head's worth of what its client sent (REQUEST_BYTES_MAX) and
 * OUT_MAX of answer not yet taken; past those neither it nor its pair is read from. */
#include "front_door.h"

#include "fnv1a.h"
#include "request_head.h"
#include "request_log.h"
#include "response.h"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#define OUT_MAX         (64 * 1024) /* bytes of answers read for a client, not yet taken */
#define REFUSAL_MAX     (8 * 1024)  /* bytes of a refusal, always room for one past OUT_MAX */
#define ANSWER_HEAD_MAX 4096        /* bytes of the head of an answer of libmicrohttpd */
#define EVENTS_MAX      256
#define ACCEPT_RETRY_MS 100
#define DISCARD_BYTES   4096
#define BACKLOG         1024
#define TAG_LISTENER    0u /* epoll data of the listening socket */
#define TAG_WAKE        2u /* of the eventfd front_door_close rings */
#define TAG_PAIR        1u /* a connection's pointer with this bit: its pair */

typedef struct Address {
    struct Address *next;
    int count; /* connections open from it */
    size_t len;
    unsigned char bytes[16];
} Address;

/* Where the answer to a request let in has got to. */
typedef struct AnswerEnd {
    char *head; /* ANSWER_HEAD_MAX + 1 bytes while the head is read */
    size_t head_len;
    bool in_body;
    long long body_left; /* -1: until the pair closes */
} AnswerEnd;

typedef struct Conn {
    struct FrontDoor *door;
    int client, pair; /* pair: -1 until the first request let in */
    uint32_t client_events, pair_events;
    struct sockaddr_storage addr;
    socklen_t addr_len;
    Address *address;
    char *in, *out; /* allocated while they hold bytes (or a request is under way) */
    size_t in_len, out_len;
    HeadScan scan;
    struct timespec head_start;
    size_t request_len, forwarded; /* of the request let in, at the start of in */
    bool awaiting;                 /* a request let in whose answer is not all read */
    bool head_request;             /* it is a HEAD, whose answer has no body */
    AnswerEnd answer;
    bool client_done; /* the client sent its last byte */
    bool closing;     /* no request more: out is flushed, then the connection closed */
    bool shut;        /* flushed and shut for writing: what the client sends is discarded */
    bool dead;
    double last;                  /* time of the last byte in or out, for the timeout */
    bool timed;                   /* in the timeout list */
    struct Conn *older, *newer;   /* the timeout list, oldest first */
    struct Conn *prev_all, *next; /* every connection; next also links the dead ones */
} Conn;

struct FrontDoor {
    HttpLimits limits;
    HttpDaemon *behind;
    int epoll, listener, wake;
    uint16_t port;
    bool stopping, accept_paused;
    double paused_at; /* when accept_paused was set */
    pthread_t thread;
    int open; /* connections */
    Conn *all, *dead;
    Conn *oldest, *newest;
    Address **addresses;
    size_t address_mask;
    char scratch[REQUEST_BYTES_MAX + 1]; /* the head being parsed */
};

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* --- connections per address --- */

static size_t address_key(const struct sockaddr_storage *ss, unsigned char bytes[16]) {
    if (ss->ss_family == AF_INET6) {
        memcpy(bytes, &((const struct sockaddr_in6 *)ss)->sin6_addr, 16);
        return 16;
    }
    memcpy(bytes, &((const struct sockaddr_in *)ss)->sin_addr, 4);
    return 4;
}

static Address **address_slot(FrontDoor *door, const unsigned char *bytes, size_t len) {
    uint64_t hash = fnv1a(FNV1A_START, bytes, len);
    Address **slot = &door->addresses[hash & door->address_mask];
    while (*slot && ((*slot)->len != len || memcmp((*slot)->bytes, bytes, len) != 0))
        slot = &(*slot)->next;
    return slot;
}

/* RETURN: the address's record, counting one more connection; NULL when it has its
 * limit (or memory is out). */
static Address *address_take(FrontDoor *door, const struct sockaddr_storage *ss) {
    unsigned char bytes[16];
    size_t len = address_key(ss, bytes);
    Address **slot = address_slot(door, bytes, len);
    if (!*slot) {
        *slot = calloc(1, sizeof **slot);
        if (!*slot) return NULL;
        (*slot)->len = len;
        memcpy((*slot)->bytes, bytes, len);
    }
    if ((*slot)->count >= door->limits.per_address) return NULL;
    (*slot)->count++;
    return *slot;
}

static void address_release(FrontDoor *door, Address *a) {
    if (--a->count > 0) return;
    Address **slot = address_slot(door, a->bytes, a->len);
    *slot = a->next;
    free(a);
}

/* --- the timeout list --- */

static void untime(Conn *c) {
    FrontDoor *door = c->door;
    if (!c->timed) return;
    *(c->older ? &c->older->newer : &door->oldest) = c->newer;
    *(c->newer ? &c->newer->older : &door->newest) = c->older;
    c->older = c->newer = NULL;
    c->timed = false;
}

static void time_from_now(Conn *c) {
    FrontDoor *door = c->door;
    untime(c);
    c->last = now_seconds();
    c->older = door->newest;
    *(door->newest ? &door->newest->newer : &door->oldest) = c;
    door->newest = c;
    c->timed = true;
}

/* A connection is timed unless it waits for libmicrohttpd's answer. */
static void update_timer(Conn *c) {
    bool timed = !(c->awaiting && c->out_len == 0);
    if (timed && !c->timed) time_from_now(c);
    if (!timed) untime(c);
}

static void activity(Conn *c) {
    if (c->timed) time_from_now(c);
}

/* --- closing --- */

/* Watches fd for events (none: out of the epoll set until watched again).
 * RETURN: false when epoll cannot. */
static bool watch(FrontDoor *door, int fd, uint32_t *watched, uint32_t events, uint64_t tag) {
    if (*watched == events) return true;
    struct epoll_event ev = {.events = events, .data.u64 = tag};
    int op = !events ? EPOLL_CTL_DEL : *watched ? EPOLL_CTL_MOD : EPOLL_CTL_ADD;
    *watched = events;
    return epoll_ctl(door->epoll, op, fd, &ev) == 0;
}

static void close_pair(Conn *c) {
    if (c->pair < 0) return;
    close(c->pair);
    c->pair = -1;
    c->pair_events = 0;
}

/* Listens again after accept4 ran out of files (accept_clients): on a connection closed, or
 * after ACCEPT_RETRY_MS, since files held elsewhere in the process may be what ran out. */
static void resume_accepting(FrontDoor *door) {
    if (!door->accept_paused) return;
    struct epoll_event ev = {.events = EPOLLIN, .data.u64 = TAG_LISTENER};
    door->accept_paused = epoll_ctl(door->epoll, EPOLL_CTL_ADD, door->listener, &ev) != 0;
}

static void close_now(Conn *c) {
    FrontDoor *door = c->door;
    if (c->dead) return;
    c->dead = true;
    close_pair(c);
    close(c->client);
    address_release(door, c->address);
    untime(c);
    *(c->prev_all ? &c->prev_all->next : &door->all) = c->next;
    if (c->next) c->next->prev_all = c->prev_all;
    c->next = door->dead;
    door->dead = c;
    door->open--;
    resume_accepting(door);
}

static void free_dead(FrontDoor *door) {
    while (door->dead) {
        Conn *c = door->dead;
        door->dead = c->next;
        free(c->in);
        free(c->out);
        free(c->answer.head);
        free(c);
    }
}

/* --- answers out --- */

static bool out_room(Conn *c) {
    if (!c->out) c->out = malloc(OUT_MAX + REFUSAL_MAX);
    return c->out != NULL;
}

static void write_client(Conn *c) {
    size_t sent = 0;
    while (sent < c->out_len) {
        ssize_t n = send(c->client, c->out + sent, c->out_len - sent, MSG_NOSIGNAL);
        if (n > 0) sent += (size_t)n;
        if (n > 0 || (n < 0 && errno == EINTR)) continue;
        if (n < 0 && errno != EAGAIN) {
            close_now(c);
            return;
        }
        break;
    }
    if (sent == 0) return;
    memmove(c->out, c->out + sent, c->out_len - sent);
    c->out_len -= sent;
    activity(c);
    if (c->out_len == 0 && !c->awaiting) {
        free(c->out);
        c->out = NULL;
    }
}

typedef struct Text {
    char *at;
    size_t len, room;
} Text;

static void add_text(Text *t, const char *bytes, size_t n) {
    n = n < t->room - t->len ? n : t->room - t->len;
    memcpy(t->at + t->len, bytes, n);
    t->len += n;
}

static void add_field(void *cls, const char *name, const char *value) {
    char line[256];
    int n = snprintf(line, sizeof line, "%s: %s\r\n", name, value);
    add_text(cls, line, n < (int)sizeof line ? (size_t)n : sizeof line - 1);
}

/* The answer r, with HTTP's framing, into the client's out; its body left out for HEAD. */
static void queue_answer(Conn *c, const Response *r, bool head_request) {
    if (!out_room(c)) return;
    Text t = {c->out + c->out_len, 0, OUT_MAX + REFUSAL_MAX - c->out_len};
    char line[128], date[64];
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", &utc);
    const char *reason = httpd_reason_phrase(r->status);
    int n = snprintf(line, sizeof line, "HTTP/1.1 %d %s\r\nDate: %s\r\nContent-Length: %zu\r\n",
                     r->status, reason, date, r->len);
    add_text(&t, line, (size_t)n);
    response_headers(r, add_field, &t);
    add_text(&t, "\r\n", 2);
    if (!head_request && r->body) add_text(&t, r->body, r->len);
    c->out_len += t.len;
}

/* Answers status (err saying why) in JSON, logs it, and closes the connection after it. */
static void refuse(Conn *c, int status, const char *err, const RequestHead *head) {
    Response r;
    response_error(&r, status, "%s", err);
    r.close = true;
    bool head_request = head && head->method && strcmp(head->method, "HEAD") == 0;
    queue_answer(c, &r, head_request);
    request_log(head ? head->method : NULL, head ? head->target : NULL, status, &c->head_start, "",
                "");
    response_free(&r);
    c->closing = true;
    c->in_len = 0;
}

/* --- requests in --- */

static void read_client(Conn *c) {
    if (c->shut) { /* lingering after the last answer: read and let go */
        char discard[DISCARD_BYTES];
        ssize_t n;
        while ((n = recv(c->client, discard, sizeof discard, 0)) > 0) continue;
        if (n == 0 || (errno != EAGAIN && errno != EINTR)) close_now(c);
        return;
    }
    while (!c->client_done && c->in_len < REQUEST_BYTES_MAX) {
        if (!c->in && !(c->in = malloc(REQUEST_BYTES_MAX))) return;
        size_t room = REQUEST_BYTES_MAX - c->in_len;
        ssize_t n = recv(c->client, c->in + c->in_len, room, 0);
        if (n > 0) {
            if (c->in_len == 0 && !c->awaiting) clock_gettime(CLOCK_MONOTONIC, &c->head_start);
            c->in_len += (size_t)n;
            activity(c);
            if ((size_t)n < room) return; /* all there was: epoll tells of more */
        } else if (n == 0) {
            c->client_done = true;
        } else if (errno != EINTR) {
            if (errno != EAGAIN) close_now(c);
            return;
        }
    }
}

static void write_pair(Conn *c) {
    while (c->forwarded < c->request_len) {
        ssize_t n =
            send(c->pair, c->in + c->forwarded, c->request_len - c->forwarded, MSG_NOSIGNAL);
        if (n > 0) c->forwarded += (size_t)n;
        if (n > 0 || (n < 0 && errno == EINTR)) continue;
        if (n < 0 && errno != EAGAIN) close_now(c);
        return;
    }
    memmove(c->in, c->in + c->request_len, c->in_len - c->request_len);
    c->in_len -= c->request_len;
    c->request_len = c->forwarded = 0;
    if (c->in_len == 0) { /* an idle connection holds no buffer */
        free(c->in);
        c->in = NULL;
    }
}

/* A socket pair whose other end libmicrohttpd reads, with the client's address. */
static bool open_pair(Conn *c) {
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, ends) != 0) return false;
    if (!httpd_add_connection(c->door->behind, ends[1], (struct sockaddr *)&c->addr, c->addr_len)) {
        close(ends[0]);
        return false;
    }
    c->pair = ends[0];
    c->pair_events = 0;
    return true;
}

/* Hands the head of len bytes at the start of in, checked and parsed into head, to
 * libmicrohttpd. */
static void let_in(Conn *c, size_t len, const RequestHead *head) {
    bool head_request = strcmp(head->method, "HEAD") == 0;
    if (c->pair < 0 && !open_pair(c)) {
        refuse(c, 503, "the server is out of connections or memory; ask again", head);
        return;
    }
    c->request_len = len;
    c->forwarded = 0;
    c->awaiting = true;
    c->head_request = head_request;
    c->answer.head_len = 0;
    c->answer.in_body = false;
    c->scan = (HeadScan){0};
    write_pair(c);
}

/* The blank lines a client may send before a request line (RFC 9112, 2.2), dropped. */
static void skip_blank_lines(Conn *c) {
    size_t skip = 0;
    while (c->scan.scanned == 0 && skip + 2 <= c->in_len && c->in[skip] == '\r' &&
           c->in[skip + 1] == '\n')
        skip += 2;
    if (skip == 0) return;
    memmove(c->in, c->in + skip, c->in_len - skip);
    c->in_len -= skip;
}

/* Takes the next request of the connection, if it has one whole, unless one is under way:
 * refused, or let in. */
static void next_request(Conn *c) {
    if (c->dead || c->awaiting || c->closing) return;
    if (c->door->stopping) {
        c->closing = true;
        return;
    }
    skip_blank_lines(c);
    char err[512];
    int status = c->in_len ? request_head_scan(c->in, c->in_len, &c->scan, err, sizeof err) : 0;
    if (status) {
        refuse(c, status, err, NULL);
        return;
    }
    if (!c->scan.end) {
        if (c->client_done) c->closing = true;
        return;
    }
    RequestHead head;
    memcpy(c->door->scratch, c->in, c->scan.end);
    status = request_head_parse(c->door->scratch, c->scan.end, &head, err, sizeof err);
    if (status)
        refuse(c, status, err, &head);
    else
        let_in(c, c->scan.end, &head);
}

/* --- answers in --- */

static void answer_done(Conn *c) {
    c->awaiting = false;
    clock_gettime(CLOCK_MONOTONIC, &c->head_start); /* of the next request, pipelined */
    free(c->answer.head);
    c->answer.head = NULL;
}

/* Reads the end of the answer from its complete head. */
static void answer_head_read(Conn *c) {
    AnswerEnd *a = &c->answer;
    a->head[a->head_len] = '\0';
    int status = strncmp(a->head, "HTTP/1.", 7) == 0 ? atoi(a->head + 9) : 0;
    if (status >= 100 && status < 200) { /* an interim answer: the final one follows */
        a->head_len = 0;
        return;
    }
    /* libmicrohttpd closes the pair after this answer: no next request may follow on it */
    if (strcasestr(a->head, "\r\nConnection: close\r\n")) c->closing = true;
    const char *length = strcasestr(a->head, "\r\nContent-Length:");
    a->in_body = true;
    a->body_left = c->head_request || status == 204 || status == 304 ? 0
                   : length ? strtoll(length + strlen("\r\nContent-Length:"), NULL, 10)
                            : -1;
    if (a->body_left == 0) answer_done(c);
}

/* Follows n bytes of the answer just read.  RETURN: false when they go past its end. */
static bool follow_answer(Conn *c, const char *bytes, size_t n) {
    AnswerEnd *a = &c->answer;
    while (n > 0) {
        if (!c->awaiting) return false;
        if (!a->in_body) {
            if (!a->head && !(a->head = malloc(ANSWER_HEAD_MAX + 1))) return false;
            bool complete = false;
            for (; n > 0 && !complete; bytes++, n--) {
                if (a->head_len == ANSWER_HEAD_MAX) return false;
                a->head[a->head_len++] = *bytes;
                complete =
                    a->head_len >= 4 && memcmp(a->head + a->head_len - 4, "\r\n\r\n", 4) == 0;
            }
            if (complete) answer_head_read(c);
        } else if (a->body_left < 0) {
            n = 0;
        } else {
            size_t take = n < (size_t)a->body_left ? n : (size_t)a->body_left;
            a->body_left -= (long long)take;
            bytes += take, n -= take;
            if (a->body_left == 0) answer_done(c);
        }
    }
    return true;
}

/* libmicrohttpd closed the pair: the answer under way ends there, and the connection.  A
 * request it dropped without a byte of answer (out of memory, or over its own limits) gets
 * a 503, so that no client is left without one. */
static void pair_closed(Conn *c) {
    close_pair(c);
    bool unanswered = c->awaiting && !c->answer.in_body && c->answer.head_len == 0;
    RequestHead asked = {.method = c->head_request ? "HEAD" : NULL};
    if (c->awaiting) answer_done(c);
    if (unanswered) refuse(c, 503, "the server could not answer; ask again", &asked);
    c->closing = true;
}

static void read_pair(Conn *c) {
    while (c->pair >= 0 && c->out_len < OUT_MAX) {
        if (!out_room(c)) return;
        size_t room = OUT_MAX - c->out_len;
        ssize_t n = recv(c->pair, c->out + c->out_len, room, 0);
        if (n > 0) {
            c->out_len += (size_t)n;
            if (!follow_answer(c, c->out + c->out_len - n, (size_t)n)) {
                close_now(c); /* bytes that answer no request: never relayed */
                return;
            }
            if ((size_t)n < room || !c->awaiting) return; /* epoll tells of more */
        } else if (n == 0 || errno != EINTR) {
            if (n == 0 || errno != EAGAIN) pair_closed(c);
            return;
        }
    }
}

/* --- the loop --- */

/* Moves the connection on as far as it goes without waiting, then watches what it waits
 * for. */
static void pump(Conn *c) {
    if (c->pair >= 0 && c->forwarded < c->request_len) write_pair(c);
    if (!c->dead) write_client(c);
    if (!c->dead) next_request(c);
    if (!c->dead) write_client(c);
    if (c->dead) return;
    if (c->closing && c->out_len == 0 && !c->shut) {
        close_pair(c);
        /* Shut for writing and lingering, so that what the client still sends does not
         * reset the connection before it has read the answer. */
        if (c->client_done || shutdown(c->client, SHUT_WR) != 0) {
            close_now(c);
            return;
        }
        c->shut = true;
    }
    /* The pair is read while there is room for its bytes: an answer, or its close. */
    bool read_in = c->shut || (!c->client_done && !c->closing && c->in_len < REQUEST_BYTES_MAX);
    uint64_t tag = (uint64_t)(uintptr_t)c;
    bool watched = watch(c->door, c->client, &c->client_events,
                         (read_in ? EPOLLIN : 0u) | (c->out_len ? EPOLLOUT : 0u), tag);
    if (c->pair >= 0)
        watched &= watch(c->door, c->pair, &c->pair_events,
                         (c->out_len < OUT_MAX ? EPOLLIN : 0u) |
                             (c->forwarded < c->request_len ? EPOLLOUT : 0u),
                         tag | TAG_PAIR);
    if (!watched) {
        close_now(c);
        return;
    }
    update_timer(c);
}

static void accept_clients(FrontDoor *door) {
    for (;;) {
        struct sockaddr_storage addr;
        socklen_t len = sizeof addr;
        int fd =
            accept4(door->listener, (struct sockaddr *)&addr, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0 && (errno == EINTR || errno == ECONNABORTED)) continue;
        if (fd < 0 && (errno == EMFILE || errno == ENFILE)) { /* until a connection closes */
            door->accept_paused = epoll_ctl(door->epoll, EPOLL_CTL_DEL, door->listener, NULL) == 0;
            door->paused_at = now_seconds();
        }
        if (fd < 0) return;
        Address *a = door->open < door->limits.connections ? address_take(door, &addr) : NULL;
        Conn *c = a ? calloc(1, sizeof *c) : NULL;
        struct epoll_event ev = {.events = EPOLLIN, .data.u64 = (uint64_t)(uintptr_t)c};
        if (!c || epoll_ctl(door->epoll, EPOLL_CTL_ADD, fd, &ev) != 0) {
            if (a) address_release(door, a);
            free(c);
            close(fd);
            continue;
        }
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        *c = (Conn){.door = door,
                    .client = fd,
                    .pair = -1,
                    .client_events = EPOLLIN,
                    .addr = addr,
                    .addr_len = len,
                    .address = a,
                    .next = door->all};
        if (door->all) door->all->prev_all = c;
        door->all = c;
        door->open++;
        update_timer(c);
    }
}

static void serve_event(FrontDoor *door, const struct epoll_event *ev) {
    if (ev->data.u64 == TAG_LISTENER) {
        accept_clients(door);
        return;
    }
    if (ev->data.u64 == TAG_WAKE) {
        epoll_ctl(door->epoll, EPOLL_CTL_DEL, door->wake, NULL);
        door->stopping = true;
        return;
    }
    Conn *c = (Conn *)(uintptr_t)(ev->data.u64 & ~(uint64_t)TAG_PAIR);
    if (c->dead) return;
    if (ev->data.u64 & TAG_PAIR) {
        if (ev->events & (EPOLLIN | EPOLLHUP | EPOLLERR)) read_pair(c);
    } else if ((ev->events & EPOLLERR) || ((ev->events & EPOLLHUP) && !c->shut)) {
        close_now(c); /* the client is gone both ways */
        return;
    } else if (ev->events & (EPOLLIN | EPOLLHUP)) {
        read_client(c);
    }
    if (!c->dead) pump(c);
}

/* Closes the connections silent past the timeout. */
static void expire(FrontDoor *door) {
    double now = now_seconds();
    while (door->oldest && door->oldest->last + door->limits.timeout <= now)
        close_now(door->oldest);
}

/* Milliseconds to wait for events: until the oldest timed connection's timeout, or the next
 * try at accepting when paused. */
static int wait_ms(const FrontDoor *door) {
    int paused = door->accept_paused ? ACCEPT_RETRY_MS : -1;
    if (!door->oldest) return paused;
    double left = door->oldest->last + door->limits.timeout - now_seconds();
    int ms = left <= 0 ? 0 : (int)(left * 1e3) + 1;
    return paused >= 0 && paused < ms ? paused : ms;
}

/* Stops listening; a connection without a request under way is closed, one with is
 * closed after its answer, each as the others are (lingering up to the timeout). */
static void begin_stop(FrontDoor *door) {
    close(door->listener);
    door->listener = -1;
    door->accept_paused = false;
    for (Conn *c = door->all, *next; c; c = next) {
        next = c->next;
        pump(c);
    }
}

static void *run(void *arg) {
    FrontDoor *door = arg;
    struct epoll_event events[EVENTS_MAX];
    while (!door->stopping || door->open > 0) {
        int n = epoll_wait(door->epoll, events, EVENTS_MAX, wait_ms(door));
        bool was_stopping = door->stopping;
        for (int i = 0; i < n; i++) serve_event(door, &events[i]);
        expire(door);
        if (door->stopping && !was_stopping) begin_stop(door);
        free_dead(door);
        if (now_seconds() - door->paused_at >= ACCEPT_RETRY_MS / 1e3) resume_accepting(door);
    }
    return NULL;
}

/* The listening socket, non-blocking.  RETURN: it, or -1 with err saying why. */
static int listen_on(const struct sockaddr *addr, uint16_t *port, char *err, size_t errlen) {
    socklen_t len =
        addr->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
    int fd = socket(addr->sa_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int one = 1;
    struct sockaddr_storage bound;
    socklen_t bound_len = sizeof bound;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        (addr->sa_family == AF_INET6 &&
         setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one) != 0) ||
        bind(fd, addr, len) != 0 || listen(fd, BACKLOG) != 0 ||
        getsockname(fd, (struct sockaddr *)&bound, &bound_len) != 0) {
        snprintf(err, errlen,
                 "cannot listen there (%s: the port in use, or the address not "
                 "this machine's?)",
                 strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    *port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
                                              : ((struct sockaddr_in *)&bound)->sin_port);
    return fd;
}

static void free_door(FrontDoor *door) {
    if (door->listener >= 0) close(door->listener);
    if (door->wake >= 0) close(door->wake);
    if (door->epoll >= 0) close(door->epoll);
    free(door->addresses);
    free(door);
}

FrontDoor *front_door_open(const struct sockaddr *addr, const HttpLimits *limits,
                           HttpDaemon *behind, char *err, size_t errlen) {
    FrontDoor *door = calloc(1, sizeof *door);
    if (!door) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    door->limits = *limits;
    door->behind = behind;
    door->wake = door->epoll = -1;
    size_t buckets = 64;
    while (buckets < (size_t)limits->connections) buckets *= 2;
    door->address_mask = buckets - 1;
    door->addresses = calloc(buckets, sizeof *door->addresses);
    door->listener = listen_on(addr, &door->port, err, errlen);
    if (door->listener < 0) {
        free_door(door);
        return NULL;
    }
    door->epoll = epoll_create1(EPOLL_CLOEXEC);
    door->wake = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    struct epoll_event on_listener = {.events = EPOLLIN, .data.u64 = TAG_LISTENER};
    struct epoll_event on_wake = {.events = EPOLLIN, .data.u64 = TAG_WAKE};
    if (!door->addresses || door->epoll < 0 || door->wake < 0 ||
        epoll_ctl(door->epoll, EPOLL_CTL_ADD, door->listener, &on_listener) != 0 ||
        epoll_ctl(door->epoll, EPOLL_CTL_ADD, door->wake, &on_wake) != 0 ||
        pthread_create(&door->thread, NULL, run, door) != 0) {
        snprintf(err, errlen, "cannot start the front door (%s)", strerror(errno));
        free_door(door);
        return NULL;
    }
    return door;
}

uint16_t front_door_port(const FrontDoor *door) {
    return door->port;
}

void front_door_close(FrontDoor *door) {
    uint64_t one = 1;
    if (write(door->wake, &one, sizeof one) != sizeof one) return;
    pthread_join(door->thread, NULL);
    free_door(door);
}
