#!/usr/bin/env python3
"""Writes the decoder fixtures and their reference pixels (run from this folder; the outputs are committed).

PNG: this script's own encoder (zlib from Python), every colour type and bit depth, plain and Adam7, with every
row filter, tRNS colour keys and palette alpha; the reference is the pixels it encoded, reduced to 8-bit RGBA by the
PNG spec's rules. JPEG: cjpeg and djpeg from libjpeg-turbo (Debian's libjpeg-turbo-progs) on pictures drawn here;
the reference is djpeg's decode. References are PAM files (P7, RGB_ALPHA or GRAYSCALE/RGB as djpeg gives them).
"""
import math
import os
import random
import struct
import subprocess
import zlib

random.seed(28)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def pack_row(samples, depth):
    """Samples (ints at the file's depth) to the bytes of one row."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out = bytearray()
    acc, bits = 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def filter_row(kind, row, prior, step):
    out = bytearray(len(row))
    for i in range(len(row)):
        a = row[i - step] if i >= step else 0
        b = prior[i]
        c = prior[i - step] if i >= step else 0
        if kind == 0:
            p = 0
        elif kind == 1:
            p = a
        elif kind == 2:
            p = b
        elif kind == 3:
            p = (a + b) >> 1
        else:
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        out[i] = (row[i] - p) & 255
    return bytes([kind]) + bytes(out)


def encode_png(path, width, height, depth, ctype, pixels, interlace=False, palette=None, trns=None, level=9):
    """pixels[y][x] is a tuple of samples at the file's depth."""
    channels = CHANNELS[ctype]
    bpp_bytes = max(1, channels * depth // 8)
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    row_index = 0
    for (x0, y0, dx, dy) in passes:
        xs = list(range(x0, width, dx))
        ys = list(range(y0, height, dy))
        if not xs or not ys:
            continue
        prior = bytes(len(pack_row([0] * (len(xs) * channels), depth)))
        for y in ys:
            samples = [s for x in xs for s in pixels[y][x]]
            row = pack_row(samples, depth)
            raw += filter_row(row_index % 5, row, prior, bpp_bytes)
            prior = row
            row_index += 1
    data = b"\x89PNG\r\n\x1a\n"
    data += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, ctype, 0, 0, 1 if interlace else 0))
    data += chunk(b"tEXt", b"Comment\x00decoder fixture")
    if palette is not None:
        data += chunk(b"PLTE", bytes(v for rgb in palette for v in rgb))
    if trns is not None:
        data += chunk(b"tRNS", trns)
    compressed = zlib.compress(bytes(raw), level)
    # Split the data over two IDAT chunks, as encoders do for large pictures.
    half = len(compressed) // 2
    data += chunk(b"IDAT", compressed[:half]) + chunk(b"IDAT", compressed[half:])
    data += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)


def to8(value, depth):
    if depth == 16:
        return (value * 255 + 32895) >> 16
    if depth == 8:
        return value
    return value * 255 // ((1 << depth) - 1)


def write_pam(path, width, height, rgba):
    header = f"P7\nWIDTH {width}\nHEIGHT {height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".encode()
    with open(path, "wb") as f:
        f.write(header + bytes(rgba))


def png_case(name, width, height, depth, ctype, interlace=False, trns_mode=None, level=9):
    maximum = (1 << depth) - 1
    channels = CHANNELS[ctype]
    palette = None
    if ctype == 3:
        entries = min(1 << depth, 256)
        palette = [(random.randrange(256), random.randrange(256), random.randrange(256)) for _ in range(entries)]
    pixels = []
    for y in range(height):
        row = []
        for x in range(width):
            if ctype == 3:
                row.append(((x * 7 + y * 3) % len(palette),))
            else:
                # Smooth ramps plus a little noise: every filter type has work to do.
                base = [((x * (c + 2) * 29 + y * 41 * (c + 1)) * maximum // (width * 40 + height * 80) + random.randrange(3)) % (maximum + 1)
                        for c in range(channels)]
                row.append(tuple(base))
        pixels.append(row)
    trns = None
    key = None
    palette_alpha = None
    if trns_mode == "key":
        key = pixels[1][2][:3] if ctype == 2 else pixels[1][2][:1]
        trns = b"".join(struct.pack(">H", v) for v in key)
    elif trns_mode == "palette":
        palette_alpha = [random.randrange(256) for _ in range(len(palette) // 2 + 1)]
        trns = bytes(palette_alpha)
    encode_png(f"{name}.png", width, height, depth, ctype, pixels, interlace, palette, trns, level)
    rgba = bytearray()
    for y in range(height):
        for x in range(width):
            p = pixels[y][x]
            if ctype == 0:
                g = to8(p[0], depth)
                a = 0 if key is not None and p[0] == key[0] else 255
                rgba += bytes([g, g, g, a])
            elif ctype == 2:
                a = 0 if key is not None and tuple(p) == tuple(key) else 255
                rgba += bytes([to8(p[0], depth), to8(p[1], depth), to8(p[2], depth), a])
            elif ctype == 3:
                r, g, b = palette[p[0]]
                a = palette_alpha[p[0]] if palette_alpha and p[0] < len(palette_alpha) else 255
                rgba += bytes([r, g, b, a])
            elif ctype == 4:
                g = to8(p[0], depth)
                rgba += bytes([g, g, g, to8(p[1], depth)])
            else:
                rgba += bytes([to8(p[0], depth), to8(p[1], depth), to8(p[2], depth), to8(p[3], depth)])
    write_pam(f"{name}.pam", width, height, rgba)


def pngs():
    os.makedirs("png", exist_ok=True)
    os.chdir("png")
    for ctype, depths in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]:
        for depth in depths:
            for interlace in (False, True):
                png_case(f"type{ctype}-{depth}bit{'-adam7' if interlace else ''}", 13, 11, depth, ctype, interlace)
    png_case("type0-8bit-trns", 13, 11, 8, 0, trns_mode="key")
    png_case("type0-16bit-trns", 13, 11, 16, 0, trns_mode="key")
    png_case("type2-8bit-trns", 13, 11, 8, 2, trns_mode="key")
    png_case("type2-16bit-trns-adam7", 13, 11, 16, 2, interlace=True, trns_mode="key")
    png_case("type3-4bit-trns", 13, 11, 4, 3, trns_mode="palette")
    png_case("type3-8bit-trns-adam7", 13, 11, 8, 3, interlace=True, trns_mode="palette")
    png_case("type6-8bit-stored", 40, 30, 8, 6, level=0)
    png_case("type2-8bit-large", 160, 120, 8, 2)
    png_case("type2-8bit-1x1-adam7", 1, 1, 8, 2, interlace=True)
    png_case("type0-1bit-3x2-adam7", 3, 2, 1, 0, interlace=True)
    os.chdir("..")


def scene(width, height):
    """A picture like a car photo: sky, hills, road, a red body with windows and wheels, some grain. RGB rows."""
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            u, v = x / width, y / height
            r, g, b = 120 + 100 * v, 170 + 60 * v, 235 - 30 * v  # sky
            if v > 0.45 + 0.06 * math.sin(u * 9):
                r, g, b = 70 + 40 * u, 120 + 30 * u, 60  # hills
            if v > 0.72:
                r, g, b = 80, 80, 88  # road
                if abs(v - 0.86) < 0.01 and int(u * 20) % 2 == 0:
                    r, g, b = 240, 240, 240
            body = 0.2 < u < 0.8 and 0.5 < v < 0.75 and not (u < 0.3 and v < 0.6) and not (u > 0.72 and v < 0.58)
            if body:
                r, g, b = 200 - 80 * v, 30, 40
                if 0.36 < u < 0.62 and 0.53 < v < 0.62:
                    r, g, b = 150, 190, 220  # windows
            for cx in (0.33, 0.67):
                d = math.hypot((u - cx) * width, (v - 0.75) * height) / height
                if d < 0.08:
                    r, g, b = (40, 40, 44) if d > 0.04 else (190, 190, 200)
            noise = random.randrange(-6, 7)
            row += bytes(max(0, min(255, int(c) + noise)) for c in (r, g, b))
        rows.append(row)
    return rows


def write_ppm(path, width, height, rows, grey=False):
    with open(path, "wb") as f:
        if grey:
            f.write(f"P5\n{width} {height}\n255\n".encode())
            for row in rows:
                f.write(bytes((row[i] * 299 + row[i + 1] * 587 + row[i + 2] * 114) // 1000 for i in range(0, len(row), 3)))
        else:
            f.write(f"P6\n{width} {height}\n255\n".encode() + b"".join(rows))


def pnm_to_pam(source, target):
    data = open(source, "rb").read()
    parts = data.split(maxsplit=4)
    kind, width, height = parts[0], int(parts[1]), int(parts[2])
    pixels = parts[4]
    rgba = bytearray()
    step = 1 if kind == b"P5" else 3
    for i in range(0, width * height * step, step):
        r, g, b = (pixels[i],) * 3 if step == 1 else pixels[i:i + 3]
        rgba += bytes([r, g, b, 255])
    write_pam(target, width, height, rgba)


def jpegs():
    os.makedirs("jpeg", exist_ok=True)
    os.chdir("jpeg")
    cases = [
        ("baseline-444", ["-sample", "1x1"], 64, 48),
        ("baseline-422", ["-sample", "2x1"], 64, 48),
        ("baseline-420", ["-sample", "2x2"], 64, 48),
        ("baseline-440", ["-sample", "1x2"], 64, 48),
        ("baseline-411", ["-sample", "4x1"], 64, 48),
        ("baseline-420-odd", ["-sample", "2x2"], 37, 23),
        ("baseline-grey", ["-grayscale"], 37, 23),
        ("baseline-420-restart", ["-sample", "2x2", "-restart", "2B"], 64, 48),
        ("baseline-444-restart-rows", ["-sample", "1x1", "-restart", "1"], 45, 33),
        ("baseline-420-optimized", ["-sample", "2x2", "-optimize"], 64, 48),
        ("baseline-q100", ["-sample", "1x1", "-quality", "100"], 40, 24),
        ("progressive-444", ["-progressive", "-sample", "1x1"], 64, 48),
        ("progressive-422", ["-progressive", "-sample", "2x1"], 64, 48),
        ("progressive-420", ["-progressive", "-sample", "2x2"], 64, 48),
        ("progressive-420-odd", ["-progressive", "-sample", "2x2"], 37, 23),
        ("progressive-grey", ["-progressive", "-grayscale"], 37, 23),
        ("progressive-420-restart", ["-progressive", "-sample", "2x2", "-restart", "3B"], 64, 48),
        ("car-baseline", ["-sample", "2x2", "-quality", "85"], 320, 200),
        ("car-progressive", ["-progressive", "-sample", "2x2", "-quality", "85"], 320, 200),
    ]
    pictures = {}
    for name, options, width, height in cases:
        if (width, height) not in pictures:
            pictures[(width, height)] = scene(width, height)
        grey = "-grayscale" in options
        write_ppm("source.pnm", width, height, pictures[(width, height)], grey=grey)
        subprocess.run(["cjpeg", "-quality", "90", *options, "-outfile", f"{name}.jpg", "source.pnm"], check=True)
        subprocess.run(["djpeg", "-pnm", "-outfile", "reference.pnm", f"{name}.jpg"], check=True)
        pnm_to_pam("reference.pnm", f"{name}.pam")
    # Refused, not misread: arithmetic coding.
    write_ppm("source.pnm", 16, 16, scene(16, 16))
    subprocess.run(["cjpeg", "-arithmetic", "-outfile", "arithmetic.jpg", "source.pnm"], check=True)
    os.remove("source.pnm")
    os.remove("reference.pnm")
    os.chdir("..")


if __name__ == "__main__":
    pngs()
    jpegs()
