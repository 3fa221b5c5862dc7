import Foundation

extension GraphQLJSONReader {
    /// What a reader records as it reads, for the cache: the tape ``JSONTape`` makes of the same text, so that the
    /// body is read once for both the decoded result and the records.
    ///
    /// Each value read (a member's name too) gets its entry when it is read, in the order of the text; an array or
    /// object is opened when it begins and closed at its end. A copy of the reader that reads a view again (a fragment,
    /// a type condition) records nothing. Where the tape is stricter than the reader (a member name with an escape, a
    /// name given twice, a lone surrogate in a skipped string), the recording is marked ``failed`` and the cache tapes
    /// the body itself, which then declines it as it always did.
    @usableFromInline
    struct TapeRecording: Sendable {
        /// The values recorded, in the order of the text.
        var entries: [JSONTape.Entry] = []
        /// The arrays and objects not closed yet: their tape index and, for an object, the names met so far (one bit
        /// per length and first byte, as ``JSONTape`` hashes them).
        private var open: [OpenValue] = []
        /// Whether the text has something the tape does not take.
        private(set) var failed = false

        /// An array or object not closed yet (a struct, not a tuple: a tuple's metadata is looked up at run time).
        private struct OpenValue: Sendable {
            var slot: Int
            var seen: UInt64
        }

        /// An empty recording, room made for a text of `byteCount` bytes.
        init(byteCount: Int) {
            entries.reserveCapacity(byteCount / 8)
            // (Room for the nesting of most answers: grown from empty, it would be allocated again at each doubling.)
            open.reserveCapacity(16)
        }

        /// The tape's entries when the whole text was recorded (one value, every array and object closed).
        var tape: [JSONTape.Entry]? {
            guard !failed, open.isEmpty, let root = entries.first, root.next == entries.count else { return nil }
            return entries
        }

        /// A value without members or elements, from `start` to `end` (the byte after it).
        @usableFromInline
        mutating func scalar(_ start: Int, _ end: Int) {
            entries.append(JSONTape.Entry(start: start, end: end, next: entries.count + 1))
        }

        /// An array or object beginning at `start`.
        @usableFromInline
        mutating func open(_ start: Int) {
            open.append(OpenValue(slot: entries.count, seen: 0))
            entries.append(JSONTape.Entry(start: start, end: start, next: entries.count + 1))
        }

        /// The array or object opened last ends before `end`.
        @usableFromInline
        mutating func close(at end: Int) {
            guard let slot = open.popLast()?.slot else {
                failed = true
                return
            }
            entries[slot].end = end
            entries[slot].next = entries.count
        }

        /// A member's name, quotes included, from `start` to `end`: the tape takes it only without escapes and once
        /// in its object.
        @usableFromInline
        mutating func name(_ start: Int, _ end: Int, escaped: Bool, in base: UnsafePointer<UInt8>) {
            guard !escaped, let object = open.indices.last else {
                failed = true
                return
            }
            let bit = UInt64(1) << ((UInt64(end - start) &* 7 &+ UInt64(base[start + 1])) & 63)
            if open[object].seen & bit != 0, repeats(start..<end, from: open[object].slot + 1, in: base) {
                failed = true
            }
            open[object].seen |= bit
            entries.append(JSONTape.Entry(start: start, end: end, next: entries.count + 1))
        }

        /// A string with escapes: the tape takes surrogates only in pairs, high then low.
        @usableFromInline
        mutating func escapedString(_ start: UnsafePointer<UInt8>, _ length: Int) {
            if (try? GraphQLJSONReader.unescape(start, length)) == nil { failed = true }
        }

        /// Whether the name at `name` is one of the object's names recorded from tape index `first` on (every member
        /// before it is whole).
        private func repeats(_ name: Range<Int>, from first: Int, in base: UnsafePointer<UInt8>) -> Bool {
            var entry = first
            while entry + 1 < entries.count {
                let other = entries[entry]
                if other.end - other.start == name.count,
                    memcmp(base + other.start, base + name.lowerBound, name.count) == 0
                {
                    return true
                }
                entry = entries[entry + 1].next
            }
            return false
        }
    }

    /// ``read(_:_:)``, with `recordingTape`, recording the tape of `data` as it reads (``TapeRecording``) into `tape`:
    /// the tape's entries when the whole text was read and the tape takes it (`nil` otherwise, and without
    /// `recordingTape`: the cache tapes the body itself).
    static func read<Result>(
        _ data: Data, recordingTape: Bool, into tape: inout [JSONTape.Entry]?,
        _ body: (inout GraphQLJSONReader) throws(Declined) -> Result
    ) -> Result? {
        tape = nil
        return data.withUnsafeBytes { raw -> Result? in
            guard let start = raw.baseAddress, raw.count > 0 else { return nil }
            var reader = GraphQLJSONReader(base: start.assumingMemoryBound(to: UInt8.self), count: raw.count)
            if recordingTape { reader.recording = TapeRecording(byteCount: raw.count) }
            do {
                let result = try body(&reader)
                tape = reader.recording?.tape
                return result
            } catch {
                return nil
            }
        }
    }
}
