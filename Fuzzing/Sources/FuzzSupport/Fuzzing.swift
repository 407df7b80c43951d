import Foundation
@testable import FormCheck

/// What the fuzz targets share: where the repository is, its schemas, and how to stop on a finding.
public enum Fuzzing {
    /// The repository's root, found from this file's place in it (`Fuzzing/Sources/FuzzSupport/`).
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The date `today`, `minAge` and `maxAge` use, fixed so that every run gives the same answers.
    public static let today = LocalDate(iso8601: "2026-01-01")!

    /// Compiles a schema of the repository (path from its root); stops the fuzzer if it does not compile.
    public static func schema(_ path: String) -> FormSchema {
        do {
            return try FormSchema(contentsOfFile: "\(root)/\(path)")
        } catch {
            fatalError("cannot compile \(path): \(error)")
        }
    }

    /// Stops the run with a message naming the finding; libFuzzer keeps the input as a crash artifact.
    public static func finding(_ message: String) -> Never {
        FileHandle.standardError.write(Data("FINDING: \(message)\n".utf8))
        abort()
    }

    /// The input as text when it is UTF-8, else nil.
    public static func text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String? {
        String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    }

    /// The text as a YAML double-quoted string of printable ASCII, every other character escaped, so
    /// that it reads back the same (libyaml takes raw U+2028, U+2029 and U+0085 as line breaks and
    /// refuses DEL and C1 controls, all of which JSON writes raw).
    public static func yamlQuoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": quoted += "\\\(scalar)"
            case " "..."~": quoted.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
            }
        }
        return quoted + "\""
    }

    /// The input's bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

extension Fuzzing {
    /// Runs libFuzzer on `test`. SwiftPM links an executable's `main` to `MODULE_main`, so each target
    /// defines that function and calls this one (libFuzzer's own `main` would do the same).
    public static func main(
        _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32 {
        var count = argc
        var arguments = argv
        return runDriver(&count, &arguments, test)
    }
}
