import Foundation
import Testing

/// Every issue points at the offending value (or, for a missing member, its enclosing object),
/// in every data format.
@Suite(.needsYAML) struct DataPositionTests {
    static let schema = """
        formcheck: 1
        fields:
          name: { type: string, label: Name, rules: [required, { maxLength: 3 }] }
          email: { type: string, label: Email, rules: [required, email] }
          tags: { type: array, label: Tags, items: { type: string, label: Tag, rules: [{ maxLength: 3 }] } }
          address:
            type: object
            fields:
              zip: { type: string, label: ZIP, rules: [required] }
        """

    func check(_ file: String, _ contents: String) throws -> String {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write(file, contents)
        let result = try Formcheck.run(["s.yaml", file, "--all-errors"], directory: scratch.url)
        #expect(result.stderr == "")
        // The issue lines only; the quoted data lines are checked in `excerptsQuoteTheLineAndHideSensitiveValues`.
        return result.stdout.split(separator: "\n").filter { $0.contains(": error: ") }.joined(separator: "\n")
    }

    @Test func prettyPrintedJSON() throws {
        #expect(try check("d.json", """
            {
              "name": "Élodie",
              "email": "nope",
              "tags": ["ok", "toolong"],
              "address": {
                "city": "Paris"
              }
            }
            """) == """
            d.json:2:11: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            d.json:3:12: error: record 1, email: Email must be a valid email address. [email]
            d.json:4:18: error: record 1, tags[1]: Tag must be at most 3 characters long. [maxLength]
            d.json:5:14: error: record 1, address.zip: ZIP is required. [required]
            """)
    }

    @Test func minifiedJSONWithNonASCIIBeforeTheError() throws {
        #expect(try check("d.json", #"[{"name":"Zoë","email":"日本@例","tags":["ü","ñandú"],"address":{}}]"#) == """
            d.json:1:24: error: record 1, email: Email must be a valid email address. [email]
            d.json:1:43: error: record 1, tags[1]: Tag must be at most 3 characters long. [maxLength]
            d.json:1:62: error: record 1, address.zip: ZIP is required. [required]
            """)
    }

    @Test func jsonLinesRecordsAndAMissingField() throws {
        #expect(try check("d.jsonl", """
            {"name": "Ann", "email": "a@b.c", "address": {"zip": "1"}}
              {"email": "x@y.z", "address": {"zip": ""}}
            {"name": "Bob", "email": "é@x", "tags": [1], "address": {"zip": "2"}}

            """) == """
            d.jsonl:2:3: error: record 2, name: Name is required. [required]
            d.jsonl:2:41: error: record 2, address.zip: ZIP is required. [required]
            d.jsonl:3:26: error: record 3, email: Email must be a valid email address. [email]
            d.jsonl:3:42: error: record 3, tags[0]: Tag must be text. [type]
            """)
    }

    @Test func yaml() throws {
        #expect(try check("d.yaml", """
            # two records
            - name: Ann
              email: ann@example.com
              tags: [ok, "trop long"]
              address: { zip: "75001" }
            - email: "nöt an email"
              tags:
                - ok
                - fine
                - way too long
              address:
                city: Lyon
            """) == """
            d.yaml:4:14: error: record 1, tags[1]: Tag must be at most 3 characters long. [maxLength]
            d.yaml:6:3: error: record 2, name: Name is required. [required]
            d.yaml:6:10: error: record 2, email: Email must be a valid email address. [email]
            d.yaml:9:7: error: record 2, tags[1]: Tag must be at most 3 characters long. [maxLength]
            d.yaml:10:7: error: record 2, tags[2]: Tag must be at most 3 characters long. [maxLength]
            d.yaml:12:5: error: record 2, address.zip: ZIP is required. [required]
            """)
    }

    @Test func jsonLinesWithAByteOrderMark() throws {
        #expect(try check("d.jsonl", "\u{FEFF}" + #"{"name": "Anna", "email": "a@b.c", "address": {"zip": "1"}}"# + "\n"
                          + #"{"name": "Bea", "email": "nope", "address": {"zip": "1"}}"# + "\n") == """
            d.jsonl:1:10: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            d.jsonl:2:26: error: record 2, email: Email must be a valid email address. [email]
            """)
    }

    @Test func repeatedKeysPointAtTheValueThatCounts() throws {
        #expect(try check("d.json", #"{"name": "Al", "email": "a@b.c", "name": "Alexander", "address": {"zip": "1"}}"#) == """
            d.json:1:42: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            """)
    }

    @Test func excerptsQuoteTheLineAndHideSensitiveValues() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", """
            formcheck: 1
            fields:
              name: { type: string, label: Name, rules: [{ maxLength: 3 }] }
              pin: { type: string, label: PIN, sensitive: true, rules: [{ pattern: "^[0-9]{4}$" }] }
              tags: { type: array, label: Tags, rules: [{ maxItems: 1 }] }
            """)
        try scratch.write("d.jsonl", #"{"pin": "12ab", "name": "Zoë Ñandú", "tags": ["a",\#t"b"]}"# + "\n")
        let result = try Formcheck.run(["s.yaml", "d.jsonl"], directory: scratch.url)
        #expect(result.stdout == """
            d.jsonl:1:22: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            {"pin": ***, "name": "Zoë Ñandú", "tags": ["a",    "b"]}
                                 ^~~~~~~~~~~
            d.jsonl:1:9: error: record 1, pin: PIN is not in the expected format. [pattern]
            {"pin": ***, "name": "Zoë Ñandú", "tags": ["a",    "b"]}
                    ^~~
            d.jsonl:1:43: error: record 1, tags: Tags must have at most 1 item. [maxItems]
            {"pin": ***, "name": "Zoë Ñandú", "tags": ["a",    "b"]}
                                                      ^~~~~~~~~~~~~
            1 file, 1 record: 0 valid, 1 invalid; 3 errors, 0 warnings

            """)
        #expect(!result.stdout.contains("12ab"))
    }

    @Test func longLinesAreCutAroundTheValue() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", "formcheck: 1\nfields:\n  z: { type: integer, label: Z, rules: [{ max: 1 }] }\n")
        let filler = (0..<60).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        try scratch.write("d.json", "{" + filler + ", \"z\": 5, " + filler + "}")
        let result = try Formcheck.run(["s.yaml", "d.json"], directory: scratch.url)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines[0] == "d.json:1:597: error: record 1, z: Z must be at most 1. [max]")
        #expect(lines[1] == "…: 0, \"k57\": 0, \"k58\": 0, \"k59\": 0, \"z\": 5, \"k0\": 0, \"k1\": 0, \"k2\": 0, \"k3\": 0, \"k4\": 0, \"k5\": 0, \"k6…")
        #expect(lines[2] == String(repeating: " ", count: 41) + "^")
    }
}
