"""dtb-serve against slow clients (issue 55): one address opens slow connections, each half
a request line, up to its --per-address limit, and one more is turned away; idle
connections by the thousand cost the server no thread; requests from other loopback
addresses (127.0.0.2, ...) are all answered meanwhile, with a 99th-percentile latency under
the issue's bound of 50 ms; then the slow connections are closed by the server, --timeout
seconds after their last byte. Prints the figures.

usage: test_slow_clients.py DTB_SERVE DTB_GEN WORK_DIR"""

import os
import re
import select
import socket
import sys
import time

from serve_process import brazilian_tables, start_dtb_serve

PER_ADDRESS = 8
TIMEOUT = 2           # seconds, --timeout
IDLE_ADDRESSES = 125  # of 127.0.1.x, each holding PER_ADDRESS idle connections
THREADS = 2
ANSWERED = 400        # requests from other addresses while the slow ones wait
P99_BOUND_MS = 50     # the bound
CLOSE_SLACK = 2.0     # seconds past the timeout a slow connection may stay open

failures = []


def check(what, ok, detail=""):
    print(f"{'ok  ' if ok else 'FAIL'} {what}{'' if ok else ': ' + str(detail)[:400]}")
    if not ok:
        failures.append(what)


def connect_from(address, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((address, 0))
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    return sock


def closed_by_server(sock, wait):
    """Whether the server closes sock (EOF or reset) within wait seconds."""
    sock.settimeout(wait)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


def closed_among(socks, first_wait, then_wait):
    """The sockets the server closes: waits up to first_wait seconds for the first, then
    then_wait seconds more for any other."""
    closed = []
    deadline = time.monotonic() + first_wait
    while True:
        open_socks = [s for s in socks if s not in closed]
        remaining = deadline - time.monotonic()
        if not open_socks or remaining <= 0:
            return closed
        readable, _, _ = select.select(open_socks, [], [], remaining)
        for sock in readable:
            if closed_by_server(sock, 0.01):
                closed.append(sock)
        if closed and deadline - time.monotonic() > then_wait:
            deadline = time.monotonic() + then_wait


def answer_time(sock, target):
    """Milliseconds for one keep-alive request and its whole answer; None when not 200."""
    start = time.monotonic()
    sock.sendall(f"GET {target} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    got = b""
    while b"\r\n\r\n" not in got:
        got += sock.recv(65536)
    head, _, body = got.partition(b"\r\n\r\n")
    length = int(re.search(rb"Content-Length: (\d+)", head, re.IGNORECASE).group(1))
    while len(body) < length:
        body += sock.recv(65536)
    return (time.monotonic() - start) * 1e3 if head.startswith(b"HTTP/1.1 200") else None


def threads_of(pid):
    return len(os.listdir(f"/proc/{pid}/task"))


def main():
    serve, gen, work = sys.argv[1:4]
    root = brazilian_tables(gen, work)
    proc, port = start_dtb_serve(serve, ["--root", root, "--per-address", str(PER_ADDRESS),
                                         "--timeout", str(TIMEOUT), "--threads", str(THREADS)],
                                 os.path.join(work, "serve.log"))
    threads_before = threads_of(proc.pid)

    # Nine connections, not eight and then one: with several server threads accepting, the
    # one turned away need not be the last opened, only exactly one of the nine.
    slow = []
    for _ in range(PER_ADDRESS + 1):
        sock = connect_from("127.0.0.1", port)
        sock.sendall(b"GET /api/varia")
        slow.append(sock)
    last_byte = time.monotonic()
    turned_away = closed_among(slow, first_wait=10.0, then_wait=0.5)
    check(f"127.0.0.1 holds {PER_ADDRESS} slow connections; one more is turned away",
          len(turned_away) == 1, f"{len(turned_away)} of {len(slow)} closed")
    for sock in turned_away:
        slow.remove(sock)
        sock.close()

    idle = [connect_from(f"127.0.1.{a}", port) for a in range(1, IDLE_ADDRESSES + 1)
            for _ in range(PER_ADDRESS)]
    threads_idle = threads_of(proc.pid)
    check(f"{len(idle)} idle connections more cost no thread ({threads_before} threads "
          f"before, {threads_idle} with them)", threads_idle == threads_before)

    latencies = []
    clients = [connect_from(f"127.0.0.{2 + i}", port) for i in range(8)]
    for i in range(ANSWERED):
        ms = answer_time(clients[i % len(clients)], "/api/brazilian?fen=W:WK1,K2:BK28")
        latencies.append(ms if ms is not None else float("inf"))
    for sock in clients + idle:
        sock.close()
    latencies.sort()
    answered = sum(1 for ms in latencies if ms != float("inf"))
    p99 = latencies[len(latencies) * 99 // 100]
    print(f"figures: {answered} of {ANSWERED} requests from 127.0.0.2-9 answered while "
          f"{PER_ADDRESS} slow and {len(idle)} idle connections were open: median "
          f"{latencies[len(latencies) // 2]:.2f} ms, p99 {p99:.2f} ms, max {latencies[-1]:.2f} ms")
    check(f"requests from other addresses all answered, p99 under {P99_BOUND_MS} ms",
          answered == ANSWERED and p99 < P99_BOUND_MS, f"{answered} answered, p99 {p99:.2f} ms")

    closed_after = []
    for sock in slow:
        remaining = TIMEOUT + CLOSE_SLACK - (time.monotonic() - last_byte)
        closed_after.append(time.monotonic() - last_byte if closed_by_server(sock, max(remaining, 0.01))
                            else None)
        sock.close()
    print(f"figures: the slow connections were closed {', '.join('%.2f s' % s if s else 'never' for s in closed_after)} "
          f"after their last byte (--timeout {TIMEOUT})")
    check(f"the slow connections are closed on time ({TIMEOUT} s, within {CLOSE_SLACK} s)",
          all(s is not None and s >= TIMEOUT - 0.5 for s in closed_after), closed_after)
    fresh = connect_from("127.0.0.1", port)
    check("127.0.0.1 is served again once its slow connections are closed",
          answer_time(fresh, "/api/variants") is not None)
    fresh.close()

    proc.terminate()
    code = proc.wait(timeout=60)
    check("SIGTERM: stops with exit status 0", code == 0, code)
    print(f"{len(failures)} failures" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
