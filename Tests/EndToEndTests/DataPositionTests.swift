import Foundation
import Testing

/// Every issue points at the offending value (or, for a missing member, its enclosing object),
/// in every data format.
@Suite struct DataPositionTests {
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
        return result.stdout.split(separator: "\n").dropLast().joined(separator: "\n")
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

    @Test func repeatedKeysPointAtTheValueThatCounts() throws {
        #expect(try check("d.json", #"{"name": "Al", "email": "a@b.c", "name": "Alexander", "address": {"zip": "1"}}"#) == """
            d.json:1:42: error: record 1, name: Name must be at most 3 characters long. [maxLength]
            """)
    }
}
