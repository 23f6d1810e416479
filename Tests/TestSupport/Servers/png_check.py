#!/usr/bin/env python3
"""What a loopback server checks of a picture a client sent (Python standard library only).

    describe(data) -> {"width", "height", "chunks", "bit_depth", "color_type"}

`data` is the PNG file's bytes. Every chunk's length and CRC is checked, IHDR is read, and the
IDAT stream is inflated (zlib) to exactly the size its rows must have; any fault raises
ValueError with what was wrong. The chunk types are listed in order, so a test sees whether
anything but IHDR, IDAT and IEND (tEXt, iTXt, eXIf, iCCP...) left the client. `event` words it
as the servers log it: "image WxH image/png IHDR,IDAT,IEND".
"""

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def describe(data):
    if not data.startswith(SIGNATURE):
        raise ValueError("not a PNG file (no PNG signature)")
    position = len(SIGNATURE)
    chunks = []
    idat = b""
    header = None
    while position < len(data):
        if position + 8 > len(data):
            raise ValueError("a chunk header is cut off at byte %d" % position)
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if len(body) != length or position + 12 + length > len(data):
            raise ValueError("chunk %r is cut off" % kind)
        (crc,) = struct.unpack(">I", data[position + 8 + length:position + 12 + length])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise ValueError("chunk %r has a wrong CRC" % kind)
        name = kind.decode("latin-1")
        chunks.append(name)
        if name == "IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif name == "IDAT":
            idat += body
        position += 12 + length
        if name == "IEND":
            break
    if position != len(data):
        raise ValueError("%d bytes follow IEND" % (len(data) - position))
    if not chunks or chunks[0] != "IHDR" or header is None:
        raise ValueError("IHDR is not the first chunk")
    if chunks[-1] != "IEND":
        raise ValueError("no IEND chunk")
    width, height, depth, color, _compression, _filter, interlace = header
    if color not in CHANNELS or interlace not in (0, 1):
        raise ValueError("IHDR has colour type %d, interlace %d" % (color, interlace))
    raw = zlib.decompress(idat)
    if interlace == 0:
        expected = (1 + (width * CHANNELS[color] * depth + 7) // 8) * height
        if len(raw) != expected:
            raise ValueError("IDAT holds %d bytes, not the %d of %dx%d rows" % (len(raw), expected, width, height))
    return {"width": width, "height": height, "chunks": chunks, "bit_depth": depth, "color_type": color}


def event(data, mime_type):
    """The log line for a picture: "image WxH MIME CHUNK,CHUNK,...", or "image unreadable: why"."""
    try:
        found = describe(data)
    except (ValueError, zlib.error, struct.error) as error:
        return "image unreadable: %s" % error
    return "image %dx%d %s %s" % (found["width"], found["height"], mime_type, ",".join(found["chunks"]))
