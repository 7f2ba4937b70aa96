/// `manual-cog-underscore` (LINT-24): a manual source's name begins with
/// `_`, and a `.readOnly` projection of it takes exactly the same name
/// without the underscore, so the clean name is the one the app reads. A
/// source that is never projected is fine.
struct ManualCogUnderscore: Rule {
    let slug = "manual-cog-underscore"
    let summary = "A manual source's name begins with _, and its .readOnly projection takes the same name without it."

    func check(_ file: FileFacts) -> [Finding] {
        file.declarations.compactMap { declaration in
            switch declaration.kind {
            case .manual where declaration.scope != .local:
                guard !declaration.name.hasPrefix("_") else { return nil }
                return Finding(
                    at: declaration.nameToken,
                    "manual source '\(declaration.name)' must begin with '_' ('_\(declaration.name)')")
            case .readOnly(let source):
                guard source.hasPrefix("_") else { return nil }  // the source itself is reported
                let expected = String(source.dropFirst())
                guard declaration.name != expected else { return nil }
                return Finding(
                    at: declaration.nameToken,
                    "projection of '\(source)' must be named '\(expected)', not '\(declaration.name)'")
            default:
                return nil
            }
        }
    }
}
