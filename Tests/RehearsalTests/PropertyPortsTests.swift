import CombineCompat
import Foundation
import Rehearsal
import XCTest

// MARK: - ViewModels whose subjects and publishers sit directly on the class

private enum CartRoute: Equatable { case checkout(total: Int) }

/// No Input/Output structs: subjects in, subjects and a publisher out, a private trigger, a route subject.
private final class CartViewModel {
    let didAddItem = PassthroughSubject<Int, Never>()
    let didTapCheckout = PassthroughSubject<Void, Never>()
    let total = CurrentValueSubject<Int, Never>(0)
    let summary: AnyPublisher<String, Never>
    let route = PassthroughSubject<CartRoute, Never>()
    private let recalculate = PassthroughSubject<Void, Never>()
    private var cancellables = Set<AnyCancellable>()

    init() {
        summary = total.map { "\($0) in the cart" }.eraseToAnyPublisher()
        didAddItem
            .sink { [weak self] price in
                guard let self else { return }
                self.total.send(self.total.value + price)
                self.recalculate.send(())
            }
            .store(in: &cancellables)
        didTapCheckout
            .sink { [weak self] in
                guard let self else { return }
                self.route.send(.checkout(total: self.total.value))
            }
            .store(in: &cancellables)
    }
}

/// An Input struct beside an output subject on the class: property ports only when the catalog asks.
private final class HybridViewModel {
    struct Input { let ping = PassthroughSubject<Void, Never>() }
    let input = Input()
    let pongs = PassthroughSubject<Int, Never>()
    private var count = 0
    private var cancellables = Set<AnyCancellable>()

    init() {
        input.ping
            .sink { [weak self] in
                guard let self else { return }
                self.count += 1
                self.pongs.send(self.count)
            }
            .store(in: &cancellables)
    }
}

/// A team's property wrapper that keeps an input subject (`@Tap var tapped`).
@propertyWrapper
private struct Tap {
    let wrappedValue = PassthroughSubject<Void, Never>()
}

/// An input kept by a property wrapper, a CurrentValueSubject a step may set, and what they lead to.
private final class WrappedViewModel {
    @Tap var tapped
    let filter = CurrentValueSubject<String, Never>("all")
    let log = PassthroughSubject<String, Never>()
    private var cancellables = Set<AnyCancellable>()

    init() {
        let log = self.log
        tapped.sink { log.send("tapped") }.store(in: &cancellables)
        filter.dropFirst().sink { log.send("filter \($0)") }.store(in: &cancellables)
    }
}

private let propertyCatalog = Catalog {
    ViewModelEntry("Cart") { _ in CartViewModel() }
        .propertyPorts(excluding: ["recalculate"])
    ViewModelEntry("CartWithInternals") { _ in CartViewModel() }
    ViewModelEntry("CartWithTypo") { _ in CartViewModel() }
        .propertyPorts(excluding: ["recalculte"])
    ViewModelEntry("Hybrid") { _ in HybridViewModel() }
    ViewModelEntry("HybridWithProperties") { _ in HybridViewModel() }
        .propertyPorts()
    ViewModelEntry("CartDeclared") { context in
        let viewModel = CartViewModel()
        context.output("count", viewModel.total.map { $0 > 0 ? 1 : 0 })
        return viewModel
    }
    ViewModelEntry("CartDeclaredQuiet") { context in
        let viewModel = CartViewModel()
        context.output("count", viewModel.total.map { $0 > 0 ? 1 : 0 })
        return viewModel
    }
    .propertyPorts(excluding: ["didAddItem", "didTapCheckout", "total", "summary", "recalculate"])
    ViewModelEntry("Wrapped") { _ in WrappedViewModel() }
}

/// Subjects and publishers declared directly on a ViewModel are its ports (docs/mocks-and-ports.md).
final class PropertyPortsTests: XCTestCase {
    func testSubjectsAreInputsAndOutputsAndPublishersAreOutputs() throws {
        let result = try runInline(
            """
            {"viewModel": "Cart",
             "steps": [{"at": "1s", "send": "didAddItem", "value": 5}, {"at": "2s", "send": "didAddItem", "value": 7},
                       {"at": "3s", "send": "didTapCheckout"}]}
            """, catalog: propertyCatalog)

        // Then the value a step sends is recorded once, as the input; the ViewModel's own sends are outputs, the
        // stored publisher is recorded by its name, the route subject records routes, and the excluded private
        // subject is not recorded
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "output": "total", "value": 0}"#,
                #"{"at": "0.000s", "output": "summary", "value": "0 in the cart"}"#,
                #"{"at": "1.000s", "input": "didAddItem", "value": 5}"#,
                #"{"at": "1.000s", "output": "total", "value": 5}"#,
                #"{"at": "1.000s", "output": "summary", "value": "5 in the cart"}"#,
                #"{"at": "2.000s", "input": "didAddItem", "value": 7}"#,
                #"{"at": "2.000s", "output": "total", "value": 12}"#,
                #"{"at": "2.000s", "output": "summary", "value": "12 in the cart"}"#,
                #"{"at": "3.000s", "input": "didTapCheckout"}"#,
                #"{"at": "3.000s", "route": "checkout", "value": {"total": 12}}"#,
            ])
    }

    func testWithoutTheExclusionAnInternalSubjectIsRecordedToo() throws {
        let result = try runInline(
            """
            {"viewModel": "CartWithInternals", "steps": [{"send": "didAddItem", "value": 5}]}
            """, catalog: propertyCatalog)

        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            Array(result.lines.suffix(4)),
            [
                #"{"at": "0.000s", "input": "didAddItem", "value": 5}"#,
                #"{"at": "0.000s", "output": "total", "value": 5}"#,
                #"{"at": "0.000s", "output": "summary", "value": "5 in the cart"}"#,
                #"{"at": "0.000s", "output": "recalculate"}"#,
            ])
    }

    func testAnExclusionThatNamesNoPropertyIsReported() throws {
        let result = try runInline(
            """
            {"viewModel": "CartWithTypo", "steps": [{"send": "didAddItem", "value": 5}]}
            """, catalog: propertyCatalog)

        XCTAssertEqual(
            result.findings.map(\.description),
            [
                """
                inline.json:1:15: error: the catalog excludes 'recalculte' from the ports of ViewModel 'CartWithTypo', which has no subject or publisher property of that name
                {"viewModel": "CartWithTypo", "steps": [{"send": "didAddItem", "value": 5}]}
                              ^
                  hint: did you mean 'recalculate'? Properties: didAddItem, didTapCheckout, total, summary, recalculate
                """
            ])
    }

    func testAViewModelWithAnInputStructGetsPropertyPortsOnlyWhenTheCatalogAsks() throws {
        let scenario = #"{"viewModel": "%@", "steps": [{"send": "ping"}, {"send": "ping"}]}"#
        let byShape = try runInline(scenario.replacingOccurrences(of: "%@", with: "Hybrid"), catalog: propertyCatalog)
        let asked = try runInline(
            scenario.replacingOccurrences(of: "%@", with: "HybridWithProperties"), catalog: propertyCatalog)

        XCTAssertEqual(byShape.findings.map(\.description), [])
        XCTAssertEqual(
            byShape.lines,
            [
                #"{"at": "0.000s", "input": "ping"}"#,
                #"{"at": "0.000s", "input": "ping"}"#,
            ])
        // The subject left out is not lost silently: a note names it, with why
        XCTAssertEqual(
            byShape.notes.map(\.diagnostic.message),
            [
                "ports of ViewModel 'Hybrid' not recorded: 'pongs' (property ports, off because the ViewModel has "
                    + "input/output members)"
            ])
        XCTAssertEqual(asked.findings.map(\.description), [])
        XCTAssertEqual(asked.notes.map(\.description), [])
        XCTAssertEqual(
            asked.lines,
            [
                #"{"at": "0.000s", "input": "ping"}"#,
                #"{"at": "0.000s", "output": "pongs", "value": 1}"#,
                #"{"at": "0.000s", "input": "ping"}"#,
                #"{"at": "0.000s", "output": "pongs", "value": 2}"#,
            ])
    }

    func testDeclaredPortsNameTheDiscoveredOnesTheySwitchOff() throws {
        // Given a factory that declares one output of a ViewModel whose other ports sit on the class
        let result = try runInline(
            #"{"viewModel": "CartDeclared", "steps": [{"at": "1s", "send": "didAddItem", "value": 5}]}"#,
            catalog: propertyCatalog)

        // Then the switched-off ports are named in a note: why the step's input is unknown
        XCTAssertEqual(
            result.notes.map(\.description),
            [
                """
                inline.json:1:15: note: ports of ViewModel 'CartDeclared' not recorded: 'didAddItem', \
                'didTapCheckout', 'total', 'summary', 'recalculate' (property ports, off because the catalog declares \
                the ViewModel's ports)
                {"viewModel": "CartDeclared", "steps": [{"at": "1s", "send": "didAddItem", "value": 5}]}
                              ^
                  hint: record them with .propertyPorts(excluding: […]) in the catalog, naming the internals to leave \
                out; .propertyPorts(excluding: ["didAddItem", "didTapCheckout", "total", "summary", "recalculate"]) \
                leaves them all out without this note
                """
            ])
    }

    func testExcludingTheSwitchedOffPortsAsTheHintSaysLeavesThemOutWithoutTheNote() throws {
        // Given the same factory, whose entry excludes every port the note listed
        let result = try runInline(#"{"viewModel": "CartDeclaredQuiet", "steps": []}"#, catalog: propertyCatalog)

        // Then nothing more is recorded and no note is printed
        XCTAssertEqual(result.notes.map(\.description), [])
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(result.lines, [#"{"at": "0.000s", "output": "count", "value": 0}"#])
    }

    func testAPropertyWrappersSubjectIsAPortAndACurrentValueSubjectCanBeSet() throws {
        // Given a ViewModel whose input is kept by a property wrapper and whose filter is a CurrentValueSubject
        let result = try runInline(
            """
            {"viewModel": "Wrapped",
             "steps": [{"send": "tapped"}, {"at": "1s", "set": "filter", "value": "new"}]}
            """, catalog: propertyCatalog)

        // Then both are ports named by their property: setting the subject sends its value, recorded as the input
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "output": "filter", "value": "all"}"#,
                #"{"at": "0.000s", "input": "tapped"}"#,
                #"{"at": "0.000s", "output": "log", "value": "tapped"}"#,
                #"{"at": "1.000s", "input": "filter", "value": "new"}"#,
                #"{"at": "1.000s", "output": "log", "value": "filter new"}"#,
            ])
    }

    func testAnUnknownInputListsTheSubjectProperties() throws {
        let result = try runInline(
            """
            {"viewModel": "Cart", "steps": [{"send": "didAddItme", "value": 5}]}
            """, catalog: propertyCatalog)

        XCTAssertEqual(
            result.findings.map(\.description),
            [
                """
                inline.json:1:42: error: unknown input 'didAddItme' for ViewModel 'Cart'
                {"viewModel": "Cart", "steps": [{"send": "didAddItme", "value": 5}]}
                                                         ^
                  hint: did you mean 'didAddItem'? Inputs: didAddItem, didTapCheckout, total
                """
            ])
    }
}
