/// The Fowler–Noll–Vo hash (FNV-1a) of bytes: fast, stable across processes and platforms (unlike `Hasher`,
/// which Swift seeds per process), for fingerprints that are stored or compared between runs. Not a cryptographic
/// hash: it detects change, not tampering by someone who wants a collision.
///
/// It lives here, in the bottom module, so that every module of the package uses this one hash: replay tokens'
/// fingerprints, kept timelines' scenario digests and the image hashes of the UIKit stand-in alike.
///
/// ```swift
/// FNV1a.hash32(Array("a".utf8))   // 0xe40c292c
/// ```
/// - Complexity: O(n) in the number of bytes.
public enum FNV1a {
    /// The 32-bit hash.
    public static func hash32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    /// The 64-bit hash.
    public static func hash64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return hash
    }
}
