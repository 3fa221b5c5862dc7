import Foundation
import GraphQLBridgeSupport
import Testing

/// The cache model checker (issue 28): random sequences of steps (queries with every fetch policy, answers held and
/// delivered late or out of order, mutations applied, refused, partly failed, `no-store`, optimistic or cancelled,
/// server changes, the clock moving both ways, `Cache-Control`/`Age` headers, `clear()`, relaunches and schema
/// changes, two caches on one SQLite file) against memory and SQLite caches, with the invariant of ``ModelRun``
/// checked after every step. A failure is shrunk to a minimal sequence and printed with its seed.
///
/// `GRAPHQLBRIDGE_MODEL_SEED` replays one seed; `GRAPHQLBRIDGE_MODEL_SEQUENCES` sets how many seeds run (default
/// 2000; the long mode is a larger number), from `GRAPHQLBRIDGE_MODEL_FIRST_SEED` (default 1); `GRAPHQLBRIDGE_MODEL_CASE`
/// runs only the fixed cases whose name contains it. See CONTRIBUTING.md.
@Suite("Cache model checker")
struct CacheModelCheckerTests {
    static let environment = ProcessInfo.processInfo.environment

    static var seeds: [UInt64] {
        if let seed = environment["GRAPHQLBRIDGE_MODEL_SEED"].flatMap({ UInt64($0) }) { return [seed] }
        let count = environment["GRAPHQLBRIDGE_MODEL_SEQUENCES"].flatMap { UInt64($0) } ?? 2000
        let first = environment["GRAPHQLBRIDGE_MODEL_FIRST_SEED"].flatMap { UInt64($0) } ?? 1
        return Array(first..<(first + count)).filter { !knownDefects.keys.contains($0) }
    }

    /// Seeds that fail on a defect of the cache found and not fixed yet: left out of the random range (so that the
    /// run keeps finding other ones) and listed as disabled tests with the defect, until it is fixed and the seed
    /// joins ``fixedSeeds``. `GRAPHQLBRIDGE_MODEL_SEED=N` still replays one.
    static let knownDefects: [UInt64: String] = [:]

    /// How many failing seeds are shrunk and reported before the run stops (`GRAPHQLBRIDGE_MODEL_REPORTS`, default 3).
    static var maximumReports: Int { environment["GRAPHQLBRIDGE_MODEL_REPORTS"].flatMap { Int($0) } ?? 3 }

    @Test("random sequences keep the invariant")
    func randomSequences() async {
        let executor = ModelTaskExecutor()
        let seeds = Self.seeds
        let reports = await withTaskExecutorPreference(executor) {
            var reports: [ModelChecker.Report] = []
            for seed in seeds {
                let started = ContinuousClock.now
                let report = await ModelChecker.check(seed: seed)
                // A seed far slower than the others (most take well under a second) is said on standard error in
                // every run, with its replay: what made a run of the test command slow is then in its log.
                if Self.environment["GRAPHQLBRIDGE_MODEL_PROGRESS"] != "1", ContinuousClock.now - started > .seconds(90)
                {
                    let line =
                        "cache model checker: seed \(seed) took \(ContinuousClock.now - started) (replay: GRAPHQLBRIDGE_MODEL_SEED=\(seed) GRAPHQLBRIDGE_MODEL_PROGRESS=steps)\n"
                    FileHandle.standardError.write(Data(line.utf8))
                }
                if Self.environment["GRAPHQLBRIDGE_MODEL_PROGRESS"] == "1" {
                    // Diagnostics: each seed's verdict and time on standard error, as it ends.
                    let line =
                        "model seed \(seed): \(report == nil ? "ok" : "FAILS") \(ContinuousClock.now - started), settle gave up \(ModelRun.settleGiveUps.value) times so far, \(ModelRun.mergedListChecks.value) lists checked against their pages, feeds checked \(ModelRun.feedChecks.value), objects taken from earlier answers \(ModelRun.reusedObjects.value)\n"
                    FileHandle.standardError.write(Data(line.utf8))
                }
                if let report {
                    reports.append(report)
                    if reports.count >= Self.maximumReports { break }
                }
            }
            return reports
        }
        for report in reports { Issue.record(Comment(rawValue: report.description)) }
        #expect(reports.isEmpty, "\(reports.count) failing seeds: \(reports.compactMap(\.seed))")
        // A run of the usual length met answers normalized after their query's earlier one, some of whose objects
        // were taken as written (else the invariant was never checked on such writes).
        if seeds.count >= 500 {
            #expect(ModelRun.reusedObjects.value > 0, "no sequence took an object from a query's earlier answer")
        }
    }

    /// Seeds whose sequences once failed (each a defect fixed since), replayed whatever the run's range.
    static let fixedSeeds: [UInt64] = [
        // A field made stale by an optimistic mutation answered no-store grew the store past its byte limit.
        1393,
        // A query a watch sent while a mutation was being refused.
        4239,
        // A mutation's answer delivered late overwrote a newer name a query ref had shown (mutations now carry the
        // store version they were sent at).
        1863,
        // A watcher refetched after a local eviction signalled it (a checker defect: its answer must be in the model
        // before the read after the eviction is checked).
        4733,
        // The same with a clear in another process noticed by the transaction (seed 5557).
        5557,
        // A query ref's follower read bob through the user(id:) redirect from an optimistic layer alone (its own
        // answer after a clear was no-store); the mutation answered no-store ended the layer, the read missed, and
        // the follower (whose last answer was uncached, so no refetch) kept showing the layer's name as fresh.
        932,
        // A checker defect: a cached `search` list showed a user the server's list no longer had at that place (a
        // site had taken it), with the user's newer name; the model followed the site's type and dropped the name.
        8899,
        // A checker defect: a clock moved forward, a step that looked at no cache's clock, the clock moved back, and a
        // local write read at a time the cache could not have seen as past; the checker's time is now the latest time a
        // cache read, not the clock at every step.
        15460,
        // A checker defect the pager steps found: the model named user ann.profile's karma and ann's profile's karma
        // alike, and took a page's user karma for older than the app had seen.
        6151,
        // Checker defects the long mode found (seeds 700001 to 708000): a cache's result was judged at the latest time
        // any cache had seen, although the cache that served it (another instance: another process) never saw it and
        // its own clock never ran backwards; each instance's own latest look judges what it serves now.
        700493,
        702887,
        // A checker defect (seeds 708001 to 716000): the store over its limit after a relaunch, kept so by the
        // replaced instance's live watchers (which it reported), before any write of the new instance.
        709393,
        // A checker defect found under load (the whole suite alongside): a watch of the user refetched after the
        // list's write, during an open step, and its request was taken for the open's (`.cacheOnly`, which sends none).
        21208,
        // The feed steps (issue 31, an appendAfter list): a page combined with a stored list whose part was stale
        // (`max-age=0`, `no-cache`) took the page's default lifetime, and the list was served fresh (seed 514 too, a
        // fixed case now); a list is as fresh as its oldest part.
        211,
        // A watch's own refetch of an appendAfter list's first page showed the server's page, while the cache kept the
        // stored items after its last one: the watch ended unequal to a fresh read (942: an item of the feed evicted,
        // the watch refetched and showed the page alone). A watch now reads back a write that merged list pages.
        306,
        942,
        // Not a defect that landed: with the WAL index's header check removed from the direct reads' burst (a read
        // transaction kept open between first reads), these sequences served a stored response another cache on the
        // file had evicted since (`SQLiteResponseReader`); kept so that any range of seeds checks that rule.
        116,
        137,
        188,
    ]

    @Test("fixed seeds: sequences that once failed", arguments: fixedSeeds)
    func fixedSeed(_ seed: UInt64) async {
        let executor = ModelTaskExecutor()
        let report = await withTaskExecutorPreference(executor) { await ModelChecker.check(seed: seed) }
        #expect(report == nil, "\(report.map(\.description) ?? "")")
    }

    /// Seeds that hung in the test command on a loaded machine, replayed with their held requests late (30 ms): the
    /// checker held the request of a watcher that another cache's look at the shared file had signalled, sent
    /// meanwhile, rather than the step's own (a checker defect: a held step now holds its own task's request).
    static let lateHeldSeeds: [UInt64] = [185, 490]

    @Test("fixed seeds with held requests late: a held step holds its own request", arguments: lateHeldSeeds)
    func lateHeldSeed(_ seed: UInt64) async {
        let executor = ModelTaskExecutor()
        let report = await withTaskExecutorPreference(executor) {
            await ModelChecker.check(seed: seed, heldRequestDelay: 30)
        }
        #expect(report == nil, "\(report.map(\.description) ?? "")")
    }

    @Test("fixed cases: the rows of issue 28 and the defects found", arguments: ModelFixedCases.all)
    func fixedCase(_ fixed: ModelFixedCases.Case) async {
        // `GRAPHQLBRIDGE_MODEL_CASE`: only the cases whose name contains it (to debug one).
        if let only = Self.environment["GRAPHQLBRIDGE_MODEL_CASE"], !fixed.name.contains(only) { return }
        let executor = ModelTaskExecutor()
        let report = await withTaskExecutorPreference(executor) {
            await ModelChecker.check(fixed.steps, configuration: fixed.configuration)
        }
        #expect(report == nil, "\(fixed.name):\n\(report.map(\.description) ?? "")")
    }
}
