"""A headless X server for the tests' scripts: Xvfb on a display it picks itself.

    server, display = headless_x.start('-screen', '0', '1024x768x24')
    ...
    headless_x.stop(server)

Xvfb writes the display's number to a pipe once it is ready (-displayfd); the number
ends with a newline that may come in a write of its own, so the pipe is read to it. The
pipe stays open while the server runs (closed early, the server's next write to it would
end it) and is closed by `stop`. Nothing else listens (-nolisten tcp).
"""
import os
import subprocess


def start(*arguments, cwd=None):
    """Starts Xvfb with `arguments`; returns the server and its display (':N')."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(['Xvfb', '-displayfd', str(write_end), '-nolisten', 'tcp', *arguments],
                              pass_fds=[write_end], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    os.close(write_end)
    number = b''
    while not number.endswith(b'\n'):
        chunk = os.read(read_end, 16)
        if not chunk:
            break
        number += chunk
    server.display_pipe = read_end
    return server, ':' + number.decode().strip()


def stop(server, kill=False):
    """Ends the server (SIGKILL with `kill`), waits for it, and closes its pipe."""
    if kill:
        server.kill()
    else:
        server.terminate()
    server.wait()
    os.close(server.display_pipe)
