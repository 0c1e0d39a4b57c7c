"""What the studio's browser tests and benchmark share: a real `wallgen studio` started
for the test (its own port, temporary folder and XDG folders), and headless Chromium
driven by Selenium through Debian's chromedriver."""

import base64
import io
import json
import os
import select
import signal
import subprocess
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = "/usr/bin/chromium"


class Studio:
    """`wallgen studio --no-open --port 0`, with a folder of its own for TMPDIR and the
    XDG folders, stopped with SIGTERM."""

    def __init__(self, wallgen, folder, environment=None):
        self.folder = folder
        self.temporary = os.path.join(folder, "tmp")
        os.makedirs(self.temporary, exist_ok=True)
        env = dict(os.environ)
        env.update({
            "TMPDIR": self.temporary,
            "XDG_DATA_HOME": os.path.join(folder, "data"),
            "XDG_CONFIG_HOME": os.path.join(folder, "config"),
            "XDG_RUNTIME_DIR": os.path.join(folder, "runtime"),
        })
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        env.update(environment or {})
        self.environment = env
        self.process = subprocess.Popen(
            [wallgen, "studio", "--no-open", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=env, cwd=folder)
        ready, _, _ = select.select([self.process.stdout], [], [], 30)
        if not ready:
            self.process.kill()
            raise RuntimeError("wallgen studio printed no address in 30 s")
        self.address = self.process.stdout.readline().decode().strip()
        if not self.address.startswith("http://127.0.0.1:"):
            self.process.kill()
            raise RuntimeError("unexpected first line: %r; stderr: %s" % (self.address, self.process.stderr.read()))
        self.port = int(self.address.split(":")[2].split("/")[0])
        self.token = self.address.split("token=")[1]
        self.origin = "http://127.0.0.1:%d" % self.port

    def stop(self):
        """SIGTERM; returns the exit status and what it printed on standard error."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            _, errors = self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, errors = self.process.communicate()
        return self.process.returncode, errors.decode(errors="replace")


def browser(width, height, scale=1, dark=False, language="en-US", downloads=None, fontconfig=None):
    """Headless Chromium with a window of `width`x`height` CSS pixels at `scale` device
    pixels each, the colour scheme and language given, saving downloads in `downloads`;
    `fontconfig` names a fonts.conf of its own (to look at the Chinese page where the
    machine has no Chinese font)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=%d,%d" % (width, height), "--force-device-scale-factor=%g" % scale,
                     "--lang=" + language, "--hide-scrollbars"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    environment = dict(os.environ)
    if fontconfig:
        environment["FONTCONFIG_FILE"] = fontconfig
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER, env=environment), options=options)
    # The window includes no browser chrome headless, but set the viewport exactly anyway.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": scale, "mobile": False})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    if downloads:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    return driver


def by_test_id(driver, test_id):
    return driver.find_element(By.CSS_SELECTOR, '[data-testid="%s"]' % test_id)


def all_by_test_id(driver, test_id):
    return driver.find_elements(By.CSS_SELECTOR, '[data-testid="%s"]' % test_id)


def open_page(driver, studio):
    driver.get(studio.address)
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    wait_for_preview(driver)


def serial(driver):
    return int(driver.execute_script("return +document.querySelector('[data-testid=preview]').dataset.serial || 0"))


def wait_for_preview(driver, after=None, timeout=60):
    """Waits for a preview newer than serial `after` (any, when None) and for the page to be
    idle, and returns the new serial."""
    def ready(d):
        now = serial(d)
        return now if (now > 0 if after is None else now > after) else False
    WebDriverWait(driver, timeout).until(ready)
    return wait_idle(driver, timeout)


def wait_idle(driver, timeout=60):
    """Waits until no preview is asked or in flight for a while and returns the serial."""
    deadline = time.time() + timeout
    last = None
    stable = 0
    while time.time() < deadline:
        now = (serial(driver), driver.execute_script("return document.body.dataset.previews || '0'"),
               driver.execute_script("return document.querySelector('[data-testid=command]').textContent"))
        stable = stable + 1 if now == last else 0
        last = now
        if stable >= 4:
            return now[0]
        time.sleep(0.15)
    raise AssertionError("the page never settled")


def preview_png(driver):
    """The bytes of the picture the preview shows now."""
    script = """
        const done = arguments[arguments.length - 1];
        fetch(document.querySelector('[data-testid=preview]').src).then(r => r.arrayBuffer()).then(buffer => {
            let text = ''; const bytes = new Uint8Array(buffer);
            for (let i = 0; i < bytes.length; i += 1) text += String.fromCharCode(bytes[i]);
            done(btoa(text));
        });
    """
    return base64.b64decode(driver.execute_async_script(script))


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
