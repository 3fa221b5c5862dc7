import GraphQLBridge

/// The simulated server's truth: every object of the checker's schema and what each field holds. A value type: the
/// checker keeps each version of it (``ModelHistory``) to tell which answers the server could have given when.
///
/// The ids are chosen to break keys built by joining strings: a user `ann.profile` beside the path of `ann`'s
/// profile, a site `alice.owner` beside the path of `alice`'s owner, items whose composite key parts hold `,`, and
/// ids with `:`, `"` and `\`.
struct ModelWorld: Sendable, Hashable {
    struct User: Sendable, Hashable {
        var name: String
        var bio: String?
        var karma: Int
        var bestFriend: String?
        /// `nil`: the user has no profile (`profile` is `null`).
        var profile: Profile?
        var friends: [String]
        /// Whether reading `bio` fails (a field error: `null` and an error at its path).
        var bioFails = false
    }

    struct Profile: Sendable, Hashable {
        var headline: String?
        var karma: Int
    }

    struct Site: Sendable, Hashable {
        var title: String
        /// `nil`: the site has no owner (`owner` is `null`).
        var owner: Owner?
    }

    struct Owner: Sendable, Hashable {
        var name: String
        var page: String?
    }

    struct ItemKey: Sendable, Hashable, Comparable {
        var shop: String
        var sku: String
        static func < (lhs: ItemKey, rhs: ItemKey) -> Bool { (lhs.shop, lhs.sku) < (rhs.shop, rhs.sku) }
    }

    struct Item: Sendable, Hashable {
        var price: Int
        var label: String?
    }

    var users: [String: User]
    var sites: [String: Site]
    var items: [ItemKey: Item]
    var featured: String?

    static let userIDs = ["ann", "bob", "ann.profile", "c:1", "d\"q", "e\\f"]
    static let siteIDs = ["alice", "alice.owner", "s,1"]
    static let shops = ["a", "a,b"]
    static let skus = ["b,c", "c"]
    static let names = ["Ann", "Bob", "Old", "New", "Mallory's page", "Zoë", "a.b"]
    static let texts: [String?] = ["x", "y", "Mallory's page", nil]

    /// `user`'s friends after the one whose id is `after` (from the start without it), at most `first`, in the order of
    /// their ids in ``userIDs`` (each once): `friendFeed`, an `appendAfter` list (issue 31's feed steps). A friend added
    /// goes in its place, at the head or in the middle of what a page showed before; an id no longer a friend (or none
    /// at all) still names a place.
    func feed(of user: String, after: String?, first: Int) -> [String] {
        let friends = Set(users[user]?.friends ?? [])
        let start = after.map { id in (Self.userIDs.firstIndex(of: id) ?? Self.userIDs.count) + 1 } ?? 0
        return Array(Self.userIDs.dropFirst(start).filter { friends.contains($0) }.prefix(max(0, first)))
    }

    /// The world every sequence starts from.
    static let initial: ModelWorld = {
        var users: [String: User] = [:]
        for (index, id) in userIDs.enumerated() {
            users[id] = User(
                name: names[index % names.count], bio: "bio of \(id)", karma: index,
                bestFriend: userIDs[(index + 1) % userIDs.count],
                profile: index % 3 == 2 ? nil : Profile(headline: "headline \(index)", karma: 10 + index),
                friends: Array(userIDs.filter { $0 != id }.prefix(index % 4)), bioFails: id == "d\"q")
        }
        var sites: [String: Site] = [:]
        for (index, id) in siteIDs.enumerated() {
            sites[id] = Site(title: "Site \(index)", owner: Owner(name: "Owner \(index)", page: "page \(index)"))
        }
        var items: [ItemKey: Item] = [:]
        for (index, shop) in shops.enumerated() {
            for (skuIndex, sku) in skus.enumerated() {
                items[ItemKey(shop: shop, sku: sku)] = Item(price: 100 * index + skuIndex, label: "label \(index)")
            }
        }
        return ModelWorld(users: users, sites: sites, items: items, featured: "ann")
    }()
}

/// A change to the world that nobody in the test's app made (another device, the server's own jobs).
enum ModelChange: Sendable, Hashable, CustomStringConvertible {
    case rename(user: String, to: String)
    case setKarma(user: String, to: Int)
    case setBio(user: String, to: String?)
    case setBioFails(user: String, Bool)
    case setHeadline(user: String, to: String?)
    case setBestFriend(user: String, to: String?)
    case setFriends(user: String, to: [String])
    case retitle(site: String, to: String)
    case setOwnerPage(site: String, to: String?)
    case setPrice(shop: String, sku: String, to: Int)
    case feature(user: String?)
    /// `friend` becomes one of `user`'s friends (the end of `friends`; in `friendFeed`, in its place).
    case addFriend(user: String, friend: String)
    /// `friend` is no longer one of `user`'s friends.
    case removeFriend(user: String, friend: String)

    var description: String {
        switch self {
        case .rename(let user, let name): "rename \(user.debugDescription) to \(name.debugDescription)"
        case .setKarma(let user, let karma): "karma of \(user.debugDescription) = \(karma)"
        case .setBio(let user, let bio): "bio of \(user.debugDescription) = \(String(describing: bio))"
        case .setBioFails(let user, let fails): "bio of \(user.debugDescription) fails = \(fails)"
        case .setHeadline(let user, let text): "headline of \(user.debugDescription) = \(String(describing: text))"
        case .setBestFriend(let user, let friend):
            "best friend of \(user.debugDescription) = \(String(describing: friend))"
        case .setFriends(let user, let friends): "friends of \(user.debugDescription) = \(friends)"
        case .retitle(let site, let title): "title of \(site.debugDescription) = \(title.debugDescription)"
        case .setOwnerPage(let site, let page): "owner page of \(site.debugDescription) = \(String(describing: page))"
        case .setPrice(let shop, let sku, let price):
            "price of \(shop.debugDescription)/\(sku.debugDescription) = \(price)"
        case .feature(let user): "featured = \(String(describing: user))"
        case .addFriend(let user, let friend): "\(friend.debugDescription) befriends \(user.debugDescription)"
        case .removeFriend(let user, let friend): "\(friend.debugDescription) unfriends \(user.debugDescription)"
        }
    }

    /// Makes the change.
    func apply(to world: inout ModelWorld) {
        switch self {
        case .rename(let user, let name): world.users[user]?.name = name
        case .setKarma(let user, let karma): world.users[user]?.karma = karma
        case .setBio(let user, let bio): world.users[user]?.bio = bio
        case .setBioFails(let user, let fails): world.users[user]?.bioFails = fails
        case .setHeadline(let user, let headline):
            if world.users[user]?.profile == nil {
                world.users[user]?.profile = ModelWorld.Profile(headline: headline, karma: 0)
            } else {
                world.users[user]?.profile?.headline = headline
            }
        case .setBestFriend(let user, let friend): world.users[user]?.bestFriend = friend
        case .setFriends(let user, let friends): world.users[user]?.friends = friends
        case .retitle(let site, let title): world.sites[site]?.title = title
        case .setOwnerPage(let site, let page):
            if world.sites[site]?.owner == nil {
                world.sites[site]?.owner = ModelWorld.Owner(name: "new owner", page: page)
            } else {
                world.sites[site]?.owner?.page = page
            }
        case .setPrice(let shop, let sku, let price):
            world.items[ModelWorld.ItemKey(shop: shop, sku: sku)]?.price = price
        case .feature(let user): world.featured = user
        case .addFriend(let user, let friend):
            if world.users[user]?.friends.contains(friend) == false { world.users[user]?.friends.append(friend) }
        case .removeFriend(let user, let friend): world.users[user]?.friends.removeAll { $0 == friend }
        }
    }

    /// A random change.
    static func random(_ random: inout ModelRandom) -> ModelChange {
        let user = random.pick(ModelWorld.userIDs)
        switch random.next(upTo: 11) {
        case 0: return .rename(user: user, to: random.pick(ModelWorld.names))
        case 1: return .setKarma(user: user, to: random.next(upTo: 50))
        case 2: return .setBio(user: user, to: random.pick(ModelWorld.texts))
        case 3: return .setBioFails(user: user, random.chance(0.5))
        case 4: return .setHeadline(user: user, to: random.pick(ModelWorld.texts))
        case 5: return .setBestFriend(user: user, to: random.chance(0.8) ? random.pick(ModelWorld.userIDs) : nil)
        case 6:
            return .setFriends(
                user: user, to: random.sample(ModelWorld.userIDs, count: random.next(upTo: 4)))
        case 7: return .retitle(site: random.pick(ModelWorld.siteIDs), to: random.pick(ModelWorld.names))
        case 8: return .setOwnerPage(site: random.pick(ModelWorld.siteIDs), to: random.pick(ModelWorld.texts))
        case 9:
            return .setPrice(
                shop: random.pick(ModelWorld.shops), sku: random.pick(ModelWorld.skus), to: random.next(upTo: 500))
        default: return .feature(user: random.chance(0.9) ? random.pick(ModelWorld.userIDs) : nil)
        }
    }
}
