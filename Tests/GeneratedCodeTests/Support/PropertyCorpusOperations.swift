// Written by GeneratedFilesTests from PropertyCorpus/random.graphql (UPDATE_SNAPSHOTS=1 rewrites it).

/// The property corpus's operations.
let propertyCorpusOperations: [any CorpusOperation.Type] = [
    Q1Query.self,
    Q2Query.self,
    Q3Query.self,
    Q4Query.self,
    Q5Query.self,
    Q6Query.self,
    Q7Query.self,
    Q8Query.self,
    Q9Query.self,
    Q10Query.self,
    Q11Query.self,
    Q12Query.self,
    Q13Query.self,
    Q14Query.self,
    Q15Query.self,
    Q16Query.self,
    Q17Query.self,
    Q18Query.self,
    Q19Query.self,
    Q20Query.self,
    Q21Query.self,
    Q22Query.self,
    Q23Query.self,
    Q24Query.self,
    Q25Query.self,
    Q26Query.self,
    Q27Query.self,
    Q28Query.self,
    Q29Query.self,
    Q30Query.self,
]

extension Q1Query: CorpusOperation {}
extension Q2Query: CorpusOperation {}
extension Q3Query: CorpusOperation {}
extension Q4Query: CorpusOperation {}
extension Q5Query: CorpusOperation {}
extension Q6Query: CorpusOperation {}
extension Q7Query: CorpusOperation {}
extension Q8Query: CorpusOperation {}
extension Q9Query: CorpusOperation {}
extension Q10Query: CorpusOperation {}
extension Q11Query: CorpusOperation {}
extension Q12Query: CorpusOperation {}
extension Q13Query: CorpusOperation {}
extension Q14Query: CorpusOperation {}
extension Q15Query: CorpusOperation {}
extension Q16Query: CorpusOperation {}
extension Q17Query: CorpusOperation {}
extension Q18Query: CorpusOperation {}
extension Q19Query: CorpusOperation {}
extension Q20Query: CorpusOperation {}
extension Q21Query: CorpusOperation {}
extension Q22Query: CorpusOperation {}
extension Q23Query: CorpusOperation {}
extension Q24Query: CorpusOperation {}
extension Q25Query: CorpusOperation {}
extension Q26Query: CorpusOperation {}
extension Q27Query: CorpusOperation {}
extension Q28Query: CorpusOperation {}
extension Q29Query: CorpusOperation {}
extension Q30Query: CorpusOperation {}
