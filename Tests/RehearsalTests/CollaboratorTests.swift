import CollaboratorCatalog
import Rehearsal
import Testing

/// What a team's services, navigators and ports do on the phone, a scenario does too (issue 23): the collaborator
/// fixtures are two apps' ViewModels in Swift 5 mode (Tests/RunnerFixtures/Collaborators) with Swift 6-mode glue
/// (Tests/CollaboratorCatalog: MainActor mock methods, a main-thread precondition in a mock, a @MainActor closure).
@Suite struct CollaboratorTests {
    static let inboxMocks = """
        "InboxRepository.messages": [{"after": "300ms", "return": [{"id": 1, "subject": "Hi"}]}],
        "InboxRepository.unreadCount": [{"after": "100ms", "return": {"success": 3}}],
        "DateFormatting.transform(date:)": [{"return": "Jan 1"}],
        "DateFormatting.transform(dateInfo:)": [{"return": "day 1"}]
        """

    @Test func servicesAnswerOnTheMainThreadAndAWeakNavigatorStaysUntilTheViewModelDropsIt() throws {
        // Given an inbox whose mocks assert the main thread, a weak navigator, Result<Void, Error> completions, an
        // AnyPublisher<Void, E> and a result carried in a value
        let outcome = try runInline(
            """
            {"viewModel": "Inbox",
             "mocks": {\(Self.inboxMocks),
               "InboxRepository.archive": [{"after": "50ms", "return": null},
                                           {"after": "50ms", "throw": {"code": "gone", "message": "no such message"}}],
               "InboxRepository.markAllRead": [{"after": "20ms", "return": null}]},
             "steps": [{"at": "0ms", "send": "load"}, {"at": "1s", "send": "open", "value": 1},
                       {"at": "2s", "send": "archive", "value": 1}, {"at": "2s", "send": "archive", "value": 2},
                       {"at": "3s", "send": "markAllRead"}, {"at": "4s", "send": "detach"}, {"at": "4s", "send": "compose"}]}
            """, catalog: collaboratorCatalog)

        // Then nothing is reported: every answer came on the main thread (the mock's precondition held, the
        // @MainActor callback ran), the navigator lived until the ViewModel let it go, and each shape answered
        #expect(outcome.findings.map(\.description) == [])
        #expect(
            outcome.lines == [
                #"{"at": "0.000s", "output": "messages", "value": []}"#,
                #"{"at": "0.000s", "input": "load"}"#,
                #"{"at": "0.000s", "call": "DateFormatting.transform(date:)", "args": {"date": "2026-01-01T09:00:00Z"}}"#,
                #"{"at": "0.000s", "response": "DateFormatting.transform(date:)", "index": 0}"#,
                #"{"at": "0.000s", "output": "stamp", "value": "Jan 1"}"#,
                #"{"at": "0.000s", "call": "DateFormatting.transform(dateInfo:)", "args": {"dateInfo": {"day": 1}}}"#,
                #"{"at": "0.000s", "response": "DateFormatting.transform(dateInfo:)", "index": 0}"#,
                #"{"at": "0.000s", "output": "stamp", "value": "day 1"}"#,
                #"{"at": "0.000s", "call": "InboxRepository.messages", "args": {"folder": "inbox"}}"#,
                #"{"at": "0.000s", "call": "InboxRepository.unreadCount"}"#,
                #"{"at": "0.100s", "response": "InboxRepository.unreadCount", "index": 0}"#,
                #"{"at": "0.100s", "output": "unread", "value": {"success": 3}}"#,
                #"{"at": "0.300s", "response": "InboxRepository.messages", "index": 0}"#,
                #"{"at": "0.300s", "output": "messages", "value": [{"id": 1, "subject": "Hi"}]}"#,
                #"{"at": "1.000s", "input": "open", "value": 1}"#,
                #"{"at": "1.000s", "call": "InboxNavigator.showMessage", "args": {"id": 1}}"#,
                #"{"at": "2.000s", "input": "archive", "value": 1}"#,
                #"{"at": "2.000s", "call": "InboxRepository.archive", "args": {"_0": 1}}"#,
                #"{"at": "2.000s", "input": "archive", "value": 2}"#,
                #"{"at": "2.000s", "call": "InboxRepository.archive", "args": {"_0": 2}}"#,
                #"{"at": "2.050s", "response": "InboxRepository.archive", "index": 0}"#,
                #"{"at": "2.050s", "output": "status", "value": "archived 1"}"#,
                #"{"at": "2.050s", "callback": "banner"}"#,
                #"{"at": "2.050s", "response": "InboxRepository.archive", "index": 1, "throw": true}"#,
                #"{"at": "2.050s", "output": "status", "value": "archive failed: gone: no such message"}"#,
                #"{"at": "2.050s", "callback": "banner"}"#,
                #"{"at": "3.000s", "input": "markAllRead"}"#,
                #"{"at": "3.000s", "call": "InboxRepository.markAllRead"}"#,
                #"{"at": "3.020s", "response": "InboxRepository.markAllRead", "index": 0}"#,
                #"{"at": "3.020s", "output": "status", "value": "all read"}"#,
                #"{"at": "3.020s", "callback": "banner"}"#,
                #"{"at": "4.000s", "input": "detach"}"#,
                #"{"at": "4.000s", "input": "compose"}"#,
            ])
    }

    @Test func aCollaboratorThatIsNoMockLivesAsLongAsTheScenarioWhenTheContextKeepsIt() throws {
        // Given a hand-written navigator spy the ViewModel holds weakly, kept by context.keep and (the control) not
        let scenario = #"{"viewModel": "%@", "steps": [{"send": "open", "value": 1}, {"at": "1s", "send": "compose"}]}"#
        let kept = try runInline(
            scenario.replacingOccurrences(of: "%@", with: "InboxSpied"), catalog: collaboratorCatalog)
        let unkept = try runInline(
            scenario.replacingOccurrences(of: "%@", with: "InboxSpiedUnkept"), catalog: collaboratorCatalog)

        // Then the kept spy hears both routes; the one nobody kept is gone before the first step, as on the phone
        #expect(kept.findings.map(\.description) == [])
        #expect(
            kept.lines == [
                #"{"at": "0.000s", "output": "messages", "value": []}"#,
                #"{"at": "0.000s", "input": "open", "value": 1}"#,
                #"{"at": "0.000s", "callback": "opened"}"#,
                #"{"at": "1.000s", "input": "compose"}"#,
                #"{"at": "1.000s", "callback": "composed"}"#,
            ])
        #expect(
            unkept.lines == [
                #"{"at": "0.000s", "output": "messages", "value": []}"#,
                #"{"at": "0.000s", "input": "open", "value": 1}"#,
                #"{"at": "1.000s", "input": "compose"}"#,
            ])
    }

    @Test func aServiceThatAnswersInTheBackgroundShowsAViewModelWithoutReceiveOn() throws {
        // Given the inbox's messages answered off the main thread, as a URLSession-backed repository answers, and its
        // unread count on the main thread, written as the error's case name
        let outcome = try runInline(
            """
            {"viewModel": "Inbox",
             "mocks": {
               "InboxRepository.messages": [{"after": "300ms", "deliver": "background", "return": []}],
               "InboxRepository.unreadCount": [{"after": "100ms", "deliver": "main", "return": {"failure": "offline"}}],
               "DateFormatting.transform(date:)": [{"return": "Jan 1"}],
               "DateFormatting.transform(dateInfo:)": [{"return": "day 1"}]},
             "steps": [{"at": "0ms", "send": "load"}]}
            """, catalog: collaboratorCatalog)

        // Then the emission the ViewModel made from the background answer is a finding at the step that caused it
        #expect(
            outcome.findings.map(\.description) == [
                """
                inline.json:7:12: error: output "messages" emitted off the main thread once, first at 0.300s in work \
                started by step 0: a phone's UI reads it on the main thread
                 "steps": [{"at": "0ms", "send": "load"}]}
                           ^
                  hint: move the emission to the main thread in the ViewModel (.receive(on: DispatchQueue.main), or \
                @MainActor work)
                """
            ])
        #expect(outcome.findings.map(\.kind) == [.mainThread])
        #expect(
            outcome.lines.filter { $0.contains(#""output": "unread""#) } == [
                #"{"at": "0.100s", "output": "unread", "value": {"failure": {"$error": "InboxError", "case": "offline"}}}"#
            ])
    }

    @Test func asyncMethodsWithoutAResultAnswerWithNullAndFailWithTheScriptedError() throws {
        // Given an `async throws` method and an `async -> Result<Void, Error>` one, each answered once with
        // `"return": null` and once with a `throw`
        let outcome = try runInline(
            """
            {"viewModel": "Inbox",
             "mocks": {"InboxRepository.delete": [{"after": "10ms", "return": null},
                                                  {"after": "10ms", "throw": {"code": "locked"}}],
                       "InboxRepository.emptyTrash": [{"after": "20ms", "return": null},
                                                      {"throw": {"code": "busy", "message": "try later"}}]},
             "steps": [{"send": "delete", "value": 1}, {"at": "1s", "send": "delete", "value": 2},
                       {"at": "2s", "send": "emptyTrash"}, {"at": "3s", "send": "emptyTrash"}]}
            """, catalog: collaboratorCatalog)

        // Then each call resumes its MainActor task at the answer's time, with success or the scripted error
        #expect(outcome.findings.map(\.description) == [])
        #expect(
            outcome.lines == [
                #"{"at": "0.000s", "output": "messages", "value": []}"#,
                #"{"at": "0.000s", "input": "delete", "value": 1}"#,
                #"{"at": "0.000s", "call": "InboxRepository.delete", "args": {"_0": 1}}"#,
                #"{"at": "0.010s", "response": "InboxRepository.delete", "index": 0}"#,
                #"{"at": "0.010s", "output": "status", "value": "deleted 1"}"#,
                #"{"at": "0.010s", "callback": "banner"}"#,
                #"{"at": "1.000s", "input": "delete", "value": 2}"#,
                #"{"at": "1.000s", "call": "InboxRepository.delete", "args": {"_0": 2}}"#,
                #"{"at": "1.010s", "response": "InboxRepository.delete", "index": 1, "throw": true}"#,
                #"{"at": "1.010s", "output": "status", "value": "delete failed: locked"}"#,
                #"{"at": "1.010s", "callback": "banner"}"#,
                #"{"at": "2.000s", "input": "emptyTrash"}"#,
                #"{"at": "2.000s", "call": "InboxRepository.emptyTrash"}"#,
                #"{"at": "2.020s", "response": "InboxRepository.emptyTrash", "index": 0}"#,
                #"{"at": "2.020s", "output": "status", "value": "trash emptied"}"#,
                #"{"at": "2.020s", "callback": "banner"}"#,
                #"{"at": "3.000s", "input": "emptyTrash"}"#,
                #"{"at": "3.000s", "call": "InboxRepository.emptyTrash"}"#,
                #"{"at": "3.000s", "response": "InboxRepository.emptyTrash", "index": 1, "throw": true}"#,
                #"{"at": "3.000s", "output": "status", "value": "trash not emptied: busy: try later"}"#,
                #"{"at": "3.000s", "callback": "banner"}"#,
            ])
    }

    @Test func aPublishedPropertySetFromABackgroundAnswerIsAFindingAtTheStep() throws {
        // Given the search field's service answering on its own queue, and a ViewModel without receive(on:)
        let outcome = try runInline(
            """
            {"viewModel": "Query",
             "mocks": {"QueryRepository.search": [{"after": "100ms", "deliver": "background", "return": ["Swift"]}]},
             "steps": [{"set": "query", "value": "swift"}]}
            """, catalog: collaboratorCatalog)

        // Then the @Published change and the output derived from it are each a finding at the set step (located and
        // hinted as the output of the test above)
        #expect(
            outcome.findings.map(\.diagnostic.message) == [
                "state \"results\" changed off the main thread once, first at 0.400s in work started by step 0: a "
                    + "phone's UI reads it on the main thread",
                "output \"resultCount\" emitted off the main thread once, first at 0.400s in work started by step 0: a "
                    + "phone's UI reads it on the main thread",
            ])
        #expect(
            outcome.findings.map { $0.diagnostic.location?.description } == ["inline.json:3:12", "inline.json:3:12"])
        #expect(outcome.findings.map(\.kind) == [.mainThread, .mainThread])
    }

    @Test func aShortKeyAnswersOneOverloadAndIsAnErrorListingThemWhenSeveralAreCalled() throws {
        // Given the date overload by its full name and the other by the short key: unambiguous
        let mixed = try runInline(
            """
            {"viewModel": "Inbox",
             "mocks": {"InboxRepository.messages": [{"return": []}], "InboxRepository.unreadCount": [{"return": {"success": 0}}],
                       "DateFormatting.transform(date:)": [{"return": "Jan 1"}], "DateFormatting.transform": [{"return": "day 1"}]},
             "steps": [{"send": "load"}]}
            """, catalog: collaboratorCatalog)
        #expect(mixed.findings.map(\.description) == [])
        #expect(
            mixed.lines.filter { $0.contains("DateFormatting") } == [
                #"{"at": "0.000s", "call": "DateFormatting.transform(date:)", "args": {"date": "2026-01-01T09:00:00Z"}}"#,
                #"{"at": "0.000s", "response": "DateFormatting.transform(date:)", "index": 0}"#,
                #"{"at": "0.000s", "call": "DateFormatting.transform", "args": {"dateInfo": {"day": 1}}}"#,
                #"{"at": "0.000s", "response": "DateFormatting.transform", "index": 0}"#,
            ])

        // When the short key is the only key for both overloads, with a `when` on one of them
        let ambiguous = try runInline(
            """
            {"viewModel": "Inbox",
             "mocks": {"InboxRepository.messages": [{"return": []}], "InboxRepository.unreadCount": [{"return": {"success": 0}}],
                       "DateFormatting.transform": [{"when": {"date": "2026-01-01T09:00:00Z"}, "return": "Jan 1"},
                                                    {"return": "day 1"}]},
             "steps": [{"send": "load"}]}
            """, catalog: collaboratorCatalog)

        // Then one error at the key lists the overloads, instead of a `when` the other overload does not take
        #expect(
            ambiguous.findings.map(\.description) == [
                """
                inline.json:3:12: error: 'DateFormatting.transform' names 2 overloads the ViewModel called: \
                'DateFormatting.transform(date:)' and 'DateFormatting.transform(dateInfo:)'
                           "DateFormatting.transform": [{"when": {"date": "2026-01-01T09:00:00Z"}, "return": "Jan 1"},
                           ^
                  hint: key each overload by its full name, e.g. 'DateFormatting.transform(date:)'
                """
            ])
    }

    @Test func aBaseClassThatBindsInInitBoundAgainByTheCatalogIsAFindingAtEachInputsFirstSend() throws {
        // Given the README's old advice, `.bind { $0.bind() }`, for a base class that binds in init
        let outcome = try runInline(
            #"{"viewModel": "InboxBoundTwice", "steps": [{"send": "compose"}, {"at": "1s", "send": "compose"}]}"#,
            catalog: collaboratorCatalog)

        // Then the send reaches two subscribers (the navigator is called twice) and that is said at the first send
        #expect(
            outcome.findings.map(\.description) == [
                """
                inline.json:1:44: error: input 'compose' was heard by 2 subscribers: the ViewModel had subscribed 1 \
                when it was made and subscribed 1 more when it was bound, so each send is handled 2 times
                {"viewModel": "InboxBoundTwice", "steps": [{"send": "compose"}, {"at": "1s", "send": "compose"}]}
                                                           ^
                  hint: bind it once: a ViewModel whose init binds (a base class that calls bind()) needs no .bind { … \
                } in the catalog
                """
            ])
        #expect(outcome.lines.filter { $0.contains("showCompose") }.count == 4)
    }

    @Test func aSetStepSetsAPublishedPropertyAsABindingAndPortsNotRecordedAreNoted() throws {
        // Given a search field the view binds, whose results come after a debounce
        let outcome = try runInline(
            """
            {"viewModel": "Query",
             "mocks": {"QueryRepository.search": [{"after": "100ms", "return": ["Swift", "SwiftUI"]}]},
             "steps": [{"set": "query", "value": "swift"}],
             "properties": [{"final": "results", "length": 2}]}
            """, catalog: collaboratorCatalog)

        // Then the step sets the property (its state changes, the ViewModel's pipeline runs), the value holding a
        // publisher records without Combine's internals, and the lazy publisher nothing read is noted
        #expect(outcome.findings.map(\.description) == [])
        #expect(
            outcome.lines == [
                #"{"at": "0.000s", "state": "query", "value": ""}"#,
                #"{"at": "0.000s", "state": "results", "value": []}"#,
                #"{"at": "0.000s", "output": "resultCount", "value": 0}"#,
                #"{"at": "0.000s", "output": "badge", "value": {"$type": "Badge", "count": 0, "updates": {"$type": "AnyPublisher<Int, Never>"}, "onTap": "$function"}}"#,
                #"{"at": "0.000s", "input": "query", "value": "swift"}"#,
                #"{"at": "0.000s", "state": "query", "value": "swift"}"#,
                #"{"at": "0.300s", "call": "QueryRepository.search", "args": {"_0": "swift"}}"#,
                #"{"at": "0.400s", "response": "QueryRepository.search", "index": 0}"#,
                #"{"at": "0.400s", "state": "results", "value": ["Swift", "SwiftUI"]}"#,
                #"{"at": "0.400s", "output": "resultCount", "value": 2}"#,
            ])
        #expect(
            outcome.notes.map(\.description) == [
                """
                inline.json:1:15: note: ports of ViewModel 'Query' not recorded: 'summary' (a lazy var that nothing \
                had read when the ports were found, after the factory)
                {"viewModel": "Query",
                              ^
                  hint: read the lazy var in the factory (_ = viewModel.summary), or record it with \
                context.output("summary", viewModel.summary)
                """
            ])
    }

    @Test func aPropertyOnAPortNotRecordedIsAnErrorAtItsPatternSayingWhy() throws {
        // Given properties that would hold whatever the ViewModel does: on a lazy publisher nothing created, on a
        // computed one reflection cannot see, and on a misspelt state
        let outcome = try runInline(
            """
            {"viewModel": "Query",
             "steps": [{"set": "query", "value": "swift"}],
             "properties": [{"never": {"output": "summary"}}, {"count": {"output": "title"}, "equals": 0},
                            {"never": "reslts", "after": {"input": "query"}}]}
            """, catalog: collaboratorCatalog)

        // Then each is an error at its pattern, with why the name is unknown
        #expect(
            outcome.findings.map(\.description) == [
                """
                inline.json:3:27: error: property 0 names 'summary', which ViewModel 'Query' does not record as an \
                output or state, so the pattern matches nothing ('summary' is not recorded: a lazy var that nothing \
                had read when the ports were found, after the factory)
                 "properties": [{"never": {"output": "summary"}}, {"count": {"output": "title"}, "equals": 0},
                                          ^
                  hint: read the lazy var in the factory (_ = viewModel.summary), or record it with \
                context.output("summary", viewModel.summary)
                """,
                """
                inline.json:3:61: error: property 1 names 'title', which ViewModel 'Query' does not record as an \
                output or state, so the pattern matches nothing
                 "properties": [{"never": {"output": "summary"}}, {"count": {"output": "title"}, "equals": 0},
                                                                            ^
                  hint: name one of its outputs and states (query, results, resultCount, badge), or declare it in the \
                factory (context.output("title", …)): a computed property is invisible to reflection
                """,
                """
                inline.json:4:27: error: property 2 names 'reslts', which ViewModel 'Query' does not record as an \
                output or state, so the pattern matches nothing
                                {"never": "reslts", "after": {"input": "query"}}]}
                                          ^
                  hint: did you mean 'results'? Outputs and states: query, results, resultCount, badge
                """,
            ])
        #expect(outcome.findings.map(\.kind) == [.invalid, .invalid, .invalid])
    }

    @Test func aSetStepNamesWhatItCanSet() throws {
        // Given steps that set an input without a value and a property that does not exist
        let outcome = try runInline(
            """
            {"viewModel": "Inbox",
             "steps": [{"set": "open", "value": 1}, {"set": "qurey", "value": "x"}]}
            """, catalog: collaboratorCatalog)

        #expect(
            outcome.findings.map(\.description) == [
                """
                inline.json:2:20: error: input 'open' of ViewModel 'Inbox' holds no value to set
                 "steps": [{"set": "open", "value": 1}, {"set": "qurey", "value": "x"}]}
                                   ^
                  hint: send it instead: {"send": "open", "value": …}
                """,
                """
                inline.json:2:49: error: unknown property 'qurey' to set on ViewModel 'Inbox'
                 "steps": [{"set": "open", "value": 1}, {"set": "qurey", "value": "x"}]}
                                                                ^
                  hint: set a @Published property or a CurrentValueSubject input; settable: none
                """,
            ])
    }
}
