"""The protocol's edges: hub's declarations, init's errors, malformed lines (each answered
with an error, the engine going on), and the end of input."""

import os
import shutil
import subprocess

from conftest import hub_pos, open_session, parse_arguments

POS = hub_pos("W:W8:BK29", 32)  # Brazilian: g7 crowns on h8 and wins (tests/lookup)


def test_hub_declares_id_params_and_wait(engine):
    e = engine()
    e.send("hub")
    lines = e.until("wait")
    assert lines[0].startswith("id name=dtb version=")
    params = {parse_arguments(line)["name"]: parse_arguments(line)
              for line in lines if line.startswith("param ")}
    assert set(params) == {"variant", "tables", "rules", "max-pieces", "fallback",
                           "move-numbering"}
    # The names lidraughts-bot sends (its parse_variant) and Scan's, and dtb's own ids.
    variants = params["variant"]["values"].split()
    for name in ("normal", "frisian", "frysk", "brazilian", "scandinavian-8", "stockholm"):
        assert name in variants
    assert params["rules"]["values"] == "official pure"


def test_init_names_what_is_missing(engine, root, tmp_path):
    e = engine(f"--tables={tmp_path}")
    e.send("set-param name=variant value=brazilian", "init", "ping")
    line = e.recv()
    assert line.startswith("error message=") and str(tmp_path / "brazilian") in line, line
    assert e.recv() == "pong"
    e.send("set-param name=variant value=killer", f"set-param name=tables value={root}", "init")
    line = e.recv()
    assert line.startswith("error message=") and "killer" in line, line
    e.send("set-param name=variant value=brazilian", "init")
    assert e.recv() == "ready"


def test_malformed_lines_get_an_error_and_the_engine_goes_on(engine, root):
    e = open_session(engine, root, "brazilian")
    bad = {
        'pos pos="Wee': "quoted value is not closed",
        "=x": "without a command",
        "pos =x": "no name",
        "pos \x01": "control character",
        "set-param name=rules value=fuzzy": "official pure",
        "set-param name=max-pieces value=-1": "number from 0 to 64",
        "pos pos=" + POS[:-1]: "not 33",
        "pos pos=X" + POS[1:]: "side to move",
        "pos pos=" + POS[:5] + "q" + POS[6:]: "square 5",
        f'pos pos={POS} moves="8-99"': "not Hub notation",
        f'pos pos={POS} moves="8-4 29x8"': "names no square taken",
        f'pos pos={POS} moves="8-4 30-26"': "square 30 holds no piece",
        f'pos pos={POS} moves="8-4 29-4"': "square 4 is not empty",
        f'pos pos={POS} moves="8-4 29x8x12"': "square 12 holds no piece to take",
        "x" * 70000: "too long",
    }
    for line, why in bad.items():
        e.send(line, "ping")
        answer = e.recv()
        assert answer.startswith("error message=") and why in answer, (line[:80], answer)
        assert e.recv() == "pong"
    # Unknown commands and arguments are ignored, as the protocol says.
    e.send("frobnicate now", f"pos pos={POS} colour=blue", "go think extra")
    assert parse_arguments(e.until("done")[-1])["move"] == "8-4"
    # A go without a valid position gets an error, then the done Hub requires.
    e.send("pos pos=W", "go think")
    assert e.recv().startswith("error message=")
    answer = e.until("done")
    assert answer[-1] == "done" and "valid pos" in answer[0]


def test_end_of_input_ends_the_engine(root):
    run = subprocess.run([os.environ["DTB_HUB"], "hub", f"--tables={root}"], input="hub\nping\n",
                         capture_output=True, text=True, timeout=20)
    assert run.returncode == 0 and run.stdout.splitlines()[-1] == "pong"


def test_command_line_options_are_checked():
    run = subprocess.run([os.environ["DTB_HUB"], "--rules=fuzzy"], capture_output=True,
                         text=True, timeout=20)
    assert run.returncode == 2 and "--rules=fuzzy" in run.stderr and "official pure" in run.stderr
    run = subprocess.run([os.environ["DTB_HUB"], "--help"], capture_output=True, text=True)
    assert run.returncode == 0 and "move-numbering" in run.stdout


def test_init_names_the_manifests_missing_tables(root, tmp_path):
    """At init dtb-hub says on standard error which tables the MANIFEST lists that are not
    there, as dtb-serve does: nothing for a complete set."""
    session = "hub\nset-param name=variant value=brazilian\ninit\nquit\n"

    def run(tables):
        return subprocess.run([os.environ["DTB_HUB"], f"--tables={tables}"], input=session,
                              capture_output=True, text=True, timeout=60)

    whole = run(root)
    assert "ready" in whole.stdout and "MANIFEST" not in whole.stderr, whole.stderr
    shutil.copytree(os.path.join(root, "brazilian"), tmp_path / "brazilian")
    os.remove(tmp_path / "brazilian" / "KvK.dtb")
    cut = run(tmp_path)
    assert "ready" in cut.stdout, cut.stdout
    assert "MANIFEST lists are missing" in cut.stderr and " KvK" in cut.stderr, cut.stderr
    os.remove(tmp_path / "brazilian" / "MANIFEST")
    assert "cannot be shown complete" in run(tmp_path).stderr
