import Foundation
import HeadlessChromium
import ScenarioJSON
import Testing

extension BrowserSuites {
    /// The run's HTML report that `rehearsal mutate --reporter html:DIR` writes, opened in headless Chromium: its
    /// index lists the scenarios played as written, and its Mutation section shows each ViewModel's score and the
    /// surviving mutant at its call, with links to the scenarios that reached it.
    @Suite struct MutationReportBrowserTests {
        @Test func theMutationSectionShowsTheSurvivorAtItsCallWithTheScenariosThatReachedIt() throws {
            // Given the Search scenarios without the one that sends a duplicate query, mutated with an HTML report
            let cli = try CLIMutateTests.projectWithoutDuplicateQueries()
            let mutated = try cli.run(["mutate", "Scenarios/search", "--reporter", "html:report"])
            #expect(mutated.status == 0, "\(mutated)")
            let browser = try HeadlessBrowser(width: 1280, height: 900)
            let group = browser.processGroup
            defer {
                browser.close()
                #expect(ReportBrowserTests.processes(inGroup: group) == [])
            }
            // When the page's index is on screen
            let page = try browser.open(cli.directory.appendingPathComponent("report/index.html").absoluteString)
            _ = try page.evaluate(
                "window.rehearsalReport.firstRenderMs !== null ? true : new Promise((resolve) => "
                    + "window.addEventListener('rehearsal:rendered', () => resolve(true), { once: true }))")
            // Then the Mutation section has one heading per ViewModel and the survivor's row, cell by cell
            let shown = try page.evaluate(
                """
                [Array.from(document.querySelectorAll('#mutation h3')).map((h) => h.textContent).join(' | '),
                 document.querySelectorAll('#mutation tr.mutant').length,
                 Array.from(document.querySelectorAll('#mutation tr.notObservable td')).map((td) => td.textContent),
                 Array.from(document.querySelectorAll('#mutation tr.notObservable td:nth-child(5) a'))
                   .map((a) => a.getAttribute('href')).length,
                 document.querySelectorAll('#index tr.scenario').length]
                """)
            #expect(shown[0] == "Search: 4 of 5 killed (80%) | SearchFlatMap: 4 of 4 killed (100%)")
            #expect(shown[1] == 9)
            #expect(
                shown[2]
                    == .array([
                        "ExampleApp/SearchViewModel.swift:58:30", "removeDuplicates()", "made pass-through",
                        "not observable by these scenarios",
                        .string(CLIMutateTests.survivorReachedBy.joined(separator: ", ")),
                        "send two equal values in a row, further apart than a debounce or throttle before it, and check that the second one is dropped",
                    ]))
            #expect(shown[3] == .integer(Int64(CLIMutateTests.survivorReachedBy.count)))
            #expect(shown[4] == 10)
        }
    }
}
