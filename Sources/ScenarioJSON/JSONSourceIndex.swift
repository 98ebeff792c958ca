import RehearsalBase

/// What locating values in one JSON text has learned so far, shared by every copy of its document: where lines
/// start, and the member and element offsets of each container walked through. Built lazily, on the error path
/// only, so reporting n problems in one file costs O(text + n), not O(n · text).
final class JSONSourceIndex: @unchecked Sendable {
    private let lock = _Lock()
    // Guarded by `lock`.
    private var lineStarts: [Int]?
    private var objects: [Int: [String: JSONMemberOffsets]] = [:]
    private var arrays: [Int: [Int]] = [:]
    /// The last column computed: counting on from it is O(distance) for the next offset on the same line.
    private var lastColumn: (lineStart: Int, offset: Int, column: Int)?

    /// The offsets where each line starts (the first is 0), computed once.
    func lineStarts(in bytes: [UInt8]) -> [Int] {
        lock.withLock {
            if let lineStarts { return lineStarts }
            var starts = [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            lineStarts = starts
            return starts
        }
    }

    /// The 1-based column (in Unicode scalars, a byte that starts no UTF-8 sequence counting as one) of `offset` on
    /// the line starting at `lineStart`.
    func column(of offset: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
        lock.withLock {
            var position = lineStart
            var column = 1
            if let last = lastColumn, last.lineStart == lineStart, last.offset <= offset {
                position = last.offset
                column = last.column
            }
            while position < offset {
                position += bytes[position] < 0x80 ? 1 : JSONSourceText.characterLength(bytes, at: position)
                column += 1
            }
            if position == offset { lastColumn = (lineStart, offset, column) }
            return column
        }
    }

    /// The member table of the object at `start`, made by `build` the first time.
    func members(ofObjectAt start: Int, build: () -> [String: JSONMemberOffsets]) -> [String: JSONMemberOffsets] {
        if let table = lock.withLock({ objects[start] }) { return table }
        let table = build()
        lock.withLock { objects[start] = table }
        return table
    }

    /// The element offsets of the array at `start`, made by `build` the first time.
    func elements(ofArrayAt start: Int, build: () -> [Int]) -> [Int] {
        if let table = lock.withLock({ arrays[start] }) { return table }
        let table = build()
        lock.withLock { arrays[start] = table }
        return table
    }
}

/// Where one object member's key (its opening quote) and value start.
struct JSONMemberOffsets {
    var key: Int
    var value: Int
}
