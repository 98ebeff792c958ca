import CombineCompat
import Rehearsal
import ScenarioJSON

extension HTMLReportData {
    /// The Mutation section's data, every text as the console words it: `{summary, viewModels: [{viewModel,
    /// heading, mutants: [{site, operator, change, verdict, verdictText, scenarios, kills: [[scenario, message]],
    /// hint}]}], skipped: [[scenario, path, status]], leftOut}`. The scenarios are names the page links to.
    /// `locations` names each call site where the repository has its file (``SourcePaths``).
    static func mutation(_ report: MutationReport, locations: [CallSite: String]) -> JSONValue {
        var object = JSONObject()
        object["summary"] = .string(
            "score \(MutationText.percent(report.score)): \(report.killed) of \(report.reached) mutants killed, "
                + "\(report.survived) survived, \(report.plays) plays")
        object["viewModels"] = .array(
            report.viewModels.map { score in
                [
                    "viewModel": .string(score.viewModel),
                    "heading": .string(
                        "\(score.viewModel): \(score.killed) of \(score.reached) killed "
                            + "(\(MutationText.percent(score.score)))"),
                    "mutants": .array(score.mutants.map { mutant($0, locations: locations) }),
                ]
            })
        object["skipped"] = .array(
            report.skipped.map { [.string($0.scenario), .string($0.path), .string($0.status.rawValue)] })
        object["leftOut"] = .integer(Int64(report.leftOut))
        return .object(object)
    }

    static func mutant(_ result: MutationReport.MutantResult, locations: [CallSite: String]) -> JSONValue {
        let mutant = result.mutant
        return [
            "site": .string(locations[mutant.point.site] ?? mutant.point.site.description),
            "operator": .string(mutant.point.spelled),
            "change": .string(MutationText.describe(mutant.change)),
            "verdict": .string(result.verdict.rawValue),
            "verdictText": .string(MutationText.verdict(result.verdict)),
            "scenarios": .array(result.scenarios.map { .string($0) }),
            "kills": .array(result.kills.map { [.string($0.scenario), .string($0.message)] }),
            "hint": result.hint.map { .string($0) } ?? .null,
        ]
    }
}
