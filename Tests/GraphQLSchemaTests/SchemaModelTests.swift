import GraphQLParser
import GraphQLSchema
import Testing

/// The schema model that SchemaBuilder makes: lookups, kinds, root types, built-ins, extensions and sub types.
@Suite("Schema model")
struct SchemaModelTests {
    static func build(_ sdl: String, name: String = "schema.graphqls") throws -> (Schema?, [Diagnostic]) {
        SchemaBuilder.build([try Parser.parse(Source(sdl, name: name))])
    }

    @Test("the catalog schema: kinds, fields, arguments, defaults, deprecations")
    func catalog() throws {
        let schema = try Fixtures.schema("catalog")
        let product = try #require(schema.type(named: "Product"))
        #expect(product.kind == .object)
        #expect(product.interfaces == ["Entity", "Node", "Priced"])
        #expect(product.fields.map(\.name).prefix(3) == ["id", "createdAt", "name"])
        let price = try #require(product.field(named: "price"))
        #expect(price.type == .nonNull(.named("Money")))
        #expect(price.type.description == "Money!")
        let currency = try #require(price.argument(named: "currency"))
        #expect(currency.type == .named("Currency"))
        #expect(currency.defaultValue != nil && !currency.isRequired)
        #expect(product.field(named: "oldPrice")?.deprecationReason == "No longer supported")
        #expect(product.field(named: "missing") == nil)
        #expect(product.directives.map(\.name.value) == ["cacheControl"])
        #expect(product.location.line > 0 && product.location.fileName == "catalog.graphqls")

        let currencyType = try #require(schema.type(named: "Currency"))
        #expect(currencyType.kind == .enum && currencyType.isLeaf && currencyType.isInputType)
        #expect(currencyType.enumValues.map(\.name) == ["EUR", "USD", "JPY"])
        #expect(currencyType.enumValue(named: "JPY")?.deprecationReason == "Not sold in Japan any more.")

        let lookup = try #require(schema.type(named: "ProductLookup"))
        #expect(lookup.kind == .inputObject && lookup.isOneOf && !lookup.isOutputType)
        #expect(lookup.inputFields.map(\.name) == ["id", "sku"])
        let orderLine = try #require(schema.type(named: "OrderLineInput"))
        #expect(orderLine.inputField(named: "quantity")?.isRequired == false)
        #expect(orderLine.inputField(named: "productID")?.isRequired == true)

        #expect(schema.type(named: "DateTime")?.specifiedByURL == "https://tools.ietf.org/html/rfc3339")
        #expect(schema.type(named: "JSON")?.kind == .scalar)
        #expect(schema.description?.hasPrefix("A shop catalog") == true)
    }

    @Test("root types come from schema definitions and extensions, or from the names Query, Mutation, Subscription")
    func rootTypes() throws {
        let catalog = try Fixtures.schema("catalog")
        #expect(catalog.queryType?.name == "Query")
        #expect(catalog.rootType(for: .mutation)?.name == "Mutation")
        #expect(catalog.rootType(for: .subscription)?.name == "Subscription")
        let pets = try Fixtures.schema("pets")
        #expect(pets.queryType?.name == "QueryRoot")
        let lottery = try Fixtures.schema("lottery")
        #expect(lottery.queryType?.name == "Query")
        #expect(lottery.mutationType?.name == "Mutation" && lottery.subscriptionType?.name == "Subscription")
    }

    @Test("abstract types: possible types, sub types, overlap, interfaces implementing interfaces")
    func abstractTypes() throws {
        let schema = try Fixtures.schema("catalog")
        let node = try #require(schema.type(named: "Node"))
        let entity = try #require(schema.type(named: "Entity"))
        let search = try #require(schema.type(named: "SearchResult"))
        let product = try #require(schema.type(named: "Product"))
        let review = try #require(schema.type(named: "Review"))
        let contact = try #require(schema.type(named: "Contact"))
        #expect(node.isAbstract && search.isAbstract && !product.isAbstract)
        #expect(schema.possibleTypes(of: node).map(\.name) == ["Product", "Variant", "Review", "User", "Order"])
        #expect(schema.possibleTypes(of: entity).map(\.name) == ["Product", "Variant", "User", "Order"])
        #expect(schema.possibleTypes(of: search).map(\.name) == ["Product", "User", "Review", "Order"])
        #expect(schema.possibleTypes(of: product).map(\.name) == ["Product"])
        #expect(schema.interfacesImplementing(node).map(\.name) == ["Entity"])
        #expect(schema.isSubType(node, entity))
        #expect(schema.isSubType(entity, product))
        #expect(!schema.isSubType(entity, review))
        #expect(schema.isSubType(search, review))
        #expect(schema.doTypesOverlap(entity, search))
        #expect(!schema.doTypesOverlap(contact, search))
        #expect(schema.doTypesOverlap(review, node))
        #expect(!schema.doTypesOverlap(review, entity))
        #expect(schema.isTypeSubType(.nonNull(.named("Product")), of: .named("Node")))
        #expect(schema.isTypeSubType(.list(.nonNull(.named("User"))), of: .list(.named("Entity"))))
        #expect(!schema.isTypeSubType(.named("Product"), of: .nonNull(.named("Product"))))
        #expect(!schema.isTypeSubType(.list(.named("Product")), of: .named("Product")))
    }

    @Test("built-in scalars in use, introspection types, meta-fields and built-in directives")
    func builtIns() throws {
        let (schema, diagnostics) = try Self.build("type Query { a: String b(x: Int): Float }")
        #expect(diagnostics.isEmpty)
        let built = try #require(schema)
        #expect(built.type(named: "Int")?.isBuiltInScalar == true)
        #expect(built.type(named: "Float")?.isBuiltIn == true)
        #expect(built.type(named: "Boolean") != nil)
        #expect(built.type(named: "ID") == nil)  // not referenced: not in graphql-core's type map either
        #expect(built.type(named: "__Type")?.isIntrospection == true)
        #expect(built.type(named: "__Schema")?.field(named: "types")?.type.description == "[__Type!]!")
        let query = try #require(built.queryType)
        #expect(built.field(named: "__typename", on: query)?.type.description == "String!")
        #expect(built.field(named: "__schema", on: query)?.type.description == "__Schema!")
        #expect(built.field(named: "__type", on: query)?.argument(named: "name")?.isRequired == true)
        #expect(built.field(named: "a", on: query)?.type == .named("String"))
        #expect(built.directives.map(\.name) == ["include", "skip", "deprecated", "specifiedBy", "oneOf"])
        #expect(built.directive(named: "skip")?.locations == [.field, .fragmentSpread, .inlineFragment])
        #expect(built.directive(named: "deprecated")?.argument(named: "reason")?.isRequired == false)
    }

    @Test("several documents: extensions in another file, diagnostics name the file")
    func severalDocuments() throws {
        let base = try Parser.parse(Source("type Query { a: Int }\nenum Color { RED }", name: "base.graphqls"))
        let more = try Parser.parse(
            Source(
                "extend type Query { b: Color }\nextend enum Color { GREEN }\ntype Other implements Missing { x: Int }",
                name: "more.graphqls"))
        let (schema, diagnostics) = SchemaBuilder.build([base, more])
        #expect(schema == nil)
        let error = try #require(diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.message == "Unknown type 'Missing'.")
        #expect(error.description == "more.graphqls:3:23: error: Unknown type 'Missing'.")

        let fixed = try Parser.parse(
            Source("extend type Query { b: Color }\nextend enum Color { GREEN }", name: "more.graphqls"))
        let (merged, noDiagnostics) = SchemaBuilder.build([base, fixed])
        #expect(noDiagnostics.isEmpty)
        #expect(merged?.queryType?.fields.map(\.name) == ["a", "b"])
        #expect(merged?.type(named: "Color")?.enumValues.map(\.name) == ["RED", "GREEN"])
        #expect(merged?.type(named: "Color")?.extensions.count == 1)
    }

    @Test("warnings leave a schema; errors do not")
    func severities() throws {
        let (withWarnings, warnings) = try Self.build("type Query @key(fields: \"id\") { a: Int }\ntype Empty")
        #expect(withWarnings != nil)
        #expect(warnings.map(\.severity) == [.warning, .warning])
        #expect(warnings.map(\.message) == ["Unknown directive '@key'.", "Type Empty must define one or more fields."])

        let (withError, errors) = try Self.build("type Query { a: In }\ninput In { x: Int }")
        #expect(withError == nil)
        #expect(errors.map(\.severity) == [.error])
        #expect(errors.first?.location.line == 1 && errors.first?.location.column == 17)
    }

    @Test("related locations carry graphql-core's further locations")
    func relatedLocations() throws {
        let (_, diagnostics) = try Self.build("type Query { a: Int }\ntype Query { b: Int }")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.message == "There can be only one type named 'Query'.")
        #expect(diagnostic.locations.map { [$0.line, $0.column] } == [[1, 6], [2, 6]])
    }

    @Test("sources with syntax errors give the parser's diagnostic")
    func syntaxError() {
        let (schema, diagnostics) = SchemaBuilder.build(sources: [Source("type Query {", name: "bad.graphqls")])
        #expect(schema == nil)
        #expect(diagnostics.first?.message.hasPrefix("Syntax Error") == true)
        #expect(diagnostics.first?.location.fileName == "bad.graphqls")
    }
}
