// The `json` suite: ScenarioJSON against Foundation's JSONSerialization and JSONDecoder on the same
// deterministic ~10 MB corpus of scenario-like JSON, in the same run.

import Foundation
import ScenarioJSON

enum JSONBench {
    /// A scenario as the benchmark decodes it; both decoders decode into these same types.
    struct Corpus: Codable {
        var scenarios: [Scenario]
    }

    struct Scenario: Codable {
        var description: String
        var viewModel: String
        var config: [String: Int]
        var mocks: [String: [MockResponse]]
        var steps: [Step]
        var until: ScenarioDuration
    }

    struct MockResponse: Codable {
        var after: ScenarioDuration
        var `return`: Page?
        var `throw`: Failure?
    }

    struct Page: Codable {
        var items: [Item]
        var cursor: String?
    }

    struct Item: Codable {
        var id: Int
        var name: String
        var rating: Double
        var verified: Bool
        var tags: [String]
    }

    struct Failure: Codable {
        var code: String
        var message: String
    }

    struct Step: Codable {
        var at: ScenarioDuration?
        var wait: ScenarioDuration?
        var send: String?
        var value: Int?
    }

    /// SplitMix64: a seeded generator so the corpus is the same on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    static let names = ["Kim", "Lee", "Åsa", "Jürgen", "Priya", "Tomás", "Chen Wei", "Zoë", "Olu", "Marta \"M\""]
    static let inputs = ["load", "loadMore", "refresh", "didTapClose", "menuItemSelected", "didTapSearch"]

    static func makeCorpus(targetBytes: Int) throws -> [UInt8] {
        var generator = SeededGenerator(state: 42)
        var scenarios: [JSONValue] = []
        var size = 0
        var index = 0
        while size < targetBytes {
            let scenario = makeScenario(index, using: &generator)
            size += JSONWriter(style: .pretty).bytes(scenario).count
            scenarios.append(scenario)
            index += 1
        }
        return JSONWriter(style: .pretty).bytes(["scenarios": .array(scenarios)])
    }

    static func makeScenario(_ index: Int, using generator: inout SeededGenerator) -> JSONValue {
        func duration() -> JSONValue {
            .string(ScenarioDuration.milliseconds(Int64.random(in: 0...3000, using: &generator)).description)
        }
        var responses: [JSONValue] = []
        for page in 0..<Int.random(in: 1...3, using: &generator) {
            var items: [JSONValue] = []
            for item in 0..<Int.random(in: 2...8, using: &generator) {
                let tags: [JSONValue] = (0..<Int.random(in: 0...3, using: &generator)).map { .string("tag\($0)") }
                items.append([
                    "id": .integer(Int64(page * 100 + item)),
                    "name": .string(names[Int.random(in: 0..<names.count, using: &generator)]),
                    "rating": .double(Double(Int.random(in: 0...500, using: &generator)) / 100),
                    "verified": .bool(Bool.random(using: &generator)), "tags": .array(tags),
                ])
            }
            let cursor: JSONValue = page == 2 ? .null : .string("c\(page + 2)")
            responses.append(["after": duration(), "return": ["items": .array(items), "cursor": cursor]])
        }
        responses.append(["after": duration(), "throw": ["code": "server", "message": "503\nretry later"]])
        var steps: [JSONValue] = []
        for _ in 0..<Int.random(in: 3...10, using: &generator) {
            let input = JSONValue.string(inputs[Int.random(in: 0..<inputs.count, using: &generator)])
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: steps.append(["at": duration(), "send": input])
            case 1: steps.append(["wait": duration()])
            default: steps.append(["send": input, "value": .integer(Int64.random(in: 0...9, using: &generator))])
            }
        }
        return [
            "description": .string("scenario \(index): load, paginate and open the editor"),
            "viewModel": .string(["Contributors", "StoreReviews", "Editor"][index % 3]),
            "config": ["storeId": .integer(Int64(index)), "pageSize": 20],
            "mocks": ["StoreRepository.fetchContributors": .array(responses)],
            "steps": .array(steps),
            "until": "5s",
        ]
    }

    /// Best-of-`rounds` throughput in MB/s of `ours` and `theirs` on `bytes`, alternating the two so that both
    /// see the same load on a shared machine.
    static func race(bytes: Int, rounds: Int = 9, _ ours: () throws -> Void, _ theirs: () throws -> Void) throws
        -> (ours: Double, theirs: Double)
    {
        var best = (ours: Double.infinity, theirs: Double.infinity)
        for _ in 0..<rounds {
            best.ours = min(best.ours, try measureSeconds(ours))
            best.theirs = min(best.theirs, try measureSeconds(theirs))
        }
        return (Double(bytes) / best.ours / 1e6, Double(bytes) / best.theirs / 1e6)
    }

    static func run() throws {
        let corpus = try makeCorpus(targetBytes: 10_000_000)
        let data = Data(corpus)
        let parser = JSONParser()
        var sink = 0

        let parse = try race(bytes: corpus.count) {
            sink &+= try parser.parse(bytes: corpus).root["scenarios"]?.arrayValue?.count ?? 0
        } _: {
            let object = try JSONSerialization.jsonObject(with: data)
            sink &+= ((object as? [String: Any])?["scenarios"] as? [Any])?.count ?? 0
        }
        let decode = try race(bytes: corpus.count) {
            let document = try parser.parse(bytes: corpus)
            sink &+= try JSONValueDecoder().decode(Corpus.self, from: document).scenarios.count
        } _: {
            sink &+= try JSONDecoder().decode(Corpus.self, from: data).scenarios.count
        }
        let root = try parser.parse(bytes: corpus).root
        let written = JSONWriter(style: .compact).bytes(root).count
        var writeSeconds = Double.infinity
        for _ in 0..<9 {
            writeSeconds = min(writeSeconds, measureSeconds { sink &+= JSONWriter(style: .compact).bytes(root).count })
        }
        guard sink > 0 else { throw JSONError(message: "the benchmark corpus was empty") }

        report("json.corpus.size", Double(corpus.count) / 1e6, "MB")
        report("json.parse.scenariojson", parse.ours, "MB/s")
        report("json.parse.jsonserialization", parse.theirs, "MB/s")
        report("json.decode.scenariojson", decode.ours, "MB/s")
        report("json.decode.jsondecoder", decode.theirs, "MB/s")
        report("json.write.scenariojson", Double(written) / writeSeconds / 1e6, "MB/s")
        report("json.parse.ratio_vs_jsonserialization", parse.ours / parse.theirs, "x")
        report("json.decode.ratio_vs_jsondecoder", decode.ours / decode.theirs, "x")
    }
}
