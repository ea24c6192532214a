"""A small client of the W3C WebDriver protocol (https://www.w3.org/TR/webdriver2/) over
urllib, enough to drive Debian's chromium headless through chromedriver: no selenium."""

import base64
import json
import socket
import subprocess
import time
import urllib.error
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the key of an element reference
# WebDriver's codes of the keys the page listens to.
KEYS = {"End": "\ue010", "Home": "\ue011", "ArrowLeft": "\ue012", "ArrowRight": "\ue014"}


def free_port():
    """A TCP port free on 127.0.0.1 now (the OS's pick for port 0)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, process, seconds, name):
    """Waits until something listens on port; raises naming the program if it exits."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited with status {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{name} did not listen on port {port} within {seconds} s")


class WebDriverError(RuntimeError):
    pass


class Browser:
    """A chromium session: open with Browser(driver, chromium, width, height), close with
    quit(). Calls raise WebDriverError with the driver's message."""

    def __init__(self, driver, chromium, width, height, log):
        self.port = free_port()
        self.driver = subprocess.Popen([driver, f"--port={self.port}"], stdout=log, stderr=log)
        wait_for_port(self.port, self.driver, 20, driver)
        options = {"binary": chromium,
                   "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                            "--disable-dev-shm-usage", f"--window-size={width},{height}",
                            "--hide-scrollbars"]}
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome",
                                                 "goog:chromeOptions": options}}}
        try:
            self.session = self._call("POST", "/session", caps)["sessionId"]
        except Exception:
            self._stop_driver()
            raise

    def _call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data,
                                         method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.load(response)["value"]
        except urllib.error.HTTPError as error:
            value = json.load(error).get("value", {})
            raise WebDriverError(f"{method} {path}: {value.get('error')}: "
                                 f"{value.get('message', '')[:300]}") from None

    def _session(self, method, path, body=None):
        return self._call(method, f"/session/{self.session}{path}", body)

    def go(self, url):
        self._session("POST", "/url", {"url": url})

    def back(self):
        self._session("POST", "/back", {})

    def url(self):
        return self._session("GET", "/url")

    def devtools(self, command, params):
        """A Chrome DevTools Protocol command, through chromedriver's extension."""
        return self._session("POST", "/goog/cdp/execute", {"cmd": command, "params": params})

    def run(self, script, *args):
        """Runs script (a function body; arguments in `arguments`) in the page."""
        return self._session("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find_all(self, css):
        found = self._session("POST", "/elements", {"using": "css selector", "value": css})
        return [e[ELEMENT] for e in found]

    def find(self, css):
        found = self.find_all(css)
        if not found:
            raise WebDriverError(f"no element matches '{css}'")
        return found[0]

    def click(self, element):
        self._session("POST", f"/element/{element}/click", {})

    def _mouse(self, *actions):
        self._session("POST", "/actions", {"actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
             "actions": list(actions)}]})

    @staticmethod
    def _move_to(element, duration=0):
        return {"type": "pointerMove", "duration": duration, "origin": {ELEMENT: element},
                "x": 0, "y": 0}

    def hover(self, element):
        self._mouse(self._move_to(element))

    def press(self, element):
        """A mouse click at element's centre, on whatever is drawn there (no check that the
        element itself takes it, as click() makes)."""
        self._mouse(self._move_to(element), {"type": "pointerDown", "button": 0},
                    {"type": "pointerUp", "button": 0})

    def drag(self, element, start, end):
        """Presses the mouse at start, moves it to end in steps, releases: (x, y) offsets
        from element's centre in CSS pixels."""
        at = lambda offset, duration: {**self._move_to(element, duration), "x": round(offset[0]),
                                       "y": round(offset[1])}
        self._mouse(at(start, 0), {"type": "pointerDown", "button": 0}, at(end, 150),
                    {"type": "pointerUp", "button": 0})

    def keys(self, *keys):
        """Presses and releases each key (WebDriver's codes: KEYS above) in the page."""
        actions = [action for key in keys
                   for action in ({"type": "keyDown", "value": key}, {"type": "keyUp", "value": key})]
        self._session("POST", "/actions", {"actions": [
            {"type": "key", "id": "keyboard", "actions": actions}]})

    def run_async(self, script, *args):
        """Runs script, which calls its last argument with the result."""
        return self._session("POST", "/execute/async", {"script": script, "args": list(args)})

    def type_into(self, element, text):
        """Replaces what the input element holds with text, typed."""
        self._session("POST", f"/element/{element}/clear", {})
        self._session("POST", f"/element/{element}/value", {"text": text})

    def text(self, element):
        return self._session("GET", f"/element/{element}/text")

    def attribute(self, element, name):
        return self._session("GET", f"/element/{element}/attribute/{name}")

    def property(self, element, name):
        return self._session("GET", f"/element/{element}/property/{name}")

    def screenshot(self, path):
        with open(path, "wb") as out:
            out.write(base64.b64decode(self._session("GET", "/screenshot")))

    def wait(self, what, check, seconds=20):
        """Polls check() until it returns something true, which it returns."""
        deadline = time.monotonic() + seconds
        while True:
            result = check()
            if result:
                return result
            if time.monotonic() > deadline:
                raise WebDriverError(f"timed out after {seconds} s waiting for {what}")
            time.sleep(0.1)

    def _stop_driver(self):
        self.driver.terminate()
        self.driver.wait(10)

    def quit(self):
        try:
            self._call("DELETE", f"/session/{self.session}")
        finally:
            self._stop_driver()
