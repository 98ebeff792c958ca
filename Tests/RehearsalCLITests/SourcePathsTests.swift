import CombineCompat
import Foundation
import Testing

@testable import RehearsalCLI

/// A call site named as `#fileID` names it (`Search/BookSearchViewModel.swift`) is shown at the repository's path of
/// its file, which a team can open or click; when the repository does not say which file it is, the site stays as
/// it was named.
@Suite struct SourcePathsTests {
    @Test func aSitesFileIsFoundByItsNameThenByItsModulesFolder() throws {
        // Given a repository with one BookSearchViewModel.swift, two Cells.swift (in the Search and Profile modules'
        // folders), two Helpers.swift in neither, and a copy of one inside a hidden build folder
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("source-paths-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        for file in [
            "App/Features/Search/BookSearchViewModel.swift", "App/Features/Search/Cells.swift",
            "App/Features/Profile/Cells.swift", "App/A/Helpers.swift", "App/B/Helpers.swift",
            ".build/checkouts/Other/Search/Only.swift", "Scenarios/search/first.json",
        ] {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
        }
        let sources = SourcePaths(root: root.path)
        func located(_ file: String) -> String {
            sources.location(of: CallSite(file: file, line: 67, column: 30))
        }
        // Then a single file of the name is the site's file, whatever its module is called
        #expect(located("Search/BookSearchViewModel.swift") == "App/Features/Search/BookSearchViewModel.swift:67:30")
        // And of several, the one in a folder named as the module
        #expect(located("Profile/Cells.swift") == "App/Features/Profile/Cells.swift:67:30")
        // And a name no file or several files outside the module's folder have keeps the site's own form
        #expect(located("Search/Helpers.swift") == "Search/Helpers.swift:67:30")
        #expect(located("Search/Missing.swift") == "Search/Missing.swift:67:30")
        #expect(located("Search/Only.swift") == "Search/Only.swift:67:30")
        // And a path the repository has as it is (a scenario file's response) is kept
        #expect(located("Scenarios/search/first.json") == "Scenarios/search/first.json:67:30")
    }
}
