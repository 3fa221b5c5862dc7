/// How the embedded backend behaves.
public struct EmbeddedBackendOptions: Sendable, Equatable {
    /// When set, both APIs require `Authorization: Bearer <token>` and answer 401 without it.
    public var token: String?
    /// When `true`, GraphQL `Long` values are sent as decimal strings (`"9007199254740993"`), as some
    /// gateways do; otherwise as JSON numbers.
    public var longAsString: Bool
    /// The port to listen on at 127.0.0.1; `0` lets the kernel choose a free one.
    public var port: UInt16
    /// Differences planted in the GraphQL answers (REST is unchanged), for testing the comparison.
    public var plantedDifferences: Set<PlantedDifference>

    /// Creates options; the defaults are: no token, `Long` as numbers, a kernel-chosen port, no
    /// planted differences.
    public init(
        token: String? = nil, longAsString: Bool = false, port: UInt16 = 0,
        plantedDifferences: Set<PlantedDifference> = []
    ) {
        self.token = token
        self.longAsString = longAsString
        self.port = port
        self.plantedDifferences = plantedDifferences
    }
}
