import Foundation
import Testing

/// YAML data files: numbers must be finite as in JSON, and the core schema's tags are applied.
@Suite(.needsYAML) struct YAMLDataTests {
    static let schema = "formcheck: 1\nfields:\n  n: { type: number, label: N }\n  i: { type: integer, label: I }\n  s: { type: string, label: S }\n"

    @Test func nonFiniteNumbersFailTheirType() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("d.yaml", """
            - n: .inf
            - n: -.inf
            - n: .nan
            - n: 1e400
            - { n: !!float "2.5", i: !!int "12", s: !!str 123 }

            """)
        let result = try Formcheck.run(["s.yaml", "d.yaml"], directory: scratch.url)
        #expect(result.stdout == """
            d.yaml:1:6: error: record 1, n: N must be a number. [type]
            - n: .inf
                 ^~~~
            d.yaml:2:6: error: record 2, n: N must be a number. [type]
            - n: -.inf
                 ^~~~~
            d.yaml:3:6: error: record 3, n: N must be a number. [type]
            - n: .nan
                 ^~~~
            d.yaml:4:6: error: record 4, n: N must be a number. [type]
            - n: 1e400
                 ^~~~~
            1 file, 5 records: 1 valid, 4 invalid; 4 errors, 0 warnings

            """)
        #expect(result.stderr == "")
        #expect(result.status == 1)
    }

    @Test func aScalarThatDoesNotFitItsTagIsADataError() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("s.yaml", Self.schema)
        try scratch.write("d.yaml", "- i: 1\n- i: !!int twelve\n")
        let result = try Formcheck.run(["s.yaml", "d.yaml"], directory: scratch.url)
        #expect(result.stderr == "d.yaml:2:6: error: invalid YAML: the value cannot be read as !!int\n")
        #expect(result.status == 2)
    }
}
