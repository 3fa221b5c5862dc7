import CacheScenarioAPI
import Foundation
import GraphQLBridge
import Testing

/// The request-enum client of the library (issue 30), in the shape of a second app: two request enums of its own,
/// legacy models of its own, a write, a watch, overrides on a live client, against a real server (graphql-core).
@Suite("GraphQLRequestClient: an app's request enums", .serialized)
struct GraphQLRequestClientTests {
    /// The second app's legacy models, as its REST client made them.
    struct Member: Sendable, Equatable {
        var id: String
        var displayName: String
    }

    struct Title: Sendable, Equatable {
        var name: String
    }

    /// The first request enum: members, read and renamed.
    enum MemberRequest: OverridableRequest, Hashable {
        case member(id: String)
        case members(ids: [String])
        case rename(id: String, name: String)

        var operationName: String {
            switch self {
            case .member: "UserName"
            case .members: "Users"
            case .rename: "RenameUser"
            }
        }

        var responseTypeDescription: String {
            switch self {
            case .member, .rename: "Member"
            case .members: "[Member]"
            }
        }
    }

    /// The second request enum: titles.
    enum TitleRequest: OverridableRequest, Hashable {
        case title(id: String)

        var operationName: String { "GameV1" }
        var responseTypeDescription: String { "Title" }
    }

    /// A legacy model from a generated object; an empty name is not a member's (the adapter's failure).
    static func member(id: String, name: String, path: String, operation: String) throws(APIError) -> Member {
        try APIError.adapting(path, operation: operation) { () throws(GraphQLDecodingError) in
            guard !name.isEmpty else {
                throw GraphQLDecodingError(
                    path: "name", expected: "a display name", found: "\"\"", reason: "it is empty")
            }
            return Member(id: id, displayName: name)
        }
    }

    static func members(_ client: GraphQLHTTPClient, overrides: RequestOverrides<MemberRequest>? = nil)
        -> GraphQLRequestClient<MemberRequest>
    {
        GraphQLRequestClient(client: client, overrides: overrides ?? RequestOverrides(unimplemented: false)) {
            request throws(APIError) in
            switch request {
            case .member(let id):
                return .query(UserNameQuery(id: id)) { result throws(APIError) in
                    guard let user = result.data?.user else {
                        throw .notFound(operation: UserNameQuery.operationName, path: "user(id: \"\(id)\")")
                    }
                    return try member(
                        id: user.id, name: user.name, path: "data.user", operation: UserNameQuery.operationName)
                }
            case .members(let ids):
                return .query(UsersQuery(ids: ids)) { result throws(APIError) in
                    var members: [Member] = []
                    for (index, user) in (result.data?.users ?? []).enumerated() {
                        guard let user else { continue }
                        members.append(
                            try member(
                                id: user.id, name: user.name, path: "data.users[\(index)]",
                                operation: UsersQuery.operationName))
                    }
                    return members
                }
            case .rename(let id, let name):
                return .mutation(RenameUserMutation(id: id, name: name)) { result throws(APIError) in
                    guard let user = result.data?.renameUser else {
                        throw .notFound(operation: RenameUserMutation.operationName, path: "renameUser")
                    }
                    return try member(
                        id: user.id, name: user.name, path: "data.renameUser",
                        operation: RenameUserMutation.operationName)
                }
            }
        }
    }

    static func titles(_ client: GraphQLHTTPClient) -> GraphQLRequestClient<TitleRequest> {
        GraphQLRequestClient(client: client) { request throws(APIError) in
            switch request {
            case .title(let id):
                return .query(GameV1Query(id: id)) { result throws(APIError) in
                    guard let game = result.data?.game else {
                        throw .notFound(operation: GameV1Query.operationName, path: "game(id: \"\(id)\")")
                    }
                    return Title(name: game.name)
                }
            }
        }
    }

    @Test("fetch: each enum's requests give the app's models, through the cache")
    func fetchThroughCache() async throws {
        try await ScenarioSetup.run { setup in
            let members = Self.members(setup.client)
            let titles = Self.titles(setup.client)
            let alice: Member = try await members.fetch(.member(id: "1"))
            #expect(alice == Member(id: "1", displayName: "Alice"))
            let again = try await members.fetchResponse(.member(id: "1"), as: Member.self)
            #expect(again.value == alice && again.source == .cache)
            #expect(setup.counter.count("UserName") == 1)
            let list = try await members.fetch(.members(ids: ["1", "3"]), as: [Member].self)
            #expect(list.map(\.displayName) == ["Alice", "Carol"])
            #expect(try await titles.fetch(.title(id: "g1"), as: Title.self) == Title(name: "Lotto"))
        }
    }

    @Test("a Response the request does not produce fails before any request, naming both types")
    func wrongResponseType() async throws {
        try await ScenarioSetup.run { setup in
            let members = Self.members(setup.client)
            let error = await #expect(throws: APIError.self) {
                let _: [Member] = try await members.fetch(.member(id: "1"))
            }
            guard case .unexpectedResponseType(let operation, let expected, let actual) = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(operation == "UserName" && expected == "Array<Member>" && actual == "Member")
            #expect(setup.counter.count("UserName") == 0)
        }
    }

    @Test("a write through the enum: the server applies it, the cache merges it, a watch of the read sees it")
    func writeReachesWatch() async throws {
        try await ScenarioSetup.run { setup in
            let members = Self.members(setup.client)
            let seen = Collector<Member>()
            let watching = Task {
                do {
                    for try await member in members.watch(.member(id: "2"), as: Member.self) {
                        await seen.append(member)
                    }
                } catch {
                    await seen.fail(error)
                }
            }
            defer { watching.cancel() }
            try await seen.waitUntil("Bob") { $0.last?.displayName == "Bob" }
            let renamed: Member = try await members.fetch(.rename(id: "2", name: "Robert"))
            #expect(renamed == Member(id: "2", displayName: "Robert"))
            try await seen.waitUntil("Robert") { $0.last?.displayName == "Robert" }
            #expect(setup.counter.count("UserName") == 1, "the watch updated from the cache, without a request")
            #expect(setup.counter.count("RenameUser") == 1)
        }
    }

    @Test("an adapter's failure is APIError.decoding at the field's path")
    func adapterFailure() async throws {
        try await ScenarioSetup.run { setup in
            let members = Self.members(setup.client)
            let error = await #expect(throws: APIError.self) {
                try await members.fetch(.rename(id: "3", name: ""), as: Member.self)
            }
            guard case .decoding(let operation, let located) = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(operation == "RenameUser" && located.path == "data.renameUser.name", "\(located)")
        }
    }

    @Test("overrides on a live client answer their requests; the others go to the server")
    func liveOverrides() async throws {
        try await ScenarioSetup.run { setup in
            let members = Self.members(setup.client)
                .override(.member(id: "1"), with: Member(id: "1", displayName: "Preview"))
                .override(.member(id: "9"), with: APIError.notFound(operation: "UserName", path: "user"))
            #expect(try await members.fetch(.member(id: "1"), as: Member.self).displayName == "Preview")
            await #expect(throws: APIError.self) { try await members.fetch(.member(id: "9"), as: Member.self) }
            #expect(try await members.fetch(.member(id: "2"), as: Member.self).displayName == "Bob")
            #expect(setup.counter.count("UserName") == 1, "only the request not overridden was sent")
            #expect(members.requests.isEmpty, "a live client records nothing")
            var watched: [Member] = []
            for try await member in members.watch(.member(id: "1"), as: Member.self) { watched.append(member) }
            #expect(watched == [Member(id: "1", displayName: "Preview")], "an override watched: one model, the end")
        }
    }
}
