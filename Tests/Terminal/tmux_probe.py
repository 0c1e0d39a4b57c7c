"""Runs `wallgen show PICTURE` inside a real tmux (a server of its own, its client on a
pseudo-terminal this script reads as the outer terminal), with kitty's variable in the
pane's environment and tmux's allow-passthrough on or off; writes every kitty graphics
sequence the outer terminal received to OUT and says what arrived.

    python3 tmux_probe.py WALLGEN PICTURE on|off OUT
prints: kitty-sequences N  half-blocks yes|no  wrapped-left yes|no
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'Tools'))
from pty_reading import read_chunk  # noqa: E402

# Started from a worker thread of the Swift test process, this process inherits that
# thread's signal mask; unblocked, so the tmux server it starts can be stopped.
signal.pthread_sigmask(signal.SIG_SETMASK, [])

wallgen, picture, passthrough, out_path = sys.argv[1:5]
folder = tempfile.mkdtemp(prefix='tmux-probe-')
socket = os.path.join(folder, 'socket')
config = os.path.join(folder, 'tmux.conf')
with open(config, 'w') as file:
    file.write('set -g allow-passthrough %s\nset -g status off\n' % passthrough)
environment = {k: v for k, v in os.environ.items() if k not in ('TMUX', 'KITTY_WINDOW_ID', 'TERM_PROGRAM')}
environment['TERM'] = 'xterm-256color'
environment['COLORTERM'] = 'truecolor'
command = 'KITTY_WINDOW_ID=1 %s show %s; sleep 1' % (wallgen, picture)

master, slave = os.openpty()
import fcntl
import termios
fcntl.ioctl(slave, termios.TIOCSWINSZ, b'\x18\x00\x50\x00\x00\x00\x00\x00')  # 24x80 cells
client = subprocess.Popen(['tmux', '-S', socket, '-f', config, 'new-session', '-x', '80', '-y', '24', command],
                          stdin=slave, stdout=slave, stderr=slave, env=environment, start_new_session=True)
os.close(slave)
output = b''
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    chunk = read_chunk(master, 0.1)
    if chunk is None:
        break
    output += chunk
    if client.poll() is not None:
        break
subprocess.run(['tmux', '-S', socket, 'kill-server'], stderr=subprocess.DEVNULL)
client.wait()
os.close(master)
for name in os.listdir(folder):
    os.remove(os.path.join(folder, name))
os.rmdir(folder)

sequences = re.findall(rb'\x1b_G[^\x1b]*\x1b\\', output)
with open(out_path, 'wb') as file:
    file.write(b''.join(sequences))
print('kitty-sequences', len(sequences), 'half-blocks', 'yes' if '\u2580'.encode() in output else 'no',
      'wrapped-left', 'yes' if b'\x1bPtmux;' in output else 'no')
