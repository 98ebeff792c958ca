import Foundation
import Rehearsal
import ScenarioJSON

/// Where a crashed worker stopped, as the runtime's message says it, and whose code that is: the team's glue (the
/// catalog entry, a scripted mock) or the ViewModel.
///
/// The runtime names the place of the failures that stop a scenario: `File.swift:12: Fatal error: …` (`fatalError`, a
/// failed `precondition`, a force unwrap of nil, `MainActor.assumeIsolated` off the MainActor), `data race detected:
/// @MainActor function at Module/File.swift:41 was not called on the main thread` (Swift 6's dynamic isolation check),
/// and the scenario thread's own main-queue assertion (`BUG IN CLIENT OF LIBDISPATCH: … at /path/File.swift:12 in
/// Type.method()`). The message is the worker's last stderr lines, the only record a dead process leaves; the glue's
/// whereabouts come typed from the worker (``GlueSites``).
struct CrashSite: Equatable {
    /// Whose code crashed.
    enum Owner: Equatable {
        /// The catalog entry or a scripted mock.
        case glue
        /// The ViewModel (or anything that is not known to be glue).
        case viewModel
    }

    /// The file and line as the runtime wrote them (a `#fileID` such as `StoreCatalog/Mocks.swift`, or a path); nil
    /// when the message names only the function (a mock method the compiler emitted inside its protocol witness).
    var location: SourceLocation?
    /// The function, when the message names it.
    var symbol: String?
    /// Whose code it is.
    var owner: Owner

    /// Where, for people: `at` the file and line, else `in` the function.
    var description: String { location.map { "at \($0)" } ?? symbol.map { "in \($0)" } ?? "" }

    /// The last place the runtime's message in `lines` names, attributed with `glue` (nil when none is named).
    static func find(in lines: [String], glue: GlueSites?) -> CrashSite? {
        for line in lines.reversed() {
            guard let (location, symbol) = place(in: line) else { continue }
            return CrashSite(
                location: location, symbol: symbol, owner: owner(of: location?.path, symbol: symbol, glue: glue))
        }
        return nil
    }

    /// The file and line, and (for the main-queue assertion) the function, a runtime message names.
    private static func place(in line: String) -> (SourceLocation?, String?)? {
        if line.hasPrefix("BUG IN CLIENT OF LIBDISPATCH: ") {
            if let match = line.firstMatch(of: #/ at (?<file>\S.*?\.swift):(?<line>\d+) in (?<symbol>.+)$/#) {
                return (SourceLocation(path: String(match.file), line: Int(match.line)), String(match.symbol))
            }
            if let match = line.firstMatch(of: #/\) in (?<symbol>.+?)(?:, called from .*)?$/#) {
                return (nil, String(match.symbol))
            }
            return nil
        }
        if let match = line.firstMatch(of: #/function at (?<file>\S+?\.swift):(?<line>\d+) was not called/#) {
            return (SourceLocation(path: String(match.file), line: Int(match.line)), nil)
        }
        if let match = line.firstMatch(
            of: #/^(?<file>\S.*?\.swift):(?<line>\d+): (?:Fatal error|Precondition failed|Assertion failed)/#)
        {
            return (SourceLocation(path: String(match.file), line: Int(match.line)), nil)
        }
        return nil
    }

    /// Glue when the function is a mock's, or the file is the catalog entry's, or in a glue module (a `#fileID` of a module that holds the entry or
    /// the mocks and not the ViewModel), or beside the entry's file when those modules differ, or the function is a
    /// the ViewModel's otherwise.
    static func owner(of file: String?, symbol: String?, glue: GlueSites?) -> Owner {
        guard let glue else { return .viewModel }
        if let symbol,
            glue.mockTypes.contains(where: { symbol.hasPrefix($0 + ".") || symbol.hasSuffix(" in conformance " + $0) })
        {
            return .glue
        }
        guard let file else { return .viewModel }
        if glue.files.contains(file) { return .glue }
        let parts = file.split(separator: "/")
        if !file.hasPrefix("/"), parts.count == 2 {
            return glue.modules.contains(String(parts[0])) ? .glue : .viewModel
        }
        let folder = (file as NSString).deletingLastPathComponent
        let beside = glue.files.contains { $0.hasPrefix("/") && ($0 as NSString).deletingLastPathComponent == folder }
        return beside && !glue.modules.isEmpty ? .glue : .viewModel
    }
}
