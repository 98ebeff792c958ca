import CombineCompat
import Foundation
import Rehearsal
import ScenarioJSON

/// The console's and the JSON file's form of a ``MutationReport``: per ViewModel its score, then each mutant that
/// survived at its call site with its change, the scenarios that reached it and what a scenario could send to
/// notice it; then the scenarios left out and the summary line.
struct MutationText {
    var report: MutationReport
    /// Wall-clock seconds the command took.
    var seconds: Double
    var jobs: Int
    /// Where the call sites' files are in the repository.
    var sources: SourcePaths

    /// Every line before the summary.
    var lines: [String] {
        var lines: [String] = []
        for score in report.viewModels {
            lines.append(
                "\(score.survived == 0 ? "PASS" : "SURVIVED") \(score.viewModel): \(score.killed) of \(score.reached) "
                    + "mutant\(score.reached == 1 ? "" : "s") killed (\(Self.percent(score.score)))")
            for survivor in score.survivors {
                let mutant = survivor.mutant
                let how = Self.verdict(survivor.verdict)
                lines.append(
                    "  \(sources.location(of: mutant.point.site)): \(mutant.point.spelled) \(Self.describe(mutant.change)): \(how)"
                )
                lines.append("    reached by: \(survivor.scenarios.joined(separator: ", "))")
                if let hint = survivor.hint { lines.append("    hint: \(hint)") }
            }
        }
        for viewModel in report.unreached {
            lines.append(
                "NOTHING TO MUTATE \(viewModel): its scenarios reached no operator call rehearsal mutate changes "
                    + "(see docs/mutate.md for the operators; Task.sleep(nanoseconds:) is not one)")
        }
        for skipped in report.skipped {
            lines.append(
                "skipped \(skipped.scenario) (\(skipped.path)): it is \(skipped.status.rawValue) as written, so it "
                    + "cannot tell a mutant from it")
        }
        if report.leftOut > 0 {
            lines.append("left out \(report.leftOut) mutant\(report.leftOut == 1 ? "" : "s") (--max-mutants)")
        }
        return lines
    }

    /// `mutation score 92% (23 of 25 mutants killed; 2 survived) in 1.20s: 75 plays on 2 workers`.
    func summary(minScore: Int) -> String {
        var line =
            "mutation score \(Self.percent(report.score)) (\(report.killed) of \(report.reached) mutant"
            + "\(report.reached == 1 ? "" : "s") killed; \(report.survived) survived) in "
            + String(format: "%.2fs", seconds) + ": \(report.plays) plays on \(jobs) worker\(jobs == 1 ? "" : "s")"
        if minScore > 0, report.score * 100 < Double(minScore) { line += "; under --min-score \(minScore)%" }
        return line
    }

    /// The report as pretty JSON (ScenarioJSON's writer: stable member order).
    func json() throws -> String {
        JSONWriter(style: .pretty).string(try JSONValueEncoder().encode(report)) + "\n"
    }

    /// `92%`.
    static func percent(_ score: Double) -> String { "\(Int((score * 100).rounded(.down)))%" }

    /// The verdict in words: `killed`, `survived`, `not observable by these scenarios`.
    static func verdict(_ verdict: MutationReport.Verdict) -> String {
        verdict == .notObservable ? "not observable by these scenarios" : verdict.rawValue
    }

    /// The change in words: `made pass-through`, `interval made zero`.
    static func describe(_ change: MutationChange) -> String {
        switch change {
        case .intervalZero: "interval made zero"
        case .intervalDoubled: "interval doubled"
        case .passThrough: "made pass-through"
        case .dropAll: "made to drop everything"
        case .mergeInner: "made to merge (flatMap)"
        case .latestInner: "made to keep only the latest (switchToLatest)"
        case .removed: "removed"
        case .finishInstead: "made to finish instead"
        case .negated: "negated"
        case .swallowed: "swallowed the first time it answers (the call is never answered)"
        case .zipped: "made to pair values by index (zip)"
        }
    }
}
