import Foundation
import GraphQLCodegen
import GraphQLParser
import GraphQLSchema
import GraphQLServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `graphql-bridge fetch-schema`: asks a server for its schema by introspection and writes it as SDL.
public enum FetchSchemaCommand {
    /// The command's help.
    public static let help = """
        USAGE: graphql-bridge fetch-schema --endpoint URL [--header 'NAME: VALUE']... [--output FILE]

        Sends the standard introspection query to a GraphQL endpoint (POST, application/json) and prints the schema
        it describes as SDL: the file 'codegen' and 'validate' take with --schema. Built-in scalars, introspection
        types and the spec's directives are left out; descriptions, deprecations, @specifiedBy and @oneOf are
        kept. A server that does not know the newest introspection fields (isOneOf, deprecated arguments) is
        asked again with the 2018 spec's. The SDL is checked by building a schema from it before it is written.

        OPTIONS:
          --endpoint URL           The GraphQL endpoint (http or https).
          --header 'NAME: VALUE'   A header field to send (an Authorization token, say); repeatable.
          --output FILE            Write the SDL to FILE (default: standard output).

        EXIT STATUS:
          0  the schema was written
          1  the server answered, but not with a schema (errors, introspection disabled, a malformed result)
          2  usage error, the server could not be reached, or the file cannot be written

        """

    /// Runs the command; returns the exit status.
    public static func main(arguments: [String], output: CommandOutput = .process) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            output.standardOutput(help)
            return 0
        }
        let endpoint: URL
        let headers: [(String, String)]
        let outputPath: String?
        do {
            var reader = ArgumentReader(arguments)
            let url = try reader.value("--endpoint")
            let headerValues = try reader.values("--header")
            outputPath = try reader.value("--output")
            try reader.finish(command: "fetch-schema")
            guard let url else { throw UsageError("--endpoint URL is required") }
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
                scheme == "http" || scheme == "https", parsed.host != nil
            else { throw UsageError("--endpoint takes an http or https URL, found '\(url)'") }
            endpoint = parsed
            headers = try headerValues.map { value throws(UsageError) in
                guard let colon = value.firstIndex(of: ":"),
                    !value[..<colon].trimmingCharacters(in: .whitespaces).isEmpty
                else { throw UsageError("--header takes 'NAME: VALUE', found '\(value)'") }
                return (
                    value[..<colon].trimmingCharacters(in: .whitespaces),
                    value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                )
            }
        } catch {
            output.standardError("error: \(error)\n\nRun 'graphql-bridge fetch-schema --help' for the options.\n")
            return 2
        }
        let sdl: String
        do {
            sdl = try await fetch(endpoint: endpoint, headers: headers)
        } catch let error as FetchError {
            output.standardError("error: \(error.message)\n")
            return error.unreachable ? 2 : 1
        } catch {
            output.standardError("error: \(error)\n")
            return 2
        }
        if let outputPath {
            do {
                try Data(sdl.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
            } catch {
                output.standardError("error: cannot write \(outputPath): \(error.localizedDescription)\n")
                return 2
            }
            output.standardError("wrote the schema of \(endpoint.absoluteString) to \(outputPath)\n")
        } else {
            output.standardOutput(sdl)
        }
        return 0
    }

    /// Why no schema came back; `unreachable` when the server could not be asked at all.
    struct FetchError: Error {
        let message: String
        var unreachable = false
    }

    /// The SDL of the endpoint's schema, checked by building it.
    static func fetch(endpoint: URL, headers: [(String, String)]) async throws -> String {
        let schema = try await introspection(endpoint: endpoint, headers: headers)
        let sdl: String
        do {
            sdl = try IntrospectionSDL.print(schema: schema)
        } catch {
            throw FetchError(message: "\(endpoint.absoluteString): \(error)")
        }
        let built = SchemaBuilder.build(sources: [Source(sdl, name: "fetched schema")])
        guard built.schema != nil else {
            let problems = built.diagnostics.filter { $0.severity == .error }.map(\.description)
            throw FetchError(
                message: "the schema \(endpoint.absoluteString) describes does not build: "
                    + problems.joined(separator: "; "))
        }
        return sdl
    }

    /// The endpoint's `data.__schema`: the full introspection query first, the 2018 spec's when the server does
    /// not know the newer fields.
    static func introspection(endpoint: URL, headers: [(String, String)]) async throws -> JSONValue {
        var result = try await introspect(endpoint: endpoint, headers: headers, full: true)
        if case .array(let errors)? = result["errors"], result["data"]?["__schema"] == nil,
            errors.contains(where: { $0["message"]?.stringValue?.contains("Cannot query field") == true })
        {
            result = try await introspect(endpoint: endpoint, headers: headers, full: false)
        }
        guard let schema = result["data"]?["__schema"], schema != .null else {
            let messages: [String]
            if case .array(let errors)? = result["errors"] {
                messages = errors.map { $0["message"]?.stringValue ?? $0.jsonText }
            } else {
                messages = ["the answer has no data.__schema"]
            }
            throw FetchError(
                message: "\(endpoint.absoluteString) did not answer the introspection query with a schema: "
                    + messages.joined(separator: "; ")
                    + ". Is introspection enabled on this server (and is a token needed: --header)?")
        }
        return schema
    }

    private static func introspect(endpoint: URL, headers: [(String, String)], full: Bool) async throws -> JSONValue {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/graphql-response+json, application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let body = JSONValue.object([("query", .string(IntrospectionSDL.query(full: full)))])
        request.httpBody = body.serialized()
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw FetchError(
                message: "cannot reach \(endpoint.absoluteString): \(error.localizedDescription)", unreachable: true)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(data)
        } catch {
            let excerpt = String(decoding: data.prefix(200), as: UTF8.self)
            throw FetchError(
                message: "\(endpoint.absoluteString) answered HTTP \(status) with a body that is not JSON (\(error)): "
                    + excerpt)
        }
        guard status == 200 || (status == 400 && parsed["errors"] != nil) else {
            throw FetchError(
                message: "\(endpoint.absoluteString) answered HTTP \(status): \(parsed.jsonText.prefix(300))")
        }
        return parsed
    }
}
