import Foundation
import GraphQLBridgeSupport
import GraphQLServer

/// Which persisted-query protocol the embedded backend speaks (the contract's "Persisted queries").
public enum PersistedQueryMode: Sendable, Equatable {
    /// Documents only: a request without `query` is an error (`PersistedQueryNotSupported` when it carries an id).
    case disabled
    /// Apollo's automatic persisted queries: an id alone runs the document stored under it
    /// (`PersistedQueryNotFound` when none is); an id with its document stores the document.
    case automatic
    /// Trusted documents: only the documents of a list run, by id or in full; any other document gets
    /// `PersistedQueryNotInList`, an unknown id `PersistedQueryNotFound`. The list: documents by id.
    case trustedDocuments([String: String])

    /// Trusted documents from an Apollo persisted-query manifest (`graphql-bridge codegen --manifest`).
    /// - Throws: ``PersistedQueryManifestError`` when the text is not such a manifest, or an operation's `id` is
    ///   not the SHA-256 of its `body`.
    public static func trustedDocuments(manifest: Data) throws(PersistedQueryManifestError) -> PersistedQueryMode {
        let json: JSONValue
        do {
            json = try JSONParser.parse(manifest)
        } catch {
            throw PersistedQueryManifestError(reason: "the manifest is not JSON: \(error)")
        }
        guard json["format"] == .string("apollo-persisted-query-manifest"), json["version"] == .number("1") else {
            throw PersistedQueryManifestError(
                reason: "the manifest must have \"format\": \"apollo-persisted-query-manifest\" and \"version\": 1")
        }
        guard case .array(let operations)? = json["operations"] else {
            throw PersistedQueryManifestError(reason: "the manifest has no \"operations\" list")
        }
        var documents: [String: String] = [:]
        for (index, operation) in operations.enumerated() {
            guard let id = operation["id"]?.stringValue, let body = operation["body"]?.stringValue else {
                throw PersistedQueryManifestError(reason: "operations[\(index)] needs a string \"id\" and \"body\"")
            }
            guard SHA256.hex(body) == id else {
                throw PersistedQueryManifestError(
                    reason: "operations[\(index)].id \(id) is not the SHA-256 of its body")
            }
            documents[id] = body
        }
        return .trustedDocuments(documents)
    }
}

/// A persisted-query manifest the embedded backend cannot load.
public struct PersistedQueryManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var reason: String

    /// The reason.
    public var description: String { "persisted-query manifest: \(reason)" }
}

extension PersistedQueryManifestError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
