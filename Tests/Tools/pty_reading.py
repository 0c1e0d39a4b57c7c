"""Reading the terminal's side of a pseudo-terminal, as the test scripts that play a
terminal do (Tests/Terminal/pty_probe.py, tmux_probe.py)."""
import os
import select


def read_chunk(master, timeout):
    """What the pseudo-terminal's master side has within `timeout` seconds: its bytes, b''
    when nothing came, or None once it is closed (the read fails or finds its end)."""
    if not select.select([master], [], [], timeout)[0]:
        return b''
    try:
        chunk = os.read(master, 65536)
    except OSError:
        return None
    return chunk or None
