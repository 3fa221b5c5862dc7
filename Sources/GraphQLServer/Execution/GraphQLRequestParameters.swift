/// The parameters of a GraphQL-over-HTTP request: from a `POST`'s JSON body, or from a `GET`'s URL query
/// (`query`, `operationName`, and `variables` and `extensions` as JSON text).
package struct GraphQLRequestParameters: Sendable {
    /// The document, if the request sent one (it may send a persisted-query id instead).
    package var query: String?
    /// The operation to run.
    package var operationName: String?
    /// The `variables` object's members.
    package var variables: [(String, JSONValue)]?
    /// `extensions.persistedQuery`, if present.
    package var persistedQuery: JSONValue?

    /// Why a request cannot be read: the status, the message and extra header fields.
    package struct Problem: Error, Sendable {
        package var status: Int
        package var message: String
        package var headers: [(name: String, value: String)] = []
    }

    /// Reads a `GET` or a `POST`.
    package static func read(_ request: HTTPRequest) -> Result<GraphQLRequestParameters, Problem> {
        switch request.method {
        case "POST": return readPOST(request)
        case "GET": return readGET(request)
        default:
            return .failure(
                Problem(
                    status: 405,
                    message: "method \(request.method) is not supported: POST a GraphQL request (or GET a query)",
                    headers: [("Allow", "GET, POST")]))
        }
    }

    private static func readPOST(_ request: HTTPRequest) -> Result<GraphQLRequestParameters, Problem> {
        let contentType = (request.header("Content-Type") ?? "").split(separator: ";").first.map {
            $0.trimmingOWS().lowercased()
        }
        guard contentType == nil || contentType == "application/json" || contentType == "" else {
            return .failure(
                Problem(status: 415, message: "Content-Type must be application/json, got '\(contentType ?? "")'"))
        }
        let body: JSONValue
        do {
            body = try JSONParser.parse(request.body)
        } catch {
            return .failure(Problem(status: 400, message: "the request body is not JSON: \(error)"))
        }
        guard case .object = body else {
            return .failure(Problem(status: 400, message: "the request body must be a JSON object"))
        }
        return members(
            query: body["query"] ?? .null, operationName: body["operationName"] ?? .null,
            variables: body["variables"] ?? .null, extensions: body["extensions"] ?? .null)
    }

    private static func readGET(_ request: HTTPRequest) -> Result<GraphQLRequestParameters, Problem> {
        func json(_ name: String) -> Result<JSONValue, Problem> {
            guard let text = request.queryValue(name) else { return .success(.null) }
            do {
                return .success(try JSONParser.parse(Array(text.utf8)))
            } catch {
                return .failure(Problem(status: 400, message: "the \(name) parameter is not JSON: \(error)"))
            }
        }
        let variables: JSONValue
        let extensions: JSONValue
        switch (json("variables"), json("extensions")) {
        case (.failure(let problem), _), (_, .failure(let problem)): return .failure(problem)
        case (.success(let first), .success(let second)):
            variables = first
            extensions = second
        }
        return members(
            query: request.queryValue("query").map(JSONValue.string) ?? .null,
            operationName: request.queryValue("operationName").map(JSONValue.string) ?? .null,
            variables: variables, extensions: extensions)
    }

    private static func members(
        query: JSONValue, operationName: JSONValue, variables: JSONValue, extensions: JSONValue
    ) -> Result<GraphQLRequestParameters, Problem> {
        var parameters = GraphQLRequestParameters()
        switch query {
        case .null: break
        case .string(let text):
            guard text.contains(where: { !$0.isWhitespace }) else {
                return .failure(Problem(status: 400, message: "the request has no query string"))
            }
            parameters.query = text
        default: return .failure(Problem(status: 400, message: "query must be a string"))
        }
        switch variables {
        case .null: break
        case .object(let members): parameters.variables = members
        default: return .failure(Problem(status: 400, message: "variables must be a JSON object"))
        }
        switch operationName {
        case .null: break
        case .string(let name): parameters.operationName = name
        default: return .failure(Problem(status: 400, message: "operationName must be a string"))
        }
        switch extensions {
        case .null: break
        case .object: parameters.persistedQuery = extensions["persistedQuery"]
        default: return .failure(Problem(status: 400, message: "extensions must be a JSON object"))
        }
        return .success(parameters)
    }
}
