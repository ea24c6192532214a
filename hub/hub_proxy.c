#include "hub_proxy.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int hub_command_is(const char *line, const char *command) {
    while (*line == ' ' || *line == '\t') line++;
    size_t n = strlen(command);
    return strncmp(line, command, n) == 0 &&
           (line[n] == '\0' || line[n] == ' ' || line[n] == '\t' || line[n] == '\r');
}

int hub_proxy_start(hub_proxy *p, const char *command, char *err, size_t err_len) {
    memset(p, 0, sizeof *p);
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC)) goto fail;
    if (pipe2(out, O_CLOEXEC)) {
        close(in[0]);
        close(in[1]);
        goto fail;
    }
    size_t len = strlen(command) + sizeof "exec ";
    char *shell_line = malloc(len);
    pid_t pid = shell_line ? fork() : -1;
    if (pid == 0) {
        snprintf(shell_line, len, "exec %s", command);
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0) _exit(127);
        execl("/bin/sh", "sh", "-c", shell_line, (char *)NULL);
        _exit(127);
    }
    free(shell_line);
    close(in[0]);
    close(out[1]);
    if (pid < 0) {
        close(in[1]);
        close(out[0]);
        goto fail;
    }
    p->pid = pid;
    p->to_engine = in[1];
    hub_reader_init(&p->from_engine, out[0]);
    return 0;
fail:
    snprintf(err, err_len, "cannot start the fallback engine '%s': %s", command, strerror(errno));
    return -1;
}

int hub_proxy_send(hub_proxy *p, const char *line) {
    if (!p->pid) return -1;
    size_t n = strlen(line);
    char *buf = malloc(n + 1);
    if (!buf) return -1;
    memcpy(buf, line, n);
    buf[n] = '\n';
    size_t done = 0;
    while (done <= n) {
        ssize_t w = write(p->to_engine, buf + done, n + 1 - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        done += (size_t)w;
    }
    free(buf);
    return done == n + 1 ? 0 : -1;
}

static long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

int hub_proxy_read_until(hub_proxy *p, const char *until_command,
                         void (*each)(void *ctx, const char *line), void *ctx, int timeout_ms,
                         char *err, size_t err_len) {
    hub_reader *r = &p->from_engine;
    long deadline = now_ms() + timeout_ms;
    for (;;) {
        int too_long;
        const char *line;
        while ((line = hub_reader_next(r, &too_long))) {
            if (too_long) continue;
            each(ctx, line);
            if (hub_command_is(line, until_command)) return 0;
        }
        if (r->eof) {
            snprintf(err, err_len, "the fallback engine exited before answering '%s'",
                     until_command);
            return -1;
        }
        struct pollfd fd = {.fd = r->fd, .events = POLLIN};
        long left = deadline - now_ms();
        int ready = left > 0 ? poll(&fd, 1, (int)left) : 0;
        if (ready < 0) continue;
        if (ready == 0) {
            snprintf(err, err_len, "the fallback engine sent no '%s' within %d s", until_command,
                     timeout_ms / 1000);
            return -1;
        }
        hub_reader_fill(r);
    }
}

void hub_proxy_stop(hub_proxy *p) {
    if (!p->pid) return;
    hub_proxy_send(p, "quit");
    close(p->to_engine);
    int status;
    pid_t done = 0;
    for (int i = 0; i < 100 && (done = waitpid(p->pid, &status, WNOHANG)) == 0; i++) usleep(10000);
    if (done == 0) {
        kill(p->pid, SIGKILL);
        waitpid(p->pid, &status, 0);
    }
    close(p->from_engine.fd);
    p->pid = 0;
    p->searching = 0;
}
