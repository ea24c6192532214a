"""The fallback path: positions the tables do not hold go to another Hub engine (here
standin_engine.py), which sees the session unchanged; the GUI sees one engine."""

import os

from conftest import STANDIN, hub_pos, parse_arguments

START = "W" + "b" * 20 + "e" * 10 + "w" * 20  # International's start, in Hub's pos format
KMVK = hub_pos("W:WK46,28:BK5", 50)


def standin_command(log, *more):
    return " ".join([*STANDIN, str(log), *more])


def logged(log):
    with open(log) as f:
        return f.read().splitlines()


def test_session_passes_through(engine, root, tmp_path):
    log = tmp_path / "standin.log"
    e = engine(f"--fallback={standin_command(log)}", f"--tables={root}")
    e.send("hub")
    declared = e.until("wait")
    names = [parse_arguments(line)["name"] for line in declared if line.startswith("param ")]
    # The stand-in's own parameter is declared for it, variant once, as dtb-hub's.
    assert names.count("variant") == 1 and "standin-depth" in names, declared
    e.send("set-param name=standin-depth value=3", "set-param name=variant value=normal",
           "set-param name=max-pieces value=6", "init")
    assert e.until("ready") == ["ready"]
    # Outside the tables: the stand-in answers, its lines passed on as they are.
    sent = ["new-game", f"pos pos={START}", "level moves=40 time=300", "go think"]
    e.send(*sent)
    assert e.until("done") == ['info depth=1 score=0.01 pv="31-27"', "done move=31-27"]
    # In the tables: dtb-hub answers, and the stand-in hears the position but no go.
    e.send(f"pos pos={KMVK}", "go think")
    answer = e.until("done")
    assert answer[0].startswith("info ") and " wdl=" in answer[0], answer
    # Commands dtb-hub does not know pass on, and so do ping and quit.
    e.send('xyzzy plugh="two words"', "ping")
    assert e.until("pong") == ["pong"]
    e.send("quit")
    assert e.close() == 0
    assert logged(log) == ["hub", "set-param name=standin-depth value=3",
                           "set-param name=variant value=normal", "init", *sent,
                           f"pos pos={KMVK}", 'xyzzy plugh="two words"', "ping", "quit"]


def test_more_pieces_than_max_pieces_go_to_the_fallback(engine, root, tmp_path):
    log = tmp_path / "standin.log"
    e = engine(f"--tables={root}")
    e.send("hub")
    e.until("wait")
    e.send(f"set-param name=fallback value=\"{standin_command(log)}\"",
           "set-param name=max-pieces value=2", "init")
    assert e.until("ready") == ["ready"]
    e.send(f"pos pos={KMVK}", "go think")
    assert e.until("done")[-1] == "done move=31-27"
    assert "go think" in logged(log)


def test_stop_reaches_a_fallback_search(engine, root, tmp_path):
    """A go passed on is the fallback's until its done: stop goes to it, and a pos and go
    that follow at once wait for that done before dtb-hub answers them."""
    log = tmp_path / "standin.log"
    e = engine(f"--tables={root}", f"--fallback={standin_command(log, 'slow')}")
    e.send("hub")
    e.until("wait")
    e.send("init")
    e.until("ready")
    e.send(f"pos pos={START}", "go ponder")
    e.nothing_more()
    e.send("stop", f"pos pos={KMVK}", "go think")
    assert e.until("done")[-1] == "done move=31-27"
    assert e.until("done")[0].startswith("info depth=")
    assert "stop" in logged(log)


def test_a_fallback_that_cannot_start_is_reported(engine, root, tmp_path):
    e = engine(f"--tables={root}", f"--fallback={tmp_path}/no-such-engine hub")
    e.send("hub")
    lines = e.until("wait")
    assert any(line.startswith("error message=") for line in lines), lines
    e.send("init")
    # The tables are there: dtb-hub plays on from them alone.
    assert e.until("ready")[-1] == "ready"
    e.send(f"pos pos={START}", "go think")
    answer = e.until("done")
    assert answer[-1] == "done" and "not in the tables" in answer[0], answer
