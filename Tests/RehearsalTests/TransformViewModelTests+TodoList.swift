import XCTest

/// The enum-in / state-out TodoList: `TodoInput` cases sent by name through `context.inputCases`, the whole
/// `TodoState` recorded through `context.state`.
extension TransformViewModelTests {
    func testTodoListLoadsAddsTogglesAndClears() throws {
        // Given two saved to-dos (one done) that load in 250ms
        // When the list loads, a to-do is added, ticked off, and the completed ones are cleared
        let result = run("Scenarios/todos/load-add-toggle-clear.json")

        // Then every change publishes the whole state, with isLoading true while the load runs
        XCTAssertEqual(result.findings.map { "\($0)" }, [])
        XCTAssertEqual(
            result.timeline?.canonicalText,
            """
            {"version": 3, "scenario": "todos/load-add-toggle-clear", "events": [
              {"at": "0.000s", "state": "state", "value": {"$type": "TodoState", "items": [], "isLoading":\
             false, "errorMessage": null}},
              {"at": "0.000s", "input": "load"},
              {"at": "0.000s", "state": "state", "value": {"$type": "TodoState", "items": [], "isLoading":\
             true, "errorMessage": null}},
              {"at": "0.000s", "call": "TodoRepository.fetchTodos"},
              {"at": "0.250s", "response": "TodoRepository.fetchTodos", "index": 0},
              {"at": "0.250s", "state": "state", "value": {"$type": "TodoState", "items": [{"id": 1, "title":\
             "Water the plants", "isDone": false}, {"id": 2, "title": "Call the bank", "isDone": true}], "isLoading":\
             false, "errorMessage": null}},
              {"at": "1.000s", "input": "add", "value": {"title": "Buy milk"}},
              {"at": "1.000s", "state": "state", "value": {"$type": "TodoState", "items": [{"id": 1, "title":\
             "Water the plants", "isDone": false}, {"id": 2, "title": "Call the bank", "isDone": true}, {"id": 3,\
             "title": "Buy milk", "isDone": false}], "isLoading": false, "errorMessage": null}},
              {"at": "2.000s", "input": "toggle", "value": {"id": 3}},
              {"at": "2.000s", "state": "state", "value": {"$type": "TodoState", "items": [{"id": 1, "title":\
             "Water the plants", "isDone": false}, {"id": 2, "title": "Call the bank", "isDone": true}, {"id": 3,\
             "title": "Buy milk", "isDone": true}], "isLoading": false, "errorMessage": null}},
              {"at": "3.000s", "input": "clearCompleted"},
              {"at": "3.000s", "state": "state", "value": {"$type": "TodoState", "items": [{"id": 1, "title":\
             "Water the plants", "isDone": false}], "isLoading": false, "errorMessage": null}}
            ]}

            """)
    }

    func testTodoListLoadFailureShowsTheMessageUntilARetry() throws {
        // Given a load that fails offline, then one that succeeds
        // When the list loads, retries, and asks again while the retry runs
        let result = run("Scenarios/todos/load-fails.json")

        // Then the message is shown, cleared by the retry, and the third load is ignored
        XCTAssertEqual(result.findings.map { "\($0)" }, [])
        XCTAssertEqual(
            result.timeline?.canonicalText,
            """
            {"version": 3, "scenario": "todos/load-fails", "events": [
              {"at": "0.000s", "state": "state", "value": {"$type": "TodoState", "items": [], "isLoading":\
             false, "errorMessage": null}},
              {"at": "0.000s", "input": "load"},
              {"at": "0.000s", "state": "state", "value": {"$type": "TodoState", "items": [], "isLoading":\
             true, "errorMessage": null}},
              {"at": "0.000s", "call": "TodoRepository.fetchTodos"},
              {"at": "0.300s", "response": "TodoRepository.fetchTodos", "index": 0, "throw": true},
              {"at": "0.300s", "state": "state", "value": {"$type": "TodoState", "items": [], "isLoading":\
             false, "errorMessage": "You are offline."}},
              {"at": "1.000s", "input": "load"},
              {"at": "1.000s", "state": "state", "value": {"$type": "TodoState", "items": [], "isLoading": true,\
             "errorMessage": null}},
              {"at": "1.000s", "call": "TodoRepository.fetchTodos"},
              {"at": "1.100s", "input": "load"},
              {"at": "1.300s", "response": "TodoRepository.fetchTodos", "index": 1},
              {"at": "1.300s", "state": "state", "value": {"$type": "TodoState", "items": [{"id": 1, "title":\
             "Water the plants", "isDone": false}, {"id": 2, "title": "Call the bank", "isDone": true}], "isLoading":\
             false, "errorMessage": null}}
            ]}

            """)
    }

    func testTodoInputsThatChangeNothingPublishNothing() throws {
        // Given an empty list
        // When a padded title, a blank title, an unknown id and a clear with nothing done are sent, then a toggle twice
        let result = run("Scenarios/todos/ignored-inputs.json")

        // Then only the trimmed add and the two toggles publish states
        XCTAssertEqual(result.findings.map { "\($0)" }, [])
        XCTAssertEqual(
            result.timeline?.canonicalText,
            """
            {"version": 3, "scenario": "todos/ignored-inputs", "events": [
              {"at": "0.000s", "state": "state", "value": {"$type": "TodoState", "items": [], "isLoading":\
             false, "errorMessage": null}},
              {"at": "0.000s", "input": "add", "value": {"title": "  Buy milk  "}},
              {"at": "0.000s", "state": "state", "value": {"$type": "TodoState", "items": [{"id": 1, "title":\
             "Buy milk", "isDone": false}], "isLoading": false, "errorMessage": null}},
              {"at": "0.100s", "input": "add", "value": {"title": "   "}},
              {"at": "0.200s", "input": "toggle", "value": {"id": 9}},
              {"at": "0.300s", "input": "clearCompleted"},
              {"at": "0.400s", "input": "toggle", "value": {"id": 1}},
              {"at": "0.400s", "state": "state", "value": {"$type": "TodoState", "items": [{"id": 1, "title":\
             "Buy milk", "isDone": true}], "isLoading": false, "errorMessage": null}},
              {"at": "0.500s", "input": "toggle", "value": {"id": 1}},
              {"at": "0.500s", "state": "state", "value": {"$type": "TodoState", "items": [{"id": 1, "title":\
             "Buy milk", "isDone": false}], "isLoading": false, "errorMessage": null}}
            ]}

            """)
    }

    func testAWrongMemberInACasePayloadIsPointedAtAndNamed() throws {
        // Given a toggle whose payload has the member 'id', but as a string
        // When it runs
        let result = run("Tests/RehearsalTests/Fixtures/invalid/enum-payload-member-wrong-type.json")

        // Then the error points at the member and names it (not the fallback's missing '_0' or 'id')
        XCTAssertEqual(
            result.findings.map { "\($0)" },
            [
                """
                Tests/RehearsalTests/Fixtures/invalid/enum-payload-member-wrong-type.json:4:53: error: the value does \
                not fit case 'toggle' of TodoInput: id: expected an integer, found the string "three"
                    {"at": "0ms", "send": "toggle", "value": {"id": "three"}}
                                                                    ^
                  hint: write an integer here, without quotes
                """
            ])
    }
}
