import GraphQLBridge
import ShopAPI

/// `ProductQuery` as an app build would send it after someone changed `Operations.graphql` (a field added) without
/// regenerating the list of documents the server was given: same name and types, another document.
struct ChangedProductQuery: GraphQLQuery {
    typealias Data = ProductQuery.Data
    static let operationName = "Product"
    static let document = ProductQuery.document.replacingOccurrences(
        of: "{product(id:$id){...ProductDetails}}", with: "{product(id:$id){...ProductDetails offersCount}}")

    var id: GraphQLID
    var variables: ProductQuery.Variables { ProductQuery.Variables(id: id) }
}
