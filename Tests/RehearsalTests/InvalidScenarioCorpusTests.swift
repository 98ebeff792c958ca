import Foundation
import Rehearsal
import XCTest

/// Every file in `Fixtures/invalid` is a scenario that is wrong in one way; beside it, `<name>.expected.txt` holds
/// the complete text Rehearsal must report for it. Set `REHEARSAL_UPDATE_CORPUS=1` to rewrite the expected texts
/// (then review every diff before committing).
final class InvalidScenarioCorpusTests: XCTestCase {
    func testEveryInvalidScenarioGetsItsExactLocatedError() throws {
        let files = Fixtures.scenarios(in: "invalid")
        XCTAssertGreaterThanOrEqual(files.count, 40, "the corpus should hold at least 40 wrong scenarios")
        let update = ProcessInfo.processInfo.environment["REHEARSAL_UPDATE_CORPUS"] == "1"
        let runner = Fixtures.runner(scenariosFolder: "invalid")
        for file in files {
            let result = runner.run(file: file)
            let actual = Fixtures.report(result)
            let expectedPath = Fixtures.root + "/" + file.replacingOccurrences(of: ".json", with: ".expected.txt")
            if update {
                try actual.write(toFile: expectedPath, atomically: true, encoding: .utf8)
                continue
            }
            XCTAssertFalse(result.findings.isEmpty && result.notes.isEmpty, "\(file) reported nothing")
            let expected = try String(contentsOfFile: expectedPath, encoding: .utf8)
            XCTAssertEqual(actual, expected, "\(file)")
        }
    }
}
