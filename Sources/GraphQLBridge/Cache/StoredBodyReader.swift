import Foundation

/// Reads the data of a body the cache wrote itself (a stored response: `{"data":{…}}`, UTF-8, no errors, no
/// extensions) with the generated decoder of a ``GraphQLFastDecodable`` type, and nothing around it.
///
/// ``GraphQLResponseDecoder`` reads any server's answer: any encoding, `errors` and `extensions` beside the data, a
/// data type that may not have a generated decoder. In code that is not specialized for the data's type, each layer
/// of that generality costs at run time: the envelope's and the tuples' metadata looked up, the decoded data boxed in
/// an existential and cast back (copied, each of its references retained, then the box released). For a stored body
/// that is a quarter of its decode. A body of any other shape, or one the generated decoder declines, gives `nil`:
/// the caller decodes it as a server's answer (the same result, or the error the caller has always seen).
enum StoredBodyReader {
    /// `body`'s data as `Data`; `nil` when `Data` has no generated decoder, or the body is not `{"data":{…}}` with
    /// data the generated decoder takes.
    static func data<Data>(_ type: Data.Type, body: Foundation.Data) -> Data? {
        guard let fastType = type as? any GraphQLFastDecodable.Type else { return nil }
        // The data is decoded into this slot by the generated decoder of the same type, seen as `GraphQLFastDecodable`
        // (opened from `fastType`), and moved out: never boxed, cast or copied.
        return withUnsafeTemporaryAllocation(of: Data.self, capacity: 1) { slot -> Data? in
            guard let address = slot.baseAddress,
                read(fastType, body: body, into: UnsafeMutableRawPointer(address), as: ObjectIdentifier(Data.self))
            else { return nil }
            return address.move()
        }
    }

    /// Decodes `body`'s data as `Fast` and initializes `slot` with it; `false` (`slot` left uninitialized) when the body
    /// is not a stored response's shape, the generated decoder declines it, or `Fast` is not the slot's type `slotType`.
    private static func read<Fast: GraphQLFastDecodable>(
        _ type: Fast.Type, body: Foundation.Data, into slot: UnsafeMutableRawPointer, as slotType: ObjectIdentifier
    ) -> Bool {
        guard ObjectIdentifier(Fast.self) == slotType else { return false }
        return body.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            guard let start = raw.baseAddress, raw.count > 0 else { return false }
            var reader = GraphQLJSONReader(base: start.assumingMemoryBound(to: UInt8.self), count: raw.count)
            do throws(GraphQLJSONReader.Declined) {
                guard try reader.beginObject() else { return false }
                try reader.readKey()
                guard reader.keyEquals("data"), try !reader.readNull() else { return false }
                let data = try Fast(graphQLReader: &reader)
                guard try !reader.nextMember() else { return false }
                try reader.expectEnd()
                slot.assumingMemoryBound(to: Fast.self).initialize(to: consume data)
                return true
            } catch {
                return false
            }
        }
    }
}
