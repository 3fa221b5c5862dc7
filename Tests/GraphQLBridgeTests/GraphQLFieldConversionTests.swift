import Foundation
import GraphQLBridge
import Testing

/// `GraphQLFieldConversion`: an adapter's field conversions, and their errors that name the field and the value.
@Suite("GraphQLFieldConversion")
struct GraphQLFieldConversionTests {
    @Test("a required URL: an absolute URL converts; anything else is an error naming the field and the value")
    func requiredURL() throws {
        let url: URL = try GraphQLFieldConversion.url("https://cdn.example/logo.png", field: "url")
        #expect(url.absoluteString == "https://cdn.example/logo.png")
        for text in ["", "logo.png", "/images/logo.png", "not a url"] {
            let error = try #require(throws: GraphQLDecodingError.self) {
                try GraphQLFieldConversion.url(text, field: "image.url") as URL
            }
            #expect(error.path == "image.url")
            #expect(error.expected == "an absolute URL")
            #expect(error.found == String(reflecting: text))
            #expect(
                error.description.hasPrefix("image.url: expected an absolute URL, found \(String(reflecting: text))"))
        }
    }

    @Test("an optional URL: null stays nil, a value converts as the required form does")
    func optionalURL() throws {
        let none: String? = nil
        #expect(try GraphQLFieldConversion.url(none, field: "videoUrl") == nil)
        let some: String? = "https://video.example/1.mp4"
        #expect(try GraphQLFieldConversion.url(some, field: "videoUrl")?.host == "video.example")
        let bad: String? = "1.mp4"
        let error = try #require(throws: GraphQLDecodingError.self) {
            try GraphQLFieldConversion.url(bad, field: "videoUrl")
        }
        #expect(error.path == "videoUrl" && error.found == #""1.mp4""#)
        // A non-optional String where a URL? is wanted takes the required form (no ambiguity).
        let wanted: URL? = try GraphQLFieldConversion.url("https://a.example", field: "link")
        #expect(wanted?.scheme == "https")
    }

    @Test("convert: any conversion that can fail, its error naming what it expected")
    func convert() throws {
        enum Currency: String { case eur = "EUR", rub = "RUB" }
        #expect(
            try GraphQLFieldConversion.convert("RUB", field: "currency", expected: "a currency code", Currency.init)
                == .rub)
        let error = try #require(throws: GraphQLDecodingError.self) {
            try GraphQLFieldConversion.convert(
                "XYZ", field: "prize.currency", expected: "a currency code", Currency.init)
        }
        #expect(error.description.hasPrefix(#"prize.currency: expected a currency code, found "XYZ""#))
        let number = try #require(throws: GraphQLDecodingError.self) {
            try GraphQLFieldConversion.convert(-1, field: "count", expected: "a count") { UInt(exactly: $0) }
        }
        #expect(number.found == "-1")
    }
}
