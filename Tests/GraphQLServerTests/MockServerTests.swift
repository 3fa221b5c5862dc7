import Foundation
import GraphQLBridgeSupport
import GraphQLParser
import GraphQLSchema
import GraphQLServer
import Testing

@testable import GraphQLBridgeCLI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `graphql-bridge serve --schema FILE`: a mock server for an app's own schema (a cinema's, here: an interface,
/// a union, enums, custom scalars, an input object), answering deterministically.
@Suite("serve --schema (mock server)")
struct MockServerTests {
    static let schemaSDL = """
        \"""A day, ISO 8601 (2026-12-04).\"""
        scalar LocalDate @specifiedBy(url: "https://www.rfc-editor.org/rfc/rfc3339")
        scalar UUID
        \"""What a field costs the server.\"""
        directive @cost(weight: Int = 1) repeatable on FIELD_DEFINITION | OBJECT
        scalar Long

        interface Screening { id: ID! startsOn: LocalDate! }
        type StandardScreening implements Screening { id: ID! startsOn: LocalDate! hall: Int! }
        type ImaxScreening implements Screening { id: ID! startsOn: LocalDate! glasses: Boolean! }
        union SearchResult = Movie | Cinema
        enum AgeRating {
          G
          PG
          PG13
          \"""Restricted.\"""
          R
          X @deprecated(reason: "Use `R`.")
        }
        input MovieFilter @oneOf { id: ID title: String }

        type Movie @cost(weight: 2) {
          id: ID!
          \"""The title as released.\"""
          title: String! @cost
          originalTitle: String @deprecated
          rating: AgeRating!
          ticketId: UUID!
          boxOffice: Long!
          score: Float
          screenings(first: Int): [Screening!]!
        }
        type Cinema { id: ID! name: String! movies: [Movie!]! }
        input TicketInput { movieId: ID! seats: Int! = 1 note: String }
        type Ticket { id: ID! seats: Int! movie: Movie! }

        type Query {
          movie(id: ID!): Movie
          \"""Movies by id or by title: give one.\"""
          movies(
            \"""One of the two.\"""
            filter: MovieFilter!
            first: Int = 10
          ): [Movie!]!
          cinemas: [Cinema!]!
          search(text: String!): [SearchResult!]!
        }
        type Mutation { buyTicket(input: TicketInput!): Ticket! }
        """

    /// Runs `serve --schema` on a free port while `body` runs.
    static func withServer(
        _ extra: [String] = [], _ body: @Sendable (URL) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cinema.graphqls")
        try Data(schemaSDL.utf8).write(to: file)
        let endpoint = Locked<URL?>(nil)
        let listening = AsyncStream<Void>.makeStream()
        let finished = AsyncStream<Void>.makeStream()
        let output = OutputBuffer()
        let server = Task {
            await MockServerCommand.main(
                arguments: ["--schema", file.path, "--port", "0"] + extra, output: output.commandOutput,
                started: { url in
                    endpoint.withLock { $0 = url }
                    listening.continuation.yield()
                },
                stop: { for await _ in finished.stream { return } })
        }
        var iterator = listening.stream.makeAsyncIterator()
        _ = await iterator.next()
        let url = try #require(endpoint.withLock { $0 }, "the server did not start: \(output.standardError)")
        do {
            try await body(url)
        } catch {
            finished.continuation.yield()
            _ = await server.value
            throw error
        }
        finished.continuation.yield()
        let status = await server.value
        #expect(status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("listening on 127.0.0.1:"), "\(output.standardOutput)")
    }

    static func post(_ url: URL, _ query: String, variables: String = "{}") async throws -> (Int, JSONValue) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(
            (#"{"query":"# + JSONValue.string(query).jsonText + #","variables":"# + variables + "}").utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONParser.parse(data))
    }

    @Test("the same query gets the same answer; values follow their types; lists have --list-size or first: items")
    func deterministic() async throws {
        try await Self.withServer(["--list-size", "2"]) { url in
            let query = """
                { movie(id: "m1") { id title rating ticketId boxOffice score screenings(first: 4) {
                  __typename id startsOn ... on ImaxScreening { glasses } ... on StandardScreening { hall } } }
                  cinemas { id name movies { id } } }
                """
            let (status, first) = try await Self.post(url, query)
            let (_, second) = try await Self.post(url, query)
            #expect(status == 200)
            #expect(first == second, "the same query, the same answer")
            #expect(first["errors"] == nil, "\(first.jsonText)")
            let movie = try #require(first["data"]?["movie"])
            #expect(movie["id"]?.stringValue?.hasPrefix("Movie-") == true, "\(movie.jsonText)")
            #expect(["G", "PG", "PG13", "R"].contains(movie["rating"]?.stringValue ?? ""), "\(movie.jsonText)")
            let uuid = try #require(movie["ticketId"]?.stringValue)
            #expect(UUID(uuidString: uuid) != nil, "a UUID: \(uuid)")
            guard case .number? = movie["boxOffice"] else {
                Issue.record("Long is an integer: \(movie.jsonText)")
                return
            }
            guard case .array(let screenings)? = movie["screenings"] else {
                Issue.record("no screenings: \(movie.jsonText)")
                return
            }
            #expect(screenings.count == 4, "first: 4")
            for screening in screenings {
                let type = screening["__typename"]?.stringValue
                #expect(type == "ImaxScreening" || type == "StandardScreening")
                #expect((type == "ImaxScreening") == (screening["glasses"] != nil))
                let date = try #require(screening["startsOn"]?.stringValue)
                #expect(date.count == 10 && date.dropFirst(4).first == "-", "a LocalDate: \(date)")
            }
            guard case .array(let cinemas)? = first["data"]?["cinemas"] else {
                Issue.record("no cinemas")
                return
            }
            #expect(cinemas.count == 2, "--list-size 2")

            // Another seed, other values.
            _ = cinemas
        }
    }

    @Test("fragments on interfaces and unions apply to their object types (the spec's DoesFragmentTypeApply)")
    func abstractFragments() async throws {
        try await Self.withServer { url in
            let query = """
                query Q { search(text: "x") { __typename ... on Movie { title } ... on Cinema { name } }
                  movie(id: "m") { screenings(first: 6) { __typename ...When } } }
                fragment When on Screening { startsOn }
                """
            let (_, answer) = try await Self.post(url, query)
            #expect(answer["errors"] == nil, "\(answer.jsonText)")
            guard case .array(let results)? = answer["data"]?["search"],
                case .array(let screenings)? = answer["data"]?["movie"]?["screenings"]
            else {
                Issue.record("no lists: \(answer.jsonText)")
                return
            }
            for result in results {
                let type = result["__typename"]?.stringValue
                #expect(result[type == "Movie" ? "title" : "name"] != nil, "\(result.jsonText)")
            }
            #expect(
                screenings.allSatisfy { $0["startsOn"] != nil }, "an interface fragment applies: \(answer.jsonText)")
        }
    }

    @Test("an object reached by the same path and arguments has the same id; other arguments, another object")
    func stableIdentity() async throws {
        try await Self.withServer { url in
            let (_, a) = try await Self.post(url, #"{ movie(id: "m1") { id title } }"#)
            let (_, b) = try await Self.post(url, #"{ movie(id: "m1") { id } other: movie(id: "m2") { id } }"#)
            #expect(a["data"]?["movie"]?["id"] == b["data"]?["movie"]?["id"])
            #expect(b["data"]?["movie"]?["id"] != b["data"]?["other"]?["id"])
        }
    }

    @Test(
        "requests are validated (graphql-core's messages), variables coerced (input objects), mutations answered, subscriptions refused"
    )
    func validation() async throws {
        try await Self.withServer { url in
            let (status, invalid) = try await Self.post(url, "{ movie(id: 1) { nope } }")
            #expect(status == 200)
            #expect(invalid["data"] == nil)
            #expect(invalid.jsonText.contains("Cannot query field 'nope' on type 'Movie'."), "\(invalid.jsonText)")

            let mutation = "mutation Buy($input: TicketInput!) { buyTicket(input: $input) { id seats movie { id } } }"
            let (_, bought) = try await Self.post(url, mutation, variables: #"{"input":{"movieId":"m1"}}"#)
            #expect(bought["errors"] == nil, "\(bought.jsonText)")
            #expect(bought["data"]?["buyTicket"]?["id"]?.stringValue?.hasPrefix("Ticket-") == true)

            let (_, missing) = try await Self.post(url, mutation, variables: #"{"input":{"seats":2}}"#)
            #expect(missing["data"] == nil)
            #expect(
                missing.jsonText.contains("movieId"), "a missing required input field is named: \(missing.jsonText)")
            let oneOf = "query Movies($filter: MovieFilter!) { movies(filter: $filter) { id } }"
            let (_, one) = try await Self.post(url, oneOf, variables: #"{"filter":{"title":"Up"}}"#)
            #expect(one["errors"] == nil, "\(one.jsonText)")
            let (_, two) = try await Self.post(url, oneOf, variables: #"{"filter":{"title":"Up","id":"1"}}"#)
            #expect(two.jsonText.contains("Exactly one key must be specified for OneOf type"), "\(two.jsonText)")
            let (_, unknown) = try await Self.post(url, mutation, variables: #"{"input":{"movieId":"m","x":1}}"#)
            #expect(unknown.jsonText.contains("\\\"x\\\" is not defined"), "\(unknown.jsonText)")
        }
    }

    @Test("introspection: fetch-schema of the mock server gives back the schema it serves")
    func introspection() async throws {
        try await Self.withServer { url in
            let sdl = try await FetchSchemaCommand.fetch(endpoint: url, headers: [])
            let fetched = try FetchSchemaTests.build(sdl)
            let served = try FetchSchemaTests.build(Self.schemaSDL)
            do {
                let fetchedOutline = SchemaOutline.of(fetched)
                let expectedOutline = SchemaOutline.of(served)
                #expect(
                    fetchedOutline == expectedOutline, "\(SchemaOutline.difference(fetchedOutline, expectedOutline))")
            }
        }
    }

    @Test(
        "usage: --schema is required (and says where the lottery's backend went), bad numbers refused, a broken schema is exit 1"
    )
    func usage() async throws {
        let output = OutputBuffer()
        #expect(await MockServerCommand.main(arguments: [], output: output.commandOutput, stop: {}) == 2)
        #expect(output.standardError.contains("lottery serve"), "\(output.standardError)")
        #expect(
            await MockServerCommand.main(
                arguments: ["--schema", "x.graphqls", "--list-size", "500"], output: output.commandOutput, stop: {})
                == 2)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.graphqls")
        try Data("type Query { a: Missing }".utf8).write(to: file)
        let broken = OutputBuffer()
        #expect(
            await MockServerCommand.main(arguments: ["--schema", file.path], output: broken.commandOutput, stop: {})
                == 1)
        #expect(broken.standardOutput.contains("broken.graphqls:1:"), "\(broken.standardOutput)")
    }
}
