import FormCheck
import Foundation

/// What the documents' snippets take as given, as an app would have it: a schema, a record, a model
/// and a service. The snippets are compiled, never run, so these are never read.
enum DocumentationSnippetContext {
    static var schema: FormSchema { fatalError("documentation snippets are compiled, not run") }
    static var record: Value { fatalError("documentation snippets are compiled, not run") }
    static var signupForm: SignupModel { fatalError("documentation snippets are compiled, not run") }
    static var api: UsernameService { fatalError("documentation snippets are compiled, not run") }

    /// An app's model of the signup form.
    struct SignupModel: Encodable {
        let email: String
        let password: String
        let birthday: Date
    }

    /// An app's server, which says whether a username is free.
    struct UsernameService {
        func isFree(_ name: String) async -> Bool { true }
    }
}

extension Bundle {
    /// The resources of an app's target, where the snippets load bundles from; this test target has no
    /// resources, so SwiftPM makes no `Bundle.module` for it.
    static var module: Bundle { .main }
}
