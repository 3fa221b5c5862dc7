import Foundation
import GraphQLMigration
import Testing

@_spi(Testing) @testable import GraphQLBridge

/// `AnswerSource.patch(body:)`: a query's next answer compared with its last one byte for byte, without a tape (what a
/// client asks for once the query's last answer was refreshed or patched). The reference is the patch through the new
/// body's tape (`AnswerSource.patch(tape:data:)`): whenever the comparison in place patches, the tape's way patches too,
/// with the same changes, and the source it makes holds the very tape `JSONTape` makes of the body; whenever the tape's
/// way patches a body whose whitespace did not move, the comparison in place patches it too.
@Suite("AnswerSource: answers patched in place")
struct InPlacePatchTests {
    static let metadata = CacheReaderTests.metadata
    static let variables = CacheReaderTests.variables

    /// The outcome for `body` after `previous`; records an issue for every difference.
    @discardableResult
    static func check(_ body: String, after previous: String, _ context: String) throws -> (
        inPlace: Bool, byTape: Bool
    ) {
        let outcome = try #require(
            metadata.patchDifferences(body: Data(body.utf8), previous: Data(previous.utf8), variables: variables),
            "\(context): the previous answer records no leaves")
        #expect(outcome.differences.isEmpty, "\(context): \(outcome.differences) for \(body) after \(previous)")
        return (outcome.inPlace, outcome.byTape)
    }

    static let previous = PreviousAnswerTests.body(hero: PreviousAnswerTests.hero())

    /// `previous` with `from` replaced by `to` (once; the fixture must hold it).
    static func edited(_ from: String, _ to: String, in text: String = previous) throws -> String {
        let range = try #require(text.range(of: from), "\(from) in \(text)")
        return text.replacingCharacters(in: range, with: to)
    }

    @Test("leaves changed, to the same length, longer, shorter, another kind, escapes: patched in place")
    func leavesChanged() throws {
        // (The hero's leaves are not patched: it writes `name` twice, as `name` and `title`. Its draws', cells' and
        // items' are, and `latest`'s.)
        let cases: [(String, String)] = [
            (#""number":1"#, #""number":9"#),
            (#""number":1"#, #""number":12345"#),
            (#""code":"FREE""#, #""code":"F""#),
            (#""code":"FREE""#, #""code":"Lotto \"6\" \u00e9 \ud83d\ude00 é""#),
            (#""value":1"#, #""value":-2.5e10"#),
            (#""value":1"#, #""value":null"#),
            (#""value":2"#, #""value":"two""#),
            (#""price":2.5"#, #""price":true"#),
            (#""title":"Keno""#, #""title":"Keno Lotto""#),
        ]
        for (from, to) in cases {
            let outcome = try Self.check(try Self.edited(from, to), after: Self.previous, "\(from) → \(to)")
            #expect(outcome.inPlace && outcome.byTape, "\(from) → \(to)")
        }
        // Two leaves at once, the first one longer (every entry after it moves), the second shorter.
        let both = try Self.edited(
            #""number":2"#, #""number":2000"#, in: try Self.edited(#""code":"FREE""#, #""code":"""#))
        #expect(try Self.check(both, after: Self.previous, "two leaves") == (true, true))
    }

    @Test("anything but leaves' values changed: not patched in place (the tape's way decides)")
    func otherChanges() throws {
        let cases: [(String, String, byTape: Bool)] = [
            // Whitespace: the tape's way takes it; in place, it is not the same text.
            (#""number":1"#, #""number": 1"#, true),
            // A key (another record), a member name, a member more, a list of leaves, a leaf made an object.
            (#""id":"d1""#, #""id":"d9""#, false),
            (#""quote":"q""#, #""quotE":"q""#, false),
            (#"{"__typename":"Game""#, #"{"_pad":1,"__typename":"Game""#, false),
            (#""tags":["x"]"#, #""tags":["y"]"#, false),
            (#""quote":"q""#, #""quote":{}"#, false),
            (#""quote":"q""#, #""quote":[1]"#, false),
        ]
        for (from, to, byTape) in cases {
            let outcome = try Self.check(try Self.edited(from, to), after: Self.previous, "\(from) → \(to)")
            #expect(!outcome.inPlace, "\(from) → \(to)")
            #expect(outcome.byTape == byTape, "\(from) → \(to)")
        }
        // Text after the body, or cut short; a leaf that is not JSON (a bad escape, a lone surrogate, a bare word).
        for body in [
            Self.previous + " ", Self.previous + "x", String(Self.previous.dropLast()),
            try Self.edited(#""quote":"q""#, #""quote":"\x""#), try Self.edited(#""quote":"q""#, #""quote":"\ud800""#),
            try Self.edited(#""quote":"q""#, #""quote":nope"#), try Self.edited(#""number":1"#, #""number":01"#),
        ] {
            let outcome = try Self.check(body, after: Self.previous, body)
            #expect(!outcome.inPlace, "\(body)")
        }
        // The same body: nothing to patch in place (the cache refreshes it before asking).
        #expect(try Self.check(Self.previous, after: Self.previous, "same") == (false, true))
    }

    /// One edit of a body: a value that is a scalar replaced, a member name replaced, or whitespace put before a byte
    /// (each place taken modulo how many there are).
    enum Edit: CustomStringConvertible {
        case value(index: Int, text: String)
        case name(index: Int, text: String)
        case whitespace(at: Int)

        var description: String {
            switch self {
            case .value(let index, let text): "value \(index) → \(text)"
            case .name(let index, let text): "name \(index) → \(text)"
            case .whitespace(let at): "whitespace at \(at)"
            }
        }
    }

    /// The texts a scalar is replaced with: every kind, other lengths, escapes, text past ASCII, and a few that are not
    /// JSON scalars (an object, an array, a bad escape, a bare word).
    static let replacements = [
        "0", "7", "12345", "-1", "2.5", "1e3", "true", "false", "null", #""""#, #""a""#, #""Lotto""#,
        #""a much longer text than any in the answer""#, #""\"quoted\" \\ \/ \b\f\n\r\t""#, #""\u00e9\ud83d\ude00""#,
        #""é€😀""#, "{}", "[]", #""\x""#, "nope", "01", #""\udc00""#,
    ]

    /// The scalars of `text` (strings, numbers, literals) as ranges, member names included (each followed by `:`).
    static func scalars(of text: [UInt8]) -> (values: [Range<Int>], names: [Range<Int>]) {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                var end = index + 1
                while end < text.count, text[end] != UInt8(ascii: "\"") {
                    end += text[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                ranges.append(index..<min(end + 1, text.count))
                index = end + 1
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            {
                var end = index + 1
                while end < text.count, !"{}[],: ".utf8.contains(text[end]) { end += 1 }
                ranges.append(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        let isName = { (range: Range<Int>) in
            range.upperBound < text.count && text[range.upperBound] == UInt8(ascii: ":")
        }
        return (ranges.filter { !isName($0) }, ranges.filter(isName))
    }

    /// `previous` with `edits` made (from the last place to the first, so that places stay put; a space inside a
    /// scalar that is replaced is dropped).
    static func apply(_ edits: [Edit], to previous: String) -> String {
        var text = Array(previous.utf8)
        let (values, names) = scalars(of: text)
        var changes: [(range: Range<Int>, bytes: [UInt8])] = []
        var replaced: Set<Range<Int>> = []
        for edit in edits {
            switch edit {
            case .value(let index, let with), .name(let index, let with):
                let ranges: [Range<Int>]
                if case .value = edit { ranges = values } else { ranges = names }
                guard !ranges.isEmpty else { continue }
                if replaced.insert(ranges[index % ranges.count]).inserted {
                    changes.append((ranges[index % ranges.count], Array(with.utf8)))
                }
            case .whitespace(let at):
                let place = at % (text.count + 1)
                changes.append((place..<place, [UInt8(ascii: " ")]))
            }
        }
        changes.sort { ($0.range.lowerBound, $0.range.count) > ($1.range.lowerBound, $1.range.count) }
        var last = Int.max
        for change in changes where change.range.upperBound <= last {
            text.replaceSubrange(change.range, with: change.bytes)
            last = change.range.lowerBound
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A failure for `edits` after `previous`: a difference, or a body whose whitespace did not move that the tape's way
    /// patches and the comparison in place does not.
    static func failure(_ edits: [Edit], after previous: String) -> String? {
        let body = apply(edits, to: previous)
        guard
            let outcome = metadata.patchDifferences(
                body: Data(body.utf8), previous: Data(previous.utf8), variables: variables)
        else { return "the previous answer records no leaves" }
        if !outcome.differences.isEmpty { return "\(outcome.differences)" }
        let whitespaceMoved = edits.contains {
            if case .whitespace = $0 { return true }
            return false
        }
        if outcome.byTape, !outcome.inPlace, !whitespaceMoved, body != previous {
            return "patched through the tape, not in place"
        }
        return nil
    }

    /// `edits` made smaller while they still fail: each edit dropped in turn, as long as one can be.
    static func shrunk(_ edits: [Edit], after previous: String) -> [Edit] {
        var edits = edits
        var dropped = true
        while dropped {
            dropped = false
            for index in edits.indices.reversed() {
                var fewer = edits
                fewer.remove(at: index)
                if failure(fewer, after: previous) != nil {
                    edits = fewer
                    dropped = true
                    break
                }
            }
        }
        return edits
    }

    @Test("random answers and edits of their scalars and whitespace: the same patch as the tape's (seeded)")
    func randomEdits() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_PATCH_SEED"] ?? "") ?? 28_1207
        var generator = SplitMix64(seed: seed)
        var inPlace = 0
        var refused = 0
        for round in 0..<3_000 {
            let previous = PreviousAnswerTests.randomBody(&generator)
            var edits: [Edit] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let text = Self.replacements[Int.random(in: 0..<Self.replacements.count, using: &generator)]
                let place = Int.random(in: 0..<10_000, using: &generator)
                switch Int.random(in: 0..<16, using: &generator) {
                case 0: edits.append(.whitespace(at: place))
                case 1: edits.append(.name(index: place, text: text))
                default: edits.append(.value(index: place, text: text))
                }
            }
            if let problem = Self.failure(edits, after: previous) {
                let minimal = Self.shrunk(edits, after: previous)
                Issue.record(
                    """
                    seed \(seed) (GRAPHQLBRIDGE_PATCH_SEED), round \(round): \(problem)
                    minimal edits: \(minimal) → \(Self.failure(minimal, after: previous) ?? "?")
                    previous: \(previous)
                    body: \(Self.apply(minimal, to: previous))
                    """)
                return
            }
            let body = Self.apply(edits, to: previous)
            let outcome = try #require(
                Self.metadata.patchDifferences(
                    body: Data(body.utf8), previous: Data(previous.utf8), variables: Self.variables))
            if outcome.inPlace { inPlace += 1 } else { refused += 1 }
        }
        // Both ways were walked: answers patched in place, and others refused.
        #expect(inPlace > 100, "\(inPlace) patched in place")
        #expect(refused > 300, "\(refused) refused")
    }
}
