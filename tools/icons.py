"""The app's PNG icons, drawn and encoded here (no image library): a tiny RGBA PNG encoder and the icon."""
from __future__ import annotations

import inspect
import shutil
import struct
import zlib
from pathlib import Path

from .project import CACHE, sha256


def png_bytes(size: int, pixel) -> bytes:
    """Encode an RGBA PNG; pixel(x, y) gives (r, g, b, a) for pixel centres in [0, 1)."""
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            rows.extend(pixel((x + 0.5) / size, (y + 0.5) / size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
            + chunk(b"IEND", b""))


def icon_pixel(x: float, y: float) -> tuple[int, int, int, int]:
    """The app icon (same design as web/icons/icon.svg): a cream card with a red heart on green felt."""
    felt, card, heart, edge = (22, 94, 58, 255), (250, 244, 228, 255), (200, 30, 45, 255), (120, 90, 40, 255)
    if not (0.22 <= x <= 0.78 and 0.12 <= y <= 0.88):
        return felt
    if not (0.24 <= x <= 0.76 and 0.14 <= y <= 0.86):
        return edge
    hx, hy = (x - 0.5) / 0.2, -(y - 0.52) / 0.2   # the heart curve (x^2 + y^2 - 1)^3 <= x^2 y^3
    return heart if (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy ** 3 <= 0 else card


def write_icons(out: Path) -> None:
    """icon-192.png and icon-512.png into `out`, cached by the drawing code."""
    key = sha256((inspect.getsource(png_bytes) + inspect.getsource(icon_pixel)).encode())[:16]
    cached = CACHE / f"icons-{key}"
    if not cached.exists():
        for old in CACHE.glob("icons-*"):
            shutil.rmtree(old, ignore_errors=True)
        tmp = cached.with_name(cached.name + ".tmp")
        tmp.mkdir(parents=True, exist_ok=True)
        for size in (192, 512):
            (tmp / f"icon-{size}.png").write_bytes(png_bytes(size, icon_pixel))
        tmp.rename(cached)
    for png in cached.glob("*.png"):
        shutil.copyfile(png, out / png.name)
