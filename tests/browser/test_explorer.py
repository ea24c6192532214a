"""The explorer page (server/www/) in a real browser: dtb-serve over small table sets made
here, Debian's chromium headless driven through chromedriver, every value checked against
dtb-probe's commands over the same tables (probe_cli.py).

A user sets up a position in edit mode (the palette, the click cycle, undo), seeing setup
hints on an empty and a one-sided board; plays moves by clicking a piece and its target, by
dragging, and steps through them with the keys; reloads the address and finds the moves
again; plays a capture with several landings that shares its start and target with
another, choosing it from the paths offered; plays the best line at the fast speed, copies
it as PDN; opens a material's statistics while the server is busy; in Frisian pastes FENs
(one with king-move counts) and toggles the official/pure rules; pastes bad FENs and a
position of a missing table. Boards of a standard and a mirrored variant, and a flipped
one, must be drawn and numbered as dtb-probe diagram draws them.
Screenshots of the page (desktop, phone-sized and dark) and of the material page (desktop
and phone-sized) are saved in WORK_DIR; explorer.png is the README's docs/explorer.png.

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
from webdriver import KEYS, Browser, WebDriverError, free_port, wait_for_port

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
DESKTOP = (1280, 860)
PHONE = (390, 844)
# The table sets made, variant -> pieces: each builds in about a second.
TABLES = {"brazilian": 3, "frisian": 3, "scandinavian": 2}
EMPTY_VARIANT = "stockholm"  # a variant's folder without tables, which the page leaves out
VARIANT = "brazilian"
SETUP_FEN = "W:WK2,5:BK32"  # set up in edit mode
MATERIAL = "KKvK"
# Brazilian (8x8): the king on 2 reaches 13 by two captures of three pieces each, both taking
# 7 and 17. Worked out on the board: 2-20 runs over 7, 11, 16 and 20-31 over 24, 27, so
# 2x20x31x13 (31-13 over 26, 22, 17) takes 7, 27, 17; 2-11 runs over 7 and 11-22 over 15,
# 18, so 2x11x22x13 (22-13 over 17) takes 7, 18, 17.
CAPTURE_FEN = "W:WK2:B7,17,18,27"
CAPTURES = {"2x20x31x13": [7, 17, 27], "2x11x22x13": [7, 17, 18]}
CAPTURE_PLAYED = "2x20x31x13"
MISSING_FEN, MISSING_MATERIAL = "W:WK1,K2:BK31,K32", "KKvKK"  # 4 pieces: no table here
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


def query(browser):
    return urllib.parse.parse_qs(urllib.parse.urlparse(browser.url()).query)


def value_line(browser):
    return browser.run("""const v = document.getElementById('value');
        return [v.textContent, v.dataset.category];""")


def set_up_by_editing(browser, base, cli):
    browser.go(f"{base}/?variant={VARIANT}")
    page.wait_for_board(browser)
    offered = browser.run("return [...document.querySelectorAll('#variant option')].map("
                          "(o) => o.value);")
    check("the variants offered are those with tables", offered == sorted(TABLES), str(offered))
    text, category = value_line(browser)
    check("an empty board is a setup hint", category == "hint" and "Empty board" in text,
          f"{category}: {text}")
    icon = browser.run_async("""const done = arguments[0];
        const link = document.querySelector('link[rel=icon]');
        fetch(link.href).then((r) => done([r.status, r.headers.get('Content-Type'),
                                           new URL(link.href).origin === location.origin]));""")
    check("the favicon is served from the page's own folder", icon == [200, "image/svg+xml", True],
          str(icon))
    check("an empty board opens in edit mode",
          browser.attribute(browser.find("#edit"), "aria-pressed") == "true")
    page.choose_tool(browser, "wk")
    page.press_square(browser, 2)
    text, category = value_line(browser)
    check("a board with White's pieces alone is a setup hint, not an error",
          category == "hint" and "Only White has pieces" in text, f"{category}: {text}")
    check("the error notice stays hidden", not browser.text(browser.find("#error")))
    page.choose_tool(browser, "cycle")
    check("clicking square 5 in turn puts a white man there", page.click_until(browser, 5, "wm"))
    page.choose_tool(browser, "bm")
    page.press_square(browser, 10)
    check("the palette's black man goes on 10", page.pieces(browser).get(10) == "bm")
    browser.click(browser.find("#undo"))
    check("Undo takes it away", 10 not in page.pieces(browser), str(page.pieces(browser)))
    page.choose_tool(browser, "bk")
    page.press_square(browser, 32)
    page.editing(browser, False)
    want = {2: "wk", 5: "wm", 32: "bk"}
    check("the board holds the pieces placed, nothing else", page.pieces(browser) == want,
          str(page.pieces(browser)))
    fen, _ = same_as_lookup("set-up position", browser, cli)
    check(f"the FEN box shows {SETUP_FEN}", fen == SETUP_FEN, fen)


def compact(value):
    """A value as the list of moves played words it: "win 9" for "win in 9 plies"."""
    return re.sub(r" in (\d+) pl(?:y|ies)", r" \1", value).split()


def best_of(cli, fen):
    """lookup's best move of fen, its start and end square, and its value."""
    _, moves = cli.lookup(VARIANT, fen)
    notation, value = moves[0]
    squares = [int(n) for n in re.split("[-x]", notation)]
    return notation, squares[0], squares[-1], value


def after_move(browser, cli, what, before, before_fen, start, end):
    """Waits for the move from start to end; checks the board (before: its pieces before the
    move) and the values shown."""
    browser.wait(what, lambda: page.shown(browser)[1] != before_fen)
    fen, _ = same_as_lookup(what, browser, cli)
    expected = {**{k: v for k, v in before.items() if k != start}, end: before[start]}
    check(f"{what} moved the piece on {start} to {end}, nothing else",
          page.pieces(browser) == expected, str(page.pieces(browser)))
    check(f"{what}: squares {start} and {end} are marked as the last move",
          page.tinted(browser, "last") == sorted({start, end}), str(page.tinted(browser, "last")))
    return fen


def play_by_click_and_drag(browser, cli):
    """Returns the moves played [(notation, value)] and the FENs reached, the first the
    set-up position's."""
    first, start, end, first_value = best_of(cli, SETUP_FEN)
    before = page.pieces(browser)
    page.press_square(browser, start)
    check(f"pressing {start} picks its piece", page.tinted(browser, "selected") == [start])
    page.press_square(browser, end)
    fen1 = after_move(browser, cli, f"{first} by click", before, SETUP_FEN, start, end)
    second, start, end, second_value = best_of(cli, fen1)
    before = page.pieces(browser)
    page.drag_squares(browser, start, end)
    fen2 = after_move(browser, cli, f"{second} by drag", before, fen1, start, end)
    played = [(first, first_value), (second, second_value)]
    listed, current = page.game(browser)
    check("the moves played are listed with the values lookup gives them",
          listed == played and current == 2, f"{listed}, at {current}")
    numbered = browser.text(browser.find("#game")).split()
    want = ["1.", first, *compact(first_value), second, *compact(second_value)]
    check("the list numbers White's move and Black's reply as move 1, each with its value",
          numbered == want, f"{numbered}, want {want}")
    check("the address holds the position set up and the moves played",
          query(browser).get("fen") == [SETUP_FEN] and
          query(browser).get("moves") == [f"{first} {second}"], browser.url())
    return played, [SETUP_FEN, fen1, fen2]


def keys(browser, fens):
    browser.run("document.activeElement.blur();")
    for key, index in [("ArrowLeft", 1), ("Home", 0), ("ArrowRight", 1), ("End", 2)]:
        browser.keys(KEYS[key])
        browser.wait(f"the position after {key}",
                     lambda: page.shown(browser)[1] == fens[index] and
                     page.game(browser)[1] == index)
        check(f"{key} shows position {index} of the moves played", True)


def reload(browser, cli, played, fens):
    browser.keys(KEYS["ArrowLeft"])
    browser.wait("one move back", lambda: page.shown(browser)[1] == fens[1])
    browser.go(browser.url())
    page.settled(browser)
    listed, current = page.game(browser)
    check("reloading the address restores the moves played and the one shown",
          listed == played and current == 1, f"{listed}, at {current}")
    same_as_lookup("after reloading", browser, cli)
    browser.back()  # to the address before the key: the last move shown
    browser.wait("the browser's back", lambda: page.shown(browser)[1] == fens[2])
    check("the browser's back button steps through the moves", page.game(browser)[1] == 2)


def capture_with_landings(browser, base, cli):
    browser.go(f"{base}/?variant={VARIANT}&fen={urllib.parse.quote(CAPTURE_FEN)}")
    same_as_lookup(f"{CAPTURE_FEN}", browser, cli)
    browser.click(browser.find("#flip"))  # squares are pressed where the flipped board has them
    page.press_square(browser, 2)
    page.press_square(browser, 13)
    browser.wait("the captures offered", lambda: not browser.run(
        "return document.getElementById('choose').hidden;"))
    offered = browser.run("""return [...document.querySelectorAll('#choose .choice')].map(
        (b) => b.dataset.move);""")
    check("both captures from 2 to 13 are offered, on the flipped board",
          sorted(offered) == sorted(CAPTURES), str(offered))
    check("the flipped board draws each capture through its landing squares",
          sorted(page.routes(browser)) == sorted((m.replace("x", " "), True, True)
                                                 for m in CAPTURES), str(page.routes(browser)))
    browser.click(browser.find("#flip"))
    drawn = page.routes(browser)
    want = sorted((m.replace("x", " "), True, True) for m in CAPTURES)
    check("each offered capture is drawn through its landing squares, leg by diagonal leg",
          sorted(drawn) == want, str(drawn))
    check("the pieces both take are crossed out",
          sorted(set(page.crossed(browser))) == sorted({n for v in CAPTURES.values() for n in v}),
          str(page.crossed(browser)))
    choice = browser.find(f'#choose .choice[data-move="{CAPTURE_PLAYED}"]')
    browser.hover(choice)
    check(f"pointing at {CAPTURE_PLAYED} draws it alone with the pieces it takes",
          page.routes(browser) == [(CAPTURE_PLAYED.replace("x", " "), True, True)] and
          page.crossed(browser) == CAPTURES[CAPTURE_PLAYED],
          f"{page.routes(browser)} {page.crossed(browser)}")
    browser.click(choice)
    browser.wait("the capture played", lambda: page.shown(browser)[1] != CAPTURE_FEN)
    same_as_lookup(f"after {CAPTURE_PLAYED}", browser, cli)
    check(f"{CAPTURE_PLAYED} is drawn as the last move through its landing squares",
          page.routes(browser, "#board .last-route") ==
          [(CAPTURE_PLAYED.replace("x", " "), True, True)],
          str(page.routes(browser, "#board .last-route")))
    check("its pieces are gone", all(n not in page.pieces(browser)
                                     for n in CAPTURES[CAPTURE_PLAYED]), str(page.pieces(browser)))


def best_line_and_pdn(browser, cli):
    """Plays the best line on from the capture at the fast speed, checks every value listed
    against lookup's and the PDN copied."""
    after = page.shown(browser)[1]
    line = cli.line(VARIANT, after)
    browser.click(browser.find('#speed option[value="fast"]'))
    check("the address keeps speed=fast", query(browser).get("speed") == ["fast"], browser.url())
    browser.click(browser.find("#best-line"))
    browser.wait("the end of the best line",
                 lambda: (lambda s: "game over" in s[0] and s)(page.shown(browser)), 30)
    listed, _ = page.game(browser)
    check("the best line played is lookup's, after the capture",
          [m for m, _ in listed] == [CAPTURE_PLAYED] + line, f"{listed}, lookup {line}")
    browser.run("document.activeElement.blur();")
    browser.keys(KEYS["Home"])
    browser.wait("the position set up", lambda: page.shown(browser)[1] == CAPTURE_FEN)
    for i, (move, value) in enumerate(listed):
        fen = page.shown(browser)[1]
        _, moves = cli.lookup(VARIANT, fen)
        check(f"move {i + 1}, {move}: listed as {value}, lookup's value of it in {fen}",
              (move, value) in moves, str(moves))
        browser.keys(KEYS["ArrowRight"])
        browser.wait(f"move {i + 1} shown", lambda: page.game(browser)[1] == i + 1)
    numbered = []
    for i, move in enumerate([m for m, _ in listed]):
        numbered += ([f"{i // 2 + 1}."] if i % 2 == 0 else []) + [move]
    want = (f'[GameType "26"]\n[FEN "{CAPTURE_FEN}"]\n[Result "*"]\n\n'
            f'{" ".join(numbered)} *\n')
    browser.devtools("Browser.grantPermissions", {
        "origin": browser.run("return location.origin;"),
        "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    browser.click(browser.find("#copy-pdn"))
    browser.wait("the copy", lambda: browser.text(browser.find("#copied")))
    copied = browser.run_async("navigator.clipboard.readText().then(arguments[0], "
                               "(e) => arguments[0]('refused: ' + e));")
    check("the PDN copied is the set-up position and the moves played", copied == want,
          f"{copied!r}, want {want!r}")


def screenshots(browser, work):
    """The line played, back at the position before the capture with the capture pointed
    at in the list of moves, on a desktop and a phone-sized screen."""
    browser.run("document.activeElement.blur();")
    browser.keys(KEYS["Home"])
    browser.wait("the position set up", lambda: page.shown(browser)[1] == CAPTURE_FEN)
    page.settled(browser)
    browser.hover(browser.find(f'#moves .move[data-move="{CAPTURE_PLAYED}"]'))
    check("pointing at a capture in the list draws its path",
          page.routes(browser) == [(CAPTURE_PLAYED.replace("x", " "), True, True)],
          str(page.routes(browser)))
    browser.screenshot(os.path.join(work, "explorer.png"))
    page.phone_sized(browser, *PHONE)
    width = browser.run("return document.documentElement.scrollWidth;")
    check(f"the page fits a {PHONE[0]} px wide screen (no sideways scrolling)",
          width <= PHONE[0], f"{width} px")
    browser.screenshot(os.path.join(work, "explorer-phone.png"))
    page.desktop_sized(browser)
    browser.devtools("Emulation.setEmulatedMedia",
                     {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    background = browser.run("return getComputedStyle(document.documentElement).backgroundColor;")
    check("a system in dark mode gets a dark page",
          sum(map(int, re.findall(r"\d+", background)[:3])) < 3 * 64, background)
    browser.screenshot(os.path.join(work, "explorer-dark.png"))
    browser.devtools("Emulation.setEmulatedMedia", {"features": []})


# Answers the page's first request for statistics 503 with Retry-After, as dtb-serve does
# while it counts another material (tests/server), then lets its requests through.
BUSY_ONCE = """
    const realFetch = window.fetch;
    let busy = 1;
    window.fetch = (url, ...rest) => String(url).includes('/stats/') && busy-- > 0
        ? Promise.resolve(new Response(JSON.stringify({error: 'statistics of another material are being counted; ask again'}),
                                       {status: 503, headers: {'Retry-After': '1', 'Content-Type': 'application/json'}}))
        : realFetch(url, ...rest);
    history.pushState(null, '', arguments[0]);
    dispatchEvent(new PopStateEvent('popstate'));"""


def material_page(browser, cli, work):
    browser.run(BUSY_ONCE, f"?variant={VARIANT}&material={MATERIAL}")
    busy = browser.wait("the counting notice", lambda: browser.find_all("#stats .busy"))
    check("a busy server is shown as counting under way",
          "counting" in browser.text(busy[0]), browser.text(busy[0]))
    browser.wait("the statistics once asked again",
                 lambda: browser.find_all("#stats table.results"))
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
    page.phone_sized(browser, *PHONE)
    size = browser.run("""const t = document.querySelector('#stats svg.histogram .tick');
        return parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;""")
    check("the histogram's labels are at least 10 px on a phone", size >= 10, f"{size:.1f} px")
    browser.screenshot(os.path.join(work, "material-phone.png"))
    page.desktop_sized(browser)


def boards_as_diagram(browser, base, cli):
    for variant, fen in DIAGRAMS:
        browser.go(f"{base}/?variant={variant}&fen={urllib.parse.quote(fen)}")
        page.settled(browser)
        want, ranges = cli.diagram(variant, fen)
        got = page.drawn(browser)
        check(f"{variant}'s board of {fen} is drawn as dtb-probe diagram's", got == want,
              f"page {got}, diagram {want}")
        browser.click(browser.find("#numbers"))
        numbered = [list(range(first, last + 1)) for first, last in ranges]
        got = page.numbers(browser)
        check(f"{variant}'s squares are numbered as in dtb-probe diagram", got == numbered,
              f"page {got}, diagram {numbered}")
        browser.click(browser.find("#flip"))
        browser.go(browser.url())  # the settings survive a reload
        page.settled(browser)
        last = len(ranges) - 1
        turned = {(last - row, last - file): piece for (row, file), piece in want.items()}
        check(f"{variant}'s board flipped, and reloaded, is diagram's turned half round",
              page.drawn(browser) == turned, f"page {page.drawn(browser)}, want {turned}")
        check("the numbers stay shown after the reload",
              [row[::-1] for row in page.numbers(browser)[::-1]] == numbered)
        browser.click(browser.find("#flip"))


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
    check("the address holds the move played", query(browser).get("moves") == [FRISIAN_KKVK_MOVE],
          browser.url())
    fen, value = same_as_lookup(f"after {FRISIAN_KKVK_MOVE}, 1 move played", browser, cli,
                                "frisian", "official", 1)
    unplayed, _ = cli.lookup("frisian", fen, "official", 0)
    check("the move played changes the value (the check above can fail)", value != unplayed,
          f"{value} / {unplayed}")


def layout(browser):
    """Where the board, the FEN box and the value line are on the page."""
    return browser.run("""return ['board', 'fen', 'value'].map((id) => {
        const r = document.getElementById(id).getBoundingClientRect();
        return [r.x, r.y, r.width]; });""")


def fen_refused(browser, fen, what, words):
    before = layout(browser)
    browser.type_into(browser.find("#fen"), fen)
    browser.click(browser.find("#fen-form button"))
    error = browser.wait("the FEN's error", lambda: browser.text(browser.find("#fen-error")))
    check(f"{what} is marked at the FEN box, naming {words}",
          words in error and browser.attribute(browser.find("#fen"), "aria-invalid") == "true",
          error)
    check(f"{what}: no value or move is left shown",
          page.shown(browser)[0] == "" and not page.shown(browser)[2], str(page.shown(browser)))
    check(f"{what}: the layout did not move", layout(browser) == before,
          f"{before} -> {layout(browser)}")


def bad_input(browser, base, cli):
    """A FEN the page cannot read, one only the server refuses, and a position whose table
    is missing."""
    browser.go(f"{base}/?variant={VARIANT}&fen={urllib.parse.quote(SETUP_FEN)}")
    same_as_lookup("before the bad FENs", browser, cli)
    fen_refused(browser, "W:W33:B1", "a FEN with square 33 of 32", "square 33")
    fen_refused(browser, "W:W1:B30", "the server's refusal of a man on its promotion rank",
                "square 1 stands on its promotion rank")
    page.paste_fen(browser, MISSING_FEN)
    text, category = value_line(browser)
    command = f"dtb-gen --variant {VARIANT} {MISSING_MATERIAL}"
    shown = browser.run("return document.querySelector('#value .command')?.textContent;")
    check("a missing table is named, with the command that builds it",
          category == "error" and f"table of {MISSING_MATERIAL}" in text and shown == command,
          f"{category}: {text}")


def scenario(browser, base, cli, work):
    set_up_by_editing(browser, base, cli)
    played, fens = play_by_click_and_drag(browser, cli)
    keys(browser, fens)
    reload(browser, cli, played, fens)
    capture_with_landings(browser, base, cli)
    best_line_and_pdn(browser, cli)
    screenshots(browser, work)
    material_page(browser, cli, work)
    boards_as_diagram(browser, base, cli)
    frisian(browser, base, cli)
    frisian_moves_played(browser, cli)
    bad_input(browser, base, cli)


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
    print(f"screenshots: {work}/explorer.png, explorer-phone.png, explorer-dark.png, "
          "material.png, material-phone.png")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
