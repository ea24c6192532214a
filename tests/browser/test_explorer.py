"""The explorer page (server/www/) in a real browser: dtb-serve over small table sets made
here, Debian's chromium headless driven through chromedriver, every value checked against
dtb-probe's commands over the same tables (probe_cli.py).

A user sets up a position by clicking squares, sees its value and moves, hovers a move and
plays a winning one by clicking it, goes back with the browser's back button, plays the
best line and steps back through it, opens a material's statistics, in Frisian pastes FENs
(one with king-move counts) and toggles the official/pure rules, and pastes bad FENs, whose
errors must be shown. Boards of a standard and a mirrored variant must be drawn and
numbered as dtb-probe diagram draws them.
Screenshots of the page (desktop and phone-sized) and of the material page are saved in
WORK_DIR; explorer.png is the README's docs/explorer.png.

usage: test_explorer.py DTB_SERVE DTB_GEN DTB_PROBE WORK_DIR
Exit 77 (skipped) when chromium or chromedriver is missing, unless CI is set: then 1."""

import os
import re
import shutil
import subprocess
import sys
import urllib.parse

import explorer_page as page
from probe_cli import ProbeCli
from webdriver import Browser, WebDriverError, free_port, wait_for_port

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
DESKTOP = (1280, 860)
PHONE = (390, 844)
# The table sets made, variant -> pieces: each builds in about a second.
TABLES = {"brazilian": 3, "frisian": 3, "scandinavian": 2}
EMPTY_VARIANT = "stockholm"  # a variant's folder without tables, which the page leaves out
VARIANT = "brazilian"
SETUP = {2: "wk", 5: "wm", 32: "bk"}  # set up by clicking: square -> piece
SETUP_FEN = "W:WK2,5:BK32"
MATERIAL = "KKvK"
# Boards the page must draw as dtb-probe diagram does: mirrored, then standard.
DIAGRAMS = [("scandinavian", "W:W28,46,K50:BK1,10"), ("brazilian", "B:W5,K29:BK4,28")]
# Frisian: a win without its draw rules and a draw with them; a king with 3 moves in a row.
FRISIAN_RULES_FEN = "W:WK9,K20:BK4"
FRISIAN_COUNT_FEN = "W:W28,K46:BK43:CW46=3"
# Frisian two kings against one: White wins in 15 plies without the draw rules; after 2-8
# Black loses in 14 with no move played there yet, but draws once White has played one.
FRISIAN_KKVK_FEN, FRISIAN_KKVK_MOVE = "W:WK2,K4:BK23", "2-8"

failures = []


def check(what, ok, detail=""):
    print(f"{'ok  ' if ok else 'FAIL'} {what}{'' if ok else ': ' + detail}")
    if not ok:
        failures.append(what)


def same_as_lookup(what, browser, cli, variant=VARIANT, rules="official", moves_played=0):
    """Checks the value and moves shown against lookup's; returns the FEN and value shown."""
    value, fen, moves = page.settled(browser)
    want_value, want_moves = cli.lookup(variant, fen, rules, moves_played)
    check(f"{what}: value shown is lookup's ({want_value})", value == want_value, value)
    check(f"{what}: moves and their values are lookup's, best first",
          [tuple(m) for m in moves] == want_moves, f"page {moves}, lookup {want_moves}")
    return fen, value


def set_up_by_clicking(browser, base, cli):
    browser.go(f"{base}/?variant={VARIANT}")
    page.wait_for_board(browser)
    offered = browser.run("return [...document.querySelectorAll('#variant option')].map("
                          "(o) => o.value);")
    check("the variants offered are those with tables", offered == sorted(TABLES), str(offered))
    for square, piece in SETUP.items():
        check(f"clicking square {square} puts a {piece} there",
              page.click_until(browser, square, piece))
    check("the board holds the pieces clicked, nothing else", page.pieces(browser) == SETUP,
          str(page.pieces(browser)))
    fen, _ = same_as_lookup("set-up position", browser, cli)
    check(f"the FEN box shows {SETUP_FEN}", fen == SETUP_FEN, fen)


def screenshots(browser, work):
    """The set-up position with its numbers shown and its winning move hovered, on a desktop
    and a phone-sized screen."""
    browser.click(browser.find("#numbers"))
    browser.hover(browser.find("#moves .group.win .move"))
    check("hovering a move draws its arrow on the board",
          bool(browser.wait("the arrow", lambda: browser.find_all("#board .arrow"))))
    browser.screenshot(os.path.join(work, "explorer.png"))
    page.phone_sized(browser, *PHONE)
    width = browser.run("return document.documentElement.scrollWidth;")
    check(f"the page fits a {PHONE[0]} px wide screen (no sideways scrolling)",
          width <= PHONE[0], f"{width} px")
    browser.screenshot(os.path.join(work, "explorer-phone.png"))
    page.desktop_sized(browser)


def play_winning_move(browser, cli):
    before = page.pieces(browser)
    button = browser.find("#moves .group.win .move")
    notation, value = browser.attribute(button, "data-move"), browser.text(button)
    browser.click(button)
    browser.wait("the position after the move", lambda: page.shown(browser)[1] != SETUP_FEN)
    fen, after = same_as_lookup(f"after {notation}", browser, cli)
    start, end = map(int, notation.split("-"))  # the set-up position's best move takes nothing
    expected = {**{k: v for k, v in before.items() if k != start}, end: before[start]}
    check(f"{notation} moved the piece on {start} to {end}, nothing else",
          page.pieces(browser) == expected, str(page.pieces(browser)))
    plies = int(re.search(r"win in (\d+)", value).group(1))
    check(f"a move that wins in {plies} leaves the opponent losing in {plies - 1}",
          after == f"Black to move: loss in {plies - 1} plies", after)
    query = urllib.parse.parse_qs(urllib.parse.urlparse(browser.url()).query)
    check("the address holds the variant and the position",
          query == {"variant": [VARIANT], "fen": [fen]}, browser.url())


def back_in_history(browser, cli):
    browser.back()
    browser.wait("the position before the move", lambda: page.shown(browser)[1] == SETUP_FEN)
    same_as_lookup("back in the browser's history", browser, cli)


def best_line(browser, cli):
    """Plays the best line from the set-up position, then steps back to it with the page's ◀."""
    line = cli.line(VARIANT, SETUP_FEN)
    browser.click(browser.find("#best-line"))
    end = browser.wait("the end of the best line",
                       lambda: (lambda s: "game over" in s[0] and s)(page.shown(browser)), 30)
    check("the best line ends with the side to move lost", "loss in 0 plies" in end[0], end[0])
    steps = 0
    while page.shown(browser)[1] != SETUP_FEN and steps <= len(line):
        browser.click(browser.find("#back"))
        steps += 1
    check(f"the best line played lookup's {len(line)} moves", steps == len(line),
          f"{steps} steps back")


def material_page(browser, base, cli, work):
    browser.go(f"{base}/?variant={VARIANT}&material={MATERIAL}")
    browser.wait("the statistics", lambda: browser.find_all("#stats table.results"))
    counts = browser.run("""return [...document.querySelectorAll('#stats tr')].slice(1).map(
        (tr) => [...tr.querySelectorAll('td')].map((td) => td.dataset.count));""")
    want, longest = cli.stats(VARIANT, MATERIAL)
    check(f"{MATERIAL}'s W/D/L counts are dtb-probe stats'", counts == want,
          f"page {counts}, stats {want}")
    text = browser.text(browser.find("#stats"))
    check(f"the longest win is shown as {longest} plies", f"Longest win: {longest} plies" in text,
          text)
    check("the DTW histogram has bars", len(browser.find_all("#stats svg.histogram rect")) > 0)
    browser.screenshot(os.path.join(work, "material.png"))


def boards_as_diagram(browser, base, cli):
    for variant, fen in DIAGRAMS:
        browser.go(f"{base}/?variant={variant}&fen={urllib.parse.quote(fen)}")
        page.settled(browser)
        want, ranges = cli.diagram(variant, fen)
        got = page.drawn(browser)
        check(f"{variant}'s board of {fen} is drawn as dtb-probe diagram's", got == want,
              f"page {got}, diagram {want}")
        browser.click(browser.find("#numbers"))
        want = [list(range(first, last + 1)) for first, last in ranges]
        got = page.numbers(browser)
        check(f"{variant}'s squares are numbered as in dtb-probe diagram", got == want,
              f"page {got}, diagram {want}")


def frisian(browser, base, cli):
    browser.go(f"{base}/?variant=frisian")
    page.wait_for_board(browser)
    page.paste_fen(browser, FRISIAN_RULES_FEN)
    _, official = same_as_lookup(f"Frisian {FRISIAN_RULES_FEN}", browser, cli, "frisian")
    browser.click(browser.find("input[name=rules][value=pure]"))
    browser.wait("the pure value", lambda: page.settled(browser)[0] != official)
    _, pure = same_as_lookup(f"Frisian {FRISIAN_RULES_FEN}, pure", browser, cli, "frisian",
                             "pure")
    check("the official/pure toggle changes the value shown", official != pure,
          f"{official} / {pure}")
    check("the address keeps rules=pure", "rules=pure" in browser.url(), browser.url())
    page.paste_fen(browser, FRISIAN_COUNT_FEN)
    same_as_lookup(f"Frisian {FRISIAN_COUNT_FEN}, pure", browser, cli, "frisian", "pure")
    count = browser.property(browser.find("#count-W"), "value")
    check("White's king-move count shows king 46 with 3 moves", count == "46=3", count)


def frisian_moves_played(browser, cli):
    """A move played inside two kings against one counts towards the draw rules' 7 moves."""
    browser.click(browser.find("input[name=rules][value=official]"))
    page.paste_fen(browser, FRISIAN_KKVK_FEN)
    same_as_lookup(f"Frisian {FRISIAN_KKVK_FEN}", browser, cli, "frisian")
    browser.click(browser.find(f'#moves .move[data-move="{FRISIAN_KKVK_MOVE}"]'))
    browser.wait("the move played", lambda: page.shown(browser)[1] != FRISIAN_KKVK_FEN)
    played = browser.property(browser.find("#moves-played"), "value")
    check("after a move in two kings v one, 1 move is shown as played there", played == "1",
          played)
    check("the address holds moves_played=1", "moves_played=1" in browser.url(), browser.url())
    fen, value = same_as_lookup(f"after {FRISIAN_KKVK_MOVE}, 1 move played", browser, cli,
                                "frisian", "official", 1)
    unplayed, _ = cli.lookup("frisian", fen, "official", 0)
    check("the move played changes the value (the check above can fail)", value != unplayed,
          f"{value} / {unplayed}")


def bad_input(browser, base):
    """A FEN the page cannot read, and one only the server refuses: each error is shown,
    naming the part at fault."""
    browser.go(f"{base}/?variant={VARIANT}")
    page.wait_for_board(browser)
    browser.type_into(browser.find("#fen"), "W:W33:B1")
    browser.click(browser.find("#fen-form button"))
    error = browser.wait("the error", lambda: browser.text(browser.find("#error")))
    check("a FEN with square 33 of 32 is refused, naming it", "square 33" in error, error)
    page.paste_fen(browser, "W:W1:B30")
    value = page.settled(browser)[0]
    check("the server's refusal of a man on its promotion rank is shown, naming the square",
          "square 1 stands on its promotion rank" in value, value)


def scenario(browser, base, cli, work):
    set_up_by_clicking(browser, base, cli)
    screenshots(browser, work)
    play_winning_move(browser, cli)
    back_in_history(browser, cli)
    best_line(browser, cli)
    material_page(browser, base, cli, work)
    boards_as_diagram(browser, base, cli)
    frisian(browser, base, cli)
    frisian_moves_played(browser, cli)
    bad_input(browser, base)


def require_browser():
    missing = [p for p in (CHROMIUM, DRIVER) if not os.access(p, os.X_OK)]
    if not missing:
        return
    if os.environ.get("CI"):
        sys.exit(f"FAIL missing under CI: {', '.join(missing)} (scripts/deps.sh installs them)")
    print(f"skipped: missing {', '.join(missing)} (scripts/deps.sh installs them)")
    sys.exit(77)


def make_tables(gen, tables):
    for variant, pieces in TABLES.items():
        made = subprocess.run([gen, "--variant", variant, "--pieces", str(pieces), "--dir",
                               os.path.join(tables, variant)], capture_output=True, text=True)
        if made.returncode:
            sys.exit(f"FAIL dtb-gen --variant {variant}: {made.stderr}")
    os.makedirs(os.path.join(tables, EMPTY_VARIANT))


def main():
    serve, gen, probe, work = sys.argv[1:5]
    require_browser()
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    tables = os.path.join(work, "tables")
    make_tables(gen, tables)
    port = free_port()
    with open(os.path.join(work, "serve.log"), "w") as serve_log, \
            open(os.path.join(work, "chromedriver.log"), "w") as driver_log:
        server = subprocess.Popen([serve, "--root", tables, "--port", str(port)],
                                  stdout=serve_log, stderr=serve_log)
        browser = None
        try:
            wait_for_port(port, server, 20, serve)
            browser = Browser(DRIVER, CHROMIUM, *DESKTOP, log=driver_log)
            scenario(browser, f"http://127.0.0.1:{port}", ProbeCli(probe, tables), work)
        except WebDriverError as error:
            check("the page answered as the scenario expects", False, str(error))
        finally:
            if browser:
                browser.quit()
            server.terminate()
            server.wait(10)
    print(f"screenshots: {work}/explorer.png, explorer-phone.png, material.png")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
