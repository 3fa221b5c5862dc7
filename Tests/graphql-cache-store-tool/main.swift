// Writes and reads a SQLite cache store from its own process, for the store's persistence and crash tests.
//
//   graphql-cache-store-tool write <file> <transactions>   one transaction per batch of records; prints
//                                                           `committed <batch>` after each commit
//   graphql-cache-store-tool read <file>                   prints `records <count> batches <count>`, or
//                                                           `incomplete <key>` for a record that is not whole
//   graphql-cache-store-tool versioned <folder> <graphql URL> <app version 1|2> <serverOnly|cacheOnly>
//                                                           `query GameVersioned` of that app version on the
//                                                           persistent cache in <folder>; prints `data <name>
//                                                           <rulesUrl or nil>` or `miss <path>`
//   graphql-cache-store-tool clear <folder>                 `clear()` of the persistent cache in <folder> (a
//                                                           sign-out in an app extension); prints `cleared`
//
// Batch b writes the records `batch:<b>:<i>` (i < recordsPerBatch), each with fields `batch`, `index` and `payload`
// (`payloadLength` copies of one letter) and `length` (the payload's length), so a half-written record or batch
// shows.
import Foundation
@_spi(Testing) import GraphQLBridge

let recordsPerBatch = 8
let payloadLength = 4_096

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func batch(_ number: Int) -> [CacheRecord] {
    let letter = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(number % 26)))
    let payload = String(repeating: letter, count: payloadLength)
    let now = Date()
    return (0..<recordsPerBatch).map { index in
        CacheRecord(
            key: "batch:\(number):\(index)",
            fields: [
                "batch": CacheFieldEntry(value: .scalar(.number(String(number))), receivedAt: now),
                "index": CacheFieldEntry(value: .scalar(.number(String(index))), receivedAt: now),
                "payload": CacheFieldEntry(value: .scalar(.string(payload)), receivedAt: now),
                "length": CacheFieldEntry(value: .scalar(.number(String(payloadLength))), receivedAt: now),
            ])
    }
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "versioned" {
    let values = Array(arguments)
    guard values.count == 5, let version = Int(values[3]), let url = URL(string: values[2]) else {
        fail("usage: graphql-cache-store-tool versioned <folder> <graphql URL> <1|2> <serverOnly|cacheOnly>")
    }
    VersionedGameQuery.version = version
    let cache = GraphQLCache(storage: .persistent(directory: URL(fileURLWithPath: values[1])), maxAge: .seconds(3600))
    let client = GraphQLHTTPClient(endpoint: url, cache: cache)
    do throws(APIError) {
        let result = try await client.execute(
            VersionedGameQuery(id: "g1"), fetchPolicy: values[4] == "cacheOnly" ? .cacheOnly : .serverOnly)
        say("data \(result.data?.game?.name ?? "nil") \(result.data?.game?.rulesUrl ?? "nil")")
    } catch .cacheMiss(_, let path) {
        say("miss \(path)")
    } catch {
        fail("\(error)")
    }
    exit(0)
}
if arguments.first == "clear" {
    let values = Array(arguments)
    guard values.count == 2 else { fail("usage: graphql-cache-store-tool clear <folder>") }
    let cache = GraphQLCache(storage: .persistent(directory: URL(fileURLWithPath: values[1])), maxAge: .seconds(3600))
    do {
        try await cache.clear()
        say("cleared")
    } catch {
        fail("\(error)")
    }
    exit(0)
}
guard let command = arguments.first, arguments.count >= 2 else {
    fail("usage: graphql-cache-store-tool write <file> <transactions> | read <file>")
}
let fileURL = URL(fileURLWithPath: arguments[arguments.startIndex + 1])
do {
    let store = try SQLiteCacheStoreProbe(fileURL: fileURL, schemaVersion: "tool")
    if let recovered = store.recovered { say("recovered \(recovered)") }
    switch command {
    case "write":
        guard arguments.count == 3, let count = Int(arguments[arguments.startIndex + 2]) else {
            fail("write needs a number of transactions")
        }
        for number in 0..<count {
            try store.write(batch(number))
            say("committed \(number)")
        }
    case "read":
        let records = try store.allRecords()
        var batches = Set<String>()
        for (key, record) in records {
            guard case .scalar(.string(let payload)) = record.fields["payload"]?.value,
                case .scalar(.number(let length)) = record.fields["length"]?.value,
                case .scalar(.number(let number)) = record.fields["batch"]?.value,
                record.fields["index"] != nil, Int(length) == payload.utf8.count
            else {
                say("incomplete \(key)")
                exit(2)
            }
            batches.insert(number)
        }
        say("records \(records.count) batches \(batches.count)")
    default:
        fail("unknown command \(command)")
    }
} catch {
    fail("\(error)")
}
