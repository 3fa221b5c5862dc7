import Foundation

/// The two tapes of one body, for tests and the fuzz target that check they are the same.
@_spi(Testing)
public struct TapeComparison: Sendable, Equatable {
    /// Whether the generated decoder read the whole body (its reader did not decline it).
    public var decoderRead: Bool
    /// The tape the generated decoder recorded as it read the body, as `[start, end, next]` per entry: `nil` when it
    /// did not read the body or the tape does not take it.
    public var recorded: [[Int]]?
    /// The tape ``JSONTape`` scans from the same bytes: `nil` when it does not take them.
    public var scanned: [[Int]]?

    /// Whether the body's tape is the same both ways: where the decoder read the body, it recorded exactly the tape
    /// the scan makes (and none where the scan takes none).
    public var agrees: Bool { !decoderRead || recorded == scanned }

    /// Decodes `body` as a response whose `data` is `type`, recording its tape, and scans it.
    public static func of<Data: GraphQLFastDecodable>(_ type: Data.Type, body: Foundation.Data) -> TapeComparison {
        let body = GraphQLResponseDecoder.utf8(body)
        var tape: [JSONTape.Entry]?
        let read = GraphQLResponseDecoder.fastEnvelope(reading: type, body: body, recordingTape: true, tape: &tape)
        func flat(_ entries: [JSONTape.Entry]) -> [[Int]] { entries.map { [$0.start, $0.end, $0.next] } }
        return TapeComparison(
            decoderRead: read != nil, recorded: tape.map(flat),
            scanned: JSONTape([UInt8](body)).map { flat($0.entries) })
    }
}

/// The two ways a client's answer gets its tape, for the cache benchmark: recorded by the generated decoder as it
/// reads the body, or scanned by the cache after the decode.
@_spi(Testing)
public enum TapeTiming {
    /// Decodes `body` as the client does with a cache (recording its tape): whether the result has data, and how many
    /// entries the recorded tape has (0 when none was recorded).
    public static func decodeRecording<Data: Decodable & Sendable>(
        _ type: Data.Type, operation: String, response: HTTPResponse, body: Foundation.Data
    ) -> (hasData: Bool, tapeEntries: Int) {
        var tape: JSONTape?
        guard
            let result = try? GraphQLResponseDecoder.decode(
                type, operation: operation, response: response, body: body, errorPolicy: .failOnAnyError,
                recordingTape: true, tape: &tape)
        else { return (false, 0) }
        return (result.data != nil, tape?.entries.count ?? 0)
    }

    /// Tapes `body` as the cache does when no tape came with it: how many entries the tape has (0 when it takes none).
    public static func scan(_ body: [UInt8]) -> Int {
        JSONTape(body)?.entries.count ?? 0
    }
}
