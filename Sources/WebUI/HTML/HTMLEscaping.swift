/// Escaping shared by text and attribute values. All five characters are escaped in both places, so the same
/// string is safe between tags, in a double- or a single-quoted attribute, and `</script>` can never close
/// anything.
enum HTMLEscaping {
    static func escape(_ string: String, into output: inout String) {
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }

    static func escaped(_ string: String) -> String {
        var output = ""
        escape(string, into: &output)
        return output
    }
}
