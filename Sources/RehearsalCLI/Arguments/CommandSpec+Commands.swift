extension CommandSpec {
    /// The options `run` and `record` share.
    static let runOptions: [Option] = [
        Option(
            name: "record", value: "mode",
            help: "never | missing | failed | all. Default: missing, or never when CI is detected."),
        Option(
            name: "filter", value: "pattern", help: "Run scenarios whose name contains it, or matches it as a glob."),
        Option(name: "jobs", value: "n", help: "Worker processes running scenarios in parallel. Default: 1."),
        Option(name: "shard", value: "i/n", help: "Run only the i-th of n deterministic slices (1-based)."),
        Option(
            name: "timeout", value: "duration", help: "Wall-clock limit per scenario (e.g. 10s, 500ms). Default: 60s."),
        Option(name: "retries", value: "n", help: "Rerun failing scenarios up to n times; a later pass is 'flaky'."),
        Option(
            name: "reporter", value: "name",
            help: "Also report to github, junit:PATH, json:PATH, markdown:PATH, html:DIR or trace:PATH (the console "
                + "always reports, and says where each file was written).",
            repeatable: true),
        Option(name: "quiet", value: nil, help: "Print only where reports were written and the summary line."),
        Option(name: "strict", value: nil, help: "Fail the run when obsolete goldens are found."),
        Option(
            name: "ci", value: nil,
            help: "Behave as on CI (record nothing by default; a recorded golden fails). Default: detected."),
        Option(name: "root", value: "dir", help: "The package root scenario paths are relative to. Default: ."),
    ]

    static let run = CommandSpec(
        name: "run", abstract: "Run scenarios and compare their timelines with the goldens.",
        arguments: "[paths…]",
        argumentsHelp: "Scenario files or folders (searched for *.json). Default: Scenarios/.",
        options: runOptions,
        examples: [
            ("run", "run every scenario under Scenarios/"),
            ("run --filter 'contributors/*' --jobs 4", "run some scenarios on 4 worker processes"),
            ("run --reporter github --reporter junit:results.xml --shard 1/3", "one CI shard of three"),
        ])

    static let record = CommandSpec(
        name: "record", abstract: "Run scenarios and (re)write their goldens (run --record all).",
        arguments: "[paths…]", argumentsHelp: "Scenario files or folders. Default: Scenarios/.",
        options: runOptions.filter { $0.name != "record" && $0.name != "retries" },
        examples: [("record Scenarios/contributors", "record the goldens of one folder")])

    static let explore = CommandSpec(
        name: "explore", abstract: "Explore other schedules of scenarios and check their properties in each.",
        arguments: "[paths…]",
        argumentsHelp: "Scenario files or folders (searched for *.json). Default: Scenarios/.",
        options: [
            Option(
                name: "strategy", value: "name",
                help: "exhaustive (every schedule under --bound), random or pct (seeded). Default: exhaustive."),
            Option(
                name: "bound", value: "k",
                help: "exhaustive: at most k choices differ from the default order. Default: 2."),
            Option(name: "depth", value: "d", help: "pct: the bug depth (ordering constraints to hit). Default: 3."),
            Option(name: "seed", value: "n", help: "random and pct: the seed. Default: 1."),
            Option(name: "schedules", value: "n", help: "At most n schedules per scenario. Default: 10000."),
            Option(name: "replay", value: "token", help: "Run only the schedule of a replay token (one scenario)."),
            Option(name: "no-shrink", value: nil, help: "Do not write a shrunk scenario for a failing schedule."),
            Option(
                name: "filter", value: "pattern",
                help: "Explore scenarios whose name contains it, or matches it as a glob."),
            Option(name: "jobs", value: "n", help: "Worker processes exploring scenarios in parallel. Default: 1."),
            Option(
                name: "timeout", value: "duration",
                help: "Wall-clock limit per schedule (e.g. 10s, 500ms). Default: 60s."),
            Option(
                name: "reporter", value: "name",
                help: "Also report to github, junit:PATH, json:PATH, markdown:PATH or html:DIR (the console always "
                    + "reports, and says where each file was written).",
                repeatable: true),
            Option(name: "quiet", value: nil, help: "Print only where reports were written and the summary line."),
            Option(name: "root", value: "dir", help: "The package root scenario paths are relative to. Default: ."),
        ],
        examples: [
            ("explore Scenarios/random-user", "every schedule with at most 2 changes to the default order"),
            ("explore --strategy pct --depth 2 --schedules 500", "500 seeded PCT schedules per scenario"),
            (
                "explore Scenarios/search/responses-cross.json --replay x1.5f3a9c21.4-2",
                "replay the schedule a token names"
            ),
        ])

    static let accept = CommandSpec(
        name: "accept", abstract: "Make the timelines the last failing run kept the goldens, without re-running.",
        arguments: "[scenarios…]",
        argumentsHelp: "Scenario files whose kept timeline to accept. Default: every kept timeline.",
        options: [Option(name: "root", value: "dir", help: "The package root. Default: .")],
        examples: [
            ("accept", "accept every timeline the last run kept in .rehearsal/artifacts"),
            ("accept Scenarios/search/error.json", "accept one scenario's timeline"),
        ])

    static let list = CommandSpec(
        name: "list", abstract: "List the scenarios a run would select.",
        arguments: "[paths…]", argumentsHelp: "Scenario files or folders. Default: Scenarios/.",
        options: runOptions.filter { ["filter", "shard", "root"].contains($0.name) },
        examples: [("list --shard 2/4", "the scenarios of the second shard of four")])

    static let validate = CommandSpec(
        name: "validate", abstract: "Play scenarios without comparing them; report mistakes in the files.",
        arguments: "[paths…]", argumentsHelp: "Scenario files or folders. Default: Scenarios/.",
        options: runOptions.filter { ["filter", "root"].contains($0.name) },
        examples: [("validate Scenarios/search", "check the search scenarios")])

    static let prune = CommandSpec(
        name: "prune", abstract: "Remove goldens whose scenario file no longer exists.",
        arguments: "[paths…]", argumentsHelp: "Folders to search for goldens. Default: Scenarios/.",
        options: [
            Option(name: "dry-run", value: nil, help: "Print what would be removed; remove nothing."),
            Option(name: "root", value: "dir", help: "The package root. Default: ."),
        ],
        examples: [("prune --dry-run", "show obsolete goldens")])

    static let migrate = CommandSpec(
        name: "migrate", abstract: "Rewrite golden timelines of older formats in the current format 2.",
        arguments: "[paths…]",
        argumentsHelp: "Folders to search for goldens, golden files or scenario files. Default: Scenarios/.",
        options: [
            Option(name: "dry-run", value: nil, help: "Print what would be migrated; write nothing."),
            Option(name: "root", value: "dir", help: "The package root. Default: ."),
        ],
        examples: [
            ("migrate", "rewrite every format 1 golden under Scenarios/ (same events, no seq)"),
            ("migrate --dry-run Scenarios/search", "list the goldens of one folder still in format 1"),
        ])

    static let checkJSON = CommandSpec(
        name: "check-json", abstract: "Parse JSON files strictly and report errors as file:line:column.",
        arguments: "<files-or-folders…>", argumentsHelp: "JSON files, or folders searched for *.json.",
        options: [Option(name: "root", value: "dir", help: "Where $file references resolve. Default: .")],
        examples: [("check-json Scenarios Mocks", "check every scenario and mock body")])

    static let report = CommandSpec(
        name: "report", abstract: "Write the HTML report of runs from their JSON results (merges shards).",
        arguments: "<dir> <results.json…>",
        argumentsHelp: "The folder to write index.html to, then the files of --reporter json:PATH runs.",
        options: [
            Option(name: "trace", value: "path", help: "Also write the runs as a Chrome/Perfetto trace."),
            Option(name: "root", value: "dir", help: "Where the scenario files and goldens are. Default: ."),
        ],
        examples: [
            ("report report results.json", "rebuild the report of one run"),
            ("report report shard-1.json shard-2.json", "one report of two CI shards"),
        ])

    static let worker = CommandSpec(
        name: "_worker", abstract: "Run scenarios named on stdin, one JSON result per line (internal).",
        arguments: nil, argumentsHelp: nil,
        options: [
            Option(name: "root", value: "dir", help: "The package root."),
            Option(name: "parent", value: "pid", help: "The command line's process: the worker dies with it."),
        ], hidden: true)

    /// Every command, in the order `rehearsal --help` lists them.
    static let all: [CommandSpec] = [
        run, record, explore, accept, report, list, validate, migrate, prune, checkJSON, worker,
    ]
}
