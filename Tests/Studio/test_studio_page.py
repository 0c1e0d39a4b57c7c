"""wallgen studio's page in headless Chromium, as a person uses it: every control, the
preview against the command line's own render, the text counter, Save against the shown
command, the terms viewer, errors, Apply on a real X server and Schedule.

Run by Tests/WallgenTests/StudioBrowserTests.swift with WALLGEN set to the built binary:
    WALLGEN=.build/debug/wallgen /usr/bin/python3 -m unittest -v test_studio_page
"""

import hashlib
import io
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import unittest

from PIL import Image, ImageChops
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tools"))
import headless_x  # noqa: E402
from studio_support import (Studio, all_by_test_id, browser, by_test_id, console_errors, open_page,  # noqa: E402
                            preview_png, serial, wait_for_preview, wait_idle)

WALLGEN = os.environ.get("WALLGEN", "")

# Started from a worker thread of the Swift test process, this process inherits that
# thread's signal mask, SIGTERM blocked among others; every child would too, and Xvfb's
# terminate() would then wait for ever. Unblocked here, so what the tests start can be stopped.
signal.pthread_sigmask(signal.SIG_SETMASK, [])
REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def pixels(png):
    return Image.open(io.BytesIO(png)).convert("RGB")


def command(driver):
    return by_test_id(driver, "command").text


def shell_words(line):
    """The words bash makes of a command line, as it reads it when pasted: `$'…'` quoting
    (which the command uses for joiners and control characters) included."""
    assert line.startswith("wallgen "), line
    result = subprocess.run(
        ["bash", "-c", 'wallgen() { printf "%s\\0" "$@"; }; ' + line], capture_output=True, check=True)
    return ["wallgen"] + [word.decode() for word in result.stdout.split(b"\0")[:-1]]


def run_shown_command(driver, folder, extra=(), at_size=None):
    """Runs the command the page shows, in `folder`, as a person would paste it; with
    `at_size` (WxH), at that size instead of the canvas it names, as the preview is made."""
    words = shell_words(command(driver))
    assert words[0] == "wallgen", words
    if at_size:
        kept = []
        skip = False
        for word in words:
            if skip:
                skip = False
            elif word in ("--size", "--device"):
                skip = True
            else:
                kept.append(word)
        words = kept
        extra = ["--size", at_size] + list(extra)
    result = subprocess.run([WALLGEN] + words[1:] + list(extra), cwd=folder, capture_output=True, text=True)
    return result


def set_value(driver, element, value, event="input"):
    """Sets a control the way a person's typing or dragging ends, with the event it fires."""
    driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event(arguments[2], {bubbles: true}));",
        element, value, event)


def errors_on_page(driver):
    """Each error the page shows, with the control it stands beside. The page redraws its
    errors as answers arrive: one replaced while it is read is read again."""
    for _ in range(5):
        try:
            return [(e.get_attribute("data-for"), e.text) for e in all_by_test_id(driver, "error")]
        except StaleElementReferenceException:
            time.sleep(0.1)
    return [(e.get_attribute("data-for"), e.text) for e in all_by_test_id(driver, "error")]


def cli_error(arguments, folder):
    """The message `wallgen ARGUMENTS` prints for its error, without 'Error: ' and the hint."""
    result = subprocess.run([WALLGEN] + arguments + ["-o", os.path.join(folder, "x.png")], cwd=folder,
                            capture_output=True, text=True)
    assert result.returncode != 0, result
    return result.stderr.splitlines()[0].removeprefix("Error: ")


def huge_png():
    """A valid PNG header declaring 12000x10000 pixels, above --max-pixels' default: refused
    from the header, before any pixel is decoded."""
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", 12000, 10000, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


class StudioPageTest(unittest.TestCase):
    """One studio and one desktop-sized browser for the class; each test starts from a fresh page."""

    width, height, scale = 1280, 900, 1

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="wallgen-studio-page-")
        cls.downloads = os.path.join(cls.folder, "downloads")
        os.makedirs(cls.downloads)
        cls.studio = Studio(WALLGEN, os.path.join(cls.folder, "studio"), cls.studio_environment())
        cls.driver = browser(cls.width, cls.height, scale=cls.scale, downloads=cls.downloads,
                             profile=os.path.join(cls.folder, "profile"))

    @classmethod
    def studio_environment(cls):
        return {}

    @classmethod
    def tearDownClass(cls):
        try:
            cls.driver.quit()
        finally:
            status, said = cls.studio.stop()
            left = os.listdir(cls.studio.temporary)
            shutil.rmtree(cls.folder, ignore_errors=True)
            assert status == 0, "the studio exited %s: %s" % (status, said)
            assert not left, "the studio left %s in its temporary folder" % left

    def setUp(self):
        os.makedirs(os.path.join(self.folder, "studio"), exist_ok=True)
        # Each test starts from the page's defaults, not what the last one left.
        self.driver.execute_script("try { sessionStorage.clear(); } catch (e) {}")
        open_page(self.driver, self.studio)
        self.driver.get_log("browser")

    def tearDown(self):
        self.assertEqual(console_errors(self.driver), [], "the page logged errors")

    def work(self):
        """A fresh folder for the command line's runs."""
        return tempfile.mkdtemp(dir=self.folder)

    def change(self, action):
        """Does `action`, waits for the preview it brings, and returns the new picture."""
        before = serial(self.driver)
        action()
        wait_for_preview(self.driver, before)
        return preview_png(self.driver)


class WallpaperTabTests(StudioPageTest):
    def test_each_control_changes_the_preview(self):
        d = self.driver
        shown = preview_png(d)
        steps = [
            ("season segment", lambda: by_test_id(d, "season").find_element(By.CSS_SELECTOR, '[data-value="summer"]').click()),
            ("season dot", lambda: by_test_id(d, "season-dots").find_element(By.CSS_SELECTOR, '[data-value="autumn"]').click()),
            # 10 March: spring by month, winter by the equinox, summer south of the equator.
            ("date", lambda: set_value(d, by_test_id(d, "date"), "2026-03-10", "change")),
            ("season rule", lambda: Select(by_test_id(d, "season-rule")).select_by_value("astronomical")),
            ("hemisphere", lambda: Select(by_test_id(d, "hemisphere")).select_by_value("south")),
            ("alpha", lambda: set_value(d, by_test_id(d, "alpha"), "0.8")),
            ("label", lambda: by_test_id(d, "label").click()),
            ("label back", lambda: by_test_id(d, "label").click()),
            ("text", lambda: by_test_id(d, "text").send_keys("Hello")),
            ("position", lambda: Select(by_test_id(d, "position")).select_by_value("bottom")),
            ("base", lambda: set_value(d, by_test_id(d, "base"), "midnightblue")),
            ("text colour", lambda: set_value(d, by_test_id(d, "text-color"), "#ffcc00")),
            ("dark", lambda: by_test_id(d, "dark").click()),
            ("vertical", lambda: (set_value(d, by_test_id(d, "text"), "冬天"), by_test_id(d, "vertical").click())),
            ("device", lambda: Select(by_test_id(d, "device")).select_by_value("desktop-hd")),
            ("custom size", lambda: (Select(by_test_id(d, "device")).select_by_value("custom"),
                                     by_test_id(d, "size").send_keys("1000x1000"))),
            ("this screen", lambda: Select(by_test_id(d, "device")).select_by_value("here")),
            ("background", lambda: by_test_id(d, "background").send_keys(os.path.join(REPOSITORY, "Assets/terms/22-dongzhi.jpg"))),
        ]
        for name, action in steps:
            picture = self.change(action)
            self.assertNotEqual(picture, shown, "%s did not change the preview" % name)
            self.assertEqual(errors_on_page(d), [], "after %s" % name)
            shown = picture
        self.assertIn("--background 22-dongzhi.jpg", command(d))
        self.assertIn("--dark", command(d))

    def test_preview_pixels_equal_the_command_lines_render_at_that_size(self):
        d = self.driver
        set_value(d, by_test_id(d, "alpha"), "0.35")
        set_value(d, by_test_id(d, "text"), "冬至快樂 ❄️")
        Select(by_test_id(d, "position")).select_by_value("center")
        set_value(d, by_test_id(d, "base"), "midnightblue")
        self.change(lambda: set_value(d, by_test_id(d, "text-color"), "#FFCC00"))
        preview = preview_png(d)
        image = by_test_id(d, "preview")
        width, height = int(image.get_attribute("data-width")), int(image.get_attribute("data-height"))
        self.assertEqual(pixels(preview).size, (width, height))
        # Shown at its own size: device pixels one for one.
        shown = d.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.width * devicePixelRatio, b.height * devicePixelRatio];", image)
        self.assertAlmostEqual(shown[0], width, delta=0.51)
        self.assertAlmostEqual(shown[1], height, delta=0.51)
        folder = self.work()
        result = run_shown_command(d, folder, ["-o", "reference.png"], at_size="%dx%d" % (width, height))
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(os.path.join(folder, "reference.png"), "rb") as file:
            reference = pixels(file.read())
        self.assertIsNone(ImageChops.difference(pixels(preview), reference).getbbox(), "the preview differs from the command's render")

    def test_the_text_counter_follows_the_thirteen_character_rule(self):
        d = self.driver
        field = by_test_id(d, "text")
        count = by_test_id(d, "text-count")
        warning = by_test_id(d, "text-warning")
        self.assertEqual(count.text, "0 / 13")
        field.send_keys("冬至")
        self.assertEqual(count.text, "2 / 13")
        self.assertFalse(warning.is_displayed())
        self.assertEqual(by_test_id(d, "text-step").get_attribute("data-step"), "large")
        field.send_keys("快樂")
        self.assertEqual(by_test_id(d, "text-step").get_attribute("data-step"), "medium")
        field.send_keys("一二三四")
        self.assertEqual(by_test_id(d, "text-step").get_attribute("data-step"), "small")
        # As a person counts: a thumb with its skin tone is one, a family is one.
        set_value(d, field, "冬至快樂一二三四五六七👍🏽👨‍👩‍👧")
        self.assertEqual(count.text, "13 / 13")
        self.assertFalse(warning.is_displayed())
        wait_idle(d)
        self.assertEqual(errors_on_page(d), [])
        set_value(d, field, "冬至快樂一二三四五六七👍🏽👨‍👩‍👧!")
        self.assertEqual(count.text, "14 / 13")
        self.assertTrue(warning.is_displayed())
        self.assertEqual(warning.value_of_css_property("color"), count.value_of_css_property("color"))
        red, green, blue = [int(v) for v in warning.value_of_css_property("color")[5:-1].split(",")[:3]]
        self.assertGreater(red, 150)
        self.assertLess(green, 100)
        wait_idle(d)
        # The command line says the same: 14 characters, the first 13 used.
        self.assertIn("more than the limit of 13", warning.get_attribute("title"))
        folder = self.work()
        result = run_shown_command(d, folder, ["-o", "cut.png"], at_size="60x130")
        self.assertIn("--text has 14 characters, more than the limit of 13", result.stderr)

    def test_save_downloads_the_bytes_the_shown_command_writes(self):
        d = self.driver
        set_value(d, by_test_id(d, "alpha"), "0.6")
        # Small, so that the debug build the tests run renders it quickly.
        Select(by_test_id(d, "device")).select_by_value("custom")
        by_test_id(d, "size").send_keys("360x640")
        for format_, quality in [("png", None), ("jpeg", "80"), ("webp", "100")]:
            Select(by_test_id(d, "format")).select_by_value(format_)
            if quality:
                set_value(d, by_test_id(d, "quality"), quality)
            wait_idle(d)
            if format_ == "png":
                self.assertNotIn("--format", command(d), "PNG is the default, left out as a person would")
            else:
                self.assertIn("--format " + format_, command(d))
            name = self.save_and_compare(format_)
            self.assertTrue(name.endswith({"png": ".png", "jpeg": ".jpg", "webp": ".webp"}[format_]), name)

    def test_save_with_an_uploaded_picture_names_it_as_chosen(self):
        d = self.driver
        chosen = os.path.join(self.work(), "my photo (1).jpg")
        shutil.copy(os.path.join(REPOSITORY, "Assets/terms/05-qingming.jpg"), chosen)
        Select(by_test_id(d, "device")).select_by_value("custom")
        by_test_id(d, "size").send_keys("300x500")
        by_test_id(d, "background").send_keys(chosen)
        WebDriverWait(d, 30).until(lambda d: "--background 'my photo (1).jpg'" in command(d))
        wait_idle(d)
        self.save_and_compare("png", pictures=[chosen])

    def save_and_compare(self, format_, pictures=()):
        """Clicks Save, waits for the file, runs the shown command beside the same pictures,
        and compares the two files byte for byte; returns the file's name."""
        d = self.driver
        for old in os.listdir(self.downloads):
            os.remove(os.path.join(self.downloads, old))
        by_test_id(d, "save").click()
        # Chromium writes a download as NAME.crdownload and renames it once whole: done when
        # only the whole file is there.
        WebDriverWait(d, 60).until(
            lambda d: (lambda names: len(names) == 1 and not names[0].endswith(".crdownload"))(os.listdir(self.downloads)))
        (name,) = os.listdir(self.downloads)
        folder = self.work()
        for picture in pictures:
            shutil.copy(picture, folder)
        result = run_shown_command(d, folder)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(os.path.join(self.downloads, name), "rb") as saved, open(os.path.join(folder, name), "rb") as made:
            self.assertEqual(saved.read(), made.read(), "%s: Save differs from `%s`" % (name, command(d)))
        return name

    def test_the_scheme_beside_the_preview_is_the_command_lines_and_save_scheme_downloads_it(self):
        d = self.driver
        Select(by_test_id(d, "device")).select_by_value("custom")
        by_test_id(d, "size").send_keys("360x640")
        wait_idle(d)
        WebDriverWait(d, 60).until(
            lambda d: by_test_id(d, "scheme").is_displayed()
            and by_test_id(d, "scheme").get_attribute("data-size") == by_test_id(d, "preview").get_attribute("data-width")
            + "x" + by_test_id(d, "preview").get_attribute("data-height"))
        size = by_test_id(d, "scheme").get_attribute("data-size")
        shown = {}
        for variant in ("light", "dark"):
            box = by_test_id(d, "scheme-" + variant)
            swatches = box.find_elements(By.CSS_SELECTOR, ".scheme-swatches span")
            shown[variant] = (box.get_attribute("data-background"), [s.get_attribute("data-colour") for s in swatches])
            self.assertEqual(len(swatches), 16)
        # The shown command at the preview's size, with --scheme-both, writes the same colours.
        folder = self.work()
        result = run_shown_command(d, folder, ["-o", "p.png", "--no-metadata", "--scheme", "s", "--scheme-both"], at_size=size)
        self.assertEqual(result.returncode, 0, result.stderr)
        for variant in ("light", "dark"):
            with open(os.path.join(folder, "s", variant, "colors.json")) as file:
                made = json.load(file)
            self.assertEqual(shown[variant], (made["special"]["background"], [made["colors"]["color%d" % i] for i in range(16)]))
        # Save scheme: an archive of both variants' files, as the shown command's --scheme-both writes them.
        for old in os.listdir(self.downloads):
            os.remove(os.path.join(self.downloads, old))
        by_test_id(d, "save-scheme").click()
        WebDriverWait(d, 60).until(
            lambda d: (lambda names: len(names) == 1 and names[0].endswith("-scheme.tar"))(os.listdir(self.downloads)))
        (name,) = os.listdir(self.downloads)
        whole = self.work()
        result = run_shown_command(d, whole, ["--scheme", "s", "--scheme-both"])
        self.assertEqual(result.returncode, 0, result.stderr)
        with tarfile.open(os.path.join(self.downloads, name)) as archive:
            names = sorted(archive.getnames())
            self.assertEqual(names, sorted(v + "/" + f for v in ("light", "dark") for f in os.listdir(os.path.join(whole, "s", "light"))))
            for variant in ("light", "dark"):
                saved = json.load(archive.extractfile(variant + "/colors.json"))
                with open(os.path.join(whole, "s", variant, "colors.json")) as file:
                    made = json.load(file)
                self.assertEqual((saved["special"], saved["colors"]), (made["special"], made["colors"]))
                with open(os.path.join(whole, "s", variant, "material.json"), "rb") as file:
                    self.assertEqual(archive.extractfile(variant + "/material.json").read(), file.read())

    def test_errors_stand_beside_their_control_in_the_command_lines_words(self):
        d = self.driver
        folder = self.work()
        # An unknown colour.
        set_value(d, by_test_id(d, "base"), "notacolour")
        WebDriverWait(d, 30).until(lambda d: errors_on_page(d))
        self.assertEqual(errors_on_page(d), [("base", cli_error(["--base", "notacolour"], folder))])
        # Put right, the error goes and the page works on.
        self.change(lambda: set_value(d, by_test_id(d, "base"), "ivory"))
        self.assertEqual(errors_on_page(d), [])
        # A picture too large.
        huge = os.path.join(folder, "huge.png")
        with open(huge, "wb") as file:
            file.write(huge_png())
        by_test_id(d, "background").send_keys(huge)
        WebDriverWait(d, 30).until(lambda d: [e for e in errors_on_page(d) if e[0] == "background"])
        self.assertEqual(errors_on_page(d), [("background", cli_error(["--background", "huge.png"], folder))])
        self.assertIn("a larger --max-pixels raises the limit", errors_on_page(d)[0][1])
        by_test_id(d, "background-remove").click()
        self.change(lambda: set_value(d, by_test_id(d, "alpha"), "0.7"))
        self.assertEqual(errors_on_page(d), [])
        # A text no font can draw.
        set_value(d, by_test_id(d, "text"), "A\u0378")
        WebDriverWait(d, 30).until(lambda d: errors_on_page(d))
        self.assertEqual(errors_on_page(d), [("text", cli_error(["--text", "A\u0378"], folder))])
        self.assertIn("U+0378", errors_on_page(d)[0][1])
        self.change(lambda: set_value(d, by_test_id(d, "text"), "A"))
        self.assertEqual(errors_on_page(d), [])

    def test_a_fast_drag_never_queues_stale_renders(self):
        d = self.driver
        slider = by_test_id(d, "alpha")
        asked = int(d.execute_script("return document.body.dataset.previews"))
        before = serial(d)
        # Each move 5 ms apart: faster than any render, as a quick drag is.
        chain = ActionChains(d, duration=5).click_and_hold(slider)
        for _ in range(30):
            chain.move_by_offset(4, 0)
        chain.release().perform()
        wait_for_preview(d, before)
        final = slider.get_attribute("value")
        self.assertNotEqual(final, "0.5")
        self.assertEqual(by_test_id(d, "alpha-value").text, final)
        self.assertIn("--alpha " + final, command(d))
        shown = by_test_id(d, "preview").get_attribute("data-settings")
        self.assertIn('"alpha":"%s"' % final, shown, "the last picture is the newest setting")
        renders = int(d.execute_script("return document.body.dataset.previews")) - asked
        inputs = 30
        self.assertLess(renders, inputs, "renders are not queued one per move")
        # And the picture shown is exactly the command's at that size.
        image = by_test_id(d, "preview")
        folder = self.work()
        result = run_shown_command(d, folder, ["-o", "r.png"], at_size="%sx%s" % (image.get_attribute("data-width"), image.get_attribute("data-height")))
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(os.path.join(folder, "r.png"), "rb") as file:
            self.assertIsNone(ImageChops.difference(pixels(preview_png(d)), pixels(file.read())).getbbox())

    def test_every_control_the_tests_name_is_there(self):
        d = self.driver
        listed = ["wallpaper-tab", "terms-tab", "ui-lang", "season", "season-dots", "date", "alpha", "alpha-value",
                  "label", "text", "text-count", "text-warning", "position", "vertical", "base", "text-color", "dark",
                  "device", "size", "background", "format", "quality", "preview", "command", "save", "apply",
                  "schedule", "confirm-yes", "confirm-no", "result", "prev", "next", "term-dots", "card-lang"]
        seen = set()
        for tab in ["wallpaper-tab", "terms-tab"]:
            self.change(lambda: by_test_id(d, tab).click())
            for test_id in listed:
                found = all_by_test_id(d, test_id)
                self.assertLessEqual(len(found), 1, "%s is not unique" % test_id)
                if found:
                    seen.add(test_id)
        self.assertEqual(sorted(set(listed) - seen), [])
        # An error has its own: data-testid=error, data-for naming the control.
        set_value(d, by_test_id(d, "base"), "nocolour")
        WebDriverWait(d, 30).until(lambda d: errors_on_page(d))
        self.assertEqual(errors_on_page(d)[0][0], "base")

    def test_the_language_switch(self):
        d = self.driver
        Select(by_test_id(d, "ui-lang")).select_by_value("zh-Hant")
        self.assertEqual(d.execute_script("return document.documentElement.lang"), "zh-Hant")
        self.assertEqual(by_test_id(d, "wallpaper-tab").text, "桌布")
        self.assertEqual(by_test_id(d, "terms-tab").text, "節氣")
        seasons = [b.text for b in by_test_id(d, "season").find_elements(By.TAG_NAME, "button")]
        self.assertEqual(seasons, ["春", "夏", "秋", "冬"])
        Select(by_test_id(d, "ui-lang")).select_by_value("en")
        seasons = [(b.get_attribute("data-value"), b.text) for b in by_test_id(d, "season").find_elements(By.TAG_NAME, "button")]
        self.assertEqual(seasons, [("spring", "Spring"), ("summer", "Summer"), ("autumn", "Autumn"), ("winter", "Winter")])

    def test_the_controls_come_from_the_option_declarations(self):
        d = self.driver
        help_ = subprocess.run([WALLGEN, "--help"], capture_output=True, text=True).stdout
        slider = by_test_id(d, "alpha")
        self.assertEqual((slider.get_attribute("min"), slider.get_attribute("max"), slider.get_attribute("value")), ("0", "1", "0.5"))
        self.assertIn("(default: 0.5)", " ".join(help_.split()))
        positions = [o.get_attribute("value") for o in Select(by_test_id(d, "position")).options]
        self.assertEqual(positions, ["top", "center", "bottom"])
        names = [o.get_attribute("value") for o in Select(by_test_id(d, "device")).options]
        listed = [line.split()[0] for line in subprocess.run([WALLGEN, "devices"], capture_output=True, text=True).stdout.splitlines()[1:]]
        self.assertEqual(names, listed + ["custom", "here"])
        formats = [o.get_attribute("value") for o in Select(by_test_id(d, "format")).options]
        self.assertEqual(formats, ["png", "jpeg", "webp", "avif"])
        # Each format by its own name, in either language of the page.
        for page_language in ["en", "zh-Hant"]:
            Select(by_test_id(d, "ui-lang")).select_by_value(page_language)
            shown = [o.text for o in Select(by_test_id(d, "format")).options]
            self.assertEqual(shown, ["PNG", "JPEG", "WebP", "AVIF"], page_language)


class TermsTabTests(StudioPageTest):
    def setUp(self):
        super().setUp()
        self.change(lambda: by_test_id(self.driver, "terms-tab").click())

    def term(self):
        return by_test_id(self.driver, "term-name").get_attribute("data-term")

    def test_the_viewer_steps_through_all_24_without_end(self):
        d = self.driver
        today = self.term()
        self.assertTrue(by_test_id(d, "term-name").find_element(By.XPATH, "..").find_element(By.ID, "term-today").is_displayed())
        seen = [today]
        for _ in range(24):
            by_test_id(d, "next").click()
            seen.append(self.term())
        self.assertEqual(seen[0], seen[-1], "24 steps come back to the start")
        self.assertEqual(len(set(seen)), 24)
        backwards = [self.term()]
        for _ in range(24):
            by_test_id(d, "prev").click()
            backwards.append(self.term())
        self.assertEqual(backwards, list(reversed(seen)))
        # The season segments, then the dots of that season.
        by_test_id(d, "term-season").find_element(By.CSS_SELECTOR, '[data-value="spring"]').click()
        self.assertEqual(self.term(), "lichun")
        dots = by_test_id(d, "term-dots").find_elements(By.TAG_NAME, "button")
        self.assertEqual(len(dots), 6)
        order = []
        for index in range(6):
            by_test_id(d, "term-dots").find_elements(By.TAG_NAME, "button")[index].click()
            order.append(self.term())
            current = [b.get_attribute("aria-current") for b in by_test_id(d, "term-dots").find_elements(By.TAG_NAME, "button")]
            self.assertEqual(current.index("true"), index)
        self.assertEqual(order, ["lichun", "yushui", "jingzhe", "chunfen", "qingming", "guyu"])
        # Prev from the first term is the last, 大寒.
        by_test_id(d, "term-dots").find_elements(By.TAG_NAME, "button")[0].click()
        by_test_id(d, "prev").click()
        self.assertEqual(self.term(), "dahan")
        # Arrow keys, and a swipe.
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        self.assertEqual(self.term(), "lichun")
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        self.assertEqual(self.term(), "dahan")
        d.execute_script("""
            const frame = document.getElementById('frame'); const box = frame.getBoundingClientRect();
            const y = box.top + box.height / 2;
            frame.dispatchEvent(new PointerEvent('pointerdown', {clientX: box.left + box.width * 0.8, clientY: y, bubbles: true}));
            frame.dispatchEvent(new PointerEvent('pointerup', {clientX: box.left + box.width * 0.2, clientY: y, bubbles: true}));
        """)
        self.assertEqual(self.term(), "lichun", "a swipe to the left shows the next term")
        # Today's term is marked among its season's dots.
        for _ in range(24):
            if self.term() == today:
                break
            by_test_id(d, "next").click()
        marked = [b.get_attribute("data-term") for b in by_test_id(d, "term-dots").find_elements(By.CSS_SELECTOR, "button.today")]
        self.assertEqual(marked, [today])
        wait_idle(d)
        self.assertIn("wallgen term " + today, command(d))

    def test_each_card_control_changes_the_preview(self):
        d = self.driver
        shown = preview_png(d)
        steps = [
            ("next term", lambda: by_test_id(d, "next").click()),
            # The English page's card starts in English (issue 48); Chinese is the change.
            ("card language", lambda: Select(by_test_id(d, "card-lang")).select_by_value("zh")),
            ("alpha", lambda: set_value(d, by_test_id(d, "alpha"), "0.5")),
            ("base", lambda: set_value(d, by_test_id(d, "base"), "#204060")),
            ("title", lambda: by_test_id(d, "text").send_keys("Hi")),
            ("text colour", lambda: set_value(d, by_test_id(d, "text-color"), "gold")),
            ("vertical", lambda: (set_value(d, by_test_id(d, "text"), "冬至"), by_test_id(d, "vertical").click())),
            ("dark", lambda: by_test_id(d, "dark").click()),
            ("device", lambda: Select(by_test_id(d, "device")).select_by_value("ipad")),
            ("background", lambda: by_test_id(d, "background").send_keys(os.path.join(REPOSITORY, "Assets/seasons/spring.jpg"))),
        ]
        for name, action in steps:
            picture = self.change(action)
            self.assertNotEqual(picture, shown, "%s did not change the card" % name)
            self.assertEqual(errors_on_page(d), [], "after %s" % name)
            shown = picture
        image = by_test_id(d, "preview")
        folder = self.work()
        shutil.copy(os.path.join(REPOSITORY, "Assets/seasons/spring.jpg"), folder)
        result = run_shown_command(d, folder, ["-o", "r.png"], at_size="%sx%s" % (image.get_attribute("data-width"), image.get_attribute("data-height")))
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(os.path.join(folder, "r.png"), "rb") as file:
            self.assertIsNone(ImageChops.difference(pixels(preview_png(d)), pixels(file.read())).getbbox())

    def test_schedule_installs_what_the_command_would_and_names_what_it_leaves_out(self):
        d = self.driver
        Select(by_test_id(d, "device")).select_by_value("custom")
        by_test_id(d, "size").send_keys("48x27")
        set_value(d, by_test_id(d, "alpha"), "0.5")
        Select(by_test_id(d, "card-lang")).select_by_value("en")
        wait_idle(d)
        by_test_id(d, "schedule").click()
        dialog = d.find_element(By.ID, "confirm")
        WebDriverWait(d, 10).until(lambda d: dialog.is_displayed())
        # The schedule's pictures are the screen's size, not the preview's.
        self.assertIn("wallgen schedule --install --enable --lang en", dialog.text)
        self.assertNotIn("48x27", dialog.text)
        self.assertIn("--alpha", dialog.find_element(By.ID, "confirm-drops").text)
        by_test_id(d, "confirm-no").click()
        self.assertFalse(dialog.is_displayed())
        self.assertEqual(by_test_id(d, "result").text, "")
        by_test_id(d, "schedule").click()
        by_test_id(d, "confirm-yes").click()
        result = by_test_id(d, "result")
        WebDriverWait(d, 300).until(lambda d: result.get_attribute("data-state") in ("done", "warning", "failed"))
        # No user systemd here: installed, but the page does not say "Done"; it says nothing
        # runs yet, with the one command that starts it.
        self.assertEqual(result.get_attribute("data-state"), "warning", result.text)
        self.assertTrue(result.text.startswith("Installed, but nothing runs yet"), result.text)
        self.assertIn("systemctl --user daemon-reload && systemctl --user enable --now wallgen-terms.timer", result.text)
        units = os.path.join(self.studio.folder, "config", "systemd", "user")
        self.assertTrue(os.path.exists(os.path.join(units, "wallgen-terms.timer")), os.listdir(self.studio.folder))
        # No display here: no monitor to be found, so 1920x1080, and the page says so.
        self.assertIn("No monitor was found", result.text)
        pictures = os.path.join(self.studio.folder, "data", "wallgen", "schedule")
        self.assertIn("22-dongzhi-1920x1080.png", os.listdir(pictures))


class PhoneTests(StudioPageTest):
    """The page on a phone's screen: 390x844 CSS pixels at 3 device pixels each."""

    width, height, scale = 390, 844, 3

    def test_the_page_fits_and_the_command_stays_in_view(self):
        d = self.driver
        for tab in ["wallpaper-tab", "terms-tab"]:
            self.change(lambda: by_test_id(d, tab).click())
            self.assertLessEqual(d.execute_script("return document.documentElement.scrollWidth"), 390)
            for test_id in ["preview", "command", "save", "apply", "schedule"]:
                box = d.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom];", by_test_id(d, test_id))
                self.assertTrue(0 <= box[0] and box[2] <= 390 and 0 <= box[1] and box[3] <= 844, "%s at %s" % (test_id, box))
            d.execute_script("window.scrollTo(0, document.body.scrollHeight)")
            box = d.execute_script("return arguments[0].getBoundingClientRect().bottom", by_test_id(d, "command"))
            self.assertLessEqual(box, 844, "the command is in view at the bottom of the page too")
            d.execute_script("window.scrollTo(0, 0)")
        # Preview at the size shown, in device pixels.
        image = by_test_id(d, "preview")
        css = d.execute_script("return arguments[0].getBoundingClientRect().width", image)
        self.assertEqual(int(image.get_attribute("data-width")), round(css * 3))
        self.assertEqual(pixels(preview_png(d)).size[0], round(css * 3))

    def test_it_follows_the_browsers_language(self):
        other = browser(390, 844, scale=1, language="zh-TW", profile=os.path.join(self.folder, "profile-zh"))
        try:
            open_page(other, self.studio)
            self.assertEqual(by_test_id(other, "wallpaper-tab").text, "桌布")
            self.assertEqual(Select(by_test_id(other, "ui-lang")).first_selected_option.get_attribute("value"), "zh-Hant")
        finally:
            other.quit()


class NewcomerTests(StudioPageTest):
    """Issue 48: the page as a person who never opens a terminal meets it, on a desktop."""

    def test_a_chosen_picture_is_named_and_no_file_chosen_is_never_shown(self):
        d = self.driver
        self.change(lambda: by_test_id(d, "background").send_keys(os.path.join(REPOSITORY, "Assets/terms/22-dongzhi.jpg")))
        wait_idle(d)
        self.assertFalse(by_test_id(d, "background").is_displayed(), "the browser's own file input shows")
        self.assertEqual(by_test_id(d, "background-name").text, "22-dongzhi.jpg")
        self.assertEqual(by_test_id(d, "background-choose").text, "Change…")

    def test_a_cut_text_is_said_as_it_is_drawn(self):
        d = self.driver
        set_value(d, by_test_id(d, "text"), "Happy midwinter greetings")
        wait_idle(d)
        warning = by_test_id(d, "text-warning")
        self.assertTrue(warning.is_displayed())
        # The command line cuts it at its last whole word, as the page says.
        folder = self.work()
        result = run_shown_command(d, folder, ["-o", "cut.png"], at_size="60x130")
        shown = re.search(r"drawn as “(.*)”", warning.text).group(1)
        self.assertIn(shown, result.stderr)
        self.assertEqual(shown, "Happy…", "cut at its last whole word: 6 characters are drawn, not 13")
        # The size step bolded is the drawn text's (6 characters: medium), not the typed 25's.
        steps = by_test_id(d, "text-step")
        self.assertEqual(steps.get_attribute("data-step"), "medium")
        self.assertEqual(steps.find_element(By.TAG_NAME, "b").text, "medium")

    def test_a_css_colour_name_shows_its_colour(self):
        d = self.driver
        self.change(lambda: set_value(d, by_test_id(d, "base"), "midnightblue"))
        swatch = d.find_element(By.CSS_SELECTOR, '.row[data-control="base"] input[type=color]')
        self.assertEqual(swatch.get_attribute("value"), "#191970")

    def test_the_device_menu_shows_its_whole_choice(self):
        d = self.driver
        select = by_test_id(d, "device")
        fits = d.execute_script("""
            const select = arguments[0];
            const probe = document.createElement('span');
            probe.style.position = 'absolute';
            probe.style.font = getComputedStyle(select).font;
            probe.style.whiteSpace = 'pre';
            probe.textContent = select.options[select.selectedIndex].text;
            document.body.appendChild(probe);
            const text = probe.getBoundingClientRect().width;
            probe.remove();
            return [text, select.clientWidth];""", select)
        # The option's text and the menu's arrow (about 24 px) fit in the menu.
        self.assertLessEqual(fits[0] + 24, fits[1], "the menu cuts its choice: %s" % fits)

    def test_a_result_goes_with_its_tab(self):
        d = self.driver
        by_test_id(d, "save").click()
        result = by_test_id(d, "result")
        WebDriverWait(d, 60).until(lambda d: result.get_attribute("data-state") == "done")
        by_test_id(d, "terms-tab").click()
        wait_idle(d)
        self.assertEqual(result.text, "")

    def test_the_card_speaks_the_pages_language(self):
        d = self.driver
        by_test_id(d, "terms-tab").click()
        wait_idle(d)
        self.assertEqual(Select(by_test_id(d, "card-lang")).first_selected_option.get_attribute("value"), "en")
        self.assertIn("--lang en", command(d))
        other = browser(1280, 900, scale=1, language="zh-TW", profile=os.path.join(self.folder, "profile-zh-desk"))
        try:
            open_page(other, self.studio)
            # The wallpaper's label says the season in Chinese on the Chinese page.
            other.find_element(By.CSS_SELECTOR, '[data-testid="season"] [data-value="winter"]').click()
            wait_idle(other)
            self.assertRegex(command(other), "--text '?冬天'?")
            by_test_id(other, "terms-tab").click()
            wait_idle(other)
            self.assertEqual(Select(by_test_id(other, "card-lang")).first_selected_option.get_attribute("value"), "zh")
            self.assertNotIn("--lang", command(other))
        finally:
            other.quit()


class PhoneNewcomerTests(StudioPageTest):
    """Issue 48 on a phone (390x844): the preview stays in view while a control changes."""

    width, height, scale = 390, 844, 3

    def test_the_preview_stays_in_view_while_a_slider_moves(self):
        d = self.driver
        for language in ["en", "zh-Hant"]:
            Select(by_test_id(d, "ui-lang")).select_by_value(language)
            d.execute_script("arguments[0].scrollIntoView({block: 'end'})", by_test_id(d, "quality"))
            slider = by_test_id(d, "alpha")
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", slider)
            self.change(lambda: set_value(d, slider, "0.8" if language == "en" else "0.3"))
            box = d.execute_script(
                "const b = arguments[0].getBoundingClientRect(); return [b.top, b.bottom, b.height];",
                by_test_id(d, "preview"))
            self.assertTrue(box[0] >= 0 and box[1] <= 844 and box[2] > 150, "%s: the preview at %s" % (language, box))
            slider_box = d.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.top, b.bottom];", slider)
            self.assertTrue(box[1] <= slider_box[0], "%s: the preview covers the slider" % language)

    def test_the_command_breaks_between_its_words(self):
        d = self.driver
        code = by_test_id(d, "command")
        self.assertEqual(code.value_of_css_property("overflow-wrap"), "break-word")


def root_window(display):
    """The X root window as RGB, read with xwd and parsed here (XWD: a big-endian header,
    the colour map, then rows of pixels)."""
    dump = subprocess.run(["xwd", "-root", "-silent", "-display", display], capture_output=True, check=True).stdout
    fields = struct.unpack(">25I", dump[:100])
    header_size, width, height = fields[0], fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    masks = fields[14:17]
    colours = fields[19]
    start = header_size + colours * 12
    image = Image.new("RGB", (width, height))
    step = bits_per_pixel // 8
    data = []
    for y in range(height):
        line = dump[start + y * bytes_per_line:start + (y + 1) * bytes_per_line]
        for x in range(width):
            value = int.from_bytes(line[x * step:(x + 1) * step], "little" if byte_order == 0 else "big")
            data.append(tuple((value & mask) >> ((mask & -mask).bit_length() - 1) for mask in masks))
    image.putdata(data)
    return image


@unittest.skipUnless(shutil.which("Xvfb") and shutil.which("xwd") and shutil.which("xwallpaper"),
                     "Xvfb, xwd or xwallpaper is not installed (xvfb, x11-apps, xwallpaper)")
class SkyTests(StudioPageTest):
    """Issue 50: a place and the hour slider light the preview by that place's real sky, and
    the command shown says so (--at, --place) and makes the same picture."""

    def test_the_hour_slider_turns_the_day(self):
        d = self.driver
        hour = by_test_id(d, "hour")
        self.assertFalse(hour.is_enabled(), "no place, no sky: the hour waits for a place")
        self.assertNotIn("--at", command(d))
        place = by_test_id(d, "place")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", place)
        noon = self.change(lambda: set_value(d, place, "Taipei", event="change"))
        self.assertTrue(hour.is_enabled())
        self.assertRegex(command(d), r"--at \d{4}-\d\d-\d\dT12:00 --place Taipei")
        night = self.change(lambda: set_value(d, hour, "0.5"))
        self.assertEqual(by_test_id(d, "hour-value").text, "00:30")
        self.assertRegex(command(d), r"--at \d{4}-\d\d-\d\dT00:30 --place Taipei")
        def mean(png):
            image = Image.open(io.BytesIO(png)).convert("L")
            return sum(image.getdata()) / (image.width * image.height)
        self.assertLess(mean(night), mean(noon) * 0.8, "half past midnight in Taipei is darker than noon")
        # The command shown, at the preview's size, makes the preview's picture.
        folder = self.work()
        preview = Image.open(io.BytesIO(night))
        result = run_shown_command(d, folder, ["-o", "night.png"], at_size="%dx%d" % preview.size)
        self.assertEqual(result.returncode, 0, result.stderr)
        made = Image.open(os.path.join(folder, "night.png")).convert("RGB")
        difference = ImageChops.difference(made, preview.convert("RGB")).getextrema()
        self.assertLessEqual(max(high for _, high in difference), 2, "the preview is the command's picture")


class ApplyTests(StudioPageTest):
    """Apply from the page on a real X server: xwallpaper sets the root window, read back."""

    @classmethod
    def setUpClass(cls):
        cls.xfolder = tempfile.mkdtemp(prefix="wallgen-studio-x-")
        cls.server, cls.display = headless_x.start("-screen", "0", "320x240x24", cwd=cls.xfolder)
        super().setUpClass()

    @classmethod
    def studio_environment(cls):
        return {"DISPLAY": cls.display, "XDG_CURRENT_DESKTOP": ""}

    @classmethod
    def tearDownClass(cls):
        try:
            super().tearDownClass()
        finally:
            headless_x.stop(cls.server)
            shutil.rmtree(cls.xfolder, ignore_errors=True)

    def test_apply_sets_the_picture_on_the_root_window(self):
        d = self.driver
        Select(by_test_id(d, "device")).select_by_value("custom")
        by_test_id(d, "size").send_keys("320x240")
        set_value(d, by_test_id(d, "alpha"), "0.9")
        by_test_id(d, "season").find_element(By.CSS_SELECTOR, '[data-value="summer"]').click()
        wait_idle(d)
        before = root_window(self.display)
        by_test_id(d, "apply").click()
        by_test_id(d, "confirm-no").click()
        # Confirmed, the page says "Working…" at once and sends Apply; declined, nothing.
        self.assertFalse(d.find_element(By.ID, "confirm").is_displayed())
        wait_idle(d)
        self.assertEqual(by_test_id(d, "result").text, "")
        self.assertIsNone(ImageChops.difference(before, root_window(self.display)).getbbox(), "No changed nothing")
        by_test_id(d, "apply").click()
        by_test_id(d, "confirm-yes").click()
        result = by_test_id(d, "result")
        WebDriverWait(d, 60).until(lambda d: result.get_attribute("data-state") in ("done", "failed"))
        self.assertEqual(result.get_attribute("data-state"), "done", result.text)
        # Made at the screen's own size (320x240 here), whatever the page previews.
        self.assertIn("--apply", result.text)
        self.assertNotIn("--size", result.text)
        folder = self.work()
        made = run_shown_command(d, folder, ["-o", "shown.png"])
        self.assertEqual(made.returncode, 0, made.stderr)
        expected = Image.open(os.path.join(folder, "shown.png")).convert("RGB")
        screen = root_window(self.display)
        self.assertEqual(screen.size, (320, 240))
        # xwallpaper draws a picture of the screen's size one for one.
        self.assertIsNone(ImageChops.difference(screen, expected).getbbox(), "the root window is not the picture")
        # The applied store keeps one copy, named by the SHA-256 of its bytes, beside its
        # ledger and lock.
        store = os.path.join(self.studio.folder, "data", "wallgen", "applied")
        copies = [n for n in os.listdir(store) if re.fullmatch(r"[0-9a-f]{64}\.png", n)]
        self.assertEqual(len(copies), 1, os.listdir(store))
        with open(os.path.join(store, copies[0]), "rb") as file:
            self.assertEqual(hashlib.sha256(file.read()).hexdigest() + ".png", copies[0])


if __name__ == "__main__":
    if not WALLGEN:
        sys.exit("set WALLGEN to the wallgen binary")
    unittest.main()
