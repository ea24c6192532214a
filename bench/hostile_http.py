#!/usr/bin/env python3
"""Hostile HTTP against dtb-serve (issue 58): random request lines, methods, targets,
versions, header fields, framings, encodings, bodies and pipelining, sent over loopback to
a dtb-serve started on a free port, in a bounded number of requests that ends by itself.

Prints the status distribution and the figures; exits 1 unless:
- every answer is one well-formed HTTP answer written by dtb (with its
  X-Content-Type-Options header): none written by libmicrohttpd itself, in HTML, as
  0.9.75 did before dtb's front door read every head first (README, "Request framing");
  those are still counted apart, listed by status;
- every error (status 400 and above), and every answer under /api/, is JSON with its
  Content-Type;
- no answer names a path of the server (the tables' folder, the working folder);
- the server is alive at the end (answers a good request, then stops on SIGTERM with
  status 0) and its resident memory is flat: at the end within 10% + 4 MiB of what it was
  after the first tenth of the requests (each read once the connections are closed).

With --port, the requests go to a dtb-serve already running (the soak of bench/serve.sh),
for --seconds at most, --pause seconds between connections, beside --slow clients that
each open a connection, send half a request line and wait for the server to close it,
again and again; then only the rules on answers are checked.

The server it starts keeps --cache MiB of decoded table blocks (default 32), so that its
memory levels off once they are read.

usage: hostile_http.py VARIANT (--serve DTB_SERVE --root ROOT [--cache MIB] | --port PORT)
                       [--requests N] [--clients C] [--seed S] [--seconds S] [--pause S]
                       [--slow N]"""

import argparse
import gzip
import json
import os
import random
import signal
import socket
import sys
import tempfile
import threading
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests",
                                "server"))
from serve_process import start_dtb_serve  # noqa: E402

METHODS = ["GET"] * 40 + ["HEAD"] * 5 + ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH",
                                         "CONNECT", "get", "G\x01T", "BREW", "GET\x7f"]
VERSIONS = ["HTTP/1.1"] * 60 + ["HTTP/1.0"] * 5 + ["HTTP/2.0", "HTTP/0.9", "HTTP/1.2",
                                                   "http/1.1", "HTTP/11", "HTTP/1.1 x", ""]
SERVER_TIMEOUT = 5  # seconds, dtb-serve's --timeout
READ_TIMEOUT = 1.0  # seconds a client waits for answers before it closes the connection
MEMORY_SLACK = (1.10, 4 << 20)


def random_fen(rng, squares):
    pieces = rng.sample(range(1, squares + 1), rng.randint(2, 6))
    cut = rng.randint(1, len(pieces) - 1)
    side = lambda ps: ",".join(("K" if rng.random() < 0.5 else "") + str(p) for p in ps)
    return f"{rng.choice('WB')}:W{side(pieces[:cut])}:B{side(pieces[cut:])}"


def random_target(rng, variant):
    kind = rng.randrange(30)
    if kind < 19:
        return f"/api/{variant}?fen={random_fen(rng, 32 if variant == 'brazilian' else 50)}"
    return [
        lambda: "/api/variants",
        lambda: f"/api/{variant}/mainline?fen={random_fen(rng, 32)}",
        lambda: f"/api/{variant}/stats/{rng.choice(['KvK', 'KvM', 'KQvK', 'K' * 40])}",
        lambda: f"/api/{variant}?fen=" + "".join(rng.choice("WBK:,0123456789%xq") for _ in
                                                  range(rng.randint(0, 60))),
        lambda: "/api/" + rng.choice(["../../etc/passwd", "%2e%2e/%2e%2e/etc", "..%5c..",
                                      variant + "/../../" + variant, "nosuch", ""]),
        lambda: "/" + rng.choice(["", "index.html", "../secret", "%2e%2e/x", ".hidden",
                                  "a/" * 150, "js/../../x"]),
        lambda: "/api/" + "a" * rng.choice([2048, 2049, 3000, 40000]),
        lambda: f"/api/{variant}?fen=W:W5:B1&" + "&".join(f"p{i}=1" for i in range(12)),
        lambda: rng.choice(["*", "http://127.0.0.1/api/variants", "api/variants",
                            "/api/variants#x", "/api/ variants", "/api/\x00x", "/api/\tx"]),
        lambda: f"/api/{variant}?fen=" + "".join(chr(rng.randrange(1, 256)) for _ in range(20)),
        lambda: f"/api/{variant}?fen=W:W5:B1&rules=" + rng.choice(["pure", "x", "%ff"]),
    ][kind - 19]()


def random_fields(rng):
    fields = [("Host", "127.0.0.1")] if rng.random() < 0.97 else []
    for _ in range(rng.choice([0] * 12 + [1, 2, 3, 5, 70])):
        fields.append((rng.choice(["X-A", "Accept", "User-Agent", "Cookie", "Referer"]),
                       "v" * rng.choice([1] * 8 + [10, 100, 5000, 9000, 50000])))
    extra = rng.randrange(40)
    fields += [
        [("Content-Length", "0")], [("Content-Length", "5")], [("Content-Length", "-1")],
        [("Content-Length", "1"), ("Content-Length", "2")], [("Content-Length", "1x")],
        [("Content-Length", "99999999999999999999999")], [("Transfer-Encoding", "chunked")],
        [("Transfer-Encoding", "identity")], [("Transfer-Encoding", "gzip, chunked")],
        [("Transfer-Encoding ", "chunked")], [("Host", "a")], [("Accept-Encoding", "gzip")],
        [("Accept-Encoding", "gzip;q=0, br")], [("If-None-Match", '"x", *')],
        [("Expect", "100-continue")], [("Connection", "close")], [("Connection", "keep-alive")],
        [("Bad Name", "x")], [("", "x")], [("X", "a\x00b")],
    ][extra] if extra < 20 else []  # half the requests: no such field
    return fields


def random_request(rng, variant):
    """(bytes, target) of one request, sometimes broken at any layer."""
    method = rng.choice(METHODS)
    target = random_target(rng, variant)
    version = rng.choice(VERSIONS)
    eol = "\r\n" if rng.random() < 0.98 else "\n"
    line = f"{method} {target} {version}".rstrip() if version else f"{method} {target}"
    head = line + eol + "".join(f"{k}: {v}{eol}" for k, v in random_fields(rng))
    if rng.random() < 0.02:
        head += "folded" + eol + " continuation" + eol
    if rng.random() < 0.02:
        head += "no colon here" + eol
    body = bytes(rng.randrange(256) for _ in range(rng.choice([0] * 30 + [1, 5, 100])))
    if rng.random() < 0.02:
        body += b"2\r\nab\r\n0\r\n\r\n"
    return (head + eol).encode("latin-1") + body, target


def read_answers(sock, methods, deadline):
    """The answers to methods' requests read from sock until it closes, all are in, or
    deadline."""
    data = b""
    sock.settimeout(0.05)
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(1 << 16)
        except socket.timeout:
            continue
        except OSError:
            break
        if not chunk:
            break
        data += chunk
        answers = split_answers(data, methods)
        if len(answers) >= len(methods) and not answers[-1][4]:
            break
    return split_answers(data, methods)


def split_answers(data, methods):
    """The final answers in data, in order: (status, headers, body, garbled, cut short);
    1xx interim answers skipped."""
    answers = []
    while data.startswith(b"HTTP/"):
        head, sep, rest = data.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        try:
            status = int(lines[0].split()[1])
        except (IndexError, ValueError):
            status = 0
        if not sep or not status:
            answers.append((status, {}, b"", True, True))
            break
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            headers[name.strip().lower().decode("latin-1")] = value.strip().decode("latin-1")
        if status < 200:
            data = rest
            continue
        method = methods[len(answers)] if len(answers) < len(methods) else "GET"
        length = 0 if method == "HEAD" or status == 304 else int(
            headers.get("content-length", "0") or 0)
        body, data = rest[:length], rest[length:]
        # libmicrohttpd 0.9.75 sends its head twice for some requests it refuses itself.
        garbled = body.startswith(b"HTTP/1.")
        answers.append((status, headers, body, garbled, len(body) < length))
        if garbled:
            break
    return answers


class Run:
    def __init__(self, root_paths):
        self.lock = threading.Lock()
        self.statuses = Counter()
        self.library = Counter()
        self.violations = []
        self.sent = 0
        self.slow_closed = 0
        self.slow_longest = 0.0
        self.root_paths = [p.encode() for p in root_paths]

    def judge(self, target, answer):
        status, headers, body, garbled, cut = answer
        # dtb sends X-Content-Type-Options with every answer; the library's own lack it.
        is_library = garbled or "x-content-type-options" not in headers
        with self.lock:
            self.statuses[status] += 1
            if is_library:
                self.library[status] += 1
                self.violations.append(f"{target[:60]!r}: {status} written by libmicrohttpd")
                return
            for path in self.root_paths:
                if path in body:
                    self.violations.append(f"{target[:60]!r}: {status} names {path!r}")
            if (not target.startswith("/api/") and status < 400) or status == 304:
                return
            if headers.get("content-type") != "application/json; charset=utf-8":
                self.violations.append(f"{target[:60]!r}: {status} {headers.get('content-type')}")
                return
            if not body or cut:
                return  # HEAD, or a connection reset after a refusal cut the body short
            try:
                json.loads(gzip.decompress(body) if headers.get("content-encoding") == "gzip"
                           else body)
            except ValueError as e:
                self.violations.append(f"{target[:60]!r}: {status} body not JSON ({e})")


def client(run, port, variant, count, seed, address, deadline=None, pause=0.0):
    rng = random.Random(seed)
    done = 0
    while done < count and (deadline is None or time.monotonic() < deadline):
        time.sleep(pause)
        batch = [random_request(rng, variant) for _ in range(min(rng.choice([1, 1, 1, 2, 5]),
                                                                 count - done))]
        done += len(batch)
        methods = [request.split(b" ", 1)[0].decode("latin-1") for request, _ in batch]
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind((address, 0))
            sock.connect(("127.0.0.1", port))
            stream = b"".join(request for request, _ in batch)
            if rng.random() < 0.05:  # slowly, in pieces
                for i in range(0, len(stream), 7):
                    sock.sendall(stream[i:i + 7])
            else:
                sock.sendall(stream)
            if rng.random() < 0.9:
                sock.shutdown(socket.SHUT_WR)
            answers = read_answers(sock, methods, time.monotonic() + READ_TIMEOUT)
            sock.close()
        except OSError:
            answers = []
        for (request, target), answer in zip(batch, answers):
            run.judge(target, answer)
        with run.lock:
            run.sent += len(batch)


def slow_client(run, port, address, deadline):
    """Slow connections one after another until deadline: half a request line each, held
    until the server closes it."""
    while time.monotonic() < deadline:
        opened = time.monotonic()
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind((address, 0))
            sock.connect(("127.0.0.1", port))
            sock.sendall(b"GET /api/varia")
            sock.settimeout(max(deadline - time.monotonic(), 0.01))
            closed = sock.recv(1) == b""
        except socket.timeout:
            closed = False
        except OSError:
            closed = True
        sock.close()
        with run.lock:
            run.slow_closed += closed
            run.slow_longest = max(run.slow_longest, time.monotonic() - opened) if closed else \
                run.slow_longest


def resident_bytes(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def good_answer(port, variant):
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(f"GET /api/{variant}?fen=W:WK1:BK28 HTTP/1.1\r\nHost: x\r\n"
                 "Connection: close\r\n\r\n".encode())
    answers = read_answers(sock, ["GET"], time.monotonic() + 10)
    sock.close()
    return bool(answers) and answers[0][0] == 200 and not answers[0][4]


def report(run, args, seconds):
    answered = sum(run.statuses.values())
    print(f"{run.sent} requests over loopback from {args.clients} clients "
          f"(127.0.0.2-{1 + args.clients}) in {seconds:.1f} s, seed {args.seed}: {answered} "
          f"answers ({run.sent - answered} requests unanswered: the connection closed after a "
          "refusal, or left incomplete)")
    print("statuses: " + ", ".join(f"{s}: {n}" for s, n in sorted(run.statuses.items())))
    print("answered by libmicrohttpd itself, in HTML: " +
          (", ".join(f"{s}: {n}" for s, n in sorted(run.library.items())) or "none (0)"))
    if args.slow:
        print(f"slow clients: {run.slow_closed} slow connections closed by the server, the "
              f"longest held {run.slow_longest:.1f} s")
    if run.violations:
        return [f"{len(run.violations)} answers break the rules, such as: " +
                "; ".join(run.violations[:5])]
    return []


def run_clients(run, args, port, requests, seed, deadline=None):
    threads = [threading.Thread(target=client, args=(
        run, port, args.variant, requests // args.clients, seed + i, f"127.0.0.{2 + i}",
        deadline, args.pause)) for i in range(args.clients)]
    if deadline:
        threads += [threading.Thread(target=slow_client, args=(run, port, "127.0.0.100",
                                                               deadline))
                    for _ in range(args.slow)]
    for t in threads:
        t.start()
    start = last_report = time.monotonic()
    while any(t.is_alive() for t in threads):
        time.sleep(0.2)
        if time.monotonic() - last_report >= 30:
            last_report = time.monotonic()
            print(f"... {run.sent} requests sent, {time.monotonic() - start:.0f} s", flush=True)
    for t in threads:
        t.join()


def against_running(args):
    """The soak's noise: for --seconds against the server at --port."""
    run = Run([os.getcwd(), tempfile.gettempdir() + "/"] + ([os.path.realpath(args.root)]
                                                            if args.root else []))
    start = time.monotonic()
    run_clients(run, args, args.port, args.requests, args.seed * 1000,
                start + args.seconds)
    failed = report(run, args, time.monotonic() - start)
    for f in failed:
        print("FAIL " + f)
    return 1 if failed else 0


def start_server(args):
    """dtb-serve on a free port: (process, port, log file)."""
    log = tempfile.NamedTemporaryFile(prefix="hostile_http_", suffix=".log", delete=False).name
    # No limit of connections an address: the run is about answers, and the test of slow
    # clients (tests/server/test_slow_clients.py) about that limit.
    proc, port = start_dtb_serve(args.serve, ["--root", args.root, "--per-address", "65536",
                                              "--timeout", str(SERVER_TIMEOUT), "--cache",
                                              str(args.cache)], log)
    return proc, port, log


def own_server(args):
    proc, port, log = start_server(args)
    run = Run([os.path.realpath(args.root), os.path.abspath(args.root), os.getcwd(),
               tempfile.gettempdir() + "/"])
    # Memory is read once the connections of a phase are closed: an open one holds its
    # buffer, and libmicrohttpd notices a client gone mid-request only at --timeout.
    rss_start = resident_bytes(proc.pid)
    start = time.monotonic()
    rss = []
    for phase, share in enumerate((0.1, 0.9)):
        run_clients(run, args, port, int(args.requests * share), args.seed * 1000 + phase * 100)
        time.sleep(SERVER_TIMEOUT + 1.5)
        rss.append(resident_bytes(proc.pid))
    seconds = time.monotonic() - start
    alive = proc.poll() is None and good_answer(port, args.variant)
    proc.send_signal(signal.SIGTERM)
    code = proc.wait(timeout=120)
    failed = report(run, args, seconds)
    print(f"resident memory: {rss_start / 2**20:.1f} MiB at the start, {rss[0] / 2**20:.1f} "
          f"MiB after the first tenth, {rss[1] / 2**20:.1f} MiB at the end (each once its "
          f"connections closed: {2 * SERVER_TIMEOUT + 3} s of the time above)")
    if not alive or code != 0:
        failed.append(f"the server is not alive at the end (answers: {alive}, exit {code})")
    if args.memory_check and rss[1] > rss[0] * MEMORY_SLACK[0] + MEMORY_SLACK[1]:
        failed.append("resident memory grew")
    for f in failed:
        print("FAIL " + f)
    print("passed" if not failed else "failed")
    os.unlink(log)
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant")
    parser.add_argument("--serve", help="dtb-serve to start over --root")
    parser.add_argument("--root", help="the folder of variant folders")
    parser.add_argument("--port", type=int, help="a running dtb-serve's port instead")
    parser.add_argument("--requests", type=int, default=200000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seed", type=int, default=58)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--pause", type=float, default=0.0)
    parser.add_argument("--slow", type=int, default=0)
    parser.add_argument("--no-memory-check", dest="memory_check", action="store_false",
                        help="report resident memory without judging it: under AddressSanitizer "
                        "freed memory is held in quarantine, so it grows whatever the server does")
    parser.add_argument("--cache", type=int, default=32,
                        help="dtb-serve's --cache, MiB: memory then levels off once it fills")
    args = parser.parse_args()
    if args.port:
        return against_running(args)
    if not args.serve or not args.root:
        parser.error("give --serve and --root, or --port")
    return own_server(args)


if __name__ == "__main__":
    sys.exit(main())
