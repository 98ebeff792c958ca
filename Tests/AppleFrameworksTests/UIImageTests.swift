import Foundation
import Testing

@testable import UIKit

/// `UIImage` as a value. Apple documents `isEqual(_:)` as "the only reliable way to determine whether two images
/// contain the same image data" (UIImage, "Comparing Images"): equality is by what the image holds, never identity.
/// Sizes come from the file headers as each format's specification lays them out (PNG IHDR, GIF logical screen, JPEG
/// SOF, BMP DIB header, WebP VP8X).
struct UIImageTests {
    /// A PNG signature and an IHDR chunk for a `width`×`height` image (the rest of the file is not read).
    static func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        return Data(bytes + [8, 6, 0, 0, 0])
    }

    @Test func imagesFromTheSameSourceAreEqualAndOthersAreNot() throws {
        let avatar = try #require(UIImage(named: "avatar"))
        #expect(avatar == UIImage(named: "avatar"))
        #expect(avatar != UIImage(named: "banner"))
        #expect(avatar != UIImage(systemName: "avatar"))
        #expect(UIImage(data: Self.png(width: 4, height: 4)) == UIImage(data: Self.png(width: 4, height: 4)))
        #expect(UIImage(data: Self.png(width: 4, height: 4)) != UIImage(data: Self.png(width: 4, height: 5)))
        #expect(Set([avatar, try #require(UIImage(named: "avatar"))]).count == 1)
    }

    @Test func anImageFromDataHasItsHeadersPixelSizeDividedByItsScale() throws {
        let image = try #require(UIImage(data: Self.png(width: 64, height: 32)))
        #expect(image.size == CGSize(width: 64, height: 32))
        #expect(UIImage(data: Self.png(width: 64, height: 32), scale: 2)?.size == CGSize(width: 32, height: 16))
        #expect(UIImage(named: "avatar")?.size == .zero)
    }

    @Test(arguments: [
        // GIF89a, logical screen 300×200 (little-endian)
        (Data(Array("GIF89a".utf8) + [0x2C, 0x01, 0xC8, 0x00]), "GIF", CGSize(width: 300, height: 200)),
        // JPEG: SOI, an APP0 segment of length 4, then SOF0 with height 480 and width 640
        (
            Data([
                0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 3,
            ]),
            "JPEG", CGSize(width: 640, height: 480)
        ),
        // BMP: "BM", then a DIB header with width 10 and height -20 (top-down)
        (
            Data(Array("BM".utf8) + [UInt8](repeating: 0, count: 16) + [10, 0, 0, 0, 0xEC, 0xFF, 0xFF, 0xFF]),
            "BMP", CGSize(width: 10, height: 20)
        ),
        // WebP VP8X: canvas width-1 and height-1 as 24-bit little-endian numbers (1023 → 1024, 767 → 768)
        (
            Data(
                Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
                    + [0xFF, 0x03, 0x00, 0xFF, 0x02, 0x00]),
            "WebP", CGSize(width: 1024, height: 768)
        ),
    ])
    func eachFormatsHeaderGivesItsSize(data: Data, format: String, size: CGSize) throws {
        let image = try #require(UIImage(data: data))
        #expect(image.size == size)
        #expect(image.description.contains("\(format) \(Int(size.width))×\(Int(size.height)) px"))
    }

    @Test func bytesThatAreNoImageMakeNoImage() {
        #expect(UIImage(data: Data("hello".utf8)) == nil)
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(contentsOfFile: "/nonexistent/image.png") == nil)
    }

    @Test func pngAndJPEGDataAreTheBytesTheImageWasMadeFromWhenOfThatFormat() throws {
        let bytes = Self.png(width: 2, height: 2)
        let image = try #require(UIImage(data: bytes))
        #expect(image.pngData() == bytes)
        #expect(image.jpegData(compressionQuality: 0.8) == nil)
        #expect(UIImage(named: "avatar")?.pngData() == nil)
    }

    @Test func theDescriptionSaysWhatTheImageIsMadeFromAndNeverAnAddress() throws {
        #expect(UIImage(named: "avatar")?.description == #"UIImage(named: "avatar")"#)
        #expect(
            UIImage(
                systemName: "star.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 20, weight: .bold))?
                .withTintColor(.systemBlue).description
                == #"UIImage(systemName: "star.fill", withConfiguration: pointSize: 20, weight: bold)"#
                + ".withTintColor(UIColor.systemBlue)")
        #expect(
            UIImage(named: "check")?.withRenderingMode(.alwaysTemplate).description
                == #"UIImage(named: "check").withRenderingMode(.alwaysTemplate)"#)
        let photo = try #require(UIImage(data: Self.png(width: 64, height: 32), scale: 2))
        #expect(photo.description == "UIImage(data: 29 bytes, PNG 64×32 px, fnv1a c52413d9b493eb06, scale: 2)")
    }

    /// The FNV-1a test vectors of its authors' reference (Fowler, Noll, Vo: "FNV-1a 64 bit": "" → cbf29ce484222325,
    /// "a" → af63dc4c8601ec8c, "foobar" → 85944171f73967e8): the hash is the same in every process.
    @Test func theContentHashIsFNV1a() {
        #expect(ImageData.fnv1a(Data()) == "cbf29ce484222325")
        #expect(ImageData.fnv1a(Data("a".utf8)) == "af63dc4c8601ec8c")
        #expect(ImageData.fnv1a(Data("foobar".utf8)) == "85944171f73967e8")
    }
}
