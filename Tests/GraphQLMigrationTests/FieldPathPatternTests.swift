import GraphQLMigration
import Testing

@Suite("FieldPathPattern")
struct FieldPathPatternTests {
    @Test func exactPaths() {
        let pattern: FieldPathPattern = "lastDraw.prizePool"
        #expect(pattern.matches("lastDraw.prizePool"))
        #expect(!pattern.matches("lastDraw"))
        #expect(!pattern.matches("lastDraw.prizePool.cents"))
        #expect(!pattern.matches("nextDraw.prizePool"))
        #expect(FieldPathPattern("categories[2].prize").matches("categories[2].prize"))
        #expect(!FieldPathPattern("categories[2].prize").matches("categories[1].prize"))
    }

    @Test func singleSegmentWildcards() {
        #expect(FieldPathPattern("categories[*].prize").matches("categories[0].prize"))
        #expect(FieldPathPattern("categories[*].prize").matches("categories[17].prize"))
        #expect(!FieldPathPattern("categories[*].prize").matches("categories.prize"))
        #expect(FieldPathPattern("*.videoURL").matches("lastDraw.videoURL"))
        #expect(!FieldPathPattern("*.videoURL").matches("videoURL"))
        #expect(!FieldPathPattern("*.videoURL").matches("game.lastDraw.videoURL"))
        #expect(!FieldPathPattern("*.videoURL").matches("draws[0].videoURL"))
    }

    @Test func anyDepthWildcard() {
        let pattern: FieldPathPattern = "**.videoURL"
        #expect(pattern.matches("videoURL"))
        #expect(pattern.matches("lastDraw.videoURL"))
        #expect(pattern.matches("games[3].draws[0].videoURL"))
        #expect(!pattern.matches("lastDraw.videoURL.host"))
        #expect(FieldPathPattern("**").matches(""))
        #expect(FieldPathPattern("**").matches("a.b[1]"))
        #expect(FieldPathPattern("a.**.z").matches("a.z"))
        #expect(FieldPathPattern("a.**.z").matches("a.b.c[2].z"))
        #expect(!FieldPathPattern("a.**.z").matches("b.z"))
    }

    @Test func dictionaryKeysQuotedOrNot() {
        #expect(FieldPathPattern("modes[\"GameInfo\"]").matches("modes[\"GameInfo\"]"))
        #expect(FieldPathPattern("modes[GameInfo]").matches("modes[\"GameInfo\"]"))
        #expect(FieldPathPattern("modes[*]").matches("modes[\"a.b]\"]"))
        #expect(!FieldPathPattern("modes[DrawInfo]").matches("modes[\"GameInfo\"]"))
    }

    @Test func optionsIgnorePaths() {
        let options = FieldDiffOptions(ignoring: ["*.videoURL", "categories[*].prize"])
        #expect(options.ignores(path: "lastDraw.videoURL"))
        #expect(options.ignores(path: "categories[4].prize"))
        #expect(!options.ignores(path: "categories[4].winners"))
        #expect(FieldPathPattern("a.b").description == "a.b")
    }
}
