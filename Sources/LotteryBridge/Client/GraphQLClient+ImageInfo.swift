import GraphQLBridge
import LegacyModels
import LotteryAPI

extension GraphQLClient {
    /// An image as the legacy `ImageInfo`; ``APIError/notFound(operation:path:)`` when there is no such
    /// image or `id` is `nil`.
    public func image(id: ImageId?) async throws(APIError) -> ImageInfo {
        try await fetch(requestType: .image(id))
    }

    /// The legacy model of an `Image` query's result.
    static func imageResponse(_ result: GraphQLResult<ImageQuery.Data>, id: ImageId) throws(APIError) -> ImageInfo {
        guard let image = result.data?.image else {
            throw .notFound(operation: ImageQuery.operationName, path: "image(id: \"\(id)\")")
        }
        let model = try APIError.adapting("data.image", operation: ImageQuery.operationName) {
            () throws(GraphQLDecodingError) in
            try ImageInfo(graphQL: image)
        }
        return model
    }
}
