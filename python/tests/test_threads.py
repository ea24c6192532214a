"""One Tablebase shared by threads: the answers of one thread alone, each thread's errors its
own, and close waiting for the calls in flight."""

import threading
import time

import pytest

import dtb

THREADS = 4


def answers(tb, fens):
    return [(tb.probe(f), tb.probe_wdl(f), tb.moves(f)) for f in fens]


def run_threads(work):
    """work(i) on THREADS threads at once; the exceptions they raised, by thread."""
    failures = [None] * THREADS

    def run(i):
        try:
            work(i)
        except BaseException as e:  # reported to the test's thread below
            failures[i] = e

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return failures


@pytest.mark.parametrize("cache_size", [None, 4096])
def test_threads_answer_as_one_thread(cache_size, tables, sample):
    fens = sample("frisian")[:400]
    with dtb.Tablebase("frisian", tables("frisian")) as alone:
        expected = answers(alone, fens)
    with dtb.Tablebase("frisian", tables("frisian"), cache_size=cache_size) as shared:

        def work(i):
            assert answers(shared, fens[i:] + fens[:i]) == expected[i:] + expected[:i]
            assert shared.probe_wdl_many(fens) == [wdl for _, wdl, _ in expected]

        assert run_threads(work) == [None] * THREADS


def test_each_thread_gets_its_own_error(tables):
    with dtb.Tablebase("brazilian", tables("brazilian")) as tb:

        def work(i):
            square = 33 + i
            for _ in range(200):
                with pytest.raises(dtb.PositionError, match=f"square {square} "):
                    tb.probe(f"W:W{square}:BK4")
                assert tb.probe("W:W8:BK29").dtw == 3

        assert run_threads(work) == [None] * THREADS


def test_close_waits_for_calls_in_flight(tables):
    tb = dtb.Tablebase("brazilian", tables("brazilian"))
    probes, endings = [0] * THREADS, [None] * THREADS

    def work(i):
        while True:
            try:
                tb.moves("W:W8:BK29")
            except dtb.ArgumentError as e:
                endings[i] = str(e)
                return
            probes[i] += 1

    threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    time.sleep(0.2)
    tb.close()
    for t in threads:
        t.join()
    assert all(probes)
    assert all(e and e.endswith("is closed") for e in endings), endings
