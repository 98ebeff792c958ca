import Foundation
import ScenarioJSON

extension GoldenStore {
    /// What migrating one golden did.
    public enum Migration: Equatable, Sendable {
        /// The file was in an older format and is now rewritten in the current one (same events, same order).
        case migrated(from: TimelineFormat)
        /// The file already was in the current format, byte for byte.
        case current
    }

    /// Rewrites the golden at `goldenPath` (relative to `root`) in the current format (``TimelineFormat/current``),
    /// atomically, when it is not already. The events, their order, times and bodies stay the same; only the
    /// layout changes (format 1's `seq` members go, format 2's times are written in the one fixed form).
    ///
    /// ```swift
    /// try store.migrateGolden(at: "Scenarios/a.timeline.json")   // .migrated(from: .v1), then .current
    /// ```
    /// With `dryRun`, says what it would do and writes nothing.
    /// - Throws: ``GoldenStoreError``: `.file` when the file cannot be read or written, `.invalidArtifact` (located
    ///   in the file) when it is not a golden timeline of a known format.
    public func migrateGolden(at goldenPath: String, dryRun: Bool = false) throws(GoldenStoreError) -> Migration {
        try migrateGolden(at: PathName(goldenPath), dryRun: dryRun)
    }

    /// ``migrateGolden(at:dryRun:)-(String,_)`` for a golden named by its bytes.
    public func migrateGolden(at golden: PathName, dryRun: Bool = false) throws(GoldenStoreError) -> Migration {
        let goldenPath = golden.description
        let read: [UInt8]?
        do { read = try readBytes(golden) } catch { throw .file(error) }
        guard let bytes = read else {
            throw .file(
                FileError(operation: .read, path: goldenPath, code: ENOENT, reason: String(cString: strerror(ENOENT))))
        }
        let parsed: GoldenFile
        do { parsed = try GoldenFile(bytes: bytes, path: goldenPath) } catch { throw .invalidArtifact(error) }
        guard !parsed.isCanonical(bytes) else { return .current }
        if !dryRun {
            do {
                try file.write(
                    Array(parsed.timeline.canonicalText.utf8), to: try goldenTarget(golden), shownPath: goldenPath)
            } catch {
                throw .file(error)
            }
        }
        return .migrated(from: parsed.format)
    }
}
