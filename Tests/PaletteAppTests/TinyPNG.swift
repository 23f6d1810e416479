import Foundation
import PaletteCore

/// Small PNG files written byte by byte (stored deflate blocks, no compression), so the app's
/// tests read real files through the real decoder without a drawing library.
enum TinyPNG {
    static let red = RGB(r: 0xFF, g: 0x00, b: 0x00)
    static let green = RGB(r: 0x00, g: 0xFF, b: 0x00)
    static let blue = RGB(r: 0x00, g: 0x00, b: 0xFF)
    static let white = RGB(r: 0xFF, g: 0xFF, b: 0xFF)

    /// 4 × 4: red top left, green top right, blue bottom left, white bottom right.
    static let quadrants: RGBImage = picture(width: 4, height: 4) { x, y in
        switch (x < 2, y < 2) {
        case (true, true): return red
        case (false, true): return green
        case (true, false): return blue
        case (false, false): return white
        }
    }

    static func picture(width: Int, height: Int, _ colour: (Int, Int) -> RGB) -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y)
                pixels += [c.r, c.g, c.b]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }

    /// A fresh folder of its own under the temporary directory.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "imgapp-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ picture: RGBImage, to path: String) throws {
        try Data(encode(picture)).write(to: URL(fileURLWithPath: path))
    }

    static func encode(_ picture: RGBImage) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<picture.height {
            raw.append(0)
            let start = y * picture.width * 3
            raw += picture.pixels[start..<(start + picture.width * 3)]
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65_535, raw.count - offset)
            let last: UInt8 = offset + n == raw.count ? 1 : 0
            zlib += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + n)]
            offset += n
        } while offset < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += bigEndian((b << 16) | a)
        var header = bigEndian(UInt32(picture.width)) + bigEndian(UInt32(picture.height))
        header += [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
            + chunk("IEND", [])
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
    }
}
