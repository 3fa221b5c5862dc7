/// The edit distance of graphql-core's `LexicalDistance`: insertions, deletions, substitutions and swaps of
/// adjacent characters, ignoring case except that a case-only difference costs one edit.
struct LexicalDistance {
    private let input: String
    private let inputLowercased: [UInt32]
    /// Three rows of the distance matrix, reused between measurements.
    private var rows: [Int]
    private let rowSize: Int

    init(_ input: String) {
        self.input = input
        self.inputLowercased = Self.lowercasedScalars(input)
        self.rowSize = inputLowercased.count + 1
        self.rows = [Int](repeating: 0, count: 3 * rowSize)
    }

    /// The string's Unicode scalars after Unicode lowercasing (a fast path for ASCII, which names are).
    private static func lowercasedScalars(_ text: String) -> [UInt32] {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else { return text.lowercased().unicodeScalars.map(\.value) }
            scalars.append(UInt32(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte))
        }
        return scalars
    }

    /// The distance to the option, or `nil` when it exceeds the threshold.
    mutating func measure(_ option: String, threshold: Int) -> Int? {
        if input == option { return 0 }
        let optionLowercased = Self.lowercasedScalars(option)
        if optionLowercased == inputLowercased { return 1 }
        let (a, b) =
            optionLowercased.count < inputLowercased.count
            ? (inputLowercased, optionLowercased) : (optionLowercased, inputLowercased)
        let aLength = a.count
        let bLength = b.count
        if aLength - bLength > threshold { return nil }
        let size = rowSize
        return rows.withUnsafeMutableBufferPointer { rows -> Int? in
            for j in 0...bLength { rows[j] = j }
            if aLength == 0 { return bLength <= threshold ? bLength : nil }
            for i in 1...aLength {
                let up = ((i - 1) % 3) * size
                let current = (i % 3) * size
                let upUp = ((i + 1) % 3) * size  // (i - 2) % 3
                rows[current] = i
                var smallest = i
                if bLength > 0 {
                    for j in 1...bLength {
                        let cost = a[i - 1] == b[j - 1] ? 0 : 1
                        var cell = min(rows[up + j] + 1, rows[current + j - 1] + 1, rows[up + j - 1] + cost)
                        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                            cell = min(cell, rows[upUp + j - 2] + 1)
                        }
                        smallest = min(smallest, cell)
                        rows[current + j] = cell
                    }
                }
                if smallest > threshold { return nil }
            }
            let distance = rows[(aLength % 3) * size + bLength]
            return distance <= threshold ? distance : nil
        }
    }
}
