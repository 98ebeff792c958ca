import Foundation

/// What `rehearsal init` sets up in a team's repository, named once: the app's module and its folder, the
/// catalog module, the executable and the test target (prefixed with the project's name), and the Rehearsal package
/// they depend on. ``InitFiles`` writes the files from it.
struct InitPlan {
    /// The repository's root, absolute.
    var root: String
    /// The project's name in UpperCamelCase (`GreeterApp`): the prefix of the targets.
    var name: String
    /// The app's ViewModel module (`Greeting`) and its folder, relative to the root.
    var module: String
    var sources: String
    /// Subfolders of `sources` that exist and hold view files, which do not build on Linux (`Views`).
    var excluded: [String]
    /// The products of Rehearsal the ViewModel files import (`Combine`, `UIKit`…), in the order of docs/linux.md.
    var products: [String]
    /// `.package(…)` of Rehearsal.
    var dependency: String
    /// Where Rehearsal's `Scenarios/*.schema.json` are, relative to the root (for the editor), when known.
    var schemas: String?
    /// The ViewModel types named on the command line.
    var types: [String]

    var catalogModule: String { name + "Catalog" }
    var catalogName: String { name.prefix(1).lowercased() + name.dropFirst() + "Catalog" }
    var executable: String { Self.kebab(name) + "-rehearsal" }
    var testTarget: String { name + "ScenarioTests" }

    /// The catalog name of a ViewModel type: its name without `ViewModel` (`GreetingViewModel` → `Greeting`).
    static func catalogName(of type: String) -> String {
        type.hasSuffix("ViewModel") && type.count > "ViewModel".count ? String(type.dropLast(9)) : type
    }

    /// `GreeterApp` → `greeter-app`.
    static func kebab(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase, !out.isEmpty { out += "-" }
            out += character.lowercased()
        }
        return out
    }

    /// `greeter-app`, `greeter_app` or `greeter app` → `GreeterApp`; `nil` when nothing of it is a name.
    static func upperCamel(_ text: String) -> String? {
        let words = text.split { !$0.isLetter && !$0.isNumber }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = joined.first, first.isLetter else { return nil }
        return joined
    }

    /// The folders named `Views` under `folder`, at any depth (relative paths, sorted; one inside another is left
    /// out, the outer one excludes it): view files do not build on Linux.
    static func viewFolders(under folder: String) -> [String] {
        let entries = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        var found: [String] = []
        for entry in entries.sorted() where (entry as NSString).lastPathComponent == "Views" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + entry, isDirectory: &isDirectory),
                isDirectory.boolValue, !found.contains(where: { entry.hasPrefix($0 + "/") })
            else { continue }
            found.append(entry)
        }
        return found
    }

    /// The modules the files under `folder` import that are products of Rehearsal, always `Combine` first.
    static func products(importedUnder folder: String, excluding excluded: [String]) -> [String] {
        let known = [
            "Combine", "CombineCompat", "ViewModelKit", "UIKit", "SwiftUI", "CoreLocation", "Photos", "OSLog", "os",
        ]
        var found: Set<String> = ["Combine"]
        let entries = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        for entry in entries where entry.hasSuffix(".swift") && !excluded.contains(where: { entry.hasPrefix($0 + "/") })
        {
            guard let data = FileManager.default.contents(atPath: folder + "/" + entry) else { continue }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                let module = words[index + 1].split(separator: ".").first.map(String.init) ?? ""
                if known.contains(module) { found.insert(module) }
            }
        }
        return known.filter(found.contains)
    }

    /// The Rehearsal package this executable was built from (its `Package.swift` beside `Sources/`), when it is
    /// still there.
    static var builtFrom: String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let manifest = root.appendingPathComponent("Package.swift").path
        return FileManager.default.fileExists(atPath: manifest) ? root.standardizedFileURL.path : nil
    }

    /// How the app's manifest names the Rehearsal checkout at `path` (absolute, as SwiftPM built it: every link
    /// followed) from the app's root `base`: the app's sibling that leads there (`../Rehearsal`, a link to the
    /// checkout, as the README lays them out; `Rehearsal` first when several do), else `path` relative to `base`.
    /// A teammate's clone and CI's `git clone … ../Rehearsal` have the sibling, not the folder the link leads to.
    static func location(of path: String, from base: String) -> String {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let parent = URL(fileURLWithPath: base).deletingLastPathComponent()
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        let leading = siblings.filter { name in
            !name.hasPrefix(".")
                && parent.appendingPathComponent(name).resolvingSymlinksInPath().path == target
        }
        let sibling = leading.contains("Rehearsal") ? "Rehearsal" : leading.min()
        if let sibling, URL(fileURLWithPath: base).resolvingSymlinksInPath().path != target {
            return "../" + sibling
        }
        return relative(path, from: base)
    }

    /// `path` relative to `base` (both absolute): `../Rehearsal`; the absolute path when they share only `/`.
    static func relative(_ path: String, from base: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let origin = URL(fileURLWithPath: base).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, origin.count), target[common] == origin[common] { common += 1 }
        guard common > 1 else { return path }
        let up = Array(repeating: "..", count: origin.count - common)
        let parts = up + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
