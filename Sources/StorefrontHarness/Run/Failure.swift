import Foundation

/// Ends the process with `message` on stderr and `code`.
package func fail(_ message: String, code: ExitCode = .failure) -> Never {
    FileHandle.standardError.write(Data("storefront: \(message)\n".utf8))
    exit(code.rawValue)
}
