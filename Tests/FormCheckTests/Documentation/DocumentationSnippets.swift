// Written by DocumentationSnippetTests from the README and the DocC articles: their Swift snippets,
// each the body of a function, so that they compile with the tests. Edit the documents, then write
// this file anew (FORMCHECK_WRITE_SNIPPETS=1 swift test --filter DocumentationSnippetTests).
import FormCheck
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension DocumentationSnippetContext {
    // README.md, under ## The Swift library
    @MainActor static func snippet1() async throws {

let schema = try FormSchema(contentsOfFile: "schemas/signup.yaml")   // or FormSchema(text:) / FormSchema(bytes:)
// In an app: a file URL, or a resource of a bundle (its `messages:` folder beside it).
let shipped = try FormSchema(resource: "signup", withExtension: "yaml", in: .main)

// A record as the library's own value type...
let report = schema.validate(["email": "ada@example", "password": "short"])
// ...as JSON bytes, or as any Encodable value (a `Date` property reads as the calendar date it falls
// on in the device's time zone, or in `timeZone:`, as a `date` field expects).
let fromJSON = try schema.validate(json: Array(#"{"email": "ada@example.com"}"#.utf8))
let fromModel = try schema.validate(encoding: signupForm)

for error in report.errors {
    print(error.path, error.code, error.message, error.parameters)
    // Parameters read without matching on their kinds: intValue, doubleValue, stringValue, listValue, fieldPaths.
    if let min = error.parameters["min"]?.intValue { print("at least", min) }
}
report.isValid                      // false
report.issues(at: "password")       // the issues of one field
schema.validate(field: "confirm_password", in: record)   // the issues of one field (and what it holds)
schema.graph.fields                  // fields in form order, with labels, types and rule names
schema.graph.dependents(of: "password")                  // [confirm_password]
    }

    // README.md, under ## Schema bundles
    @MainActor static func snippet2() async throws {
let shipped = try FormSchema(bundleResource: "signup", in: .module)          // a resource, "signup.formbundle"
let fromFile = try FormSchema(bundle: URL(fileURLWithPath: "signup.formbundle"))
let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com/forms/signup.formbundle")!)
let downloaded = try FormSchema(bundle: data, name: "signup.formbundle")     // throws SchemaError if stale or damaged
    }

    // Sources/FormCheck/FormCheck.docc/FormCheck.md, under ## Overview
    @MainActor static func snippet3() async throws {

let schema = try FormSchema(resource: "signup", withExtension: "yaml", in: .main)
let report = schema.validate(["email": "ada@example", "password": "short"])
for issue in report.issues {
    print(issue.path, issue.code, issue.message)   // email email Email must be a valid email address.
}
    }

    // Sources/FormCheck/FormCheck.docc/GettingStarted.md, under ## Validate a record
    @MainActor static func snippet4() async throws {
let schema = try FormSchema(resource: "signup", withExtension: "yaml", in: .main)

// A record as a Value, as JSON bytes, or as any Encodable model.
let report = schema.validate(["email": "ada@example", "password": "short"])
let fromModel = try schema.validate(encoding: signupForm)

report.isValid                                 // false
report.issues(at: "password").map(\.message)   // ["Password must be at least 8 characters long.", ...]
if let min = report.issues.first?.parameters["min"]?.intValue { print("at least", min) }
    }

    // Sources/FormCheck/FormCheck.docc/LiveForms.md, under ## A session and its fields
    @MainActor static func snippet5() async throws {
let session = try FormSession(schema: schema, asyncValidators: [
    "usernameAvailable": { value in
        let name = value.stringValue ?? ""
        return await api.isFree(name) ? .valid : .invalidCode("usernameTaken", parameters: ["suggestion": .string(name + "_2")])
    },
])
let email = try session.field("email")   // a name the form does not have throws FormSessionError.unknownField
email.setInput("ada@example")
email.blur()
email.visibleError?.message              // "Email must be a valid email address."
    }

    // Sources/FormCheck/FormCheck.docc/SchemaBundles.md, under ## Load a bundle
    @MainActor static func snippet6() async throws {
let schema = try FormSchema(bundleResource: "signup", in: .module)
let report = schema.validate(["email": "ada@example"])
    }

    // Sources/FormCheck/FormCheck.docc/SchemaBundles.md, under ## Download a newer form
    @MainActor static func snippet7() async throws {
func signupSchema() async -> FormSchema {
    let shipped = try! FormSchema(bundleResource: "signup", in: .main)
    guard let url = URL(string: "https://example.com/forms/signup.formbundle"),
          let (data, _) = try? await URLSession.shared.data(from: url),
          let downloaded = try? FormSchema(bundle: data, name: "signup.formbundle")
    else { return shipped }
    return downloaded
}
    }

    // Sources/FormCheck/FormCheck.docc/SchemasAndMessages.md, under ## Messages and locales
    @MainActor static func snippet8() async throws {
let report = schema.validate(record, options: ValidationOptions(locale: "fr"))
    }
}
