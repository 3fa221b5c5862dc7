extension CodegenPlan {
    /// The whole document an operation sends, exactly as the generated `document` builds it: the operation,
    /// minified, then each fragment it uses, in the order of ``OperationPlan/fragments``.
    public func document(of operation: OperationPlan) -> String {
        var text = operation.minifiedText
        for name in operation.fragments {
            if let fragment = fragments.first(where: { $0.swiftName == name }) { text += fragment.minifiedText }
        }
        return text
    }

    /// The operation's persisted-query id: the SHA-256 of ``document(of:)``'s UTF-8, as 64 lowercase hex digits.
    public func operationIdentifier(of operation: OperationPlan) -> String {
        PersistedQueryManifest.identifier(of: document(of: operation))
    }
}
