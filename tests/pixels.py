"""Counts the colours of a screenshot for tests/see.rs: prints `WIDTH HEIGHT RED GREEN DARK`,
each colour as its share of the pixels. Python's standard library only (zlib), so that the
screenshot test needs no package beyond Chromium and python3.

Usage: python3 tests/pixels.py FILE.png
"""

import struct
import sys
import zlib


def rows(path):
    """The rows of an 8-bit RGB or RGBA PNG (what Chromium writes), unfiltered, and the bytes
    of a pixel."""
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat = 8, b''
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, color, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color, interlace)
    size = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * size
    previous = bytearray(stride)
    at = 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for x in range(stride):
            a = line[x - size] if x >= size else 0
            b = previous[x]
            c = previous[x - size] if x >= size else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        yield width, height, size, line
        previous = line


counts = [0, 0, 0]
for width, height, size, line in rows(sys.argv[1]):
    for x in range(0, len(line), size):
        r, g, b = line[x], line[x + 1], line[x + 2]
        # Red as the eye calls it: strong red, little green and blue (a pale pink is not).
        counts[0] += r >= 150 and g <= 110 and b <= 110
        counts[1] += g >= 120 and r <= 110 and b <= 110
        counts[2] += r <= 90 and g <= 90 and b <= 90
print(width, height, *(c / (width * height) for c in counts))
