#!/usr/bin/env python3
"""dtb-hub's response times (README, "Hub engine"; figures in bench/RESULTS.md).

  1. go -> done: for POSITIONS random positions of VARIANT's tables of up to PIECES pieces
     (wins, draws and losses as they come), the time from writing "go think" to reading
     "done", after pos and level; median and 99th percentile.
  2. The fallback proxy's added latency: ping -> pong round trips (COUNT of them) with the
     stand-in engine of tests/hub run directly, then behind dtb-hub (which passes ping on
     and pong back: two lines proxied a round trip); the difference, halved, is what
     dtb-hub adds to a line.  Likewise go -> done for a position the tables do not hold.

usage: bench/hub.py BUILD_DIR [VARIANT [PIECES [POSITIONS [COUNT]]]]
  defaults: build, brazilian, 4, 1000, 2000.  Builds the tables with BUILD_DIR's dtb-gen
  in a temporary folder (or uses ROOT/VARIANT when the environment sets DTB_HUB_ROOT);
  loads BUILD_DIR's libdtb.so to pick the positions."""

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
STANDIN = [sys.executable, os.path.join(HERE, "..", "tests", "hub", "standin_engine.py")]


class Engine:
    def __init__(self, args):
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def send(self, *lines):
        self.p.stdin.write("".join(line + "\n" for line in lines))
        self.p.stdin.flush()

    def until(self, command):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit(f"the engine ended before '{command}'")
            if line.split()[0] == command:
                return line

    def timed(self, line, answer):
        """Seconds from writing line to reading the answer's line."""
        start = time.perf_counter()
        self.send(line)
        self.until(answer)
        return time.perf_counter() - start

    def close(self):
        self.send("quit")
        self.p.wait()


def percentiles(seconds):
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return statistics.median(ordered) * 1e6, p99 * 1e6


def random_positions(tb, squares, pieces, count, rng):
    """count random legal positions of 2..pieces pieces held by the tables, as pos strings."""
    found = []
    while len(found) < count:
        n = rng.randint(2, pieces)
        placed = rng.sample(range(1, squares + 1), n)
        kinds = [rng.choice("wWbB") for _ in placed]
        if "w" not in "".join(kinds).lower() or "b" not in "".join(kinds).lower():
            continue
        side = rng.choice("WB")
        board = dict(zip(placed, kinds))
        fields = []
        for colour in "WB":
            fields.append(colour + ",".join(("K" if k.isupper() else "") + str(sq)
                                            for sq, k in sorted(board.items())
                                            if k.lower() == colour.lower()))
        fen = side + ":" + ":".join(fields)
        try:
            if not tb.moves(fen):
                continue
        except Exception:
            continue  # a man on its promotion row, a missing table
        found.append(side + "".join(board.get(sq, "e") for sq in range(1, squares + 1)))
    return found


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    variant = sys.argv[2] if len(sys.argv) > 2 else "brazilian"
    pieces = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    count_positions = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
    count_lines = int(sys.argv[5]) if len(sys.argv) > 5 else 2000
    os.environ.setdefault("DTB_LIBRARY", os.path.join(build, "libdtb.so"))
    sys.path.insert(0, os.path.join(HERE, "..", "python"))
    import dtb

    hub = os.path.join(build, "hub", "dtb-hub")
    with tempfile.TemporaryDirectory() as work:
        root = os.environ.get("DTB_HUB_ROOT")
        if not root:
            root = work
            subprocess.run([os.path.join(build, "dtb-gen"), "--variant", variant, "--pieces",
                            str(pieces), "--dir", os.path.join(root, variant)], check=True,
                           capture_output=True)
        with dtb.Tablebase(variant, os.path.join(root, variant)) as tb:
            squares = 32 if variant == "brazilian" or "-8" in variant or variant.startswith(
                "stockholm") else 50
            positions = random_positions(tb, squares, pieces, count_positions, random.Random(1))
        print(f"dtb-hub {git_commit()}, {variant} up to {pieces} pieces, {os.cpu_count()} cores")

        e = Engine([hub, f"--variant={variant}", f"--tables={root}"])
        e.send("hub", "init")
        e.until("ready")
        times = []
        for pos in positions:
            e.send(f"pos pos={pos}", "level move-time=1")
            times.append(e.timed("go think", "done"))
        e.close()
        median, p99 = percentiles(times)
        print(f"go -> done over {len(times)} positions: median {median:.0f} us, p99 {p99:.0f} us")

        log = os.path.join(work, "standin.log")
        standin = STANDIN + [log]
        direct = Engine(standin)
        direct.send("hub", "init")
        direct.until("ready")
        proxied = Engine([hub, f"--variant={variant}", f"--tables={root}", "--max-pieces=1",
                          "--fallback=" + " ".join(standin)])
        proxied.send("hub", "init")
        proxied.until("ready")
        report = {}
        for name, engine in (("direct", direct), ("through dtb-hub", proxied)):
            pings = [engine.timed("ping", "pong") for _ in range(count_lines)]
            engine.send(f"pos pos={positions[0]}")
            gos = [engine.timed("go think", "done") for _ in range(count_lines // 4)]
            report[name] = (percentiles(pings), percentiles(gos))
            engine.close()
        for name, ((ping_median, ping_p99), (go_median, go_p99)) in report.items():
            print(f"stand-in {name}: ping -> pong median {ping_median:.0f} us, p99 {ping_p99:.0f} us;"
                  f" go -> done median {go_median:.0f} us, p99 {go_p99:.0f} us")
        added = (report["through dtb-hub"][0][0] - report["direct"][0][0]) / 2
        print(f"added by the proxy: {added:.0f} us a line (median round trips, halved)")


def git_commit():
    return subprocess.run(["git", "-C", HERE, "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    main()
