import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI
import LotteryBridge
import Testing

/// `ImageInfo(graphQL:)`: the same legacy model as the REST path.
@Suite("ImageInfo adapter")
struct ImageInfoAdapterTests {
    @Test("REST and GraphQL fixtures give equal models")
    func sameModel() throws {
        let rest = try Fixture.rest(ImageInfo.self, "image-logo-6x45.rest.json")
        let result = try Fixture.graphQL(ImageQuery.self, "image-logo-6x45.graphql.json")
        let image = try #require(result.data?.image)
        let graphQL = try ImageInfo(graphQL: image)
        #expect(graphQL == rest)
        #expect(graphQL.id == "logo-6x45")
        #expect(graphQL.width == 128 && graphQL.height == 128)
    }

    @Test("width/height map to the legacy pixel size; an invalid URL names the field")
    func fields() throws {
        let model = try ImageInfo(
            graphQL: ImageDetails(id: "x", url: "https://cdn.example/x.png", width: 64, height: 32))
        #expect(
            model
                == ImageInfo(
                    id: "x", url: try #require(URL(string: "https://cdn.example/x.png")), width: 64, height: 32))
        #expect(throws: GraphQLDecodingError.self) {
            try ImageInfo(graphQL: ImageDetails(id: "x", url: "", width: 1, height: 1))
        }
    }

    @Test("An image id that is a JSON integer decodes as its digits")
    func integerID() throws {
        let body = Data(
            #"{"data":{"image":{"__typename":"Image","id":42,"url":"https://a.example/b","width":1,"height":2}}}"#.utf8)
        let result = try GraphQLResponseDecoder.decode(
            ImageQuery.Data.self, operation: "Image", response: HTTPResponse(status: 200), body: body,
            errorPolicy: .failOnAnyError)
        #expect(result.data?.image?.id == "42")
    }
}
