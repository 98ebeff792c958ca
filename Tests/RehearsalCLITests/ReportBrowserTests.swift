import Foundation
import HeadlessChromium
import ScenarioJSON
import Testing

extension BrowserSuites {
    /// The HTML report opened in a real headless Chromium and driven the way a reviewer would: the index, the status
    /// filter, a click into the failing scenario, its lanes and its first divergence. The browser is driven over the
    /// DevTools pipe; every wait is on a protocol reply or a page event with a deadline, never on the clock.
    @Suite struct ReportBrowserTests {
        /// Resolves with the view once the page says it is on screen (its `rehearsal:rendered` event).
        static let nextRender = """
            window.nextRender = new Promise((resolve) => window.addEventListener('rehearsal:rendered',
              (event) => resolve(event.detail), { once: true })); true
            """
        static let visibleNames = """
            Array.from(document.querySelectorAll('#index tr.scenario')).filter((row) => !row.hidden)
              .map((row) => row.querySelector('a').textContent)
            """

        @Test func reportDrivenInHeadlessChromium() throws {
            let fixture = try ReportFixture.shared.get()
            #expect(fixture.outcome.status == 1, "\(fixture.outcome)")
            let browser = try HeadlessBrowser(width: 1280, height: 900)
            let group = browser.processGroup
            let profile = browser.profile
            defer {
                browser.close()
                // No process of the browser is left, not even a zombie: none in its group, none naming its profile.
                #expect(Self.processes(inGroup: group) == [])
                #expect(HeadlessBrowser.processes(mentioning: profile) == [])
                #expect(Self.chromiumChildren() == [])
            }
            // A blank tab counts screenshot pixels (opened first, so the report's tab stays in front and its
            // animation frames run).
            let counter = try browser.open("about:blank")
            let url = fixture.directory.appendingPathComponent("report/index.html").absoluteString
            let page = try browser.open(url)

            // Given the report of every bundled scenario, when its index is on screen
            _ = try page.evaluate(
                "window.rehearsalReport.firstRenderMs !== null ? true : new Promise((resolve) => "
                    + "window.addEventListener('rehearsal:rendered', () => resolve(true), { once: true }))")
            let all = try strings(page.evaluate(Self.visibleNames))
            // Then it lists each of them once, the failing one first
            #expect(all.sorted() == BundledProject.scenarioNames)
            #expect(all.first == BundledProject.failing)

            // When a reviewer types status:failed into the filter
            _ = try page.evaluate("document.getElementById('filter').focus(); true")
            _ = try page.evaluate(Self.nextRender)
            try page.insertText("status:failed")
            _ = try page.evaluate("window.nextRender")
            // Then only the planted failure is left
            #expect(try strings(page.evaluate(Self.visibleNames)) == [BundledProject.failing])
            #expect(
                try page.evaluate("document.getElementById('shown').textContent")
                    == .string("1 of \(all.count) scenarios"))
            let indexShot = try page.screenshot()
            try indexShot.write(to: ReportFixture.artifacts.appendingPathComponent("index-filtered.png"))
            try expectScreenshot(indexShot, browser: browser)
            let badge = try pixels(page, of: indexShot, in: "#index tr.scenario:not([hidden]) .badge", counter: counter)
            #expect(badge.red > 100, "the failing row's badge is drawn red: \(badge)")

            // When they click the failing scenario's row
            let point = try numbers(
                page.evaluate(
                    "(() => { const r = document.querySelector('#index tr.scenario:not([hidden]) td.why')"
                        + ".getBoundingClientRect(); return [r.left + 20, r.top + r.height / 2]; })()"))
            _ = try page.evaluate(Self.nextRender)
            try page.click(x: point[0], y: point[1])
            let view = try page.evaluate("window.nextRender")
            #expect(view["name"] == .string(BundledProject.failing))
            #expect(view["divergence"] == .bool(true))

            // Then the first divergence is scrolled into view, in the page and on the lanes' time axis
            let placement = try numbers(
                page.evaluate(
                    """
                    (() => { const section = document.getElementById('divergence').getBoundingClientRect();
                      const scroller = document.getElementById('lane-scroll');
                      const x = +document.getElementById('divergence-marker').getAttribute('x1');
                      return [section.top, innerHeight, x, scroller.scrollLeft, scroller.clientWidth]; })()
                    """))
            #expect(placement[0] >= 0 && placement[0] < placement[1] / 2, "divergence section at \(placement)")
            #expect(
                placement[2] >= placement[3] && placement[2] <= placement[3] + placement[4], "marker at \(placement)")
            // with its label clear of every time label of the axis
            #expect(
                try page.evaluate(
                    """
                    (() => { const mark = document.querySelector('#lanes-svg text.divergence-label').getBoundingClientRect();
                      return Array.from(document.querySelectorAll('#lanes-svg text.axis-label')).filter((label) => {
                        const r = label.getBoundingClientRect();
                        return r.left < mark.right && mark.left < r.right && r.top < mark.bottom && mark.top < r.bottom;
                      }).map((label) => label.textContent); })()
                    """) == .array([]))
            // and it says what changed, which step caused it (with its source line) and how to accept it
            let changed = try page.evaluate("document.getElementById('divergence-row').textContent").stringValue ?? ""
            #expect(changed.contains("- {\"at\": \"1.000s\", \"output\": \"results\""))
            #expect(changed.contains("value[0].title: - \"Using Combine!\" + \"Using Combine\""))
            // with both sides of the changed value highlighted, from the mismatch's values (not from rendered text)
            #expect(
                try page.evaluate(
                    "Array.from(document.querySelectorAll('#divergence-row .values li span')).map((e) => e.className + ' '"
                        + " + e.textContent)")
                    == .array([.string("minus - \"Using Combine!\""), .string("plus + \"Using Combine\"")]))
            let source = try String(
                contentsOf: fixture.directory.appendingPathComponent("Scenarios/\(BundledProject.failing).json"),
                encoding: .utf8
            ).split(separator: "\n", omittingEmptySubsequences: false)[11].trimmingCharacters(in: .whitespaces)
            #expect(try page.evaluate("document.getElementById('cause-source').textContent") == .string(source))
            #expect(
                try page.evaluate("document.getElementById('accept-command').textContent")
                    == .string("rehearsal accept Scenarios/\(BundledProject.failing).json"))

            // and each lane holds one marble per event of the golden and of the run
            let drawn = try page.evaluate(
                """
                (() => { const counts = {};
                  document.querySelectorAll('circle.marble').forEach((m) => {
                    const key = m.dataset.side + ' ' + m.dataset.lane; counts[key] = (counts[key] || 0) + 1; });
                  return counts; })()
                """)
            var expected: [String: Int] = [:]
            for (side, path) in [
                ("golden", "Scenarios/\(BundledProject.failing).timeline.json"),
                ("actual", ".rehearsal/artifacts/Scenarios/\(BundledProject.failing).timeline.json"),
            ] {
                for lane in try Self.lanes(of: fixture.json(path)) { expected["\(side) \(lane)", default: 0] += 1 }
            }
            #expect(try counts(drawn) == expected)
            // and a bar per answered call of the search repository on each side (one cancelled, one answered)
            #expect(try page.evaluate("document.querySelectorAll('rect.bar.actual').length") == 2)
            #expect(try page.evaluate("document.querySelectorAll('rect.bar.golden').length") == 2)

            let scenarioShot = try page.screenshot()
            try scenarioShot.write(to: ReportFixture.artifacts.appendingPathComponent("scenario-divergence.png"))
            try expectScreenshot(scenarioShot, browser: browser)
            let lanes = try pixels(page, of: scenarioShot, in: "#lanes", counter: counter)
            #expect(lanes.nonWhite > 5000 && lanes.red > 40, "lanes and the red divergence line are drawn: \(lanes)")
            if ProcessInfo.processInfo.environment["REHEARSAL_UPDATE_SCREENSHOT"] == "1" {
                try scenarioShot.write(to: BundledProject.packageRoot.appendingPathComponent("docs/report.png"))
            }

            // When they zoom in, the time axis gets wider
            let before = try page.evaluate("+document.getElementById('lanes-svg').getAttribute('width')")
            _ = try page.evaluate("document.getElementById('zoom-in').click(); true")
            let after = try page.evaluate("+document.getElementById('lanes-svg').getAttribute('width')")
            #expect(try numbers(.array([after]))[0] > numbers(.array([before]))[0])

            // And nothing was requested but the report file itself, and no script failed
            let requested = page.requestedURLs
            #expect(requested == [url], "requests: \(requested.map { $0.prefix(120) })")
            #expect(page.exceptions == [])
            #expect(page.consoleProblems == [])
        }

        /// The processes (live or zombie) whose process group is `group`, from /proc.
        static func processes(inGroup group: pid_t) -> [String] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { return nil }
                // After "pid (comm) ": state, ppid, pgrp.
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                guard fields.count > 2, Int32(fields[2]) == group else { return nil }
                return "\(pid) \(stat[..<close])) \(fields[0])"
            }
        }

        /// Children of this test process (live or zombie) that are Chromium's (`chromium`, `chrome_crashpad…`).
        static func chromiumChildren() -> [String] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                    let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
                else { return nil }
                let name = stat[stat.index(after: open)..<close]
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                guard fields.count > 1, Int32(fields[1]) == getpid(), name.hasPrefix("chrom") else { return nil }
                return "\(pid) \(name) \(fields[0])"
            }
        }

        /// The lane of each event of a golden-format timeline, as the page names lanes (`output results`).
        static func lanes(of timeline: JSONValue) throws -> [String] {
            guard case .array(let events)? = timeline["events"] else { throw BrowserError("no events") }
            return events.compactMap { event -> String? in
                guard case .object(let object) = event, let member = object.members.dropFirst().first,
                    let name = member.value.stringValue
                else { return nil }
                switch member.key {
                case "call", "response", "cancelled": return "mock \(name)"
                case "route": return "route route"
                default: return "\(member.key) \(name)"
                }
            }
        }

        /// The screenshot is a PNG of the viewport's size, and big enough to hold more than a blank page.
        func expectScreenshot(_ png: Data, browser: HeadlessBrowser) throws {
            let bytes = [UInt8](png)
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            let width = bytes[16...19].reduce(0) { $0 << 8 | Int($1) }
            let height = bytes[20...23].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == browser.width && height == browser.height)
            #expect(bytes.count > 20_000, "a \(bytes.count)-byte screenshot is too small to show the report")
        }

        /// Pixels of `png` inside the element `selector` that are not white, and those that are strongly red: the
        /// screenshot is drawn on a canvas in the page (the report allows `data:` images) and counted there.
        func pixels(_ page: BrowserPage, of png: Data, in selector: String, counter: BrowserPage) throws -> (
            nonWhite: Int, red: Int
        ) {
            let rect = try page.evaluate(
                "(() => { const r = document.querySelector(\(JSONWriter.quoted(selector))).getBoundingClientRect();"
                    + " return { left: r.left, top: r.top, width: r.width, height: r.height }; })()")
            // A blank page of its own counts the pixels, so the report's page makes no request of the test's.
            let result = try counter.evaluate(
                """
                (() => new Promise((resolve, reject) => {
                  const rect = \(JSONWriter(style: .compact).string(rect));
                  const image = new Image();
                  image.onerror = () => reject(new Error('the screenshot does not decode'));
                  image.onload = () => {
                    const canvas = document.createElement('canvas');
                    canvas.width = image.width; canvas.height = image.height;
                    const context = canvas.getContext('2d');
                    context.drawImage(image, 0, 0);
                    const left = Math.max(0, Math.floor(rect.left)), top = Math.max(0, Math.floor(rect.top));
                    const width = Math.min(image.width - left, Math.ceil(rect.width));
                    const height = Math.min(image.height - top, Math.ceil(rect.height));
                    const pixels = context.getImageData(left, top, Math.max(1, width), Math.max(1, height)).data;
                    let nonWhite = 0, red = 0;
                    for (let i = 0; i < pixels.length; i += 4) {
                      const [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
                      if (r < 235 || g < 235 || b < 235) nonWhite += 1;
                      if (r > 170 && g < 90 && b < 90) red += 1;
                    }
                    resolve([nonWhite, red]);
                  };
                  image.src = 'data:image/png;base64,\(png.base64EncodedString())';
                }))()
                """)
            let values = try numbers(result)
            return (Int(values[0]), Int(values[1]))
        }

        func strings(_ value: JSONValue) throws -> [String] {
            guard case .array(let items) = value else { throw BrowserError("expected an array, found \(value)") }
            return items.compactMap(\.stringValue)
        }

        func numbers(_ value: JSONValue) throws -> [Double] {
            guard case .array(let items) = value else { throw BrowserError("expected an array, found \(value)") }
            return items.compactMap {
                switch $0 {
                case .integer(let integer): Double(integer)
                case .double(let double): double
                default: nil
                }
            }
        }

        func counts(_ value: JSONValue) throws -> [String: Int] {
            guard case .object(let object) = value else { throw BrowserError("expected an object, found \(value)") }
            var result: [String: Int] = [:]
            for (key, count) in object { if case .integer(let n) = count { result[key] = Int(n) } }
            return result
        }
    }
}
