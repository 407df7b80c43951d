import FormCheck
import Foundation

// The bundle FormCheckBundlePlugin wrote from Forms/signup.form.yaml, with its French catalog.
let schema = try FormSchema(bundleResource: "signup", in: .module)
let record: Value = ["email": "ada.example", "password": "short", "age": 16]
for locale in ["en", "fr"] {
    for issue in schema.validate(record, options: ValidationOptions(locale: locale)).issues {
        print("\(locale) \(issue.path) \(issue.code): \(issue.message)")
    }
}
