"""dtb-serve's front door (issue 58, item 2): each kind of request libmicrohttpd 0.9.75 used
to answer itself in HTML, before dtb saw it, is now answered by dtb: one HTTP answer with
the status RFC 9110/9112 give it, Content-Type application/json, a JSON body with
"error", and the connection closed after it, whether the request comes whole, byte by
byte, or after a good one on the same connection. Then good requests on one connection
kept alive, pipelined (a HEAD and a 304 among them) and answered in order, an HTTP/1.0
keep-alive, and a client that sends many pipelined requests without reading the answers:
the server stops reading it instead of holding the answers (it answers fewer than half
of them meanwhile, and its memory does not grow by their size), and all of them come in
order once it reads.  Last, SIGTERM while such a client waits: the answer under way comes
whole before the connection closes, and the server exits with status 0.

With --no-memory-check (under the sanitizers, which hold freed memory in quarantine) the
server's memory is reported but not judged.

usage: test_front_door.py DTB_SERVE DTB_GEN WORK_DIR [--no-memory-check]"""

import json
import os
import re
import signal
import socket
import sys
import threading
import time

from serve_process import brazilian_tables, start_dtb_serve

TIMEOUT = 10  # seconds, --timeout
GOOD = b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n"
PIPELINED = 20000     # requests of the client that does not read
PIPELINED_GROWTH = 8  # MiB the server may grow by meanwhile, of their ~30 MiB of answers

failures = []


def check(what, ok, detail=""):
    print(f"{'ok  ' if ok else 'FAIL'} {what}{'' if ok else ': ' + repr(detail)[:400]}")
    if not ok:
        failures.append(what)


def head(line=b"GET /api/variants HTTP/1.1", fields=b"Host: x\r\n"):
    return line + b"\r\n" + fields + b"\r\n"


# (what, request, status): each refused by libmicrohttpd itself before the front door.
REFUSED = [
    ("a request line without a version", b"GET /api/variants\r\nHost: x\r\n\r\n", 400),
    ("HTTP/2.0", head(b"GET /api/variants HTTP/2.0"), 505),
    ("HTTP/0.9", head(b"GET /api/variants HTTP/0.9"), 505),
    ("HTTP/1.1x", head(b"GET /api/variants HTTP/1.1x"), 400),
    ("HTTP/11", head(b"GET /api/variants HTTP/11"), 400),
    ("http/1.1 in lower case", head(b"GET /api/variants http/1.1"), 400),
    ("two spaces before the target", head(b"GET  /api/variants HTTP/1.1"), 400),
    ("a method that is not a token", head(b"G(T /api/variants HTTP/1.1"), 400),
    ("a header line without a colon", head(fields=b"Host: x\r\nno colon here\r\n"), 400),
    ("an obs-fold continuation line", head(fields=b"Host: x\r\nX: a\r\n folded\r\n"), 400),
    ("Content-Length: -1", head(fields=b"Host: x\r\nContent-Length: -1\r\n"), 400),
    ("Content-Length: 99999999999999999999",
     head(fields=b"Host: x\r\nContent-Length: 99999999999999999999\r\n"), 400),
    ("a 40,000-byte header field", head(fields=b"Host: x\r\nX: " + b"a" * 40000 + b"\r\n"),
     431),
    ("100 header fields", head(fields=b"Host: x\r\n" + b"X: y\r\n" * 100), 431),
    ("a 40,000-byte target", head(b"GET /api/" + b"a" * 40000 + b" HTTP/1.1"), 414),
    ("a NUL in the head", head(fields=b"Host: x\r\nX: a\x00b\r\n"), 400),
    ("a control character in a value", head(fields=b"Host: x\r\nX: a\x01b\r\n"), 400),
    ("a control character in the target", head(b"GET /api/\x7fx HTTP/1.1"), 400),
    ("bare LF line endings", b"GET /api/variants HTTP/1.1\nHost: x\n\n", 400),
    ("a bare LF after the request line", b"GET /api/variants HTTP/1.1\nHost: x\r\n\r\n", 400),
]


def connect(port):
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT + 5)
    return sock


def read_all(sock):
    """(bytes until the server closes, closed cleanly rather than reset)."""
    got = b""
    try:
        while chunk := sock.recv(65536):
            got += chunk
    except ConnectionResetError:
        return got, False
    except socket.timeout:
        return got, False
    return got, True


def split_answers(data, methods):
    """The answers in data: [(status, headers, body)], bodies framed by Content-Length
    (none for HEAD and 304); the bytes left over."""
    answers = []
    while data.startswith(b"HTTP/1.1 ") and b"\r\n\r\n" in data:
        head_bytes, _, rest = data.partition(b"\r\n\r\n")
        lines = head_bytes.split(b"\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            headers[name.strip().lower().decode()] = value.strip().decode("latin-1")
        status = int(lines[0].split()[1])
        method = methods[len(answers)] if len(answers) < len(methods) else "GET"
        length = 0 if method == "HEAD" or status == 304 else int(headers["content-length"])
        if len(rest) < length:
            break
        answers.append((status, headers, rest[:length]))
        data = rest[length:]
    return answers, data


def refused_as_json(got, closed, status, head_request=False):
    """Why got is not one JSON refusal with status followed by a clean close, or None."""
    answers, rest = split_answers(got, ["HEAD" if head_request else "GET"])
    if len(answers) != 1 or rest:
        return f"{len(answers)} answers and {len(rest)} bytes more"
    got_status, headers, body = answers[0]
    if got_status != status:
        return f"status {got_status}"
    if headers.get("content-type") != "application/json; charset=utf-8":
        return f"Content-Type {headers.get('content-type')}"
    if headers.get("connection") != "close" or not closed:
        return "the connection not closed after it"
    if head_request:
        return None if body == b"" else "a body for HEAD"
    try:
        error = json.loads(body)["error"]
    except (ValueError, KeyError) as e:
        return f"body {body[:80]!r}: {e}"
    return None if error else "an empty error"


def check_refused(port):
    for what, request, status in REFUSED:
        sock = connect(port)
        sock.sendall(request)
        got, closed = read_all(sock)
        sock.close()
        why = refused_as_json(got, closed, status)
        check(f"{what}: {status} in JSON, the connection closed", why is None, (why, got[:200]))
    # Byte by byte: the head read as it comes, refused as soon as it is known bad.
    for what, request, status in (REFUSED[1], REFUSED[8], REFUSED[18]):
        sock = connect(port)
        for i in range(len(request)):
            try:
                sock.send(request[i:i + 1])
            except OSError:
                break
        got, closed = read_all(sock)
        sock.close()
        why = refused_as_json(got, closed, status)
        check(f"{what}, sent byte by byte: {status} in JSON, closed", why is None, (why, got[:200]))
    # After a good request on the same connection, pipelined: the good one answered first.
    sock = connect(port)
    sock.sendall(GOOD + head(b"GET /api/variants HTTP/2.0") + GOOD)
    got, closed = read_all(sock)
    sock.close()
    answers, rest = split_answers(got, ["GET", "GET"])
    check("a good request then HTTP/2.0 pipelined: 200, then 505 in JSON, closed, the third "
          "not answered", [a[0] for a in answers] == [200, 505] and not rest and closed and
          answers[1][1].get("content-type", "").startswith("application/json"), got[-300:])
    sock = connect(port)
    sock.sendall(head(b"HEAD /api/variants HTTP/1.1", b"Host: x\r\nX: a\x01b\r\n"))
    got, closed = read_all(sock)
    sock.close()
    why = refused_as_json(got, closed, 400, head_request=True)
    check("a HEAD refused: 400 with JSON's Content-Type and no body", why is None, (why, got))


def fen_request(i, method="GET", fields=b""):
    fen = f"W:WK{1 + i % 4}:BK{29 + i % 4}"
    return (f"{method} /api/brazilian?fen={fen} HTTP/1.1\r\nHost: x\r\n".encode() + fields +
            b"\r\n"), fen


def check_keep_alive(port):
    sock = connect(port)
    statuses = []
    for i in range(3):
        request, fen = fen_request(i)
        sock.sendall(request)
        data = b""
        while True:
            data += sock.recv(65536)
            answers, _ = split_answers(data, ["GET"])
            if answers:
                break
        status, headers, body = answers[0]
        statuses.append((status, headers.get("connection"), json.loads(body)["fen"] == fen))
    sock.close()
    check("3 requests on one connection kept alive, none answered with close",
          statuses == [(200, None, True)] * 3, statuses)

    sock = connect(port)
    sock.sendall(b"GET /api/variants HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    first, _ = split_answers(sock.recv(65536), ["GET"])
    sock.sendall(b"GET /api/variants HTTP/1.0\r\n\r\n")
    got, closed = read_all(sock)
    second, _ = split_answers(got, ["GET"])
    sock.close()
    check("HTTP/1.0 with keep-alive: kept open for a second request, closed after it",
          [a[0] for a in first + second] == [200, 200] and closed, (first, got[:200]))

    sock = connect(port)
    sock.sendall(fen_request(0)[0])
    answers, _ = split_answers(sock.recv(65536), ["GET"])
    etag = answers[0][1]["etag"]
    methods, fens, stream = [], [], b""
    for i in range(12):
        method = "HEAD" if i % 5 == 2 else "GET"
        fields = f"If-None-Match: {etag}\r\n".encode() if i == 4 else b""
        request, fen = fen_request(0 if i == 4 else i, method, fields)
        methods.append(method)
        fens.append(fen)
        stream += request
    sock.sendall(stream + b"GET /api/variants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    got, closed = read_all(sock)
    sock.close()
    answers, rest = split_answers(got, methods + ["GET"])
    in_order = len(answers) == 13 and all(
        (status == 304 if i == 4 else status == 200) and
        (body == b"" if methods[i] == "HEAD" or i == 4 else json.loads(body)["fen"] == fens[i]) and
        "connection" not in headers
        for i, (status, headers, body) in enumerate(answers[:12]))
    check("12 requests pipelined, HEADs and a 304 among them: answered in order, then one "
          "with Connection: close answered and closed",
          in_order and answers[12][1].get("connection") == "close" and closed and not rest,
          [(a[0], a[1].get("connection")) for a in answers])


def resident_mib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def answered(log):
    return len(re.findall(r" GET /api/brazilian\?fen=\S+ 200 ", open(log).read()))


def check_back_pressure(port, pid, log, memory_check):
    sock = connect(port)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
    requests = [fen_request(i) for i in range(PIPELINED)]
    stream = b"".join(r for r, _ in requests)
    before, answered_before = resident_mib(pid), answered(log)
    sender = threading.Thread(target=sock.sendall, args=(stream,))
    sender.start()
    time.sleep(3)
    grown = resident_mib(pid) - before
    held = answered(log) - answered_before
    data = b""
    answers = []
    sock.settimeout(TIMEOUT)
    while len(answers) < PIPELINED:
        chunk = sock.recv(1 << 20)
        if not chunk:
            break
        data += chunk
        more, data = split_answers(data, ["GET"] * PIPELINED)
        answers += more
    sender.join()
    sock.close()
    answer_bytes = sum(len(a[2]) for a in answers)
    print(f"figures: a client sending {PIPELINED} pipelined requests without reading: in "
          f"3 s the server answered {held} of them (the rest waited unread) and grew by "
          f"{grown:.1f} MiB; their answers are {answer_bytes / 2**20:.1f} MiB")
    check(f"a client that does not read: the server answers fewer than half of its requests "
          f"and grows by under {PIPELINED_GROWTH} MiB",
          held < PIPELINED // 2 and (grown < PIPELINED_GROWTH or not memory_check),
          (held, grown))
    check(f"then all {PIPELINED} answers come, in order",
          len(answers) == PIPELINED and all(
              a[0] == 200 and json.loads(a[2])["fen"] == fen
              for a, (_, fen) in zip(answers, requests)), len(answers))


def check_stop(port, proc):
    """SIGTERM while a client has pipelined requests it does not read yet: the answer under
    way is finished whole, the connection then closed, and the server exits with 0."""
    sock = connect(port)
    sock.sendall(b"".join(fen_request(i)[0] for i in range(2000)))
    time.sleep(1)
    proc.send_signal(signal.SIGTERM)
    time.sleep(0.5)
    got, closed = read_all(sock)
    sock.close()
    answers, rest = split_answers(got, ["GET"] * 2000)
    code = proc.wait(timeout=60)
    check("SIGTERM with an answer under way: it comes whole, then the connection closes; "
          "exit status 0", answers and all(a[0] == 200 for a in answers) and not rest and
          closed and code == 0, (len(answers), len(rest), closed, code))


def main():
    serve, gen, work = sys.argv[1:4]
    root = brazilian_tables(gen, work)
    log = os.path.join(work, "serve.log")
    proc, port = start_dtb_serve(serve, ["--root", root, "--timeout", str(TIMEOUT)], log)
    check_refused(port)
    check_keep_alive(port)
    check_back_pressure(port, proc.pid, log, "--no-memory-check" not in sys.argv[4:])
    text = open(log).read()
    check("the log has a line for each refusal, as for the other requests",
          re.search(r"^\S+Z GET /api/variants 505 \d+\.\d+ ms$", text, re.MULTILINE) and
          re.search(r"^\S+Z - - 414 ", text, re.MULTILINE), text[-400:])
    check("libmicrohttpd wrote nothing to the log", "libmicrohttpd" not in text,
          [line for line in text.splitlines() if "libmicrohttpd" in line][:3])
    check_stop(port, proc)
    print(f"{len(failures)} failures" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
