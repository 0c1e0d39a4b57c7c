"""Finds a picture a terminal drew in a screenshot and compares it with the picture.

    python3 find_picture.py SCREENSHOT PICTURE
prints: left top width height mean-difference, or "none" when nothing was drawn.

The drawn picture is the block of rows and columns mostly not the terminal's black (a
text line or the cursor are not); it is compared with Pillow's own Lanczos resize of the
picture to that block's size (the worst channel's mean absolute difference).
"""
import sys

from PIL import Image, ImageChops, ImageStat

shot = Image.open(sys.argv[1]).convert('RGB')
picture = Image.open(sys.argv[2]).convert('RGB')
width, height = shot.size
pixels = shot.load()


def lit(x, y):
    return sum(pixels[x, y]) > 30


rows = [y for y in range(height) if sum(lit(x, y) for x in range(0, width, 2)) > width // 4]
if not rows:
    print('none')
    sys.exit(0)
top, bottom = rows[0], rows[-1] + 1
columns = [x for x in range(width) if sum(lit(x, y) for y in range(top, bottom, 2)) > (bottom - top) // 4]
left, right = columns[0], columns[-1] + 1
drawn = shot.crop((left, top, right, bottom))
reference = picture.resize(drawn.size, Image.LANCZOS)
difference = max(ImageStat.Stat(ImageChops.difference(drawn, reference)).mean)
print(left, top, right - left, bottom - top, '%.2f' % difference)
