import Foundation

/// Reads a file descriptor line by line, as bytes (so no byte of a file name is lost to decoding).
///
/// - Complexity: O(n) in the bytes read, whatever the line lengths: each byte is looked at once for a newline
///   and copied once into its line.
final class LineReader {
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 65536)
    private var pending: [UInt8] = []
    /// Where the next line starts in `pending`, and how far it was searched for a newline.
    private var start = 0
    private var searched = 0
    private var ended = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line without its newline, or `nil` at the end of the stream (a last line without a newline is
    /// returned first).
    func next() -> [UInt8]? {
        while true {
            if let newline = pending[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[start..<newline])
                start = newline + 1
                searched = start
                compact()
                return line
            }
            searched = pending.count
            if ended {
                guard start < pending.count else { return nil }
                let line = Array(pending[start...])
                start = pending.count
                return line
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                ended = true
                continue
            }
            pending.append(contentsOf: buffer[..<count])
        }
    }

    /// Drops consumed bytes once they are most of the buffer (amortised O(1) per byte).
    private func compact() {
        guard start > 65536, start * 2 > pending.count else { return }
        pending.removeFirst(start)
        searched -= start
        start = 0
    }
}

/// Writes whole lines to a file descriptor with one `write` each where it can, ignoring a closed pipe.
final class LineWriter: Sendable {
    let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func write(_ line: String) {
        write(bytes: Array(line.utf8))
    }

    func write(bytes line: [UInt8]) {
        var bytes = line
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 {
                if written < 0, errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
