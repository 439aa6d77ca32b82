# SPDX-License-Identifier: MIT
"""Screenshots of an X display, as a person would see it: `xwd -root` (x11-apps), read here.

    grab(display) -> Screen      Screen.pixel(x, y), Screen.row(y), Screen.save_png(path)

XWD is the X server's own dump format: a big-endian header (XWDFileHeader in X11/XWDFile.h),
the window name, a colormap, then the pixels as the server holds them (ZPixmap, 32 bits per
pixel for a 24-bit Xvfb screen). Pixels are decoded when asked for: a row is cheap, a whole
picture (for a PNG) takes a moment.
"""
import struct
import subprocess
import zlib


class Screen:
    def __init__(self, data):
        fields = struct.unpack(">25I", data[:100])
        header_size, version, pixmap_format, _, self.width, self.height = fields[:6]
        byte_order, bits_per_pixel, self.bytes_per_line = fields[7], fields[11], fields[12]
        masks, ncolors = fields[14:17], fields[19]
        if version != 7 or pixmap_format != 2 or bits_per_pixel != 32:
            raise ValueError(f"unsupported XWD: version {version}, format {pixmap_format}, {bits_per_pixel} bpp")
        self.data, self.offset = data, header_size + 12 * ncolors
        self.order = "<" if byte_order == 0 else ">"
        self.channels = [(mask, (mask & -mask).bit_length() - 1) for mask in masks]

    def row(self, y):
        """The pixels of row y, as (r, g, b) tuples."""
        start = self.offset + y * self.bytes_per_line
        return [tuple((value & mask) >> shift for mask, shift in self.channels)
                for (value,) in struct.iter_unpack(self.order + "I", self.data[start:start + 4 * self.width])]

    def pixel(self, x, y):
        start = self.offset + y * self.bytes_per_line + 4 * x
        (value,) = struct.unpack(self.order + "I", self.data[start:start + 4])
        return tuple((value & mask) >> shift for mask, shift in self.channels)

    def save_png(self, path):
        raw = b"".join(b"\0" + bytes(c for pixel in self.row(y) for c in pixel) for y in range(self.height))

        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

        with open(path, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0))
                    + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def grab(display):
    """A screenshot of the whole screen of `display` (":99")."""
    return Screen(subprocess.run(["xwd", "-root", "-silent", "-display", display],
                                 check=True, capture_output=True).stdout)
