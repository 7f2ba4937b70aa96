import Foundation

/// One SARIF 2.1.0 log (LINT-16): a single run whose driver lists every
/// enabled rule with its stable help URL as `helpUri`, and one result per
/// finding with its exact region (start and exclusive end, 1-based, as
/// SARIF's default column unit counts them). Keys are sorted, so the same
/// findings always give the same bytes.
public enum SARIFReporter {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    public static func render(_ diagnostics: [Diagnostic], rules: [any Rule]) -> String {
        let slugs = rules.map(\.slug)
        let log = Log(
            schema: schemaURI,
            version: "2.1.0",
            runs: [
                Run(
                    tool: Tool(
                        driver: Driver(
                            name: "coglint",
                            informationUri: RuleCatalog.documentationRoot,
                            rules: rules.map { rule in
                                ReportingDescriptor(
                                    id: rule.slug, name: rule.slug,
                                    shortDescription: Message(text: rule.summary),
                                    helpUri: RuleCatalog.helpURL(for: rule.slug)
                                )
                            }
                        )),
                    results: diagnostics.map { diagnostic in
                        Result(
                            ruleId: diagnostic.rule,
                            ruleIndex: slugs.firstIndex(of: diagnostic.rule),
                            level: diagnostic.severity.rawValue,
                            message: Message(text: diagnostic.message),
                            locations: [
                                Location(
                                    physicalLocation: PhysicalLocation(
                                        artifactLocation: ArtifactLocation(uri: uri(for: diagnostic.path)),
                                        region: Region(
                                            startLine: diagnostic.line, startColumn: diagnostic.column,
                                            endLine: diagnostic.endLine, endColumn: diagnostic.endColumn
                                        )
                                    ))
                            ]
                        )
                    }
                )
            ]
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain value types cannot fail.
        let data = (try? encoder.encode(log)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A relative path stays a relative URI reference (resolved against the
    /// checkout, as code-scanning uploads expect); an absolute one becomes a
    /// `file://` URI. Either is percent-encoded.
    static func uri(for path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version
            case runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var informationUri: String
        var rules: [ReportingDescriptor]
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var helpUri: String
    }

    struct Message: Encodable {
        var text: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Message
        var locations: [Location]
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable {
        var uri: String
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
    }
}
