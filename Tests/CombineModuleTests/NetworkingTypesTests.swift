import Combine
import Foundation
import XCTest

/// A file that imports only Foundation and Combine, as a networking ViewModel's does: on iOS Foundation holds
/// `URLSession`, `URLRequest` and `URLResponse`; on Linux they are FoundationNetworking's, which `Combine` re-exports,
/// so the file needs no `#if canImport(FoundationNetworking)`.
final class NetworkingTypesTests: XCTestCase {
    func testNetworkingTypesComeWithCombine() {
        var request = URLRequest(url: URL(string: "https://example.com/items")!)
        request.httpMethod = "POST"
        let response = HTTPURLResponse(url: request.url!, statusCode: 201, httpVersion: nil, headerFields: nil)
        let session: URLSession = .shared

        XCTAssertEqual(request.httpMethod, "POST")
        XCTAssertEqual((response as URLResponse?)?.url, request.url)
        XCTAssertNotNil(session.configuration)
    }
}
