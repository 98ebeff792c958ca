import Foundation
import Testing

@testable import ScenarioJSON

/// A throwaway package root with the given files; removed when the test ends.
final class TemporaryRoot {
    let path: String

    init(_ files: [String: String]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("scenariojson-\(UUID().uuidString)").path
        for (relative, contents) in files {
            let full = (path as NSString).appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: URL(fileURLWithPath: full))
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

@Suite("JSONFileResolver")
struct JSONFileResolverTests {
    static let scenario = """
        {
          "mocks": {
            "StoreRepository.fetchContributors": [
              { "after": "300ms", "return": { "$file": "Mocks/page1.json" } }
            ]
          }
        }
        """

    @Test func replacesFileReferencesAndRemembersWhereValuesCameFrom() throws {
        // Given a scenario referencing a mock page
        let root = try TemporaryRoot([
            "Scenarios/a.json": Self.scenario,
            "Mocks/page1.json": "{\n  \"items\": [{\"id\": 1, \"name\": \"Kim\"}],\n  \"cursor\": \"c2\"\n}",
        ])
        // When it is loaded
        let document = try JSONFileResolver(root: root.path).load("Scenarios/a.json")
        // Then the reference is replaced, and values inside it are located in the mock file
        let page = JSONPointer(["mocks", "StoreRepository.fetchContributors", "0", "return"])
        #expect(document.root[page] == ["items": [["id": 1, "name": "Kim"]], "cursor": "c2"])
        #expect(document.location(of: page.appending("cursor"))?.description == "Mocks/page1.json:3:13")
        #expect(document.location(of: page)?.description == "Mocks/page1.json:1:1")
        #expect(
            document.referencedFrom(of: page.appending("items").appending(0).appending("name")).map(\.description)
                == ["Scenarios/a.json:4:48"])
        #expect(
            document.error(at: page.appending("cursor"), "expected null on the last page").description == """
                Mocks/page1.json:3:13: error: expected null on the last page
                  "cursor": "c2"
                            ^
                  referenced from Scenarios/a.json:4:48
                """)
    }

    /// Found by `make fuzz` (fuzz-json): a referenced file that is only `null` was refused as JSON.
    @Test func aReferencedFileThatIsNullIsNull() throws {
        // Given a scenario whose response body is a file holding null
        let root = try TemporaryRoot([
            "Scenarios/a.json": #"{"mocks": {"A.b": [{"return": {"$file": "Mocks/none.json"}}]}}"#,
            "Mocks/none.json": "null\n",
        ])
        // When it is loaded
        let document = try JSONFileResolver(root: root.path).load("Scenarios/a.json")
        // Then the body is null, located in the referenced file
        let body = JSONPointer(["mocks", "A.b", "0", "return"])
        #expect(document.root == ["mocks": ["A.b": [["return": nil]]]])
        #expect(document.location(of: body)?.description == "Mocks/none.json:1:1")
    }

    @Test func locatesDecodingErrorsInTheReferencedFile() throws {
        // Given a mock page whose cursor has the wrong type
        struct Page: Decodable {
            var cursor: String?
        }
        let root = try TemporaryRoot([
            "Scenarios/a.json": Self.scenario,
            "Mocks/page1.json": "{\n  \"cursor\": 2\n}",
        ])
        let document = try JSONFileResolver(root: root.path).load("Scenarios/a.json")
        // When the page is decoded from the scenario
        let pointer = JSONPointer(["mocks", "StoreRepository.fetchContributors", "0", "return"])
        // Then the error names the scenario's coding path but points into the mock file
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(Page.self, from: document, at: pointer) } == """
                Mocks/page1.json:2:13: error: mocks.StoreRepository.fetchContributors[0].return.cursor: expected \
                a string, found the integer 2
                  "cursor": 2
                            ^
                  hint: write the value in double quotes
                  referenced from Scenarios/a.json:4:48
                """)
    }

    @Test func reportsErrorsInsideAReferencedFileWithTheChain() throws {
        let root = try TemporaryRoot([
            "Scenarios/a.json": Self.scenario,
            "Mocks/page1.json": "{\"items\": [1, 2,]}",
        ])
        #expect(
            renderedError { _ = try JSONFileResolver(root: root.path).load("Scenarios/a.json") } == """
                Mocks/page1.json:1:17: error: expected a value after ',', found ']'
                {"items": [1, 2,]}
                                ^
                  hint: remove the trailing ','
                  referenced from Scenarios/a.json:4:48
                """)
    }

    @Test func reportsNestedReferencesWithTheWholeChain() throws {
        let root = try TemporaryRoot([
            "Scenarios/a.json": Self.scenario,
            "Mocks/page1.json": "{\"next\": {\"$file\": \"Mocks/page2.json\"}}",
            "Mocks/page2.json": "{\"cursor\": nul}",
        ])
        #expect(
            renderedError { _ = try JSONFileResolver(root: root.path).load("Scenarios/a.json") } == """
                Mocks/page2.json:1:15: error: expected a value (an object, array, string, number, true, false or null), \
                found '}'
                {"cursor": nul}
                              ^
                  hint: write true, false or null in lower case, or put text in double quotes
                  referenced from Mocks/page1.json:1:20
                  referenced from Scenarios/a.json:4:48
                """)
    }

    @Test(arguments: [
        (
            "../outside.json",
            """
            Scenarios/a.json:1:11: error: expected a file inside the root, found "../outside.json" leading outside it
            {"$file": "../outside.json"}
                      ^
              hint: keep referenced files inside the package root (the folder paths are resolved against)
            """
        ),
        (
            "/etc/passwd",
            """
            Scenarios/a.json:1:11: error: expected a path relative to the root, found "/etc/passwd"
            {"$file": "/etc/passwd"}
                      ^
              hint: write the path relative to the package root, e.g. "Mocks/page1.json"
            """
        ),
        (
            "Mocks/missing.json",
            """
            Scenarios/a.json:1:11: error: expected an existing file, found no file at "Mocks/missing.json"
            {"$file": "Mocks/missing.json"}
                      ^
              hint: check the path; it is resolved against the package root, not the referencing file
            """
        ),
        (
            "Mocks/escape.json",
            """
            Scenarios/a.json:1:11: error: expected a file inside the root, found "Mocks/escape.json" leading outside it
            {"$file": "Mocks/escape.json"}
                      ^
              hint: keep referenced files inside the package root (the folder paths are resolved against)
            """
        ),
    ])
    func rejectsReferencesThatLeaveTheRootOrDoNotExist(_ reference: String, _ expected: String) throws {
        // Given a root inside a folder that also holds a file outside the root, and a symlink pointing out
        let outer = try TemporaryRoot(["outside.json": "{}", "root/Scenarios/a.json": "{\"$file\": \"\(reference)\"}"])
        let root = (outer.path as NSString).appendingPathComponent("root")
        try FileManager.default.createDirectory(atPath: root + "/Mocks", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/Mocks/escape.json",
            withDestinationPath: outer.path + "/outside.json")
        // Then loading fails at the reference
        let realRoot = JSONFileResolver.realPath(root) ?? root
        #expect(
            renderedError { _ = try JSONFileResolver(root: root).load("Scenarios/a.json") }
                == expected.replacingOccurrences(of: "ROOT", with: realRoot))
    }

    @Test func rejectsCycles() throws {
        let root = try TemporaryRoot([
            "a.json": "{\"next\": {\"$file\": \"b.json\"}}",
            "b.json": "[\n  {\"$file\": \"a.json\"}\n]",
        ])
        #expect(
            renderedError { _ = try JSONFileResolver(root: root.path).load("a.json") } == """
                b.json:2:13: error: expected no cycle of $file references, found "a.json" referencing itself again
                  {"$file": "a.json"}
                            ^
                  hint: remove one of the references in the cycle
                  referenced from a.json:1:20
                """)
    }

    @Test func rejectsFileObjectsWithOtherMembersAndNonStringPaths() throws {
        let resolver = JSONFileResolver(root: "/")
        #expect(
            renderedError { _ = try resolver.parse("[{\"$file\": \"x.json\", \"y\": 1}]", path: "s.json") } == """
                s.json:1:2: error: expected "$file" to be the only member of its object, found 2
                [{"$file": "x.json", "y": 1}]
                 ^
                  hint: move the other members out, or remove "$file"
                """)
        #expect(
            renderedError { _ = try resolver.parse("{\"$file\": 3}", path: "s.json") } == """
                s.json:1:11: error: expected a file path string, found the integer 3
                {"$file": 3}
                          ^
                  hint: write the path as a string, e.g. {"$file": "Mocks/page1.json"}
                """)
    }

    @Test func reportsAMissingTopLevelFile() {
        #expect(
            renderedError { _ = try JSONFileResolver(root: "/nonexistent").load("Scenarios/none.json") }
                == """
                Scenarios/none.json: error: expected a readable file, found none
                  hint: check the path and the file's permissions
                """)
    }
}
