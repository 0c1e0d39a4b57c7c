"""Runs `wallgen show PICTURE` with a pseudo-terminal as its terminal and answers the
queries it sends as a given terminal would, then says which protocol it drew with, how
long it took, and whether the terminal's mode was put back.

    python3 pty_probe.py WALLGEN PICTURE kitty|xterm-sixel|vt100|silent
prints: protocol seconds mode-restored|mode-changed queries-seen
"""
import fcntl
import os
import re
import subprocess
import sys
import termios
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'Tools'))
from pty_reading import read_chunk  # noqa: E402

wallgen, picture, persona = sys.argv[1:4]
answers = {
    'kitty': b'\x1bP>|kitty(0.26.5)\x1b\\\x1b[?62;c\x1b[0n',
    'xterm-sixel': b'\x1bP>|XTerm(379)\x1b\\\x1b[?63;1;2;4;6;9;15;16;22;28c\x1b[0n',
    'vt100': b'\x1b[?1;2c\x1b[0n',
    'silent': b'',
    # A sixel xterm whose window gives no pixels (TIOCGWINSZ's are 0): its cell, 5x10, comes
    # from its answer to CSI 16 t.
    'xterm-sixel-cells': b'\x1bP>|XTerm(379)\x1b\\\x1b[?63;1;2;4;6;9;15;16;22;28c\x1b[6;10;5t\x1b[0n',
}[persona]

master, slave = os.openpty()
if persona.endswith('-cells'):
    fcntl.ioctl(slave, termios.TIOCSWINSZ, b'\x18\x00\x50\x00\x00\x00\x00\x00')  # 24x80 cells, no pixels
else:
    fcntl.ioctl(slave, termios.TIOCSWINSZ, b'\x18\x00\x50\x00\x20\x03\xe0\x01')  # 24x80 cells, 800x480 px
before = termios.tcgetattr(slave)
environment = {k: v for k, v in os.environ.items()
               if k not in ('TERM_PROGRAM', 'KITTY_WINDOW_ID', 'TMUX', 'GHOSTTY_RESOURCES_DIR', 'COLORTERM')}
environment['TERM'] = 'xterm-256color'


def become_terminal():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


started = time.monotonic()
child = subprocess.Popen([wallgen, 'show', picture], stdin=slave, stdout=slave, stderr=subprocess.PIPE,
                         preexec_fn=become_terminal, env=environment)
output = b''
answered = False
while True:
    chunk = read_chunk(master, 0.05)
    if chunk is None:
        break
    output += chunk
    if not answered and b'\x1b[5n' in output:
        os.write(master, answers)
        answered = True
    if child.poll() is not None:
        # What is left in the terminal's buffer.
        while chunk := read_chunk(master, 0.1):
            output += chunk
        break
elapsed = time.monotonic() - started
after = termios.tcgetattr(slave)
if b'\x1b_G' in output:
    drawn = 'kitty'
elif b'\x1bPq' in output:
    drawn = 'sixel'
elif '\u2580'.encode() in output:
    drawn = 'blocks'
else:
    drawn = 'nothing'
queries = b'\x1b[>q' in output and b'\x1b[c' in output and b'\x1b[5n' in output
# A sixel's raster attributes, " Pan ; Pad ; width ; height: the size it was drawn at.
raster = re.search(rb'\x1bPq"1;1;(\d+);(\d+)', output)
drawn_size = '%sx%s' % (raster.group(1).decode(), raster.group(2).decode()) if raster else '-'
print(drawn, '%.2f' % elapsed, 'mode-restored' if before[3] == after[3] else 'mode-changed',
      'queries-seen' if queries else 'no-queries', drawn_size, child.returncode, child.stderr.read().decode().strip())
