import ArgumentParser
import FormCheck

/// `formcheck graph SCHEMA`: prints the compiled graph, as text or Graphviz DOT.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the compiled graph: fields in order, their rule chains, and cross-field edges.")

    enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
        case text, dot
    }

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Option(help: "Output format: text or dot (Graphviz).")
    var format: GraphFormat = .text

    @OptionGroup var schemaSize: SchemaSizeOption

    func run() throws {
        let compiled = try SchemaLoader.load(schema, maxFileSize: schemaSize.maxSchemaSize)
        Output.out(format == .text ? GraphRendering.text(compiled) : GraphRendering.dot(compiled))
    }
}

/// The two renderings of a compiled graph.
enum GraphRendering {
    /// Fields numbered in form order with type, label and flags, each rule on its own line, then the edges.
    static func text(_ schema: FormSchema) -> String {
        let fields = schema.graph.fields
        var out = "form \(schema.name)" + (schema.title.map { " (\($0))" } ?? "") + ": \(fields.count) fields\n"
        for (index, field) in fields.enumerated() {
            let depth = field.path.filter { $0 == "." }.count + (field.path.hasSuffix("[]") ? 1 : 0)
            let indent = String(repeating: "  ", count: depth)
            var flags: [String] = []
            if field.isSensitive { flags.append("sensitive") }
            if field.isHidden { flags.append("hidden") }
            if field.isConditional { flags.append("conditional") }
            out += "\(String(index + 1).leftPadded(to: 3)). \(indent)\(field.path): \(field.type.rawValue) \"\(field.label)\""
            out += flags.isEmpty ? "\n" : " [\(flags.joined(separator: ", "))]\n"
            for rule in field.ruleSummaries {
                out += "     \(indent)  - \(rule)\n"
            }
        }
        let edges = schema.graph.edges
        out += edges.isEmpty ? "no cross-field edges\n" : "cross-field edges:\n"
        for edge in edges {
            out += "  \(edge.from) -> \(edge.to) (\(edge.rule))\n"
        }
        return out
    }

    /// A Graphviz digraph: one box per field listing its rules, dashed lines from objects and arrays to
    /// what they contain, and labelled arrows for cross-field edges.
    static func dot(_ schema: FormSchema) -> String {
        var out = "digraph \(quote(schema.name)) {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
        for field in schema.graph.fields {
            let lines = ["\(field.path): \(field.type.rawValue)\(field.isSensitive ? " (sensitive)" : "")"] + field.ruleSummaries
            out += "  \(quote(field.path)) [label=\(quote(lines.joined(separator: "\n") + "\n", leftAligned: true))];\n"
        }
        for field in schema.graph.fields {
            if let parent = field.parent {
                out += "  \(quote(parent)) -> \(quote(field.path)) [style=dashed, arrowhead=none];\n"
            }
        }
        for edge in schema.graph.edges {
            out += "  \(quote(edge.from)) -> \(quote(edge.to)) [label=\(quote(edge.rule))];\n"
        }
        return out + "}\n"
    }

    /// A DOT string; with `leftAligned`, line breaks become `\l` so each line is left-justified.
    static func quote(_ text: String, leftAligned: Bool = false) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += leftAligned ? "\\l" : "\\n"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
