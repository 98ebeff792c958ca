import CombineCompat
import Foundation
import RehearsalBase

/// The bytes of an encoded image with what their header says: the format and the pixel size. Nothing is decoded.
struct ImageData: Hashable {
    /// An image file format whose header is read.
    enum Format: String {
        case png = "PNG", jpeg = "JPEG", gif = "GIF", bmp = "BMP", webp = "WebP"
    }

    let bytes: Data
    let format: Format
    let width: Int
    let height: Int

    /// The header of `bytes`, or `nil` when they are not an image of a known format.
    init?(_ bytes: Data) {
        let header = [UInt8](bytes.prefix(64 * 1024))
        guard
            let (format, width, height) = Self.png(header) ?? Self.gif(header) ?? Self.bmp(header)
                ?? Self.webp(header) ?? Self.jpeg(header)
        else { return nil }
        self.bytes = bytes
        self.format = format
        self.width = width
        self.height = height
    }

    /// `1234 bytes, PNG 64×64 px, fnv1a 5b2f8a0c1d3e4f60`: enough to tell two images apart in a diff.
    var summary: String {
        "\(bytes.count) bytes, \(format.rawValue) \(width)×\(height) px, fnv1a \(Self.fnv1a(bytes))"
    }

    /// The 64-bit FNV-1a hash of `bytes`, in hex: the same bytes give the same text in every process.
    static func fnv1a(_ bytes: Data) -> String {
        let hex = String(FNV1a.hash64(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// PNG: the signature, then the IHDR chunk's width and height (big-endian).
    private static func png(_ bytes: [UInt8]) -> (Format, Int, Int)? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            return nil
        }
        return (.png, bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
    }

    /// GIF: `GIF87a` or `GIF89a`, then the logical screen's width and height (little-endian).
    private static func gif(_ bytes: [UInt8]) -> (Format, Int, Int)? {
        guard bytes.count >= 10, bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
        else { return nil }
        return (.gif, littleEndian(bytes, 6, 2), littleEndian(bytes, 8, 2))
    }

    /// BMP: `BM`, then the DIB header's width and height (little-endian; a negative height is top-down).
    private static func bmp(_ bytes: [UInt8]) -> (Format, Int, Int)? {
        guard bytes.count >= 26, bytes.starts(with: Array("BM".utf8)) else { return nil }
        let height = Int32(truncatingIfNeeded: littleEndian(bytes, 22, 4))
        return (.bmp, littleEndian(bytes, 18, 4), Int(height.magnitude))
    }

    /// WebP: a RIFF `WEBP` file whose first chunk is `VP8 ` (lossy), `VP8L` (lossless) or `VP8X` (extended).
    private static func webp(_ bytes: [UInt8]) -> (Format, Int, Int)? {
        guard bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8)
        else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            return (.webp, littleEndian(bytes, 26, 2) & 0x3FFF, littleEndian(bytes, 28, 2) & 0x3FFF)
        case "VP8L":
            let bits = littleEndian(bytes, 21, 4)
            return (.webp, (bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8X":
            return (.webp, littleEndian(bytes, 24, 3) + 1, littleEndian(bytes, 27, 3) + 1)
        default:
            return nil
        }
    }

    /// JPEG: the start-of-image marker, then the first start-of-frame segment's height and width.
    private static func jpeg(_ bytes: [UInt8]) -> (Format, Int, Int)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 9 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            let length = bigEndian(bytes, offset + 2, 2)
            // SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (.jpeg, bigEndian(bytes, offset + 7, 2), bigEndian(bytes, offset + 5, 2))
            }
            offset += 2 + length
        }
        return nil
    }
}
