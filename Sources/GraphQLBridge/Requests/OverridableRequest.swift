/// An app's own request type, usually an enum of the requests its screens make with their parameters as associated
/// values, that ``RequestOverrides`` answers in tests.
///
/// ```swift
/// import GraphQLBridgeTesting
///
/// enum ShopRequest: OverridableRequest, Hashable {
///     case product(id: String)
///     case basket
///
///     var operationName: String {
///         switch self {
///         case .product: "Product"
///         case .basket: "Basket"
///         }
///     }
///
///     var responseTypeDescription: String {
///         switch self {
///         case .product: "Product"
///         case .basket: "[BasketLine]"
///         }
///     }
/// }
/// ```
///
/// A request is shown in errors as `String(describing:)` shows it: an enum case with its parameters
/// (`product(id: "p1")`), or the type's own `description` when it is `CustomStringConvertible`.
public protocol OverridableRequest: Sendable, Equatable {
    /// The name of the GraphQL operation the request runs (`"Product"`), for `APIError`'s `operation`.
    var operationName: String { get }
    /// The Swift type of the request's response, as text (`"Product"`, `"[BasketLine]"`), for the advice of an
    /// unanswered request's error and for an override of the wrong type.
    var responseTypeDescription: String { get }
}

extension OverridableRequest {
    /// `"Response"`: declare the property to name each request's own response type in errors.
    public var responseTypeDescription: String { "Response" }
}
