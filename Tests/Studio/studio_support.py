"""What the studio's browser tests and benchmark share: a real `wallgen studio` started
for the test (its own port, temporary folder and XDG folders), and headless Chromium
driven by Selenium through Debian's chromedriver."""

import atexit
import base64
import io
import json
import os
import select
import shutil
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


def short_temporary_folder(folder):
    """`folder`, or a short one under /tmp when `folder` is too long for the socket Chromium
    makes in its TMPDIR (.org.chromium.Chromium.XXXXXX/SingletonSocket: a socket's path
    holds 107 bytes at most, and Chromium exits at start when it does not fit). The short
    folder is removed when this process ends."""
    if len(folder) + len("/.org.chromium.Chromium.XXXXXX/SingletonSocket") < 100:
        return folder
    short = tempfile.mkdtemp(prefix="wg-", dir="/tmp")
    atexit.register(shutil.rmtree, short, True)
    return short


def browser(width, height, scale=1, dark=False, language="en-US", downloads=None, fontconfig=None, profile=None):
    """Headless Chromium with a window of `width`x`height` CSS pixels at `scale` device
    pixels each, the colour scheme and language given, saving downloads in `downloads`;
    `fontconfig` names a fonts.conf of its own (to look at the Chinese page where the
    machine has no Chinese font); `profile` is the browser's own folder, which also holds
    its temporary files, so a test run leaves nothing in TMPDIR once it removes it."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=%d,%d" % (width, height), "--force-device-scale-factor=%g" % scale,
                     "--lang=" + language, "--hide-scrollbars"]:
        options.add_argument(argument)
    # Several Saves from one page are allowed without asking, as a person would allow them.
    options.add_experimental_option("prefs", {
        "intl.accept_languages": language,
        "profile.default_content_setting_values.automatic_downloads": 1,
    })
    environment = dict(os.environ)
    if profile:
        os.makedirs(os.path.join(profile, "tmp"), exist_ok=True)
        options.add_argument("--user-data-dir=" + os.path.join(profile, "data"))
        environment["TMPDIR"] = short_temporary_folder(os.path.join(profile, "tmp"))
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
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
    # The address differs from the page's own only in its fragment (#token=…), which a
    # browser follows without loading the page: a blank page first makes it a fresh load.
    driver.get("about:blank")
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
    """Waits until no request of the page is in flight or waiting, for a while, and returns
    the preview's serial."""
    deadline = time.time() + timeout
    quiet = 0
    while time.time() < deadline:
        busy = driver.execute_script("return document.body.dataset.busy")
        quiet = quiet + 1 if busy != "true" else 0
        if quiet >= 3:
            return serial(driver)
        time.sleep(0.1)
    raise AssertionError("the page never settled")


def preview_png(driver):
    """The picture the preview shows now, as PNG bytes: drawn into a canvas at its own size
    and read back (the page's policy lets it fetch nothing but its own server)."""
    script = """
        const image = document.querySelector('[data-testid=preview]');
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        canvas.getContext('2d').drawImage(image, 0, 0);
        return canvas.toDataURL('image/png').split(',')[1];
    """
    return base64.b64decode(driver.execute_script(script))


def console_errors(driver):
    """What the page logged as errors, without the answers the studio gives on purpose: 422
    for settings the command line refuses (shown beside their control)."""
    return [entry for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and not (entry["source"] == "network" and "status of 422" in entry["message"])]
