import Foundation
import GraphQLMigration
import Testing

@Suite("FieldDiff")
struct FieldDiffTests {
    private let game = SampleGame.lotto
    private let draw = SampleDraw.completed

    @Test func equalValuesHaveNoDifferences() {
        #expect(FieldDiff.differences(game, game).isEmpty)
        #expect(FieldDiff.differences(draw, draw).isEmpty)
    }

    @Test func stringsIntsInt64AndBools() {
        var other = game
        other.name = "Gosloto 5 of 36"
        other.isActive = false
        other.drawsCount = 9_007_199_254_740_992
        other.logo?.width = 64
        #expect(
            FieldDiff.differences(game, other) == [
                FieldDifference(path: "name", lhs: "Gosloto 6 of 45", rhs: "Gosloto 5 of 36"),
                FieldDifference(path: "isActive", lhs: "true", rhs: "false"),
                FieldDifference(path: "logo.width", lhs: "128", rhs: "64"),
                FieldDifference(path: "drawsCount", lhs: "9007199254740993", rhs: "9007199254740992"),
            ])
    }

    @Test func decimalsCompareNumerically() throws {
        var other = game
        other.ticketPrice = try #require(Decimal(string: "100.00"))
        #expect(FieldDiff.differences(game, other).isEmpty)

        other.ticketPrice = try #require(Decimal(string: "100.01"))
        #expect(FieldDiff.differences(game, other) == [FieldDifference(path: "ticketPrice", lhs: "100", rhs: "100.01")])
    }

    @Test func datesRenderAsISO8601WithFractionOnlyWhenPresent() {
        var other = draw
        other.date = draw.date.addingTimeInterval(0.25)
        #expect(
            FieldDiff.differences(draw, other) == [
                FieldDifference(path: "date", lhs: "2026-11-28T18:00:00Z", rhs: "2026-11-28T18:00:00.25Z")
            ])
        other.date = draw.date.addingTimeInterval(3600)
        #expect(FieldDiff.differences(draw, other).map(\.rhs) == ["2026-11-28T19:00:00Z"])
    }

    @Test func urlsAndUUIDs() throws {
        var other = game
        other.rulesURL = testURL("https://lottery.example/rules/5x36")
        #expect(
            FieldDiff.differences(game, other) == [
                FieldDifference(
                    path: "rulesURL", lhs: "https://lottery.example/rules/6x45",
                    rhs: "https://lottery.example/rules/5x36")
            ])
        let first = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let second = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E60"))
        #expect(
            FieldDiff.differences(first, second) == [
                FieldDifference(
                    path: "", lhs: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", rhs: "E621E1F8-C36C-495A-93FC-0C247A3E6E60")
            ])
    }

    @Test func enumsWithoutPayload() {
        var other = game
        other.type = .unknown
        #expect(FieldDiff.differences(game, other) == [FieldDifference(path: "type", lhs: "lotto", rhs: "unknown")])
    }

    @Test func enumsWithPayloadAreOneDifferenceAtTheEnumPath() {
        var other = draw
        other.state = .unknown("SCRATCH")
        #expect(
            FieldDiff.differences(draw, other) == [
                FieldDifference(path: "state", lhs: "completed", rhs: "unknown(\"SCRATCH\")")
            ])
        var third = draw
        third.state = .unknown("INSTANT")
        #expect(
            FieldDiff.differences(other, third) == [
                FieldDifference(path: "state", lhs: "unknown(\"SCRATCH\")", rhs: "unknown(\"INSTANT\")")
            ])
        #expect(FieldDiff.differences(other, other).isEmpty)
    }

    @Test func nonEquatableEnumsCompareCaseAndPayload() {
        let failed = PlainEvent.failed(PlainPayload(code: "E1", count: 1))
        #expect(FieldDiff.differences(failed, PlainEvent.failed(PlainPayload(code: "E1", count: 1))).isEmpty)
        #expect(
            FieldDiff.differences(failed, PlainEvent.failed(PlainPayload(code: "E1", count: 2))) == [
                FieldDifference(
                    path: "", lhs: "failed(PlainPayload(code: \"E1\", count: 1))",
                    rhs: "failed(PlainPayload(code: \"E1\", count: 2))")
            ])
        #expect(
            FieldDiff.differences(PlainEvent.moved(x: 1, y: 2), PlainEvent.started) == [
                FieldDifference(path: "", lhs: "moved(x: 1, y: 2)", rhs: "started")
            ])
        #expect(FieldDiff.differences(PlainEvent.started, PlainEvent.started).isEmpty)
    }

    @Test func optionalNilAgainstValueInBothDirections() {
        var withoutPrize = game
        withoutPrize.superPrize = nil
        #expect(
            FieldDiff.differences(game, withoutPrize) == [
                FieldDifference(path: "superPrize", lhs: "123456789.5", rhs: "nil")
            ])
        #expect(
            FieldDiff.differences(withoutPrize, game) == [
                FieldDifference(path: "superPrize", lhs: "nil", rhs: "123456789.5")
            ])
        #expect(FieldDiff.differences(withoutPrize, withoutPrize).isEmpty)
    }

    @Test func optionalStructAgainstNilIsOneDifferenceRenderingTheStruct() {
        var other = game
        other.logo = nil
        let differences = FieldDiff.differences(game, other)
        #expect(
            differences == [
                FieldDifference(
                    path: "logo",
                    lhs: "SampleImage(id: \"logo-6x45\", url: https://cdn.example/6x45.png, width: 128, height: 128)",
                    rhs: "nil")
            ])
    }

    @Test func nestedStructsUseDottedPaths() {
        var other = game
        other.lastDraw?.prizePool = 4_000_000
        other.lastDraw?.number = 12346
        #expect(
            FieldDiff.differences(game, other) == [
                FieldDifference(path: "lastDraw.number", lhs: "12345", rhs: "12346"),
                FieldDifference(path: "lastDraw.prizePool", lhs: "5000000", rhs: "4000000"),
            ])
    }

    @Test func arrayOfStructsWithAChangedElement() {
        var other = draw
        other.categories[1].prize = 16000
        other.categories[2].bonus = true
        #expect(
            FieldDiff.differences(draw, other) == [
                FieldDifference(path: "categories[1].prize", lhs: "15000", rhs: "16000"),
                FieldDifference(path: "categories[2].bonus", lhs: "false", rhs: "true"),
            ])
    }

    @Test func arrayLengthMismatchIsOneDifferenceAtTheArrayPath() {
        var other = draw
        other.combination = [4, 8]
        var shorter = draw
        shorter.combination = [4, 8, 15]
        #expect(
            FieldDiff.differences(shorter, other) == [
                FieldDifference(path: "combination", lhs: "[4, 8, 15]", rhs: "[4, 8]")
            ])
        other.categories.removeLast()
        let differences = FieldDiff.differences(draw, other)
        #expect(differences.map(\.path) == ["combination", "categories"])
        #expect(differences.last?.lhs.hasPrefix("[SamplePrizeCategory(matched: 6,") == true)
        #expect(
            FieldDiff.differences(["a", "b"], ["a"]) == [
                FieldDifference(path: "", lhs: "[\"a\", \"b\"]", rhs: "[\"a\"]")
            ])
    }

    @Test func dictionariesCompareByKeyInKeyOrder() {
        var other = game
        other.tags["region"] = "KZ"
        other.tags["channel"] = nil
        other.tags["beta"] = "yes"
        #expect(
            FieldDiff.differences(game, other) == [
                FieldDifference(path: "tags[\"beta\"]", lhs: "<absent>", rhs: "yes"),
                FieldDifference(path: "tags[\"channel\"]", lhs: "app", rhs: "<absent>"),
                FieldDifference(path: "tags[\"region\"]", lhs: "RU", rhs: "KZ"),
            ])
        let numbers: [Int: String] = [2: "two", 10: "ten", 1: "one"]
        let changed: [Int: String] = [2: "TWO", 10: "TEN", 1: "one"]
        #expect(FieldDiff.differences(numbers, changed).map(\.path) == ["[2]", "[10]"])
    }

    @Test func setsCompareAsAWhole() {
        #expect(FieldDiff.differences(Set([3, 1, 2]), Set([2, 3, 1])).isEmpty)
        #expect(
            FieldDiff.differences(Set([3, 1]), Set([1, 2])) == [FieldDifference(path: "", lhs: "[1, 3]", rhs: "[1, 2]")]
        )
    }

    @Test func valuesOfDifferentDynamicTypesDiffer() {
        let lhs: [Any] = [1, "x"]
        let rhs: [Any] = ["1", "x"]
        #expect(
            FieldDiff.differences(lhs, rhs) == [
                FieldDifference(path: "[0]", lhs: "1 as Swift.Int", rhs: "1 as Swift.String")
            ], "a difference never shows two equal texts")
    }

    @Test func nanEqualsNaN() {
        #expect(FieldDiff.differences(Double.nan, Double.nan).isEmpty)
        #expect(FieldDiff.differences(1.5, 2.5) == [FieldDifference(path: "", lhs: "1.5", rhs: "2.5")])
    }

    @Test func tuplesUseLabelsOrPositions() {
        let lhs = (name: "a", point: (1, 2))
        let rhs = (name: "a", point: (1, 3))
        #expect(FieldDiff.differences(lhs, rhs) == [FieldDifference(path: "point.1", lhs: "2", rhs: "3")])
    }

    @Test func classesIncludeInheritedPropertiesAndSurviveCycles() {
        let lhs = LabeledTreeNode(name: "root", label: "L")
        let rhs = LabeledTreeNode(name: "ROOT", label: "R")
        let lhsChild = TreeNode(name: "child", parent: lhs)
        let rhsChild = TreeNode(name: "child", parent: rhs)
        lhs.children = [lhsChild]
        rhs.children = [rhsChild]
        #expect(
            FieldDiff.differences(lhs, rhs) == [
                FieldDifference(path: "name", lhs: "root", rhs: "ROOT"),
                FieldDifference(path: "label", lhs: "L", rhs: "R"),
            ])
        #expect(FieldDiff.differences(lhs, lhs).isEmpty)
    }

    @Test func observableClassesUsePropertyNames() {
        let differences = FieldDiff.differences(
            ObservableProfile(name: "a", score: 1), ObservableProfile(name: "a", score: 2))
        #expect(differences == [FieldDifference(path: "score", lhs: "1", rhs: "2")])
    }

    @Test func ignorePatterns() {
        var other = game
        other.name = "Changed"
        other.lastDraw?.categories[0].prize = 1
        other.lastDraw?.categories[2].prize = 2
        other.lastDraw?.categories[2].winners = 3
        other.lastDraw?.videoURL = nil
        other.logo?.url = testURL("https://cdn.example/other.png")

        let exact = FieldDiff.differences(game, other, options: .init(ignoring: ["name", "lastDraw.videoURL"]))
        #expect(!exact.map(\.path).contains("name"))
        #expect(!exact.map(\.path).contains("lastDraw.videoURL"))

        let wildcards = FieldDiff.differences(
            game, other, options: .init(ignoring: ["lastDraw.categories[*].prize", "*.videoURL", "*.url"]))
        #expect(wildcards.map(\.path) == ["name", "lastDraw.categories[2].winners"])

        let anyDepth = FieldDiff.differences(game, other, options: .init(ignoring: ["**.prize", "**.videoURL"]))
        #expect(anyDepth.map(\.path) == ["name", "logo.url", "lastDraw.categories[2].winners"])

        let subtree = FieldDiff.differences(game, other, options: .init(ignoring: ["lastDraw", "logo"]))
        #expect(subtree.map(\.path) == ["name"])
    }

    @Test func customComparatorTolerance() {
        var other = draw
        other.date = draw.date.addingTimeInterval(0.9)
        other.prizePool = 5_000_000.004
        let tolerant = FieldDiffOptions(comparators: [
            .dates(within: .seconds(1)),
            FieldComparator("prizePool", as: Decimal.self) { abs($0 - $1) < 0.01 },
        ])
        #expect(FieldDiff.differences(draw, other, options: tolerant).isEmpty)
        #expect(FieldDiff.differences(draw, other).map(\.path) == ["date", "prizePool"])

        other.date = draw.date.addingTimeInterval(1.5)
        #expect(FieldDiff.differences(draw, other, options: tolerant).map(\.path) == ["date"])
    }

    @Test func comparatorReturningNilFallsBackToTheDefault() {
        var other = draw
        other.number = 1
        let notApplicable = FieldDiffOptions(comparators: [FieldComparator("**") { _, _ in nil }])
        #expect(FieldDiff.differences(draw, other, options: notApplicable).map(\.path) == ["number"])
        let alwaysEqual = FieldDiffOptions(comparators: [FieldComparator("number") { _, _ in true }])
        #expect(FieldDiff.differences(draw, other, options: alwaysEqual).isEmpty)
    }

    @Test func eachDifferingLeafIsReportedExactlyOnce() {
        var other = game
        other.name = "x"
        other.superPrize = nil
        other.logo?.height = 1
        other.lastDraw?.state = .unknown("NEW")
        other.lastDraw?.combination = [1]
        other.lastDraw?.categories[0].winners = 2
        other.lastDraw?.categories[1].matched = 0
        other.lastDraw?.categories[1].prize = 0
        other.nextDraw = .completed
        other.tags["region"] = "KZ"
        let differences = FieldDiff.differences(game, other)
        let paths = differences.map(\.path)
        #expect(
            paths == [
                "name", "superPrize", "logo.height", "nextDraw", "lastDraw.state", "lastDraw.combination",
                "lastDraw.categories[0].winners", "lastDraw.categories[1].matched", "lastDraw.categories[1].prize",
                "tags[\"region\"]",
            ])
        #expect(Set(paths).count == paths.count)
        for path in paths {
            let nested = paths.filter { $0 != path && ($0.hasPrefix(path + ".") || $0.hasPrefix(path + "[")) }
            #expect(nested.isEmpty, "\(path) is reported together with \(nested)")
        }
    }

    @Test func rootLeafHasTheEmptyPathAndDescriptionsArePrintable() {
        let differences = FieldDiff.differences(1, 2)
        #expect(differences == [FieldDifference(path: "", lhs: "1", rhs: "2")])
        #expect(differences.first?.description == "(root): 1 != 2")
        #expect(FieldDifference(path: "a.b", lhs: "x", rhs: "y").description == "a.b: x != y")
    }

    @Test func differencesAreCodable() throws {
        let difference = FieldDifference(path: "categories[2].prize", lhs: "300", rhs: "301")
        let data = try JSONEncoder().encode(difference)
        #expect(try JSONDecoder().decode(FieldDifference.self, from: data) == difference)
    }
}
