import Foundation

/// Generates a sequence from a seed, runs it, and shrinks a failing one to a minimal sequence that still fails.
enum ModelChecker {
    /// A failure, shrunk: the seed, the configuration, the minimal steps and what broke.
    struct Report: Sendable, CustomStringConvertible {
        var seed: UInt64?
        var configuration: ModelConfiguration
        var steps: [ModelStep]
        var failure: ModelFailure
        var log: [String]

        var description: String {
            var lines = [
                "cache model checker: \(failure.message)",
                seed.map { "seed \($0) (replay: GRAPHQLBRIDGE_MODEL_SEED=\($0))" } ?? "fixed case",
                "configuration: \(configuration)",
                "minimal sequence (\(steps.count) steps):",
            ]
            lines += steps.enumerated().map { "  \($0.offset). \($0.element)" }
            lines.append("what happened:")
            lines += log.map { "  " + $0 }
            return lines.joined(separator: "\n")
        }
    }

    /// The configuration and steps of `seed`.
    static func sequence(seed: UInt64, length: Int = 40) -> (ModelConfiguration, [ModelStep]) {
        var random = ModelRandom(seed: seed)
        let configuration = ModelConfiguration.random(&random)
        let count = length / 2 + random.next(upTo: length)
        let steps = (0..<count).map { _ in
            ModelStep.random(&random, caches: configuration.caches, persistent: configuration.persistent)
        }
        // Subscription steps come from a stream of their own, between the others: a seed's other steps are the
        // ones it had before subscriptions were modelled.
        var events = ModelRandom(seed: seed ^ 0x5EED_0F_E7E7)
        // A server publishes when something changes: once a subscription may be open, half the changes are followed
        // by an event.
        var interleaved: [ModelStep] = []
        var subscribed = false
        for step in steps {
            interleaved.append(step)
            if case .change = step, subscribed, events.chance(0.5) {
                interleaved.append(.publish(events.next(upTo: 4)))
            } else if events.chance(0.1) {
                let added = ModelStep.randomSubscriptionStep(&events, caches: configuration.caches)
                if case .subscribe = added { subscribed = true }
                interleaved.append(added)
            }
        }
        // Once a query ref may exist, it is executed again now and then (a view appearing again): from a stream of
        // its own, so that turning these steps on or off leaves a seed's other steps as they were.
        if ModelStep.executeRefsDrawn {
            var executes = ModelRandom(seed: seed ^ 0xE8EC_07E5)
            var reffed = false
            var withExecutes: [ModelStep] = []
            for step in interleaved {
                withExecutes.append(step)
                if case .ref = step { reffed = true }
                if reffed, executes.chance(0.12) { withExecutes.append(ModelStep.randomExecuteRef(&executes)) }
            }
            interleaved = withExecutes
        }
        // Local edits and redirect steps (issue 31) from a stream of their own too.
        var edits = ModelRandom(seed: seed ^ 0x10CA_1ED1)
        var withEdits: [ModelStep] = []
        for step in interleaved {
            withEdits.append(step)
            if edits.chance(0.12) { withEdits.append(.local(.random(&edits, caches: configuration.caches))) }
        }
        // Pager steps (issue 31) from a stream of their own: a pager opened, loaded further, refreshed.
        var paging = ModelRandom(seed: seed ^ 0x9A6E_5EED)
        var withPages: [ModelStep] = []
        for step in withEdits {
            withPages.append(step)
            if ModelStep.pagesDrawn, paging.chance(0.08) {
                withPages.append(.page(.random(&paging, caches: configuration.caches)))
            }
        }
        // Feed steps (issue 31: an appendAfter list) from a stream of their own.
        guard ModelFeed.drawn else { return (configuration, withPages) }
        var feeding = ModelRandom(seed: seed ^ 0xFEED_A77E)
        var late = ModelRandom(seed: seed ^ 0x1A7E_FEED)
        var withFeed: [ModelStep] = []
        for step in withPages {
            withFeed.append(step)
            if feeding.chance(ModelFeed.weight) {
                withFeed.append(ModelFeed.random(&feeding, caches: configuration.caches))
                // Late pages (held by the server, delivered after newer answers) from a stream of their own: the
                // feed steps above stay those of earlier versions of the checker.
                if ModelFeed.lateDrawn, late.chance(0.3) {
                    withFeed.append(ModelFeed.randomLate(&late, caches: configuration.caches))
                }
            }
        }
        return (configuration, withFeed)
    }

    /// Runs `seed`'s sequence; a shrunk report when it fails.
    /// `heldRequestDelay`: milliseconds a request to be held takes to reach the server (by default
    /// `GRAPHQLBRIDGE_MODEL_HELD_DELAY_MS`, else 0).
    static func check(seed: UInt64, heldRequestDelay: Int = defaultHeldRequestDelay) async -> Report? {
        var (configuration, steps) = sequence(seed: seed)
        configuration.heldRequestDelay = heldRequestDelay
        return await check(steps, configuration: configuration, seed: seed)
    }

    /// `GRAPHQLBRIDGE_MODEL_HELD_DELAY_MS` (``ModelConfiguration/heldRequestDelay``), 0 without it.
    static let defaultHeldRequestDelay =
        ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_MODEL_HELD_DELAY_MS"].flatMap { Int($0) } ?? 0

    /// Whether a hang is shrunk too (`GRAPHQLBRIDGE_MODEL_SHRINK_HANGS=1`): each candidate that still hangs costs the
    /// whole wait, so shorten the waits as well (`GRAPHQLBRIDGE_MODEL_SETTLE_SECONDS`, `GRAPHQLBRIDGE_MODEL_HANG_SECONDS`).
    static let shrinksHangs = ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_MODEL_SHRINK_HANGS"] == "1"

    /// Runs `steps`; a shrunk report when they fail. A hang is reported as it happened, its steps up to the stall, not
    /// shrunk (unless ``shrinksHangs``): a run of the test command ends in minutes, not in hundreds of waits.
    static func check(_ steps: [ModelStep], configuration: ModelConfiguration, seed: UInt64? = nil) async -> Report? {
        let first = ModelRun(configuration: configuration)
        guard let failure = await first.run(steps) else { return nil }
        if failure.isHang, !shrinksHangs {
            var hang = failure
            hang.message +=
                " (not shrunk: replay with GRAPHQLBRIDGE_MODEL_SHRINK_HANGS=1 GRAPHQLBRIDGE_MODEL_SETTLE_SECONDS=5 "
                + "GRAPHQLBRIDGE_MODEL_HANG_SECONDS=5 to shrink it)"
            return Report(
                seed: seed, configuration: configuration, steps: Array(steps.prefix(failure.step + 1)), failure: hang,
                log: first.log)
        }
        var (shrunk, last) = await shrink(steps, failure: failure, configuration: configuration)
        // The minimal sequence's own log.
        let run = ModelRun(configuration: configuration)
        if let again = await run.run(shrunk) {
            last = again
        } else {
            // Not failing again: the failure depended on timing (the first run's log is the one that failed).
            shrunk = Array(steps.prefix(failure.step + 1))
            last = failure
            last.message += " (it did not fail when run again: it depends on timing; the log below is the first run's)"
            return Report(seed: seed, configuration: configuration, steps: shrunk, failure: last, log: first.log)
        }
        return Report(seed: seed, configuration: configuration, steps: shrunk, failure: last, log: run.log)
    }

    /// Removes chunks of steps, halving their size, while the sequence still fails (at most `budget` runs).
    static func shrink(
        _ steps: [ModelStep], failure: ModelFailure, configuration: ModelConfiguration, budget: Int = 400
    )
        async -> ([ModelStep], ModelFailure)
    {
        var current = Array(steps.prefix(failure.step + 1))
        var last = failure
        var runs = 0
        var chunk = max(1, current.count / 2)
        while runs < budget {
            var index = 0
            var removedAny = false
            while index < current.count, runs < budget {
                var candidate = current
                candidate.removeSubrange(index..<min(current.count, index + chunk))
                runs += 1
                if let failure = await ModelRun(configuration: configuration).run(candidate) {
                    current = Array(candidate.prefix(failure.step + 1))
                    last = failure
                    removedAny = true
                } else {
                    index += chunk
                }
            }
            if chunk == 1, !removedAny { break }
            if !removedAny { chunk = max(1, chunk / 2) }
        }
        return (current, last)
    }
}
