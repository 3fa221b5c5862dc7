import CacheModelAPI
import GraphQLBridge

/// The checker's operations (Tests/CacheModelAPI/graphql/Operations.graphql) and how their variables are drawn.
enum ModelCatalogue {
    static let queries: [ModelOperation] = [
        .query(UserNameQuery.self, variables: { ["id": user(&$0)] }) { UserNameQuery(id: $0.string("id")) },
        .query(UserBioQuery.self, variables: { ["id": user(&$0), "withBio": .bool($0.chance(0.5))] }) {
            UserBioQuery(id: $0.string("id"), withBio: $0.bool("withBio"))
        },
        .query(
            UserProfileQuery.self,
            variables: { random in
                var variables = ["id": user(&random)]
                if random.chance(0.6) { variables["withProfile"] = .bool(random.chance(0.5)) }
                return variables
            }
        ) { UserProfileQuery(id: $0.string("id"), withProfile: $0.nullableBool("withProfile")) },
        .query(UserFriendQuery.self, variables: { ["id": user(&$0)] }) { UserFriendQuery(id: $0.string("id")) },
        .query(
            UserFriendsQuery.self,
            variables: { random in
                var variables = ["id": user(&random)]
                if random.chance(0.6) { variables["first"] = .number(String(random.next(upTo: 4))) }
                return variables
            }
        ) { UserFriendsQuery(id: $0.string("id"), first: $0.nullableInt("first")) },
        .query(
            UserFriendsDefaultQuery.self,
            variables: { random in
                var variables = ["id": user(&random)]
                if random.chance(0.5) { variables["first"] = .number(String(random.next(upTo: 4))) }
                return variables
            }
        ) { UserFriendsDefaultQuery(id: $0.string("id"), first: $0.nullableInt("first")) },
        .query(
            UsersQuery.self,
            variables: { random in
                let ids = random.sample(ModelWorld.userIDs + ["nobody"], count: random.next(upTo: 4))
                return ["ids": .array(ids.map(JSONValue.string))]
            }
        ) { UsersQuery(ids: $0.strings("ids")) },
        .query(FeaturedUserQuery.self) { _ in FeaturedUserQuery() },
        .query(FeaturedUserNameQuery.self) { _ in FeaturedUserNameQuery() },
        .query(SiteOwnerQuery.self, variables: { ["id": site(&$0)] }) { SiteOwnerQuery(id: $0.string("id")) },
        .query(TwoSitesQuery.self, variables: { ["a": site(&$0), "b": site(&$0)] }) {
            TwoSitesQuery(a: $0.string("a"), b: $0.string("b"))
        },
        .query(
            NodeByIDQuery.self,
            variables: { random in
                ["id": random.chance(0.5) ? user(&random) : site(&random)]
            }
        ) { NodeByIDQuery(id: $0.string("id")) },
        .query(
            SearchQuery.self,
            variables: { random in
                var variables: [String: JSONValue] = ["withSites": .bool(random.chance(0.5))]
                if random.chance(0.7) { variables["text"] = .string(random.pick(["", "a", "o", "Site", "New"])) }
                if random.chance(0.5) { variables["limit"] = .number(String(random.next(upTo: 6))) }
                return variables
            }
        ) {
            SearchQuery(
                text: $0.nullableString("text"), limit: $0.nullableInt("limit"), withSites: $0.bool("withSites"))
        },
        .query(SearchDefaultQuery.self) { _ in SearchDefaultQuery() },
        .query(ItemByKeyQuery.self, variables: { ["shop": shop(&$0), "sku": sku(&$0)] }) {
            ItemByKeyQuery(shop: $0.string("shop"), sku: $0.string("sku"))
        },
        .query(ShopItemsQuery.self, variables: { ["shop": shop(&$0)] }) { ShopItemsQuery(shop: $0.string("shop")) },
        .query(PairQuery.self, variables: { ["a": user(&$0), "b": user(&$0), "skipB": .bool($0.chance(0.3))] }) {
            PairQuery(a: $0.string("a"), b: $0.string("b"), skipB: $0.bool("skipB"))
        },
    ]

    /// The pager steps' query (issue 31): not drawn by the other steps, so that a seed's other steps stay what they
    /// were.
    static let pages: [ModelOperation] = [
        .query(
            FriendPageQuery.self,
            variables: { ["id": user(&$0), "offset": .number("0"), "limit": .number(String(ModelPager.limit))] }
        ) { FriendPageQuery(id: $0.string("id"), offset: $0.int("offset"), limit: $0.int("limit")) },
        .query(
            FriendListQuery.self,
            variables: { ["id": user(&$0), "offset": .number("0"), "limit": .number(String(ModelPager.limit))] }
        ) { FriendListQuery(id: $0.string("id"), offset: $0.int("offset"), limit: $0.int("limit")) },
        .query(
            UserFriendListQuery.self,
            variables: { ["id": user(&$0), "offset": .number("0"), "limit": .number(String(ModelPager.limit))] }
        ) { UserFriendListQuery(id: $0.string("id"), offset: $0.int("offset"), limit: $0.int("limit")) },
        .query(
            FriendFeedQuery.self,
            variables: { ["id": .string($0.pick(ModelFeed.users)), "first": .number(String(ModelPager.limit))] }
        ) { FriendFeedQuery(id: $0.string("id"), first: $0.int("first"), after: $0.nullableID("after")) },
    ]

    static let subscriptions: [ModelOperation] = [
        .subscription(UserChangedSubscription.self, variables: { ["id": user(&$0)] }) {
            UserChangedSubscription(id: $0.string("id"))
        },
        .subscription(SiteChangedSubscription.self, variables: { ["id": site(&$0)] }) {
            SiteChangedSubscription(id: $0.string("id"))
        },
    ]

    static let mutations: [ModelOperation] = [
        .mutation(RenameUserMutation.self, variables: { ["id": user(&$0), "name": name(&$0)] }) {
            RenameUserMutation(id: $0.string("id"), name: $0.string("name"))
        },
        .mutation(RenameUserWithBioMutation.self, variables: { ["id": user(&$0), "name": name(&$0)] }) {
            RenameUserWithBioMutation(id: $0.string("id"), name: $0.string("name"))
        },
        .mutation(SetKarmaMutation.self, variables: { ["id": user(&$0), "karma": .number(String($0.next(upTo: 50)))] })
        {
            SetKarmaMutation(id: $0.string("id"), karma: $0.int("karma"))
        },
        .mutation(SetBioMutation.self, variables: { ["id": user(&$0), "bio": text(&$0)] }) {
            SetBioMutation(id: $0.string("id"), bio: $0.nullableString("bio"))
        },
        .mutation(SetHeadlineMutation.self, variables: { ["id": user(&$0), "headline": text(&$0)] }) {
            SetHeadlineMutation(id: $0.string("id"), headline: $0.nullableString("headline"))
        },
        .mutation(RenameSiteMutation.self, variables: { ["id": site(&$0), "title": name(&$0)] }) {
            RenameSiteMutation(id: $0.string("id"), title: $0.string("title"))
        },
        .mutation(SetOwnerPageMutation.self, variables: { ["id": site(&$0), "page": text(&$0)] }) {
            SetOwnerPageMutation(id: $0.string("id"), page: $0.nullableString("page"))
        },
        .mutation(
            SetPriceMutation.self,
            variables: {
                ["shop": shop(&$0), "sku": sku(&$0), "price": .number(String($0.next(upTo: 500)))]
            }
        ) { SetPriceMutation(shop: $0.string("shop"), sku: $0.string("sku"), price: $0.int("price")) },
        .mutation(FeatureMutation.self, variables: { ["id": user(&$0)] }) { FeatureMutation(id: $0.string("id")) },
    ]

    /// The operation named `name`.
    static func operation(named name: String) -> ModelOperation? {
        queries.first { $0.name == name } ?? mutations.first { $0.name == name }
            ?? subscriptions.first { $0.name == name } ?? pages.first { $0.name == name }
    }

    private static func user(_ random: inout ModelRandom) -> JSONValue { .string(random.pick(ModelWorld.userIDs)) }
    private static func site(_ random: inout ModelRandom) -> JSONValue { .string(random.pick(ModelWorld.siteIDs)) }
    private static func shop(_ random: inout ModelRandom) -> JSONValue { .string(random.pick(ModelWorld.shops)) }
    private static func sku(_ random: inout ModelRandom) -> JSONValue { .string(random.pick(ModelWorld.skus)) }
    private static func name(_ random: inout ModelRandom) -> JSONValue { .string(random.pick(ModelWorld.names)) }
    private static func text(_ random: inout ModelRandom) -> JSONValue {
        random.pick(ModelWorld.texts).map(JSONValue.string) ?? .null
    }
}
