import Foundation
import GraphQLBridgeSupport
import GraphQLSchema

/// An Apollo persisted-query manifest of the generated operations: for each, its id (the SHA-256 of the document
/// the client sends), the document, its name and its type. The server's team registers it, so that a server that
/// runs only known documents (trusted documents) accepts the app's requests, which then carry the id alone.
///
/// ```json
/// {
///   "format": "apollo-persisted-query-manifest",
///   "version": 1,
///   "operations": [
///     {"id": "dc67510f…", "body": "query Game($id:ID!){game(id:$id){…}}", "name": "Game", "type": "query"}
///   ]
/// }
/// ```
///
/// Written by `graphql-bridge codegen --manifest PATH` and by the build plugin when `graphql-codegen.json` says
/// `"persistedQueries": {"manifest": "path"}`. Operations are sorted by name; the text is the same for the same
/// operations, byte for byte.
public struct PersistedQueryManifest: Sendable, Hashable {
    /// One operation of the manifest.
    public struct Operation: Sendable, Hashable {
        /// The SHA-256 of ``body``, as 64 lowercase hex digits.
        public var id: String
        /// The document the client sends.
        public var body: String
        /// The operation's name.
        public var name: String
        /// `query`, `mutation` or `subscription`.
        public var type: String

        /// Creates an entry.
        public init(id: String, body: String, name: String, type: String) {
            self.id = id
            self.body = body
            self.name = name
            self.type = type
        }
    }

    /// The operations, sorted by name.
    public var operations: [Operation]

    /// The manifest of a plan's operations.
    public init(plan: CodegenPlan) {
        operations = plan.operations.map { operation in
            Operation(
                id: plan.operationIdentifier(of: operation), body: plan.document(of: operation), name: operation.name,
                type: operation.operationType.rawValue)
        }
        .sorted { ($0.name, $0.id) < ($1.name, $1.id) }
    }

    /// A persisted-query id: the SHA-256 of `document`'s UTF-8, as 64 lowercase hex digits.
    public static func identifier(of document: String) -> String {
        SHA256.hex(document)
    }

    /// The manifest as JSON text, two-space indented, one operation per entry, ending with a newline.
    public var json: String {
        var text = "{\n  \"format\": \"apollo-persisted-query-manifest\",\n  \"version\": 1,\n  \"operations\": ["
        for (index, operation) in operations.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "    {\n"
            text += "      \"id\": \(JSONStringWriter.quoted(operation.id)),\n"
            text += "      \"body\": \(JSONStringWriter.quoted(operation.body)),\n"
            text += "      \"name\": \(JSONStringWriter.quoted(operation.name)),\n"
            text += "      \"type\": \(JSONStringWriter.quoted(operation.type))\n"
            text += "    }"
        }
        text += operations.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return text
    }

    /// Writes ``json`` to `url` unless the file already has exactly that text.
    /// - Returns: whether the file was written.
    @discardableResult
    public func write(to url: URL) throws -> Bool {
        let data = Data(json.utf8)
        if let existing = try? Data(contentsOf: url), existing == data { return false }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        return true
    }

}
