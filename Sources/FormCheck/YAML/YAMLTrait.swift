/// Without the package trait `YAML` (on by default), which links libyaml, schemas, catalogs and data
/// files are read as JSON only: YAML text is refused with this error, placed at its start.
extension YAMLParseError {
    static let needsYAMLTrait = YAMLParseError(
        problem: "this build of FormCheck reads JSON only; YAML needs its package trait YAML (on by default)",
        position: SourcePosition(line: 1, column: 1), kind: "cannot read YAML")
}
