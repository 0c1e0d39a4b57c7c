#!/usr/bin/python3
"""Opens a gallery page in headless Chromium through Selenium (chromedriver) at a
phone's viewport (390x844, as a phone lays it out), a desktop's (1280x900), a very
narrow phone's (280x600) and a phone's turned sideways (844x390), and prints as JSON where its parts landed: the season tabs,
the arrows, the card, the page dots, and each caption's text line by line; and, where
the page has season tabs, whether the last season's tab is in view once chosen and
whether the page kept its place when the next card was shown. The tests judge the
numbers; this only measures. With --screenshots PREFIX it also saves
PREFIX-WIDTHxHEIGHT.png for each viewport, to look at.

Usage: gallery-layout.py PAGE [--screenshots PREFIX]
Chromium keeps its profile, cache and temporary files in a folder of its own under
TMPDIR (under /tmp when TMPDIR's path is too long for the socket Chromium makes in it),
removed at the end.
"""

import json
import os
import shutil
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

VIEWPORTS = [
    ("phone", 390, 844, True), ("desk", 1280, 900, False), ("narrow", 280, 600, True), ("landscape", 844, 390, True)]

# Runs in the page: boxes as {left, top, right, bottom}, and each caption split into the
# lines the browser laid it out in (a new line wherever a character's box starts below
# the previous one's).
MEASURE = r"""
const done = arguments[0];
function box(element) {
  const r = element.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}
function lines(element) {
  const result = [];
  let top = null;
  let line = "";
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data;
    for (let i = 0; i < text.length; ) {
      const length = text.codePointAt(i) > 0xFFFF ? 2 : 1;
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + length);
      const rects = Array.from(range.getClientRects()).filter(function (r) { return r.width > 0 || r.height > 0; });
      if (rects.length > 0) {
        const rect = rects[0];
        if (top !== null && rect.top > top + rect.height / 2) {
          result.push(line);
          line = "";
        }
        top = rect.top;
      }
      line += text.slice(i, i + length);
      i += length;
    }
  }
  result.push(line);
  return result;
}
function measure() {
  const byId = function (id) { const e = document.getElementById(id); return e ? box(e) : null; };
  const tablist = document.querySelector("[role=tablist]");
  done({
    width: window.innerWidth,
    height: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    tabs: Array.from(document.querySelectorAll("[role=tab]")).map(box),
    tablist: tablist ? Object.assign(box(tablist), { scrollWidth: tablist.scrollWidth, clientWidth: tablist.clientWidth }) : null,
    previous: byId("previous"),
    next: byId("next"),
    card: byId("card"),
    cardLoaded: document.getElementById("card") ? document.getElementById("card").naturalWidth > 0 : null,
    dots: Array.from(document.querySelectorAll("#dots span, .dots span, [data-dot]")).map(box),
    captions: Array.from(document.querySelectorAll("#caption, figcaption")).map(function (c) {
      return { text: c.textContent, lines: lines(c), box: box(c) };
    }),
    figures: Array.from(document.querySelectorAll("figure")).map(box)
  });
}
// Measured once every picture has loaded (or failed) and the fonts are ready.
Promise.all(Array.from(document.images).map(function (image) {
  if (image.loading === "lazy") image.loading = "eager";
  return image.complete ? null : new Promise(function (resolve) { image.onload = image.onerror = resolve; });
}).concat([document.fonts.ready])).then(function () { requestAnimationFrame(function () { requestAnimationFrame(measure); }); });
"""

# Runs in the page after MEASURE (and the screenshot), where there are season tabs: the
# last season chosen from the keyboard, and whether its tab is then in the bar's view;
# then the page made long and scrolled well past the tabs, the next card shown, and
# where the page is then.
CHOOSE = r"""
function box(element) {
  const r = element.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}
function choosing() {
  const tabs = document.querySelectorAll("[role=tab]");
  const next = document.getElementById("next");
  if (tabs.length === 0 || !next) return null;
  for (let i = 1; i < tabs.length; i++) document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown" }));
  const bar = box(tabs[0].parentElement);
  const chosen = box(tabs[tabs.length - 1]);
  const result = {
    selected: tabs[tabs.length - 1].getAttribute("aria-selected") === "true",
    inView: chosen.left >= bar.left - 0.5 && chosen.right <= bar.right + 0.5
  };
  // A page longer than any window, scrolled so that the tab bar is far out of view.
  const spacer = document.createElement("div");
  spacer.style.height = "4000px";
  document.body.appendChild(spacer);
  window.scrollTo(0, 2000);
  result.scrolledBefore = window.scrollY;
  next.click();
  result.scrolledAfter = window.scrollY;
  spacer.remove();
  return result;
}
return choosing();
"""


def main():
    page = os.path.abspath(sys.argv[1])
    prefix = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--screenshots" else None
    # A Unix socket's path has at most 107 bytes, and Chromium makes one two levels down.
    scratch = tempfile.mkdtemp(prefix="wallgen-browser-")
    if len(scratch) > 50:
        os.rmdir(scratch)
        scratch = tempfile.mkdtemp(prefix="wallgen-browser-", dir="/tmp")
    os.environ["TMPDIR"] = scratch
    try:
        measure(page, prefix, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def measure(page, prefix, scratch):
    options = webdriver.ChromeOptions()
    for argument in [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files",
        "--user-data-dir=" + os.path.join(scratch, "profile"), "--disk-cache-dir=" + os.path.join(scratch, "cache"),
    ]:
        options.add_argument(argument)
    log = os.path.join(scratch, "chromedriver.log")
    try:
        driver = webdriver.Chrome(
            service=Service("/usr/bin/chromedriver", service_args=["--log-path=" + log, "--enable-chrome-logs"]), options=options)
    except Exception:
        # Why Chromium did not start is in chromedriver's log, not in the exception.
        with open(log, errors="replace") as lines:
            sys.stderr.write("".join(lines.readlines()[-40:]))
        raise
    result = {}
    try:
        driver.set_script_timeout(30)
        for name, width, height, mobile in VIEWPORTS:
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
            driver.get("file://" + page)
            result[name] = driver.execute_async_script(MEASURE)
            result[name]["console"] = [
                entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
            if prefix:
                driver.save_screenshot("%s-%dx%d.png" % (prefix, width, height))
            result[name]["choosing"] = driver.execute_script(CHOOSE)
    finally:
        driver.quit()
    json.dump(result, sys.stdout)


main()
