let propertyCorpusOperations: [any CorpusOperation.Type] = [Q0Query.self]
extension Q0Query: CorpusOperation {}
