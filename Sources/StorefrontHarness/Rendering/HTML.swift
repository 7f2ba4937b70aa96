/// The small part of HTML the results pages need: escaping, and tables
/// built from cells. Every string that comes from a results document (a
/// port's name, a gate failure, a host name) goes through `escape`, so a
/// reason that holds `<` or `&` reads as written and cannot break the page.
enum HTML {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// One table cell: its content as HTML (already escaped), its classes
    /// (which carry the colouring) and any further attributes.
    struct Cell {
        var html: String
        var classes: [String] = []
        var attributes: [(name: String, value: String)] = []
        var columns = 1

        /// A cell holding plain text, escaped here.
        init(_ text: String, classes: [String] = []) {
            html = HTML.escape(text)
            self.classes = classes
        }

        init(html: String, classes: [String] = [], attributes: [(name: String, value: String)] = []) {
            self.html = html
            self.classes = classes
            self.attributes = attributes
        }

        func rendered(as tag: String) -> String {
            var opening = "<\(tag)"
            if !classes.isEmpty { opening += " class=\"\(HTML.escape(classes.joined(separator: " ")))\"" }
            if columns > 1 { opening += " colspan=\"\(columns)\"" }
            for attribute in attributes { opening += " \(attribute.name)=\"\(HTML.escape(attribute.value))\"" }
            return opening + ">" + html + "</\(tag)>"
        }
    }

    /// A table whose first column heads each row (`th`), so that a reader
    /// (or a screen reader) knows what every row is about.
    static func table(
        id: String, classes: [String] = [], caption: String? = nil, header: [String],
        rows: [[Cell]]
    ) -> String {
        var lines = [
            "<table id=\"\(escape(id))\""
                + (classes.isEmpty ? "" : " class=\"\(escape(classes.joined(separator: " ")))\"") + ">"
        ]
        if let caption { lines.append("<caption>\(escape(caption))</caption>") }
        lines.append("<thead><tr>" + header.map { "<th scope=\"col\">\(escape($0))</th>" }.joined() + "</tr></thead>")
        lines.append("<tbody>")
        for row in rows {
            let cells = row.enumerated().map { index, cell in cell.rendered(as: index == 0 ? "th" : "td") }
            lines.append("<tr>" + cells.joined() + "</tr>")
        }
        lines.append("</tbody></table>")
        return lines.joined(separator: "\n")
    }

    /// A two-column table of names and values, for the environment.
    static func definitions(id: String, _ rows: [(String, String)]) -> String {
        "<table id=\"\(escape(id))\" class=\"definitions\"><tbody>\n"
            + rows.map { "<tr><th scope=\"row\">\(escape($0.0))</th><td>\(escape($0.1))</td></tr>" }.joined(
                separator: "\n")
            + "\n</tbody></table>"
    }

    /// A name usable in an `id`: letters, digits and '-'.
    static func identifier(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
