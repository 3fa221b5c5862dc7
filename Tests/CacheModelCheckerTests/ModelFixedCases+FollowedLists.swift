import GraphQLBridge

extension ModelFixedCases {
    /// A checker defect found once `executeRef` steps were on by default (seed 11888): a query ref's `Search` list
    /// showed a site (whose id the selection leaves out) beyond the world's shorter list, after a mutation renamed a
    /// listed user out of the list. The truth followed the list's elements, gave `null` for the site it cannot follow,
    /// and the app's type (a list of non-null elements) could not hold it: every leaf of that version was taken as
    /// absent, the user's new name unexplained. Such a truth is now flattened from the server's JSON as it is.
    static let followedLists: [Case] = [
        Case(
            name:
                "seed 11888: a searched user renamed out of the list by a mutation, while the list shows a site it cannot follow",
            configuration: ModelConfiguration(persistent: true, caches: 2, maxAge: 30, storesResponses: true),
            steps: [
                .ref(
                    cache: 0, operation: "Search",
                    variables: ["limit": .number("3"), "text": .string("o"), "withSites": .bool(false)]),
                .change(.retitle(site: "alice", to: "Mallory's page")),
                .mutate(
                    cache: 0, operation: "RenameUserWithBio",
                    variables: ["id": .string("d\"q"), "name": .string("New")],
                    kind: .init(optimistic: true), headers: .noStore),
                .executeRef(1, policy: .serverOnly, held: false),
                .mutate(
                    cache: 0, operation: "RenameUserWithBio",
                    variables: ["id": .string("bob"), "name": .string("a.b")],
                    kind: .init(optimistic: true), headers: .none),
            ])
    ]
}
