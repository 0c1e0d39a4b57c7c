"""Reads back the bytes `wallgen show --protocol P` wrote, as a terminal would draw them,
and compares the picture with an independent reference: Pillow's own Lanczos resize of
the picture to the size the bytes say.

    python3 decode_preview.py PROTOCOL PREVIEW_BYTES PICTURE
prints: width height mean-difference (the worst channel's mean absolute difference) and,
for kitty, the largest chunk's size and whether every chunk but the last said m=1.
"""
import base64
import io
import re
import subprocess
import sys
import tempfile

from PIL import Image, ImageChops, ImageStat

protocol, path, picture = sys.argv[1:4]
data = open(path, 'rb').read()
extra = []

if protocol == 'kitty':
    chunks = re.findall(rb'\x1b_G([^;]*);([^\x1b]*)\x1b\\', data)
    flags = [dict(kv.split(b'=') for kv in keys.split(b',')) for keys, _ in chunks]
    assert flags[0][b'a'] == b'T' and flags[0][b'f'] == b'100', flags[0]
    more = [f[b'm'] for f in flags]
    extra = ['chunk', str(max(len(c) for _, c in chunks)),
             'flags-ok' if more[:-1] == [b'1'] * (len(more) - 1) and more[-1] == b'0' else 'flags-bad']
    shown = Image.open(io.BytesIO(base64.b64decode(b''.join(c for _, c in chunks))))
elif protocol == 'iterm':
    match = re.match(rb'\x1b\]1337;File=([^:]*):([^\x07]*)\x07', data)
    keys = dict(kv.split(b'=') for kv in match.group(1).split(b';'))
    payload = base64.b64decode(match.group(2))
    assert int(keys[b'size']) == len(payload), keys
    extra = ['shown-at', keys[b'width'].decode(), keys[b'height'].decode()]
    shown = Image.open(io.BytesIO(payload))
elif protocol == 'sixel':
    with tempfile.NamedTemporaryFile(suffix='.png') as out:
        subprocess.run(['convert', 'sixel:' + path, out.name], check=True)
        shown = Image.open(out.name)
        shown.load()
    colours = len(set(re.findall(rb'#(\d+);2;', data)))
    extra = ['colours', str(colours)]
elif protocol == 'blocks':
    lines = data.decode().split('\n')[:-1]
    rows = []
    for line in lines:
        top, bottom = [], []
        fg = bg = None
        for match in re.finditer(r'\x1b\[(38|48);2;(\d+);(\d+);(\d+)m|(\u2580)|\x1b\[0m', line):
            if match.group(1) == '38':
                fg = tuple(int(match.group(i)) for i in (2, 3, 4))
            elif match.group(1) == '48':
                bg = tuple(int(match.group(i)) for i in (2, 3, 4))
            elif match.group(5):
                top.append(fg)
                bottom.append(bg)
        rows += [top, bottom]
    shown = Image.new('RGB', (len(rows[0]), len(rows)))
    shown.putdata([pixel for row in rows for pixel in row])
else:
    raise SystemExit('unknown protocol ' + protocol)

shown = shown.convert('RGB')
reference = Image.open(picture).convert('RGB').resize(shown.size, Image.LANCZOS)
difference = max(ImageStat.Stat(ImageChops.difference(shown, reference)).mean)
print(shown.width, shown.height, '%.2f' % difference, *extra)
