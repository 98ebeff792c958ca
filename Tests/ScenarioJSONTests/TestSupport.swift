import ScenarioJSON

/// The full rendered error for parsing `text` as `Scenarios/a.json`, or a note that it parsed.
func parseFailure(_ text: String, path: String = "Scenarios/a.json", maxDepth: Int = 256) -> String {
    do {
        let document = try JSONParser(maxDepth: maxDepth).parse(text, path: path)
        return "parsed: \(document.root)"
    } catch {
        return "\(error)"
    }
}

/// The full rendered error for parsing raw bytes as `Scenarios/a.json`.
func parseFailure(bytes: [UInt8]) -> String {
    do {
        return "parsed: \(try JSONParser().parse(bytes: bytes, path: "Scenarios/a.json").root)"
    } catch {
        return "\(error)"
    }
}

/// Runs `body` and returns the rendered error it throws, or `"no error"`.
func renderedError(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "no error"
    } catch {
        return "\(error)"
    }
}
