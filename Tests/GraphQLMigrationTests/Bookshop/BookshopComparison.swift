import GraphQLComparison
import GraphQLMigration

/// The bookshop's comparison plan: what the app's own `swift run bookshop-compare` would run.
enum BookshopComparison {
    static func plan(_ backend: BookshopBackend) -> ComparisonPlan {
        let rest = BookshopRESTClient(backend: backend)
        let graphQL = BookshopGraphQLClient(backend: backend)
        var plan = ComparisonPlan()
        plan.list(
            "shelf(new)", model: "Book", rest: { try rest.shelf("new") }, graphQL: { try graphQL.shelf("new") },
            id: \.id)
        plan.model(
            "Book", ids: { try rest.books().map(\.id) }, rest: { id in try rest.book(id) },
            graphQL: { id in try graphQL.book(id) })
        plan.model(
            "Author", ids: { ["a1", "a2", "a3", "a4"] }, rest: { id in try rest.author(id) },
            graphQL: { id in try graphQL.author(id) })
        plan.write(
            "wishlist", model: "Book", target: { try rest.books().first?.id },
            read: { api, id in api == .rest ? try rest.book(id).isWishlisted : try graphQL.book(id).isWishlisted },
            write: { api, id, value in
                api == .rest ? try rest.setWishlisted(id, value) : try graphQL.setWishlisted(id, value)
            },
            change: { !$0 }, targetKey: "book", valueKey: "wishlisted")
        return plan
    }
}
