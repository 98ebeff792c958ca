import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element parsed back with Foundation's `XMLParser`, to check that reports are well-formed.
final class XMLTree: NSObject, XMLParserDelegate {
    struct Element: Equatable {
        var name: String
        var attributes: [String: String]
        var text: String
        var children: [Element]
    }

    private var stack: [Element] = [Element(name: "#document", attributes: [:], text: "", children: [])]
    private(set) var error: String?

    /// The document's root element, or `nil` (with `error`) when the text is not well-formed.
    static func parse(_ text: String) -> (root: Element?, error: String?) {
        let tree = XMLTree()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = tree
        let ok = parser.parse()
        return (ok ? tree.stack.first?.children.first : nil, ok ? nil : "\(parser.parserError.map { "\($0)" } ?? "?")")
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        stack.append(Element(name: elementName, attributes: attributes, text: "", children: []))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let element = stack.removeLast()
        stack[stack.count - 1].children.append(element)
    }
}
