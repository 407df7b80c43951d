import Foundation
import Testing

/// `formcheck graph`: the compiled graph as text and as Graphviz DOT.
@Suite(.needsYAML) struct GraphCommandTests {
    static let schema = """
        formcheck: 1
        form: booking
        title: Book a room
        fields:
          start: { type: date, label: Check-in }
          end: { type: date, label: Check-out, rules: [required, { after: { field: start } }] }
          guest:
            type: object
            fields:
              name: { type: string, label: "Name \\"as on ID\\"", rules: [required] }
              pin: { type: string, sensitive: true, rules: [{ pattern: "^[0-9]{4}$" }] }
          extras: { type: array, items: { type: string, rules: [{ oneOf: [crib, parking] }] } }
        """

    @Test func text() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let result = try Formcheck.run(["graph", "s.yaml"], directory: scratch.url)
        #expect(result.stdout == #"""
            form booking (Book a room): 7 fields
              1. start: date "Check-in"
              2. end: date "Check-out"
                   - required
                   - after: {field: start}
              3. guest: object "guest"
              4.   guest.name: string "Name "as on ID""
                     - required
              5.   guest.pin: string "pin" [sensitive]
                     - pattern: "^[0-9]{4}$"
              6. extras: array "extras"
              7.   extras[]: string "extras"
                     - oneOf: [crib, parking]
            cross-field edges:
              start -> end (after)

            """#)
        #expect(result.status == 0)
    }

    @Test func dot() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        let result = try Formcheck.run(["graph", "s.yaml", "--format", "dot"], directory: scratch.url)
        #expect(result.stdout == #"""
            digraph "booking" {
              rankdir=LR;
              node [shape=box, fontname="Helvetica"];
              edge [fontname="Helvetica", fontsize=10];
              "start" [label="start: date\l"];
              "end" [label="end: date\lrequired\lafter: {field: start}\l"];
              "guest" [label="guest: object\l"];
              "guest.name" [label="guest.name: string\lrequired\l"];
              "guest.pin" [label="guest.pin: string (sensitive)\lpattern: \"^[0-9]{4}$\"\l"];
              "extras" [label="extras: array\l"];
              "extras[]" [label="extras[]: string\loneOf: [crib, parking]\l"];
              "guest" -> "guest.name" [style=dashed, arrowhead=none];
              "guest" -> "guest.pin" [style=dashed, arrowhead=none];
              "extras" -> "extras[]" [style=dashed, arrowhead=none];
              "start" -> "end" [label="after"];
            }

            """#)
    }

    @Test func aBrokenSchemaExitsTwo() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  a: { type: strin }\n")
        let result = try Formcheck.run(["graph", "s.yaml"], directory: scratch.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("s.yaml:3:14: error: unknown type 'strin'; did you mean 'string'?"))
    }
}
