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


def square(browser, number):
    return browser.find(f'#board .dark[data-square="{number}"]')


def press_square(browser, number):
    browser.press(square(browser, number))


def drag_squares(browser, start, end):
    """Drags the piece on square start to square end with the mouse."""
    offsets = browser.run("""
        const board = document.getElementById('board').getBoundingClientRect();
        return arguments[0].map((n) => {
            const r = document.querySelector(`#board .dark[data-square="${n}"]`)
                .getBoundingClientRect();
            return [r.x + r.width / 2 - (board.x + board.width / 2),
                    r.y + r.height / 2 - (board.y + board.height / 2)]; });""", [start, end])
    browser.drag(browser.find("#board"), *offsets)


def click_until(browser, number, piece):
    """Clicks square until the board shows piece there (edit mode's "each in turn")."""
    for _ in range(5):
        if pieces(browser).get(number) == piece:
            return True
        press_square(browser, number)
    return pieces(browser).get(number) == piece


def editing(browser, on):
    """Turns edit mode on or off."""
    if browser.attribute(browser.find("#edit"), "aria-pressed") != str(on).lower():
        browser.click(browser.find("#edit"))


def choose_tool(browser, tool):
    browser.click(browser.find(f'input[name=tool][value="{tool}"]'))


def game(browser):
    """The moves played as listed: [(notation, value)], and the index of the one shown (0:
    the position set up)."""
    found = browser.run("""return [...document.querySelectorAll('#game .ply')].map(
        (b) => [b.dataset.move, b.dataset.value, b.getAttribute('aria-current')]);""")
    current = next((i + 1 for i, (_, _, c) in enumerate(found) if c), 0)
    return [(move, value) for move, value, _ in found], current


def routes(browser, css="#board .arrow"):
    """The move lines drawn: [(squares it names, whether its points are those squares'
    centres, whether each leg is diagonal)]."""
    return [tuple(r) for r in browser.run("""
        const centre = (n) => {
            const r = document.querySelector(`#board .dark[data-square="${n}"]`);
            const w = +r.getAttribute('width');
            return [+r.getAttribute('x') + w / 2, +r.getAttribute('y') + w / 2];
        };
        return [...document.querySelectorAll(arguments[0])].map((line) => {
            const squares = line.dataset.squares.split(' ').map(Number);
            const points = line.getAttribute('points').split(' ').map((p) => p.split(',').map(Number));
            const centres = squares.map(centre);
            const same = points.length === centres.length && points.every(
                (p, i) => Math.abs(p[0] - centres[i][0]) < 1e-6 && Math.abs(p[1] - centres[i][1]) < 1e-6);
            const diagonal = points.slice(1).every((p, i) =>
                Math.abs(Math.abs(p[0] - points[i][0]) - Math.abs(p[1] - points[i][1])) < 1e-6);
            return [squares.join(' '), same, diagonal];
        });""", css)]


def crossed(browser):
    """The squares whose pieces the board marks as taken."""
    return sorted(browser.run("""return [...document.querySelectorAll('#board .taken')].map(
        (c) => +c.dataset.square);"""))


def tinted(browser, kind):
    """The squares tinted as kind ("last", "selected", "path")."""
    return sorted(browser.run("""return [...document.querySelectorAll('#board .' + arguments[0])]
        .map((r) => +r.dataset.square);""", kind))


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
