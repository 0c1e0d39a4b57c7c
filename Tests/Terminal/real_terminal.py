"""Runs `wallgen show PICTURE` (the protocol found by asking) in a real terminal under
Xvfb, takes a screenshot of the screen, and finds the picture in it: the offset near the
window's corner where the screen best matches the picture, and the worst channel's mean
absolute difference there.

    python3 real_terminal.py WALLGEN PICTURE xterm|kitty
prints: dx dy difference    (or "unavailable REASON" when the terminal cannot start)
"""
import io
import os
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageChops, ImageStat

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'Tools'))
import headless_x  # noqa: E402

wallgen, picture, terminal = sys.argv[1:4]
if not shutil.which(terminal) or not shutil.which('Xvfb') or not shutil.which('xwd'):
    print('unavailable', terminal, 'Xvfb or xwd is not installed')
    sys.exit(0)

server, display = headless_x.start('-screen', '0', '1024x768x24')
environment = dict(os.environ, DISPLAY=display, LIBGL_ALWAYS_SOFTWARE='1')
for key in ('TERM_PROGRAM', 'KITTY_WINDOW_ID', 'TMUX', 'WAYLAND_DISPLAY'):
    environment.pop(key, None)
home = tempfile.mkdtemp()
environment['HOME'] = home
environment['XDG_CONFIG_HOME'] = home
script = '%s show %s; sleep 30' % (wallgen, picture)
if terminal == 'xterm':
    command = ['xterm', '-ti', 'vt340', '-geometry', '100x30+0+0', '-xrm', 'XTerm*numColorRegisters: 256',
               '-e', 'sh', '-c', script]
else:
    command = ['kitty', '--config', 'NONE', '-o', 'placement_strategy=top-left', '-o', 'window_padding_width=0',
               '-o', 'initial_window_width=800', '-o', 'initial_window_height=500', 'sh', '-c', script]
target = Image.open(picture).convert('RGB')
best = None
attempts = 0
errors = open(os.path.join(home, 'terminal.err'), 'w+')
shown = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=errors)
try:
    deadline = time.monotonic() + 25
    while time.monotonic() < deadline:
        time.sleep(1)
        if shown.poll() is not None:
            # A terminal that could not start at once is given two more tries.
            attempts += 1
            if attempts > 2:
                errors.seek(0)
                said = ' '.join(errors.read().split())[-400:]
                print('unavailable', terminal, 'exited with status', shown.returncode, 'under Xvfb:', said)
                sys.exit(0)
            shown = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=errors)
            continue
        grab = subprocess.run(['xwd', '-root', '-silent', '-display', display], capture_output=True)
        if grab.returncode != 0:
            continue
        converted = subprocess.run(['convert', 'xwd:-', 'png:-'], input=grab.stdout, capture_output=True)
        screen = Image.open(io.BytesIO(converted.stdout)).convert('RGB')
        best = None
        for dy in range(0, 12):
            for dx in range(0, 12):
                crop = screen.crop((dx, dy, dx + target.width, dy + target.height))
                difference = max(ImageStat.Stat(ImageChops.difference(crop, target)).mean)
                if best is None or difference < best[2]:
                    best = (dx, dy, difference)
        if best[2] < 6:
            break
finally:
    shown.kill()
    shown.wait()
    headless_x.stop(server, kill=True)
    shutil.rmtree(home, ignore_errors=True)
print(best[0], best[1], '%.2f' % best[2])
