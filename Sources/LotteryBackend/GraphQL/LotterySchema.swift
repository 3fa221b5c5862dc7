/// The lottery schema (`lottery.graphqls`) as the executor's model: object types with their fields and
/// arguments, scalars and enums. The enums also hold the values the data set uses beyond the SDL's (a newer
/// server's `SCRATCH` or `POSTPONED`), which the server then sends and accepts as they are.
struct LotterySchema: Sendable {
    /// The name of the query root type.
    static let queryTypeName = "Query"
    /// The name of the mutation root type.
    static let mutationTypeName = "Mutation"
    /// The name of the subscription root type.
    static let subscriptionTypeName = "Subscription"

    /// The named types by name.
    let types: [String: SchemaTypeDefinition]

    /// The schema, with `extraGameTypes` and `extraDrawStatuses` added to the enums (sorted, after the SDL's).
    init(extraGameTypes: Set<String> = [], extraDrawStatuses: Set<String> = []) {
        let gameTypes = ["LOTTO", "KENO", "RAPID", "INSTANT"]
        let drawStatuses = ["ANNOUNCED", "SELLING", "DRAWING", "COMPLETED", "CANCELLED"]
        let id = SchemaTypeReference.named("ID")
        let long = SchemaTypeReference.named("Long")
        let int = SchemaTypeReference.named("Int")
        let string = SchemaTypeReference.named("String")
        let boolean = SchemaTypeReference.named("Boolean")
        func required(_ type: SchemaTypeReference) -> SchemaTypeReference { .nonNull(type) }
        func listOf(_ name: String) -> SchemaTypeReference { .nonNull(.list(.nonNull(.named(name)))) }
        let definitions: [SchemaTypeDefinition] = [
            .scalar(name: "Int"), .scalar(name: "Float"), .scalar(name: "String"), .scalar(name: "Boolean"),
            .scalar(name: "ID"), .scalar(name: "Long"), .scalar(name: "DateTime"),
            .enumeration(
                name: "GameType", values: gameTypes + extraGameTypes.subtracting(gameTypes).sorted()),
            .enumeration(
                name: "DrawStatus", values: drawStatuses + extraDrawStatuses.subtracting(drawStatuses).sorted()),
            .object(
                name: "Query",
                fields: [
                    SchemaFieldDefinition(
                        "game", .named("Game"),
                        arguments: [SchemaArgumentDefinition(name: "id", type: required(id), defaultValue: nil)]),
                    SchemaFieldDefinition(
                        "games", listOf("Game"),
                        arguments: [
                            SchemaArgumentDefinition(name: "type", type: .named("GameType"), defaultValue: nil),
                            SchemaArgumentDefinition(name: "activeOnly", type: boolean, defaultValue: .boolean(true)),
                        ]),
                    SchemaFieldDefinition(
                        "draws", listOf("Draw"),
                        arguments: [
                            SchemaArgumentDefinition(name: "gameId", type: required(id), defaultValue: nil),
                            SchemaArgumentDefinition(name: "last", type: int, defaultValue: .int(10)),
                            SchemaArgumentDefinition(name: "before", type: long, defaultValue: nil),
                        ]),
                    SchemaFieldDefinition(
                        "draw", .named("Draw"),
                        arguments: [
                            SchemaArgumentDefinition(name: "gameId", type: required(id), defaultValue: nil),
                            SchemaArgumentDefinition(name: "number", type: required(long), defaultValue: nil),
                        ]),
                    SchemaFieldDefinition(
                        "image", .named("Image"),
                        arguments: [SchemaArgumentDefinition(name: "id", type: required(id), defaultValue: nil)]),
                ]),
            .object(
                name: "Mutation",
                fields: [
                    SchemaFieldDefinition(
                        "setFavorite", required(.named("Game")),
                        arguments: [
                            SchemaArgumentDefinition(name: "gameId", type: required(id), defaultValue: nil),
                            SchemaArgumentDefinition(name: "favorite", type: required(boolean), defaultValue: nil),
                        ])
                ]),
            .object(
                name: "Subscription",
                fields: [
                    SchemaFieldDefinition(
                        "drawUpdated", required(.named("Draw")),
                        arguments: [SchemaArgumentDefinition(name: "gameId", type: required(id), defaultValue: nil)])
                ]),
            .object(
                name: "Game",
                fields: [
                    SchemaFieldDefinition("id", required(id)),
                    SchemaFieldDefinition("name", required(string)),
                    SchemaFieldDefinition("type", required(.named("GameType"))),
                    SchemaFieldDefinition("isActive", required(boolean)),
                    SchemaFieldDefinition("ticketPrice", required(long)),
                    SchemaFieldDefinition("currency", required(string)),
                    SchemaFieldDefinition("superPrize", long),
                    SchemaFieldDefinition("numbersCount", required(int)),
                    SchemaFieldDefinition("numbersRange", required(int)),
                    SchemaFieldDefinition("bonusRange", int),
                    SchemaFieldDefinition("logo", .named("Image")),
                    SchemaFieldDefinition("nextDraw", .named("Draw")),
                    SchemaFieldDefinition("lastDraw", .named("Draw")),
                    SchemaFieldDefinition("drawsCount", required(long)),
                    SchemaFieldDefinition("rulesUrl", string),
                    SchemaFieldDefinition("isFavorite", required(boolean)),
                ]),
            .object(
                name: "Draw",
                fields: [
                    SchemaFieldDefinition("id", required(id)),
                    SchemaFieldDefinition("gameId", required(id)),
                    SchemaFieldDefinition("number", required(long)),
                    SchemaFieldDefinition("date", required(.named("DateTime"))),
                    SchemaFieldDefinition("status", required(.named("DrawStatus"))),
                    SchemaFieldDefinition("winningNumbers", listOf("Int")),
                    SchemaFieldDefinition("bonusNumbers", listOf("Int")),
                    SchemaFieldDefinition("prizePool", long),
                    SchemaFieldDefinition("superPrize", long),
                    SchemaFieldDefinition("ticketsSold", required(long)),
                    SchemaFieldDefinition("prizeCategories", listOf("PrizeCategory")),
                    SchemaFieldDefinition("videoUrl", string),
                ]),
            .object(
                name: "PrizeCategory",
                fields: [
                    SchemaFieldDefinition("matched", required(int)),
                    SchemaFieldDefinition("bonusMatched", required(boolean)),
                    SchemaFieldDefinition("winners", required(long)),
                    SchemaFieldDefinition("amount", required(long)),
                ]),
            .object(
                name: "Image",
                fields: [
                    SchemaFieldDefinition("id", required(id)),
                    SchemaFieldDefinition("url", required(string)),
                    SchemaFieldDefinition("width", required(int)),
                    SchemaFieldDefinition("height", required(int)),
                ]),
        ]
        var types: [String: SchemaTypeDefinition] = [:]
        for definition in definitions {
            types[definition.name] = definition
        }
        self.types = types
    }

    /// The schema for a data set: its unknown game types and draw statuses are added to the enums.
    init(dataSet: LotteryDataSet) {
        self.init(
            extraGameTypes: Set(dataSet.games.map(\.type)), extraDrawStatuses: Set(dataSet.draws.map(\.status)))
    }

    /// The named type with this name, if any.
    func type(named name: String) -> SchemaTypeDefinition? {
        types[name]
    }

    /// The field `name` of object type `typeName`, if any.
    func field(_ name: String, on typeName: String) -> SchemaFieldDefinition? {
        types[typeName]?.field(name)
    }
}
