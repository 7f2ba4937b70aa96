import Foundation
import StorefrontHarness
import Verification

/// `storefront pin-screens`: records what every pinned session shows now
/// (`ScreenPin.all`) and writes it into the package's
/// `Verification/PinnedScreens/`, each file replaced whole by a rename.
/// Run from the package's root after a deliberate change to a shared rule
/// or the script; the diff then shows which steps' screens changed.
enum PinScreensCommand {
    static let usage = "usage: storefront pin-screens (run from the Storefront package's root, no options)"

    static func run(_ arguments: [String]) -> Never {
        guard arguments.isEmpty else { fail("pin-screens takes no options; \(usage)") }
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            .appendingPathComponent(ScreenPin.folder, isDirectory: true)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            fail(
                "pin-screens writes into \(ScreenPin.folder)/ of the Storefront package, and this folder has none; "
                    + "run it from the package's root")
        }
        for pin in ScreenPin.all {
            let reference = pin.recording()
            let file = folder.appendingPathComponent(pin.fileName)
            // Against the file in the tree, which is what the diff will show.
            let changed: String
            if let text = try? String(contentsOf: file, encoding: .utf8),
                let before = try? ScreenReference(parsing: text)
            {
                changed = reference.firstDifference(from: before).map { "changed from \($0.place)" } ?? "unchanged"
            } else {
                changed = "new"
            }
            do {
                _ = try RecordWriter.write(
                    Data(reference.text(header: pin.header).utf8), named: pin.fileName, in: folder)
            } catch {
                fail("\(error)")
            }
            Console.output("\(ScreenPin.folder)/\(pin.fileName): \(reference.steps.count) steps, \(changed)")
        }
        Console.output("commit the files; the build carries them from its next compile")
        succeed()
    }
}
