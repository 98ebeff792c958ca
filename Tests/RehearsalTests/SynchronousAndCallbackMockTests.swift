import CombineCompat
import Foundation
import Rehearsal
import XCTest

// MARK: - A ViewModel over a synchronous cache and a callback-style service

private struct Profile: Codable, Equatable {
    let id: String
    let name: String
}

private protocol ProfileCache {
    func cachedNames(group: String) -> [String]
    func cachedProfile(id: String) throws -> Profile
}

private protocol ProfileService {
    func fetch(id: String, completion: @escaping (Result<Profile, ScriptedError>) -> Void)
    func fetchOptional(id: String, completion: @escaping (Profile?) -> Void)
    func fetchPair(id: String, completion: @escaping (Profile?, Error?) -> Void)
    func save(profile: Profile, completion: @escaping (Error?) -> Void)
}

private final class ProfileCacheMock: ScriptedMock, ProfileCache {
    func cachedNames(group: String) -> [String] { respond(group, otherwise: []) }
    func cachedProfile(id: String) throws -> Profile { try respond(id) }
}

private final class ProfileServiceMock: ScriptedMock, ProfileService {
    func fetch(id: String, completion: @escaping (Result<Profile, ScriptedError>) -> Void) {
        respond(id, completion: completion)
    }
    func fetchOptional(id: String, completion: @escaping (Profile?) -> Void) { respond(id, completion: completion) }
    func fetchPair(id: String, completion: @escaping (Profile?, Error?) -> Void) { respond(id, completion: completion) }
    func save(profile: Profile, completion: @escaping (Error?) -> Void) { respond(profile, completion: completion) }
}

/// Subjects in, subjects out; every service answer becomes one `log` line, so a test reads the whole history.
private final class ProfilesViewModel {
    struct Input {
        let names = PassthroughSubject<String, Never>()
        let cached = PassthroughSubject<String, Never>()
        let fetch = PassthroughSubject<String, Never>()
        let fetchOptional = PassthroughSubject<String, Never>()
        let fetchPair = PassthroughSubject<String, Never>()
        let save = PassthroughSubject<String, Never>()
    }
    struct Output { let log = PassthroughSubject<String, Never>() }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()

    init(cache: ProfileCache, service: ProfileService) {
        let log = output.log
        input.names.sink { log.send("names \(cache.cachedNames(group: $0))") }.store(in: &cancellables)
        input.cached
            .sink { id in
                do {
                    log.send("cached \(try cache.cachedProfile(id: id).name)")
                } catch {
                    log.send("cached failed: \(error.localizedDescription)")
                }
            }
            .store(in: &cancellables)
        input.fetch
            .sink { id in
                service.fetch(id: id) { result in
                    switch result {
                    case .success(let profile): log.send("fetched \(profile.name)")
                    case .failure(let error): log.send("fetch failed: \(error.localizedDescription)")
                    }
                }
                log.send("fetch started")
            }
            .store(in: &cancellables)
        input.fetchOptional
            .sink { id in service.fetchOptional(id: id) { log.send("optional \($0?.name ?? "nil")") } }
            .store(in: &cancellables)
        input.fetchPair
            .sink { id in
                service.fetchPair(id: id) { profile, error in
                    log.send("pair \(profile?.name ?? "nil") \(error?.localizedDescription ?? "nil")")
                }
            }
            .store(in: &cancellables)
        input.save
            .sink { name in
                service.save(profile: Profile(id: "p", name: name)) {
                    log.send("saved \($0?.localizedDescription ?? "ok")")
                }
            }
            .store(in: &cancellables)
    }
}

private let profilesCatalog = Catalog {
    ViewModelEntry("Profiles") { context in
        ProfilesViewModel(cache: ProfileCacheMock(context), service: ProfileServiceMock(context))
    }
}

/// Mock methods that answer synchronously or through a completion handler.
final class SynchronousAndCallbackMockTests: XCTestCase {
    func testSynchronousMethodsAnswerAtTheInstantOfTheCall() throws {
        // Given a cache scripted with a list, a profile and a thrown error
        let result = try runInline(
            """
            {"viewModel": "Profiles",
             "mocks": {"ProfileCache.cachedNames": [{"when": {"group": "team"}, "return": ["Ada", "Grace"]}],
                       "ProfileCache.cachedProfile": [{"return": {"id": "a", "name": "Ada"}},
                                                      {"throw": {"code": "miss", "message": "not cached"}}]},
             "steps": [{"at": "1s", "send": "names", "value": "team"}, {"at": "2s", "send": "cached", "value": "a"},
                       {"at": "3s", "send": "cached", "value": "b"}]}
            """, catalog: profilesCatalog)

        // Then each call, its response and the ViewModel's reaction share the step's instant, and a thrown
        // ScriptedError's localizedDescription is its scripted message
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "1.000s", "input": "names", "value": "team"}"#,
                #"{"at": "1.000s", "call": "ProfileCache.cachedNames", "args": {"group": "team"}}"#,
                #"{"at": "1.000s", "response": "ProfileCache.cachedNames", "index": 0}"#,
                #"{"at": "1.000s", "output": "log", "value": "names [\"Ada\", \"Grace\"]"}"#,
                #"{"at": "2.000s", "input": "cached", "value": "a"}"#,
                #"{"at": "2.000s", "call": "ProfileCache.cachedProfile", "args": {"id": "a"}}"#,
                #"{"at": "2.000s", "response": "ProfileCache.cachedProfile", "index": 0}"#,
                #"{"at": "2.000s", "output": "log", "value": "cached Ada"}"#,
                #"{"at": "3.000s", "input": "cached", "value": "b"}"#,
                #"{"at": "3.000s", "call": "ProfileCache.cachedProfile", "args": {"id": "b"}}"#,
                #"{"at": "3.000s", "response": "ProfileCache.cachedProfile", "index": 1, "throw": true}"#,
                #"{"at": "3.000s", "output": "log", "value": "cached failed: not cached"}"#,
            ])
    }

    func testASynchronousMethodCannotWaitNorThrowWhenItDoesNot() throws {
        let result = try runInline(
            """
            {"viewModel": "Profiles",
             "mocks": {"ProfileCache.cachedNames": [{"after": "5ms", "return": ["Ada"]}, {"throw": {"code": "x"}},
                                                    {"never": true}]},
             "steps": [{"send": "names", "value": "a"}, {"send": "names", "value": "b"}, {"send": "names", "value": "c"},
                       {"send": "names", "value": "d"}]}
            """, catalog: profilesCatalog)

        XCTAssertEqual(
            result.findings.map(\.description),
            [
                """
                inline.json:2:51: error: ProfileCache.cachedNames is synchronous and answers at once, so 'after' cannot delay it
                 "mocks": {"ProfileCache.cachedNames": [{"after": "5ms", "return": ["Ada"]}, {"throw": {"code": "x"}},
                                                                  ^
                  hint: remove "after", or make the method async
                """,
                """
                inline.json:2:88: error: ProfileCache.cachedNames cannot throw
                 "mocks": {"ProfileCache.cachedNames": [{"after": "5ms", "return": ["Ada"]}, {"throw": {"code": "x"}},
                                                                                                       ^
                  hint: script "return": <value>, or make the method throw
                """,
                """
                inline.json:3:51: error: ProfileCache.cachedNames is synchronous and cannot wait for an answer that never comes
                                                        {"never": true}]},
                                                                  ^
                  hint: make the method async, or script "return": <value>
                """,
                """
                inline.json:5:12: error: all 3 scripted responses for ProfileCache.cachedNames were used (call made by step 3 at 0.000s)
                           {"send": "names", "value": "d"}]}
                           ^
                  mock key: inline.json:2:12
                  hint: add another response, or "times": N or "repeat": true to the last one
                """,
            ])
        // The run goes on: every call returned (the fallback when the script could not answer)
        XCTAssertEqual(
            result.lines.filter { $0.contains(#""output""#) }.map { $0.components(separatedBy: #""value": "#)[1] },
            [#""names [\"Ada\"]"}"#, #""names []"}"#, #""names []"}"#, #""names []"}"#])
    }

    func testCompletionHandlersAreCalledAtTheAnswersVirtualTime() throws {
        // Given four callback-style methods, each in another completion shape
        let result = try runInline(
            """
            {"viewModel": "Profiles",
             "mocks": {"ProfileService.fetch": [{"after": "300ms", "return": {"id": "a", "name": "Ada"}},
                                                {"after": "100ms", "throw": {"code": "503", "message": "try later"}}],
                       "ProfileService.fetchOptional": [{"after": "50ms", "throw": {"code": "gone"}}],
                       "ProfileService.fetchPair": [{"after": "20ms", "return": {"id": "g", "name": "Grace"}}],
                       "ProfileService.save": [{"after": "10ms", "return": null}]},
             "steps": [{"send": "fetch", "value": "a"}, {"at": "1s", "send": "fetch", "value": "b"},
                       {"at": "2s", "send": "fetchOptional", "value": "c"}, {"at": "3s", "send": "fetchPair", "value": "g"},
                       {"at": "4s", "send": "save", "value": "Ada L."}]}
            """, catalog: profilesCatalog)

        // Then the call is recorded where it is made (before "fetch started"), and the completion runs later
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "fetch", "value": "a"}"#,
                #"{"at": "0.000s", "call": "ProfileService.fetch", "args": {"id": "a"}}"#,
                #"{"at": "0.000s", "output": "log", "value": "fetch started"}"#,
                #"{"at": "0.300s", "response": "ProfileService.fetch", "index": 0}"#,
                #"{"at": "0.300s", "output": "log", "value": "fetched Ada"}"#,
                #"{"at": "1.000s", "input": "fetch", "value": "b"}"#,
                #"{"at": "1.000s", "call": "ProfileService.fetch", "args": {"id": "b"}}"#,
                #"{"at": "1.000s", "output": "log", "value": "fetch started"}"#,
                #"{"at": "1.100s", "response": "ProfileService.fetch", "index": 1, "throw": true}"#,
                #"{"at": "1.100s", "output": "log", "value": "fetch failed: try later"}"#,
                #"{"at": "2.000s", "input": "fetchOptional", "value": "c"}"#,
                #"{"at": "2.000s", "call": "ProfileService.fetchOptional", "args": {"id": "c"}}"#,
                #"{"at": "2.050s", "response": "ProfileService.fetchOptional", "index": 0, "throw": true}"#,
                #"{"at": "2.050s", "output": "log", "value": "optional nil"}"#,
                #"{"at": "3.000s", "input": "fetchPair", "value": "g"}"#,
                #"{"at": "3.000s", "call": "ProfileService.fetchPair", "args": {"id": "g"}}"#,
                #"{"at": "3.020s", "response": "ProfileService.fetchPair", "index": 0}"#,
                #"{"at": "3.020s", "output": "log", "value": "pair Grace nil"}"#,
                #"{"at": "4.000s", "input": "save", "value": "Ada L."}"#,
                #"{"at": "4.000s", "call": "ProfileService.save", "args": {"profile": {"id": "p", "name": "Ada L."}}}"#,
                #"{"at": "4.010s", "response": "ProfileService.save", "index": 0}"#,
                #"{"at": "4.010s", "output": "log", "value": "saved ok"}"#,
            ])
    }

    func testACompletionWhoseAnswerNeverComesIsReleasedAndNothingWaits() throws {
        let result = try runInline(
            """
            {"viewModel": "Profiles",
             "mocks": {"ProfileService.fetch": [{"never": true}]},
             "steps": [{"send": "fetch", "value": "a"}], "until": "1m"}
            """, catalog: profilesCatalog)

        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "fetch", "value": "a"}"#,
                #"{"at": "0.000s", "call": "ProfileService.fetch", "args": {"id": "a"}}"#,
                #"{"at": "0.000s", "output": "log", "value": "fetch started"}"#,
            ])
    }
}
