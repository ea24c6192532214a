"""What the explorer page shows and how a user acts on it, read and done through the
browser (the page's elements and data- attributes of server/www/)."""

BUSY = ("", "…")  # the value line before an answer, and while a probe is under way


def shown(browser):
    """The value sentence, the FEN box and the moves [[notation, value]], best first."""
    return browser.run("""
        const moves = [...document.querySelectorAll('#moves .move')].map(
            (b) => [b.dataset.move, b.querySelector('.value').textContent]);
        return [document.getElementById('value').textContent,
                document.getElementById('fen').value, moves];""")


def settled(browser):
    """shown(), once the page shows an answer."""
    return browser.wait("the position's value",
                        lambda: (lambda s: s[0] not in BUSY and s)(shown(browser)))


def pieces(browser):
    """{square: piece} as the board draws them ("wm", "wk", "bm", "bk")."""
    found = browser.run("""return [...document.querySelectorAll('#board .piece')].map(
        (g) => [g.dataset.square, g.classList[1]]);""")
    return {int(square): piece for square, piece in found}


def drawn(browser):
    """{(row from the top, file): piece} of the board, from where each piece is drawn."""
    found = browser.run("""
        const cell = +document.querySelector('#board .dark').getAttribute('width');
        return [...document.querySelectorAll('#board .piece')].map((g) => {
            const [x, y] = g.getAttribute('transform').match(/[\\d.]+/g).map(Number);
            return [Math.floor(y / cell), Math.floor(x / cell), g.classList[1]]; });""")
    return {(row, file): piece for row, file, piece in found}


def numbers(browser):
    """The square numbers the board shows, row by row from the top, each row left to right."""
    found = browser.run("""
        const cell = +document.querySelector('#board .dark').getAttribute('width');
        return [...document.querySelectorAll('#board .number')].map((t) => [
            Math.floor(t.getAttribute('y') / cell), +t.getAttribute('x'), +t.textContent]);""")
    rows = {}
    for row, x, number in sorted(found):
        rows.setdefault(row, []).append(number)
    return [rows[row] for row in sorted(rows)]


def wait_for_board(browser):
    browser.wait("the board", lambda: browser.find_all("#board .dark"))


def click_until(browser, square, piece):
    """Clicks square until the board shows piece there (a click cycles through the pieces)."""
    for _ in range(5):
        if pieces(browser).get(square) == piece:
            return True
        # The piece, drawn over its square, is what a click there lands on.
        browser.click(browser.find_all(f'#board [data-square="{square}"]')[-1])
    return pieces(browser).get(square) == piece


def paste_fen(browser, fen):
    """Types fen into the FEN box and sets it; waits for its answer."""
    browser.type_into(browser.find("#fen"), fen)
    browser.click(browser.find("#fen-form button"))
    browser.wait(f"the answer for {fen}", lambda: (lambda s: s[0] not in BUSY and s[1] == fen)(
        shown(browser)))


def phone_sized(browser, width, height):
    """Emulates a phone's screen of width x height CSS pixels (chromium's window has a
    minimum width above a phone's)."""
    browser.devtools("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
    browser.wait("the phone-sized layout", lambda: browser.run("return innerWidth;") == width)


def desktop_sized(browser):
    browser.devtools("Emulation.clearDeviceMetricsOverride", {})
