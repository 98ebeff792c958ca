// rehearsal: the command line. For now it has one command, `check-json`; `run`, `record` and the rest follow.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: rehearsal <command> [arguments]\n  commands: check-json\n\n" + CheckJSON.usage

func writeError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func writeOutput(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

switch arguments.first {
case "check-json":
    let status = CheckJSON.run(
        paths: Array(arguments.dropFirst()), root: FileManager.default.currentDirectoryPath,
        output: writeOutput, errors: writeError)
    exit(status.rawValue)
case "--help", "-h", "help":
    writeOutput(usage)
    exit(0)
case let command?:
    writeError("error: unknown command '\(command)'\n\(usage)")
    exit(CheckJSON.ExitCode.usage.rawValue)
case nil:
    writeError(usage)
    exit(CheckJSON.ExitCode.usage.rawValue)
}
