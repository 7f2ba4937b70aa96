/// `cog-declaration-suffix` (LINT-06): a keyless declaration's name ends in
/// singular `Cog`, a box's in plural `Cogs`, and every narrower qualifier
/// comes before that suffix (`weatherServiceLoaderCog`, not
/// `weatherCogLoader`). Read values use plain domain names, so the suffix is
/// what tells a reference from a value.
struct CogDeclarationSuffix: Rule {
    let slug = "cog-declaration-suffix"
    let summary =
        "A keyless declaration's name ends in Cog and a box's in Cogs, with every qualifier before the suffix."

    func check(_ file: FileFacts) -> [Finding] {
        file.declarations.compactMap { declaration in
            let name = declaration.name
            let suffix = declaration.shape == .keyless ? "Cog" : "Cogs"
            let what = declaration.shape == .keyless ? "keyless declaration" : "box"
            if declaration.shape == .keyless ? name.hasSuffix("Cog") : name.hasSuffix("Cogs") {
                return nil
            }
            if declaration.shape == .keyless, name.hasSuffix("Cogs") {
                return Finding(at: declaration.nameToken, "keyless declaration '\(name)' must end in singular 'Cog'")
            }
            if declaration.shape == .box, name.hasSuffix("Cog") {
                return Finding(at: declaration.nameToken, "box '\(name)' must end in plural 'Cogs'")
            }
            if name.contains("Cog") {
                return Finding(
                    at: declaration.nameToken,
                    "\(what) '\(name)' must end in '\(suffix)'; narrower qualifiers go before the suffix")
            }
            return Finding(at: declaration.nameToken, "\(what) '\(name)' must end in '\(suffix)'")
        }
    }
}
