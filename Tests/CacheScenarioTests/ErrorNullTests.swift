import CacheScenarioAPI
import Foundation
import GraphQLBridge
import Testing

/// A `null` that a field error caused is not data: not where the error is (a nullable field), nor where graphql-core
/// propagated it (the nearest nullable parent of a non-null field, a list element). The cache neither stores it nor
/// keeps the value it replaced: the next read asks the server.
@Suite("Nulls caused by errors", .serialized)
struct ErrorNullTests {
    @Test("A non-null field's error propagated to its nullable parent is not cached (row 3)")
    func propagatedToParent() async throws {
        try await ScenarioSetup.run { setup in
            let good = try await setup.client.execute(UserProfileQuery(id: "1"), fetchPolicy: .serverOnly)
            #expect(good.data?.user?.profile?.karma == 10)

            try await setup.backend.admin(["failKarma": ["1"]])
            let failed = try await setup.client.execute(
                UserProfileQuery(id: "1"), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData)
            #expect(failed.data?.user?.profile == nil && failed.errors.count == 1)
            #expect(failed.data?.user?.name == "Alice", "the rest of the answer is data")

            // Neither the error's null nor the profile it replaced is served.
            await #expect(throws: APIError.self) {
                try await setup.client.execute(UserProfileQuery(id: "1"), fetchPolicy: .cacheOnly)
            }
            let asked = try await setup.client.execute(UserProfileQuery(id: "1"), errorPolicy: .returnPartialData)
            #expect(asked.source == .server)
            #expect(setup.counter.count("UserProfile") == 3)
            // The fields the answer did hold are cached.
            let name = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(name.data?.user?.name == "Alice")

            try await setup.backend.admin(["failKarma": [String]()])
            let again = try await setup.client.execute(UserProfileQuery(id: "1"))
            #expect(again.source == .server && again.data?.user?.profile?.karma == 10)
            let cached = try await setup.client.execute(UserProfileQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(cached.data == again.data)
        }
    }

    @Test("Propagated two levels down (Address.street inside Profile.address) is not cached")
    func propagatedNested() async throws {
        try await ScenarioSetup.run { setup in
            let good = try await setup.client.execute(UserAddressQuery(id: "1"), fetchPolicy: .serverOnly)
            #expect(good.data?.user?.profile?.address?.street == "Main St")
            try await setup.backend.admin(["failStreet": ["1"]])
            let failed = try await setup.client.execute(
                UserAddressQuery(id: "1"), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData)
            #expect(failed.data?.user?.profile?.address == nil)
            #expect(failed.data?.user?.profile?.bio == "first", "the null stopped at the nullable address")
            do throws(APIError) {
                let served = try await setup.client.execute(UserAddressQuery(id: "1"), fetchPolicy: .cacheOnly)
                Issue.record("the cache served \(String(describing: served.data)) after the server's error")
            } catch {
                #expect(error == .cacheMiss(operation: "UserAddress", path: "user.profile.address"))
            }
        }
    }

    @Test("A list element's propagated null is not cached: the list is not served")
    func propagatedToListElement() async throws {
        try await ScenarioSetup.run { setup in
            let good = try await setup.client.execute(Users(["1", "2", "3"]), fetchPolicy: .serverOnly)
            #expect(good.data?.users?.compactMap { $0?.name } == ["Alice", "Bob", "Carol"])
            try await setup.backend.admin(["failName": ["2"]])
            let failed = try await setup.client.execute(
                Users(["1", "2", "3"]), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData)
            #expect(failed.data?.users?.count == 3 && failed.data?.users?[1] == nil)
            await #expect(throws: APIError.self) {
                try await setup.client.execute(Users(["1", "2", "3"]), fetchPolicy: .cacheOnly)
            }
            // The elements that were data are cached as records.
            let carol = await setup.cache.record(forKey: "User:3")
            #expect(carol?.fields["name"]?.value == .scalar(.string("Carol")))
        }
    }

    @Test("A watch of a partial result shows the propagated null as the server sent it, and follows other changes")
    func watchPartialResult() async throws {
        try await ScenarioSetup.run { setup in
            try await setup.backend.admin(["failKarma": ["1"]])
            let collector = Collector<GraphQLResult<UserProfileQuery.Data>>()
            let watching = Task {
                do {
                    for try await result in setup.client.watch(
                        UserProfileQuery(id: "1"), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData)
                    {
                        await collector.append(result)
                    }
                } catch {
                    await collector.fail(error)
                }
            }
            defer { watching.cancel() }
            let first = try await collector.waitUntil("the server's partial result") { $0.count == 1 }
            #expect(first[0].data?.user?.profile == nil && first[0].errors.count == 1)
            _ = try await setup.client.execute(RenameUserMutation(id: "1", name: "Alicia"))
            let second = try await collector.waitUntil("the rename, read from the cache") { $0.count == 2 }
            #expect(second[1].source == .cache)
            #expect(second[1].data?.user?.name == "Alicia" && second[1].data?.user?.profile == nil)
            #expect(second[1].errors == first[0].errors)
            #expect(setup.counter.count("UserProfile") == 1)
        }
    }

    private func Users(_ ids: [String]) -> UsersQuery {
        UsersQuery(ids: ids.map { GraphQLID($0) })
    }
}
