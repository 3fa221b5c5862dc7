/// A difference the embedded backend can plant in its GraphQL answers (REST stays right), to prove
/// that `lottery compare` catches it: each is a way a GraphQL backend or an adapter could be
/// wrong that once passed as a match.
public enum PlantedDifference: String, Sendable, Hashable, CaseIterable {
    /// `games` answers `[]`.
    case gamesEmpty
    /// `games` leaves out the last game it would list.
    case gamesMissingLast
    /// The first game of each `games` list has a wrong `name` (only in the list: `game(id:)` is right).
    case firstListedGameName
    /// `draws` lists a game's draws oldest first instead of newest first.
    case drawsReversed
    /// `draws` answers a copy of its first draw in place of its second.
    case secondDrawDuplicatesFirst
    /// Every game's `name` is wrong, through `game(id:)` and the lists alike.
    case gameName

    /// What a planted name looks like: the real name with this suffix.
    public static let plantedNameSuffix = " (planted)"
}
