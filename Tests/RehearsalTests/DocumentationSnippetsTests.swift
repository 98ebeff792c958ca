import Foundation
import Testing

/// Every Swift snippet of the README and `docs/` is built in `make test`: each names the file it is built in
/// (a fixture package's file, or the bundled example app's), and says what that file says.
@Suite struct DocumentationSnippetsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everySnippetIsWhatAFileOfThisPackageBuilds() throws {
        // Given every page
        let snippets = try DocumentationSnippet.pages(root: Self.root).flatMap {
            try DocumentationSnippet.snippets(ofPage: $0, root: Self.root)
        }
        // Then there are snippets, and each matches the file it names
        #expect(snippets.count > 10)
        let mismatches = snippets.compactMap { $0.mismatch(root: Self.root) }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test func aSnippetThatDiffersFromItsFileIsNamedWithTheLinesNotFound() throws {
        // Given a snippet whose second part is not in the file after the first
        let snippet = DocumentationSnippet(
            page: "README.md", line: 7, builtIn: "Package.swift", replacements: [],
            parts: [["let package = Package("], ["import PackageDescription"]])
        // Then the mismatch names the page line and the lines
        #expect(
            snippet.mismatch(root: Self.root)
                == "README.md:7: these lines are not in Package.swift (after what the snippet showed before them):\n"
                + "  import PackageDescription")
    }

    @Test func aSnippetWithoutMarkerOrWithAMissingFileIsRefused() {
        var snippet = DocumentationSnippet(
            page: "docs/x.md", line: 3, builtIn: nil, replacements: [], parts: [["import Foundation"]])
        #expect(
            snippet.mismatch(root: Self.root)
                == "docs/x.md:3: a swift snippet with no `<!-- built in PATH -->` line before it; "
                + "name the file make test builds it in")
        snippet.builtIn = "Nowhere/File.swift"
        #expect(
            snippet.mismatch(root: Self.root)
                == "docs/x.md:3: Nowhere/File.swift does not exist; name a file of this package that make test builds")
    }

    @Test func commentsSpacingAndReplacementsDoNotCount() {
        #expect(
            DocumentationSnippet.normalised([
                "    let url = \"https://a//b\"   // explained", "", "  // only a comment", "f(  x )",
            ]) == ["let url = \"https://a//b\"", "f( x )"])
    }
}
