import Foundation
import Testing

@testable import GraphQLBridge

/// `IncrementalResultMerger` against a reference merge, over seeded random cases: a random response, cut into
/// deferred fragments (some nested in others, some sharing an object) and streamed lists (a random initial count,
/// the rest in batches), with errors on some increments; delivered in a random order that respects nesting, chunked
/// into payloads of random sizes, in both formats (the current draft's `pending`/`id`/`completed`, Apollo's 2022
/// `path`/`label`), written as a `multipart/mixed` body cut at random bytes and read back by the multipart reader.
///
/// The reference (`Reference`) applies each increment by setting the deferred keys and appending the items, which is
/// what the cut removed. The invariant after every payload: the merger's data is the reference's, its errors are the
/// ones sent so far, in order, and `hasNext` is the payload's; at the end the data is the whole response. A failure
/// prints its seed and is shrunk (deferred fragments and streams removed while it still fails);
/// `INCREMENTAL_MERGE_SEED=N` replays one, `INCREMENTAL_MERGE_CASES` sets how many (default 400).
@Suite("Incremental delivery: the merge against a reference")
struct IncrementalMergeModelTests {
    /// SplitMix64.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    /// A deferred fragment: the keys of the object at `path` that come later.
    struct Deferred: Hashable { var path: [JSONValue]; var keys: [String] }
    /// A streamed list: the first `initialCount` items come at once, the rest in batches of `batch` items.
    struct Streamed: Hashable { var path: [JSONValue]; var initialCount: Int; var batch: Int }

    struct Case: CustomStringConvertible {
        var seed: UInt64
        var whole: JSONValue
        var deferred: [Deferred]
        var streamed: [Streamed]
        var description: String {
            "seed \(seed): \(deferred.count) deferred \(deferred.map { "\(JSONValue.array($0.path).jsonText)\($0.keys)" }), "
                + "\(streamed.count) streamed \(streamed.map { "\(JSONValue.array($0.path).jsonText) from \($0.initialCount)" })"
        }
    }

    // MARK: Generation

    static func tree(_ random: inout Random, depth: Int) -> JSONValue {
        var object = JSONObject()
        for key in ["a", "b", "c", "d", "e"] where random.chance(70) {
            switch random.below(depth >= 3 ? 2 : 5) {
            case 0: object[key] = .number(String(random.below(100)))
            case 1: object[key] = random.chance(20) ? .null : .string("s\(random.below(10))")
            case 2, 3: object[key] = tree(&random, depth: depth + 1)
            default:
                let count = random.below(4)
                object[key] = .array(
                    (0..<count).map { _ in
                        random.chance(30) ? .number(String(random.below(9))) : tree(&random, depth: depth + 1)
                    })
            }
        }
        return .object(object)
    }

    /// Every object's path (not under a streamed list), and every list's path reached through objects only.
    static func paths(
        _ value: JSONValue, at path: [JSONValue], throughLists: Bool, objects: inout [[JSONValue]],
        lists: inout [[JSONValue]]
    ) {
        switch value {
        case .object(let members):
            objects.append(path)
            for key in members.keys.sorted() {
                paths(
                    members[key] ?? .null, at: path + [.string(key)], throughLists: throughLists, objects: &objects,
                    lists: &lists)
            }
        case .array(let items):
            if !throughLists { lists.append(path) }
            for (index, item) in items.enumerated() {
                paths(item, at: path + [.number(String(index))], throughLists: true, objects: &objects, lists: &lists)
            }
        default: break
        }
    }

    static func value(_ root: JSONValue, at path: [JSONValue]) -> JSONValue? {
        var current = root
        for step in path {
            switch (current, step) {
            case (.object(let members), .string(let key)):
                guard let next = members[key] else { return nil }; current = next
            case (.array(let items), .number(let text)):
                guard let index = Int(text), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }

    static func isPrefix(_ prefix: [JSONValue], of path: [JSONValue]) -> Bool {
        prefix.count <= path.count && Array(path.prefix(prefix.count)) == prefix
    }

    static func generate(seed: UInt64) -> Case {
        var random = Random(state: seed)
        let whole = tree(&random, depth: 0)
        var objects: [[JSONValue]] = []
        var lists: [[JSONValue]] = []
        paths(whole, at: [], throughLists: false, objects: &objects, lists: &lists)
        var streamed: [Streamed] = []
        for list in lists where random.chance(40) {
            guard case .array(let items)? = value(whole, at: list) else { continue }
            streamed.append(
                Streamed(path: list, initialCount: random.below(items.count + 1), batch: 1 + random.below(3)))
        }
        // Deferred fragments: not inside a streamed list, and not deferring a key on the way to one.
        var deferred: [Deferred] = []
        var taken: Set<[JSONValue]> = []
        for object in objects where random.chance(45) {
            if streamed.contains(where: { isPrefix($0.path, of: object) && $0.path != object }) { continue }
            guard case .object(let members)? = value(whole, at: object) else { continue }
            let keys = members.keys.sorted().filter { key in
                let keyPath = object + [.string(key)]
                return !taken.contains(keyPath) && !streamed.contains { isPrefix(keyPath, of: $0.path) }
            }
            let chosen = keys.filter { _ in random.chance(50) }
            guard !chosen.isEmpty else { continue }
            for key in chosen { taken.insert(object + [.string(key)]) }
            deferred.append(Deferred(path: object, keys: chosen))
            // Sometimes a second fragment on the same object.
            let rest = keys.filter { !chosen.contains($0) }
            if !rest.isEmpty, random.chance(30) {
                let more = Array(rest.prefix(1 + random.below(rest.count)))
                for key in more { taken.insert(object + [.string(key)]) }
                deferred.append(Deferred(path: object, keys: more))
            }
        }
        return Case(seed: seed, whole: whole, deferred: deferred, streamed: streamed)
    }

    // MARK: The cut and the payloads

    /// `value` (at `path`) without the deferred keys and with the streamed lists cut to their initial items.
    static func strip(_ value: JSONValue, at path: [JSONValue], _ test: Case) -> JSONValue {
        switch value {
        case .object(var members):
            for fragment in test.deferred where fragment.path == path {
                for key in fragment.keys { members[key] = nil }
            }
            for key in Array(members.keys) {
                members[key] = strip(members[key] ?? .null, at: path + [.string(key)], test)
            }
            return .object(members)
        case .array(var items):
            if let stream = test.streamed.first(where: { $0.path == path }) {
                items = Array(items.prefix(stream.initialCount))
            }
            return .array(items.enumerated().map { strip($1, at: path + [.number(String($0))], test) })
        default:
            return value
        }
    }

    /// One increment as the reference sees it.
    enum Event {
        case data(fragment: Int, values: JSONObject, error: JSONValue?)
        case items(stream: Int, items: [JSONValue], start: Int, error: JSONValue?)
        case completed(id: String, error: JSONValue?)
    }

    /// A random delivery order: a nested fragment after the one that brings its object, a stream's batches in order;
    /// in the current format each fragment and stream completed after its last increment.
    static func events(_ test: Case, current: Bool, _ random: inout Random) -> [Event] {
        var queue: [[Event]] = []
        var parents: [Int?] = []
        var errorNumber = 0
        func error(_ path: [JSONValue]) -> JSONValue? {
            guard random.chance(15) else { return nil }
            errorNumber += 1
            return .object(["message": .string("e\(errorNumber)"), "path": .array(path)])
        }
        for (index, fragment) in test.deferred.enumerated() {
            var values = JSONObject()
            for key in fragment.keys {
                let path = fragment.path + [.string(key)]
                values[key] = strip(value(test.whole, at: path) ?? .null, at: path, test)
            }
            var events: [Event] = [.data(fragment: index, values: values, error: error(fragment.path))]
            if current { events.append(.completed(id: "d\(index)", error: error(fragment.path))) }
            queue.append(events)
            // The nearest fragment whose keys hold this one's object.
            let parent = test.deferred.indices.filter { other in
                test.deferred[other].keys.contains {
                    isPrefix(test.deferred[other].path + [.string($0)], of: fragment.path)
                }
            }.max { test.deferred[$0].path.count < test.deferred[$1].path.count }
            parents.append(parent)
        }
        for (index, stream) in test.streamed.enumerated() {
            guard case .array(let items)? = value(test.whole, at: stream.path) else { continue }
            var events: [Event] = []
            var start = stream.initialCount
            while start < items.count {
                let end = min(items.count, start + stream.batch)
                events.append(
                    .items(stream: index, items: Array(items[start..<end]), start: start, error: error(stream.path)))
                start = end
            }
            if current { events.append(.completed(id: "s\(index)", error: error(stream.path))) }
            queue.append(events)
            parents.append(nil)
        }
        // Random interleaving: each sequence is ready once its parent's data is delivered.
        var delivered: Set<Int> = []
        var order: [Event] = []
        var positions = Array(repeating: 0, count: queue.count)
        while true {
            let ready = queue.indices.filter { index in
                positions[index] < queue[index].count && (parents[index].map { delivered.contains($0) } ?? true)
            }
            guard !ready.isEmpty else { break }
            let chosen = ready[random.below(ready.count)]
            let event = queue[chosen][positions[chosen]]
            positions[chosen] += 1
            if case .data(let fragment, _, _) = event { delivered.insert(fragment) }
            order.append(event)
        }
        return order
    }

    /// The payloads a server sends for `events`, in chunks of random sizes.
    static func payloads(_ test: Case, events: [Event], current: Bool, _ random: inout Random) -> [JSONValue] {
        func nestedPending(under fragment: Int) -> [JSONValue] {
            test.deferred.indices.compactMap { index in
                let holder = test.deferred[fragment]
                let nested = test.deferred[index]
                guard index != fragment,
                    holder.keys.contains(where: { isPrefix(holder.path + [.string($0)], of: nested.path) }),
                    // The nearest holder announces it.
                    !test.deferred.indices.contains(where: { other in
                        other != fragment && other != index
                            && test.deferred[other].keys.contains {
                                isPrefix(test.deferred[other].path + [.string($0)], of: nested.path)
                            }
                            && test.deferred[other].path.count > holder.path.count
                    })
                else { return nil }
                return .object(["id": .string("d\(index)"), "path": .array(nested.path), "label": .string("L\(index)")])
            }
        }
        var initial: JSONObject = ["data": strip(test.whole, at: [], test), "hasNext": .bool(!events.isEmpty)]
        if current {
            var pending: [JSONValue] = []
            for (index, fragment) in test.deferred.enumerated() {
                let nested = test.deferred.contains { other in
                    other.keys.contains { isPrefix(other.path + [.string($0)], of: fragment.path) }
                }
                if !nested {
                    pending.append(.object(["id": .string("d\(index)"), "path": .array(fragment.path)]))
                }
            }
            for (index, stream) in test.streamed.enumerated() {
                pending.append(.object(["id": .string("s\(index)"), "path": .array(stream.path)]))
            }
            if !pending.isEmpty { initial["pending"] = .array(pending) }
        }
        var result: [JSONValue] = [.object(initial)]
        var index = 0
        while index < events.count {
            let size = 1 + random.below(3)
            let chunk = events[index..<min(events.count, index + size)]
            index += chunk.count
            var incremental: [JSONValue] = []
            var completed: [JSONValue] = []
            var pending: [JSONValue] = []
            for event in chunk {
                switch event {
                case .data(let fragment, let values, let error):
                    var entry: JSONObject = ["data": .object(values)]
                    if current {
                        entry["id"] = .string("d\(fragment)")
                        pending += nestedPending(under: fragment)
                    } else {
                        entry["path"] = .array(test.deferred[fragment].path)
                        entry["label"] = .string("L\(fragment)")
                    }
                    if let error { entry["errors"] = .array([error]) }
                    incremental.append(.object(entry))
                case .items(let stream, let items, let start, let error):
                    var entry: JSONObject = ["items": .array(items)]
                    if current {
                        entry["id"] = .string("s\(stream)")
                    } else {
                        entry["path"] = .array(test.streamed[stream].path + [.number(String(start))])
                    }
                    if let error { entry["errors"] = .array([error]) }
                    incremental.append(.object(entry))
                case .completed(let id, let error):
                    var entry: JSONObject = ["id": .string(id)]
                    if let error { entry["errors"] = .array([error]) }
                    completed.append(.object(entry))
                }
            }
            var payload: JSONObject = ["hasNext": .bool(index < events.count)]
            if !incremental.isEmpty { payload["incremental"] = .array(incremental) }
            if !completed.isEmpty { payload["completed"] = .array(completed) }
            if !pending.isEmpty { payload["pending"] = .array(pending) }
            result.append(.object(payload))
        }
        return result
    }

    // MARK: The reference

    /// What the data is once the events of the payloads so far are applied: the deferred keys set, the items appended.
    struct Reference {
        var data: JSONValue
        var errors: [JSONValue] = []

        static func set(_ root: inout JSONValue, at path: ArraySlice<JSONValue>, _ body: (inout JSONValue) -> Void) {
            guard let step = path.first else { return body(&root) }
            switch (root, step) {
            case (.object(var members), .string(let key)):
                var child = members[key] ?? .null
                set(&child, at: path.dropFirst(), body)
                members[key] = child
                root = .object(members)
            case (.array(var items), .number(let text)):
                guard let index = Int(text), items.indices.contains(index) else { return }
                set(&items[index], at: path.dropFirst(), body)
                root = .array(items)
            default: return
            }
        }

        mutating func apply(_ event: Event, _ test: Case) {
            switch event {
            case .data(let fragment, let values, let error):
                Self.set(&data, at: test.deferred[fragment].path[...]) { object in
                    guard case .object(var members) = object else { return }
                    for (key, value) in values { members[key] = value }
                    object = .object(members)
                }
                if let error { errors.append(error) }
            case .items(let stream, let items, _, let error):
                Self.set(&data, at: test.streamed[stream].path[...]) { list in
                    guard case .array(let existing) = list else { return }
                    list = .array(existing + items)
                }
                if let error { errors.append(error) }
            case .completed(_, let error):
                if let error { errors.append(error) }
            }
        }
    }

    // MARK: The run

    /// Runs one case in one format; the first broken invariant, or `nil`.
    static func failure(_ test: Case, current: Bool) -> String? {
        var random = Random(state: test.seed ^ (current ? 0xC0FFEE : 0xA9011))
        let events = events(test, current: current, &random)
        let payloads = payloads(test, events: events, current: current, &random)
        // The multipart body, cut at random bytes.
        var body = Data("\r\n".utf8)
        for payload in payloads {
            body.append(Data("---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n".utf8))
            body.append(Data(payload.jsonText.utf8))
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("-----\r\n".utf8))
        var parser = MultipartMixedParser(boundary: "-")
        var parts: [Data] = []
        var offset = 0
        while offset < body.count {
            let size = 1 + random.below(64)
            let piece = body.subdata(in: offset..<min(body.count, offset + size))
            offset += piece.count
            do {
                for output in try parser.feed(piece) { if case .part(let part) = output { parts.append(part) } }
            } catch {
                return "the multipart reader refused the body: \(error)"
            }
        }
        guard parts.count == payloads.count else { return "\(parts.count) parts read, \(payloads.count) sent" }
        var merger = IncrementalResultMerger()
        var reference = Reference(data: strip(test.whole, at: [], test))
        var eventIndex = 0
        for (number, part) in parts.enumerated() {
            do {
                let payload = try JSONValue(parsing: part)
                try merger.apply(payload)
                if number > 0 {
                    let count =
                        (payload["incremental"].flatMap { if case .array(let a) = $0 { a.count } else { nil } } ?? 0)
                        + (payload["completed"].flatMap { if case .array(let a) = $0 { a.count } else { nil } } ?? 0)
                    // Within a payload its increments come before its completions.
                    let slice = events[eventIndex..<eventIndex + count]
                    for event in slice {
                        if case .completed = event { continue }
                        reference.apply(event, test)
                    }
                    for event in slice {
                        if case .completed = event { reference.apply(event, test) }
                    }
                    eventIndex += count
                }
            } catch {
                return "payload \(number + 1) refused: \(error)\n\(payloads[number].jsonText)"
            }
            guard merger.data == reference.data else {
                return "after payload \(number + 1): data\n\(merger.data?.jsonText ?? "nil")\nreference\n"
                    + reference.data.jsonText
            }
            guard merger.errors == reference.errors else {
                return "after payload \(number + 1): errors \(merger.errors.map(\.jsonText)), reference "
                    + "\(reference.errors.map(\.jsonText))"
            }
            guard merger.hasNext == (number < parts.count - 1) else { return "hasNext wrong after \(number + 1)" }
        }
        guard merger.data == test.whole else { return "the end is not the whole response" }
        guard merger.pending.isEmpty else { return "still pending: \(merger.pending.keys.sorted())" }
        return nil
    }

    /// Removes deferred fragments and streams while the case still fails.
    static func shrink(_ test: Case, current: Bool) -> Case {
        var smallest = test
        var changed = true
        while changed {
            changed = false
            for index in smallest.deferred.indices.reversed() {
                var smaller = smallest
                smaller.deferred.remove(at: index)
                if failure(smaller, current: current) != nil {
                    smallest = smaller
                    changed = true
                    break
                }
            }
            for index in smallest.streamed.indices.reversed() where !changed {
                var smaller = smallest
                smaller.streamed.remove(at: index)
                if failure(smaller, current: current) != nil {
                    smallest = smaller
                    changed = true
                    break
                }
            }
        }
        return smallest
    }

    static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["INCREMENTAL_MERGE_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = environment["INCREMENTAL_MERGE_CASES"].flatMap(Int.init) ?? 400
        return (0..<UInt64(count)).map { $0 &* 7919 &+ 1 }
    }

    @Test("random cases, both formats: the data after every payload is the reference's, and whole at the end")
    func randomCases() {
        var failures = 0
        var cut = 0
        for seed in Self.seeds {
            let test = Self.generate(seed: seed)
            if !test.deferred.isEmpty || !test.streamed.isEmpty { cut += 1 }
            for current in [true, false] {
                guard let problem = Self.failure(test, current: current) else { continue }
                failures += 1
                let small = Self.shrink(test, current: current)
                let format = current ? "current" : "Apollo 2022"
                let report: String =
                    "INCREMENTAL_MERGE_SEED=\(seed) (\(format) format): \(problem)\n"
                    + "shrunk: \(small) -> \(Self.failure(small, current: current) ?? "")"
                Issue.record(Comment(rawValue: report))
                if failures >= 3 { return }
            }
        }
        // The generator cuts most responses (a test of nothing would pass too).
        #expect(cut * 2 > Self.seeds.count || Self.seeds.count == 1)
    }
}
