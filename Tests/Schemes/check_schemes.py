#!/usr/bin/env python3
"""Checks scheme folders wallgen wrote, with the programs that read them and with rules
computed here, apart from wallgen's code.

    check_schemes.py [--pywal WAL] [--material] FOLDER...

For every folder: colors.json's rules (WCAG contrast computed here: text 7:1, colours
1-7 and 9-15 at least 3:1, each bright colour of 1-7 lighter than its pair, the six hues
in ANSI order round Oklab's hue circle); every other file read by its program or parser
and found to hold the same colours: xrdb -n (under a headless X server), kitty's own
config loader (kitty +runpy), foot --check-config, Python's TOML reader for alacritty
(Debian's alacritty predates TOML), GTK 3's CSS parser, bash sourcing colors.sh.
--pywal WAL: pywal loads colors.json (wal --theme) and writes the same colours.
--material: material.json's roles within ΔE 2 of materialyoucolor's SchemeTonalSpot
(2021 spec, contrast 0) from the same seed.
Prints one line per problem and exits 1 if any; else "ok N folders".
"""
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import tomllib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tools"))
import headless_x  # noqa: E402

# Started from a worker thread of the Swift test process, this process inherits that
# thread's signal mask, SIGTERM blocked among others, and so would the X server it starts,
# which terminate() could then never end: unblocked here.
signal.pthread_sigmask(signal.SIG_SETMASK, [])

problems = []


def problem(folder, text):
    problems.append(f"{folder}: {text}")


def luminance(hex_colour):
    value = int(hex_colour.lstrip("#"), 16)
    channels = [(value >> 16) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2], linear


def contrast(one, other):
    a, b = luminance(one)[0], luminance(other)[0]
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def oklab_hue(hex_colour):
    r, g, b = luminance(hex_colour)[1]
    l = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) ** (1 / 3)
    m = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) ** (1 / 3)
    s = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b) ** (1 / 3)
    a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
    bb = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    return math.degrees(math.atan2(bb, a)) % 360


def check_rules(folder, scheme):
    special, colours = scheme["special"], scheme["colors"]
    background = special["background"]
    c = [colours[f"color{i}"] for i in range(16)]
    ratio = contrast(special["foreground"], background)
    if ratio < 7:
        problem(folder, f"foreground {special['foreground']} on {background} is {ratio:.2f}:1, under 7:1")
    for index in list(range(1, 8)) + list(range(9, 16)):
        ratio = contrast(c[index], background)
        if ratio < 3:
            problem(folder, f"color{index} {c[index]} on {background} is {ratio:.2f}:1, under 3:1")
    for index in range(0, 8):
        if luminance(c[index + 8])[0] <= luminance(c[index])[0]:
            problem(folder, f"color{index + 8} {c[index + 8]} is not lighter than color{index} {c[index]}")
    # Red, yellow, green, cyan, blue, magenta going round: ANSI 1, 3, 2, 6, 4, 5.
    for offset in (0, 8):
        hues = [oklab_hue(c[offset + i]) for i in (1, 3, 2, 6, 4, 5)]
        turns = [(hues[(i + 1) % 6] - hues[i]) % 360 for i in range(6)]
        if abs(sum(turns) - 360) > 1e-6 or min(turns) <= 0:
            problem(folder, f"colours {offset + 1}-{offset + 6} are not in ANSI's hue order: {hues}")


def expected_colours(scheme):
    special, colours = scheme["special"], scheme["colors"]
    return special, [colours[f"color{i}"].lower() for i in range(16)]


def check_shell(folder, scheme):
    special, c = expected_colours(scheme)
    names = " ".join(["$background", "$foreground", "$cursor"] + [f"$color{i}" for i in range(16)])
    found = subprocess.run(
        ["bash", "-c", f'. "$1" && echo {names}', "bash", folder + "/colors.sh"], capture_output=True, text=True
    ).stdout.split()
    if found != [special["background"], special["foreground"], special["cursor"]] + c:
        problem(folder, f"colors.sh sourced by bash gives {found}")


def check_alacritty(folder, scheme):
    special, c = expected_colours(scheme)
    with open(folder + "/alacritty.toml", "rb") as file:
        config = tomllib.load(file)
    names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
    colours = config["colors"]
    found = [colours["normal"][n] for n in names] + [colours["bright"][n] for n in names]
    if found != c or colours["primary"]["background"] != special["background"]:
        problem(folder, f"alacritty.toml holds {found}")
    if set(colours) - {"primary", "cursor", "normal", "bright"}:
        problem(folder, f"alacritty.toml has tables alacritty does not know: {set(colours)}")


def check_foot(folder, scheme):
    with tempfile.TemporaryDirectory() as scratch:
        main = scratch + "/foot.ini"
        with open(main, "w") as file:
            file.write(f"include={os.path.abspath(folder)}/foot.ini\n")
        checked = subprocess.run(["foot", "--check-config", f"--config={main}"], capture_output=True, text=True)
    if checked.returncode != 0:
        problem(folder, f"foot --check-config refused foot.ini: {checked.stderr.strip()}")
    special, c = expected_colours(scheme)
    text = open(folder + "/foot.ini").read()
    for index in range(8):
        for name, colour in ((f"regular{index}", c[index]), (f"bright{index}", c[index + 8])):
            if f"{name}={colour.lstrip('#')}\n" not in text:
                problem(folder, f"foot.ini's {name} is not {colour}")


def check_gtk(folder, scheme):
    import gi

    gi.require_version("Gtk", "3.0")
    from gi.repository import Gtk

    provider = Gtk.CssProvider()
    try:
        provider.load_from_path(folder + "/gtk.css")
    except Exception as error:
        problem(folder, f"GTK's CSS parser refused gtk.css: {error}")
    special, c = expected_colours(scheme)
    text = open(folder + "/gtk.css").read()
    for index in range(16):
        if f"@define-color color{index} {c[index]};" not in text:
            problem(folder, f"gtk.css does not define color{index} as {c[index]}")


def check_xresources(folders, schemes):
    """xrdb -n, one headless X server for them all."""
    # Kept from resetting when each xrdb leaves (-noreset: a reset refuses the next
    # connection while it lasts).
    server, display = headless_x.start("-noreset")
    try:
        for folder, scheme in zip(folders, schemes):
            read = subprocess.run(
                ["xrdb", "-n", folder + "/colors.Xresources"],
                capture_output=True, text=True, env={**os.environ, "DISPLAY": display},
            )
            if read.returncode != 0:
                problem(folder, f"xrdb refused colors.Xresources: {read.stderr.strip()}")
                continue
            resources = dict(
                (key.strip(), value.strip()) for key, value in (line.split(":", 1) for line in read.stdout.splitlines() if ":" in line)
            )
            special, c = expected_colours(scheme)
            wanted = {"*.background": special["background"], "*.foreground": special["foreground"]}
            wanted.update({f"*.color{i}": c[i] for i in range(16)})
            for key, value in wanted.items():
                if resources.get(key, "").lower() != value:
                    problem(folder, f"xrdb reads {key} as {resources.get(key)!r}, not {value}")
    finally:
        headless_x.stop(server)


def check_kitty(folders, schemes):
    """kitty's own config loader, one kitty for them all."""
    script = (
        "import json, sys\nfrom kitty.config import load_config\nout = []\n"
        "for path in sys.argv[1:]:\n"
        "    o = load_config(path)\n"
        "    found = [o.background, o.foreground, o.cursor]\n"
        "    for i in range(16):\n"
        "        found.append(getattr(o, 'color%d' % i))\n"
        "    out.append(['#%02x%02x%02x' % (c.red, c.green, c.blue) for c in found])\n"
        "print(json.dumps(out))\n"
    )
    read = subprocess.run(
        ["kitty", "+runpy", script] + [os.path.abspath(f) + "/kitty.conf" for f in folders], capture_output=True, text=True
    )
    if read.returncode != 0:
        problem(folders[0], f"kitty could not load kitty.conf: {read.stderr.strip()}")
        return
    for folder, scheme, found in zip(folders, schemes, json.loads(read.stdout.strip().splitlines()[-1])):
        special, c = expected_colours(scheme)
        if found != [special["background"], special["foreground"], special["cursor"]] + c:
            problem(folder, f"kitty reads {found}")


def check_pywal(wal, folder, scheme):
    with tempfile.TemporaryDirectory() as home:
        environment = {**os.environ, "HOME": home, "XDG_CACHE_HOME": home + "/.cache", "XDG_CONFIG_HOME": home + "/.config"}
        ran = subprocess.run(
            [wal, "--theme", os.path.abspath(folder) + "/colors.json", "-n", "-s", "-t", "-e", "-q"],
            capture_output=True, text=True, env=environment,
        )
        if ran.returncode != 0:
            problem(folder, f"wal --theme refused colors.json: {ran.stderr.strip()}")
            return
        written = json.load(open(home + "/.cache/wal/colors.json"))
    if written["colors"] != scheme["colors"] or written["special"] != scheme["special"]:
        problem(folder, f"pywal's colors.json differs: {written}")


def lab(hex_colour):
    _, (r, g, b) = luminance(hex_colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def check_material(folder):
    from materialyoucolor.dynamiccolor.material_dynamic_colors import MaterialDynamicColors
    from materialyoucolor.hct import Hct
    from materialyoucolor.scheme.scheme_tonal_spot import SchemeTonalSpot

    material = json.load(open(folder + "/material.json"))
    seed = Hct.from_int(0xFF000000 | int(material["seed"].lstrip("#"), 16))
    for variant, dark in (("light", False), ("dark", True)):
        scheme = SchemeTonalSpot(seed, dark, 0.0, spec_version="2021")
        for role, made in material[variant].items():
            reference = "#%06x" % (getattr(MaterialDynamicColors, role).get_argb(scheme) & 0xFFFFFF)
            difference = math.dist(lab(made), lab(reference))
            if difference > 2:
                problem(folder, f"material {variant} {role} is {made}, materialyoucolor {reference} (ΔE {difference:.2f})")


def main():
    arguments = sys.argv[1:]
    wal = None
    material = False
    if arguments[:1] == ["--pywal"]:
        wal, arguments = arguments[1], arguments[2:]
    if arguments[:1] == ["--material"]:
        material, arguments = True, arguments[1:]
    folders = [folder.rstrip("/") for folder in arguments]
    schemes = [json.load(open(folder + "/colors.json")) for folder in folders]
    for folder, scheme in zip(folders, schemes):
        check_rules(folder, scheme)
        check_shell(folder, scheme)
        check_alacritty(folder, scheme)
        check_foot(folder, scheme)
        check_gtk(folder, scheme)
        if wal:
            check_pywal(wal, folder, scheme)
        if material:
            check_material(folder)
    check_xresources(folders, schemes)
    check_kitty(folders, schemes)
    for line in problems:
        print(line)
    if problems:
        sys.exit(1)
    print(f"ok {len(folders)} folders")


main()
