import Foundation
import GraphQLMigration

/// The response bodies a comparison recorded with `--record DIR`, read back for offline adapter tests: "REST fixture
/// → legacy model == GraphQL fixture → adapter → legacy model", on what the backend really sent.
///
/// The layout (stable names, so a re-recording diffs cleanly):
///
/// ```
/// DIR/<model>/<id>.rest.json            the REST response body of the entity's compared read
/// DIR/<model>/<id>.graphql.json         the GraphQL response body
/// DIR/<model>/<id>.rest.2.json          a second response of the same read (a read that made two requests)
/// DIR/<model>/lists/<name>.rest.json    a list compared as a list
/// ```
///
/// Ids and names are percent-encoded where they hold characters other than letters, digits, `-`, `_`, `.` and `~`
/// (`draws(gameId: "6x45")` is `draws%28gameId%3A%20%226x45%22%29`). The noise check's second REST read is not
/// recorded. `GraphQLBridgeTesting` replays a GraphQL body through a transport (`graphQLTransport(model:id:)`).
///
/// ```swift
/// let fixtures = ComparisonFixtures(directory: fixturesURL)
/// for id in try fixtures.ids(of: "GameInfo") {
///     let rest = try LegacyAPIClient.decodeEnvelope(GameInfo.self, from: try fixtures.body(.rest, model: "GameInfo", id: id))
///     ...
/// }
/// ```
public struct ComparisonFixtures: Sendable {
    /// The recorded folder.
    public var directory: URL

    /// Fixtures recorded in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The body recorded for `api` of an entity (or, with `list`, of a list); `response` counts the responses of
    /// one read from 1.
    /// - Throws: ``ComparisonFixtureError`` naming the file when it is not there.
    public func body(
        _ api: ComparisonAPI, model: String, id: String, list: Bool = false, response: Int = 1
    ) throws(ComparisonFixtureError) -> Data {
        let file = Self.file(in: directory, model: model, id: id, isList: list, api: api, response: response)
        do {
            return try Data(contentsOf: file)
        } catch {
            throw ComparisonFixtureError(
                file: file.path,
                message: "no \(api.displayName) fixture for \(model) \(id): record it with `--record "
                    + "\(directory.path)` (\(error.localizedDescription))")
        }
    }

    /// The ids of `model`'s entities (or, with `list`, the names of its lists) recorded through both APIs, sorted.
    /// - Throws: ``ComparisonFixtureError`` when the model's folder cannot be read.
    public func ids(of model: String, list: Bool = false) throws(ComparisonFixtureError) -> [String] {
        var folder = directory.appendingPathComponent(Self.encode(model), isDirectory: true)
        if list { folder = folder.appendingPathComponent("lists", isDirectory: true) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw ComparisonFixtureError(
                file: folder.path, message: "no fixtures of \(model) (\(error.localizedDescription))")
        }
        let restSuffix = ".rest.json"
        let graphQLSuffix = ".graphql.json"
        let rest = Set(names.filter { $0.hasSuffix(restSuffix) }.map { String($0.dropLast(restSuffix.count)) })
        let graphQL = Set(names.filter { $0.hasSuffix(graphQLSuffix) }.map { String($0.dropLast(graphQLSuffix.count)) })
        return rest.intersection(graphQL).compactMap(Self.decode).sorted()
    }

    /// The file of a recorded body.
    public static func file(
        in directory: URL, model: String, id: String, isList: Bool, api: ComparisonAPI, response: Int = 1
    ) -> URL {
        var folder = directory.appendingPathComponent(encode(model), isDirectory: true)
        if isList { folder = folder.appendingPathComponent("lists", isDirectory: true) }
        let suffix = response > 1 ? ".\(api.rawValue).\(response).json" : ".\(api.rawValue).json"
        return folder.appendingPathComponent(encode(id) + suffix, isDirectory: false)
    }

    /// An id as a file name: letters, digits, `-`, `_`, `.` and `~` as they are (a leading `.` encoded), every
    /// other byte of its UTF-8 as `%XX`; `%` alone for the empty id.
    public static func encode(_ id: String) -> String {
        guard !id.isEmpty else { return "%" }
        var text = ""
        for (offset, byte) in id.utf8.enumerated() {
            let isUnreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x7E || (byte == 0x2E && offset > 0)
            if isUnreserved {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text
    }

    /// A file name back to its id; `nil` when it is not one ``encode(_:)`` makes.
    public static func decode(_ name: String) -> String? {
        if name == "%" { return "" }
        var bytes: [UInt8] = []
        var iterator = Array(name.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == 0x25 {
                guard let high = iterator.next(), let low = iterator.next(),
                    let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(bytes: bytes, encoding: .utf8)
    }
}
