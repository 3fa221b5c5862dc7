/// `steps` with steps left out, one at a time from the first, as long as what is left still fails (`fails`): the
/// failing sequence of a seeded property test shrunk to the fewest steps that still fail.
func shrunkSteps<Step>(_ steps: [Step], stillFailing fails: ([Step]) -> Bool) -> [Step] {
    var steps = steps
    var index = 0
    while index < steps.count {
        var shorter = steps
        shorter.remove(at: index)
        if fails(shorter) { steps = shorter } else { index += 1 }
    }
    return steps
}
