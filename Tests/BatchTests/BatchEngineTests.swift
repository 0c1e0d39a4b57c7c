import Batch
import Foundation
import Synchronization
import Testing

/// The one batch engine, driven with plain items (no pixels): how many run at once, what
/// it keeps, the status it reports, and the progress line it draws.
@Suite struct BatchEngineTests {
    /// Counts items in flight, and the most at once.
    final class InFlight: Sendable {
        let now = Mutex((current: 0, most: 0))
        func enter() {
            now.withLock {
                $0.current += 1
                $0.most = max($0.most, $0.current)
            }
        }
        func leave() { now.withLock { $0.current -= 1 } }
        var most: Int { now.withLock { $0.most } }
    }

    @Test func jobsAreCappedAtTheCPUsAndTheThreadsShareWhatIsLeft() {
        #expect(BatchEngine(jobs: nil, cpus: 8).jobs == 8)
        #expect(BatchEngine(jobs: 64, cpus: 8).jobs == 8)
        #expect(BatchEngine(jobs: 0, cpus: 8).jobs == 1)
        #expect(BatchEngine(jobs: 3, cpus: 8).threadsPerItem == 2)
        #expect(BatchEngine(jobs: 8, cpus: 8).threadsPerItem == 1)
    }

    @Test func noMoreThanJobsItemsAreReadOrMadeAtOnce() {
        let engine = BatchEngine(jobs: 3, cpus: 3)
        let inFlight = InFlight()
        let pulled = Mutex(0)
        var next = 0
        let tally = engine.run(
            next: { () throws(BatchFailure) -> Int? in
                // Pulled only when a slot is free: never more than `jobs` ahead of the finished.
                pulled.withLock { $0 += 1 }
                next += 1
                return next <= 200 ? next : nil
            },
            make: { (item: Int, _) -> BatchOutcome<Int> in
                inFlight.enter()
                defer { inFlight.leave() }
                Thread.sleep(forTimeInterval: 0.001)
                return .done(item * 2)
            })
        #expect(tally.done == 200 && tally.failed == 0 && tally.status == 0)
        #expect(inFlight.most <= 3 && inFlight.most >= 1)
        #expect(pulled.withLock { $0 } == 201)
    }

    /// An item that has only its file to write (a flush that waits on the disk) gives its
    /// place to the next: with one job, the second item starts while the first writes.
    @Test func anItemWritingItsFileGivesItsPlaceToTheNext() {
        let secondStarted = DispatchSemaphore(value: 0)
        let firstSawIt = Mutex(false)
        let tally = BatchEngine(jobs: 1, cpus: 1).run(
            [1, 2],
            make: { item, slot -> BatchOutcome<Void> in
                if item == 1 {
                    slot.writing()
                    // Without the place given, the second item would never start: the wait
                    // times out rather than hang the test.
                    let started = secondStarted.wait(timeout: .now() + 20) == .success
                    firstSawIt.withLock { $0 = started }
                } else {
                    secondStarted.signal()
                }
                return .done(())
            })
        #expect(tally.done == 2 && firstSawIt.withLock { $0 })
    }

    /// At most `jobs` items compute at once, and at most `jobs` more write: a slow disk
    /// holds the batch back rather than let finished pictures pile up in memory.
    @Test func noMoreThanJobsItemsComputeOrWriteAtOnce() {
        let computing = InFlight()
        let writing = InFlight()
        let tally = BatchEngine(jobs: 2, cpus: 2).run(
            Array(0..<40),
            make: { item, slot -> BatchOutcome<Void> in
                computing.enter()
                Thread.sleep(forTimeInterval: 0.001)
                computing.leave()
                slot.writing()
                slot.writing()  // a second call does nothing
                writing.enter()
                Thread.sleep(forTimeInterval: 0.004)
                writing.leave()
                return .done(())
            })
        #expect(tally.done == 40)
        #expect(computing.most <= 2 && writing.most <= 2 && writing.most >= 1)
    }

    @Test func everyOutcomeIsSeenOnceAndAFailureDoesNotStopTheOthers() {
        let seen = Mutex<[Int: String]>([:])
        let tally = BatchEngine(jobs: 4, cpus: 4).run(
            Array(1...50),
            make: { item, _ -> BatchOutcome<String> in
                if item % 10 == 0 {
                    return .failed(BatchFailure(status: 65, subject: "item \(item)", reason: "bad \(item / 10)"))
                }
                if item == 7 { return .skipped }
                return .done("made \(item)")
            },
            finished: { item, outcome in
                seen.withLock {
                    switch outcome {
                    case .done(let made): $0[item] = made
                    case .skipped: $0[item] = "skipped"
                    case .failed(let failure): $0[item] = "\(failure)"
                    }
                }
            })
        #expect(tally.done == 44 && tally.skipped == 1 && tally.failed == 5 && tally.finished == 50)
        let all = seen.withLock { $0 }
        #expect(all.count == 50 && all[3] == "made 3" && all[7] == "skipped" && all[20] == "item 20: bad 2")
        #expect(
            Set(tally.failureLines) == [
                "item 10: bad 1", "item 20: bad 2", "item 30: bad 3", "item 40: bad 4", "item 50: bad 5",
            ])
        #expect(tally.status == 65)
    }

    @Test func aSourceThatFailsIsCountedAndStopsTheReading() {
        var given = 0
        let tally = BatchEngine(jobs: 2, cpus: 2).run(
            next: { () throws(BatchFailure) -> Int? in
                given += 1
                if given == 4 { throw BatchFailure(status: 65, subject: "", reason: "manifest: changed") }
                return given
            },
            make: { _, _ -> BatchOutcome<Void> in .done(()) })
        #expect(tally.done == 3 && tally.failed == 1 && given == 4)
        #expect(tally.failureLines == ["manifest: changed"] && tally.status == 65)
    }

    @Test func onlyTheFirstTwentyReasonsAreKeptAndAllAreCounted() {
        let tally = BatchEngine(jobs: 2, cpus: 2).run(
            Array(0..<1000),
            make: { item, _ -> BatchOutcome<Void> in
                .failed(BatchFailure(status: 74, subject: "item \(item)", reason: "cannot write part \(item)"))
            })
        #expect(tally.failed == 1000 && tally.failures.count == BatchEngine.keptFailures)
        #expect(tally.unlistedFailures == 980 && tally.failureGroupLines.count == BatchEngine.keptFailures)
        let lines = tally.failureLines
        #expect(lines.count == 21 && lines.last == "… and 980 more")
        #expect(Array(lines.dropLast()) == tally.failureGroupLines)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("item ") && $0.contains(": cannot write part ") })
    }

    /// A library that cannot be loaded fails every row that needs it with the same words:
    /// said once, naming the first rows and counting the rest. Rows finish out of order
    /// when several are made at once; the summary is in the manifest's order.
    @Test func failuresWithTheSameReasonShareOneLineInTheBatchsOrder() {
        let missing = "WebP needs libwebp (libwebp.so.7), which cannot be loaded; install that package"
        let tally = BatchEngine(jobs: 2, cpus: 2).run(
            Array(1...500),
            make: { row, _ -> BatchOutcome<Void> in
                // The first rows finish last.
                if row < 8 { Thread.sleep(forTimeInterval: 0.05 / Double(row)) }
                return switch row {
                case 7: .failed(BatchFailure(status: 66, subject: "row 7", reason: "a.jpg: no such file"))
                case 9: .failed(BatchFailure(status: 72, subject: "row 9", reason: "a font is damaged"))
                case let row where row % 2 == 0:
                    .failed(BatchFailure(status: 72, subject: "row \(row)", reason: missing))
                default: .done(())
                }
            })
        #expect(tally.failed == 252 && tally.failures.count == 3 && tally.status == 72)
        #expect(
            tally.failureLines == [
                "row 2, row 4, row 6 and 247 more: \(missing)", "row 7: a.jpg: no such file",
                "row 9: a font is damaged",
            ])
    }

    @Test func aGroupOfTwoOrThreeNamesThemAll() {
        var tally = BatchTally()
        for (item, subject) in ["01-lichun (立春)", "02-yushui (雨水)", "03-jingzhe (驚蟄)"].enumerated().reversed() {
            tally.add(BatchFailure(status: 74, subject: subject, reason: "disk full"), item: item)
        }
        tally.add(BatchFailure(status: 65, subject: "", reason: "manifest: changed"), item: 3)
        #expect(
            tally.failureLines == [
                "01-lichun (立春), 02-yushui (雨水) and 03-jingzhe (驚蟄): disk full", "manifest: changed",
            ])
    }

    /// The one status rule of every batch (docs/BATCH.md).
    @Test func theStatusRule() {
        func status(_ codes: [Int32]) -> Int32 {
            var tally = BatchTally()
            tally.done = 3
            for code in codes { tally.add(BatchFailure(status: code, subject: "x", reason: "y"), item: 0) }
            return tally.status
        }
        #expect(status([]) == 0)
        #expect(status([74]) == 75 && status([75]) == 75 && status([74, 75, 74]) == 75)
        #expect(status([73]) == 65 && status([65, 74]) == 65 && status([66]) == 65 && status([70]) == 65)
        #expect(status([72]) == 72 && status([72, 74]) == 72 && status([65, 72]) == 72)
    }

    // MARK: the progress line

    final class Lines: Sendable {
        let written = Mutex<[String]>([])
        var all: [String] { written.withLock { $0 } }
    }

    @Test func theLineHoldsCountPercentRateTimeLeftAndTheVisibleName() {
        let lines = Lines()
        let started = ContinuousClock.now
        let progress = BatchProgress(total: 48, unit: "rows", columns: 80, started: started) { text in
            lines.written.withLock { $0.append(text) }
        }
        // 12 rows in 6 seconds: 2 rows a second, 36 left, 18 seconds.
        for index in 1...12 {
            progress.advance(label: "row \(index) a\u{1B}[2Jb.png", now: started + .seconds(Double(index) / 2))
        }
        #expect(lines.all.last == "\r\u{1B}[K12/48 25% 2.0 rows/s 18 s left  row 12 a<U+001B>[2Jb.png")
        progress.clear()
        #expect(lines.all.last == "\r\u{1B}[K")
    }

    @Test func theLineIsDrawnTenTimesASecondAtMostAndAlwaysAtTheEnd() {
        let lines = Lines()
        let started = ContinuousClock.now
        let progress = BatchProgress(total: 1000, unit: "rows", columns: nil, started: started) { text in
            lines.written.withLock { $0.append(text) }
        }
        for index in 1...1000 { progress.advance(label: "", now: started + .milliseconds(index)) }
        // One second: the first, one each 100 ms, and the last.
        #expect(lines.all.count <= 12 && lines.all.count >= 10, "\(lines.all.count)")
        #expect(lines.all.last?.hasPrefix("\r\u{1B}[K1000/1000 100% 1000 rows/s 0 s left") == true)
    }

    @Test func aLongOrWideNameIsCutToTheTerminalsWidth() {
        let lines = Lines()
        let started = ContinuousClock.now
        let progress = BatchProgress(total: 2, unit: "cards", columns: 60, started: started) { text in
            lines.written.withLock { $0.append(text) }
        }
        progress.advance(label: String(repeating: "冬至", count: 20), now: started + .seconds(200))
        // The head is 35 columns; of the 59 a line may take, 22 remain after two spaces:
        // ten wide characters and the ellipsis.
        let head = "1/2 50% 0.0 cards/s 3 min 20 s left"
        #expect(lines.all == ["\r\u{1B}[K" + head + "  " + String(repeating: "冬至", count: 5) + "…"])
        #expect(BatchProgressWidth.columns(String(lines.all[0].dropFirst(4))) <= 59)
        // Too narrow for any of the name: the head alone.
        let narrow = BatchProgress(total: 2, unit: "cards", columns: 40, started: started) { text in
            lines.written.withLock { $0.append(text) }
        }
        narrow.advance(label: "冬至", now: started + .seconds(200))
        #expect(lines.all.last == "\r\u{1B}[K" + head)
    }

    @Test func timeLeftReadsAsAPersonSaysIt() {
        let lines = Lines()
        let started = ContinuousClock.now
        let progress = BatchProgress(total: 7201, unit: "rows", columns: nil, started: started) { text in
            lines.written.withLock { $0.append(text) }
        }
        progress.advance(label: "", now: started + .seconds(1))
        #expect(lines.all.last == "\r\u{1B}[K1/7201 0% 1.0 rows/s 2 h 0 min left")
    }
}

/// Terminal columns counted independently of the code under test: East Asian wide
/// characters (the CJK Unified Ideographs used here) take two, the ellipsis and ASCII one.
enum BatchProgressWidth {
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ((0x4E00...0x9FFF).contains($1.value) ? 2 : 1) }
    }
}
