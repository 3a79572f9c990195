import Testing

@testable import InvitationsFeature

@Suite("Validation rules")
struct ValidationTests {
    @Test(
        "Full name: at least 3 characters after trimming",
        arguments: [
            ("", FieldProblem.nameMissing),
            ("   ", .nameMissing),
            ("Al", .nameTooShort(minimum: 3)),
            ("  Al  ", .nameTooShort(minimum: 3)),
            ("A l", nil),
            ("Ann", nil),
            ("  Ann ", nil),
            ("Zoë", nil),
            ("李小龙", nil),
            ("👩‍👩‍👧", .nameTooShort(minimum: 3)),
            ("Jane Doe", nil),
        ] as [(String, FieldProblem?)])
    func fullName(_ input: String, _ expected: FieldProblem?) {
        #expect(InvitationValidation.problem(name: input) == expected)
    }

    @Test(
        "Email: the HTML standard's valid e-mail address, with a dotted domain whose last label is not all digits",
        arguments: [
            // Empty after trimming.
            ("", FieldProblem.emailMissing),
            ("  ", .emailMissing),
            // Valid.
            ("jane@example.com", nil),
            ("  jane@example.com ", nil),
            ("j@e.co", nil),
            ("a@b.c", nil),
            ("jane.doe+beta@mail.example.co.uk", nil),
            ("usedemail@blinq.app", nil),
            ("JANE@EXAMPLE.COM", nil),
            ("o'brien@example.ie", nil),
            ("!#$%&'*+/=?^_`{|}~-@example.com", nil),
            (".jane.@example.com", nil),
            ("jane@my-host.example.com", nil),
            ("jane@123.example.com", nil),
            ("jane@example.c0m", nil),
            ("jane@xn--bcher-kva.de", nil),
            ("jane@\(String(repeating: "a", count: 63)).com", nil),
            // Invalid: the four found in use, then the shapes around them.
            ("a@b.c,d", .emailInvalid),
            ("x@-.-", .emailInvalid),
            ("a@b_c.com", .emailInvalid),
            ("a@1.2", .emailInvalid),
            ("a@192.168.0.1", .emailInvalid),
            ("jane@\(String(repeating: "a", count: 64)).com", .emailInvalid),
            ("jane@-example.com", .emailInvalid),
            ("jane@example-.com", .emailInvalid),
            ("jane@example.-com", .emailInvalid),
            ("jane", .emailInvalid),
            ("jane@", .emailInvalid),
            ("@example.com", .emailInvalid),
            ("jane@example", .emailInvalid),
            ("jane@@example.com", .emailInvalid),
            ("jane@doe@example.com", .emailInvalid),
            ("jane doe@example.com", .emailInvalid),
            ("jane@exa mple.com", .emailInvalid),
            ("jane@.com", .emailInvalid),
            ("jane@example.", .emailInvalid),
            ("jane@example..com", .emailInvalid),
            ("jane@example.com\u{7}", .emailInvalid),
            ("\"jane\"@example.com", .emailInvalid),
            ("jane(doe)@example.com", .emailInvalid),
            ("jane,doe@example.com", .emailInvalid),
            ("jane@[192.168.0.1]", .emailInvalid),
            ("josé@example.com", .emailInvalid),
            ("jane@bücher.de", .emailInvalid),
            ("jane@example.com.", .emailInvalid),
        ] as [(String, FieldProblem?)])
    func email(_ input: String, _ expected: FieldProblem?) {
        #expect(InvitationValidation.problem(email: input) == expected)
    }

    @Test(
        "Confirm email: equal to the email after trimming; the domain in any case, the local part exactly",
        arguments: [
            ("", "jane@example.com", FieldProblem.confirmationMissing),
            ("jane@example.com", "jane@example.com", nil),
            (" jane@example.com ", "jane@example.com", nil),
            ("jane@example.co", "jane@example.com", .confirmationMismatch),
            ("Jane@example.com", "jane@example.com", .confirmationMismatch),
            ("jane@EXAMPLE.com", "jane@example.com", nil),
            ("jane@Example.COM", "jane@example.com", nil),
            ("JANE@EXAMPLE.COM", "jane@example.com", .confirmationMismatch),
            ("jane@exämple.com", "jane@exÄmple.com", .confirmationMismatch),
            ("jane@example.com", "jane@EXAMPLE", .confirmationMismatch),
            ("jane", "JANE", .confirmationMismatch),
            ("jane", "jane", nil),
            ("jane", "", .confirmationMismatch),
        ] as [(String, String, FieldProblem?)])
    func confirmation(_ confirmation: String, _ email: String, _ expected: FieldProblem?) {
        #expect(InvitationValidation.problem(confirmation: confirmation, email: email) == expected)
    }

    @Test("Every problem has a message that says what to do")
    func messages() {
        let all: [FieldProblem] = [
            .nameMissing, .nameTooShort(minimum: 3), .emailMissing, .emailInvalid, .confirmationMissing, .confirmationMismatch,
        ]
        #expect(
            all.map(\.message) == [
                "Enter your full name.",
                "Your full name needs at least 3 characters.",
                "Enter your email address.",
                "Enter a valid email address, like name@example.com.",
                "Enter your email address again to confirm it.",
                "This does not match the email above.",
            ])
    }

    @Test("All three fields at once")
    func allFields() {
        #expect(
            InvitationValidation.problems(name: "Al", email: "jane@", confirmation: "x")
                == [.fullName: .nameTooShort(minimum: 3), .email: .emailInvalid, .confirmEmail: .confirmationMismatch])
        #expect(InvitationValidation.problems(name: "Jane", email: "j@e.co", confirmation: "j@e.co").isEmpty)
    }
}
