"""A dtb-serve process on a free port, for the server's tests and bench/hostile_http.py."""

import os
import re
import shutil
import subprocess
import sys
import time

START_POLLS = 600  # of 50 ms: the time a server is given to print its address


def start_dtb_serve(serve, options, log):
    """dtb-serve started with options, its output into the file log, on a free port:
    (process, port); exits naming the log's text when it does not start."""
    proc = subprocess.Popen([serve, "--port", "0"] + options, stdout=open(log, "w"),
                            stderr=subprocess.STDOUT)
    match = None
    for _ in range(START_POLLS):
        match = re.search(r"at http://127\.0\.0\.1:(\d+)/", open(log).read())
        if match or proc.poll() is not None:
            break
        time.sleep(0.05)
    if not match:
        sys.exit(f"dtb-serve did not start: {open(log).read()}")
    return proc, int(match.group(1))


def brazilian_tables(gen, work):
    """Brazilian's 3-piece set built by dtb-gen under work (emptied first): the folder of
    variant folders to serve."""
    shutil.rmtree(work, ignore_errors=True)
    root = os.path.join(work, "tables")
    subprocess.run([gen, "--variant", "brazilian", "--pieces", "3", "--dir",
                    os.path.join(root, "brazilian")], check=True, capture_output=True)
    return root
