import CJSONC

extension JSONParser {
    /// What json-c's tokener state was waiting for, as `expected ...`.
    static func expectation(afterState state: json_tokener_state) -> String {
        switch state {
        case json_tokener_state_array: return "expected a value or ']'"
        case json_tokener_state_array_add, json_tokener_state_array_sep:
            return "expected ',' or ']' after array element"
        case json_tokener_state_object_field_start: return "expected a string key or '}'"
        case json_tokener_state_object_field_start_after_sep: return "expected a string key after ','"
        case json_tokener_state_object_field_end: return "expected ':' after object key"
        case json_tokener_state_object_value_add, json_tokener_state_object_sep:
            return "expected ',' or '}' after object member"
        case json_tokener_state_string, json_tokener_state_string_escape, json_tokener_state_escape_unicode,
            json_tokener_state_escape_unicode_need_escape, json_tokener_state_escape_unicode_need_u,
            json_tokener_state_object_field:
            return "expected '\"' to end the string"
        case json_tokener_state_null: return "expected 'null'"
        case json_tokener_state_boolean: return "expected 'true' or 'false'"
        case json_tokener_state_comment_start, json_tokener_state_comment, json_tokener_state_comment_eol,
            json_tokener_state_comment_end:
            return "expected a value"
        case json_tokener_state_finish: return "expected end of file after the root value"
        default: return "expected a value"
        }
    }

    /// What to do when the text ends while json-c waits in `state`.
    static func hintAtEnd(afterState state: json_tokener_state) -> String {
        switch state {
        case json_tokener_state_array, json_tokener_state_array_add, json_tokener_state_array_sep:
            return "close the array with ']'"
        case json_tokener_state_object_field_start, json_tokener_state_object_field_start_after_sep,
            json_tokener_state_object_field_end, json_tokener_state_object_value_add, json_tokener_state_object_sep:
            return "close the object with '}'"
        case json_tokener_state_string, json_tokener_state_string_escape, json_tokener_state_escape_unicode,
            json_tokener_state_escape_unicode_need_escape, json_tokener_state_escape_unicode_need_u,
            json_tokener_state_object_field:
            return "close the string with '\"'"
        default:
            return "complete the value; the file ends in the middle of it"
        }
    }

    /// What to do about an unexpected character after json-c's `state`.
    static func hintUnexpected(afterState state: json_tokener_state) -> String {
        switch state {
        case json_tokener_state_array_add, json_tokener_state_array_sep:
            return "put a ',' between elements, or close the array with ']'"
        case json_tokener_state_object_value_add, json_tokener_state_object_sep:
            return "put a ',' between members, or close the object with '}'"
        case json_tokener_state_object_field_end:
            return "put a ':' between the key and its value"
        case json_tokener_state_object_field_start, json_tokener_state_object_field_start_after_sep:
            return "write the key in double quotes, e.g. \"name\": 1"
        default:
            return "write a value: an object, array, string, number, true, false or null"
        }
    }

    /// The message and hint for a json-c tokener error, with `found` describing the offending character.
    static func describe(
        _ status: json_tokener_error, state: json_tokener_state, found: String, maxDepth: Int
    ) -> (message: String, hint: String?) {
        if found == "'/'" {
            return ("\(expectation(afterState: state)), found '/'", "remove the comment; JSON does not allow comments")
        }
        switch status {
        case json_tokener_error_depth:
            return (
                "expected at most \(maxDepth) levels of nested arrays and objects, found \(found) one level deeper",
                "flatten the structure, or raise JSONParser.maxDepth"
            )
        case json_tokener_error_parse_unexpected:
            switch state {
            case json_tokener_state_object_field_start_after_sep where found == "'}'":
                return ("expected a string key after ',', found '}'", "remove the trailing ','")
            case json_tokener_state_array_after_sep where found == "']'":
                return ("expected a value after ',', found ']'", "remove the trailing ','")
            case json_tokener_state_finish:
                return (
                    "expected end of file after the root value, found \(found)",
                    "remove the extra text, or wrap several values in an array"
                )
            default:
                return (
                    "\(expectation(afterState: state)), found \(found)",
                    found.hasPrefix("byte 0x") ? "save the file as UTF-8" : hintUnexpected(afterState: state)
                )
            }
        case json_tokener_error_parse_null, json_tokener_error_parse_boolean:
            return (
                "expected a value (an object, array, string, number, true, false or null), found \(found)",
                "write true, false or null in lower case, or put text in double quotes"
            )
        case json_tokener_error_parse_number:
            return (
                "expected a number (digits without leading zeros), found \(found)",
                "write the number as JSON does: no leading zeros, and digits after '-', '.' and 'e'"
            )
        case json_tokener_error_parse_array:
            return ("expected ',' or ']' after array element, found \(found)", hintUnexpected(afterState: state))
        case json_tokener_error_parse_object_key_name:
            return (
                "expected a string key in double quotes, found \(found)",
                "write the key in double quotes, e.g. \"name\": 1"
            )
        case json_tokener_error_parse_object_key_sep:
            return ("expected ':' after object key, found \(found)", "put a ':' between the key and its value")
        case json_tokener_error_parse_object_value_sep:
            return (
                "expected ',' or '}' after object member, found \(found)",
                "put a ',' between members, or close the object with '}'"
            )
        case json_tokener_error_parse_string:
            return (
                "expected a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX), found \(found)",
                "write a backslash in a string as \\\\"
            )
        case json_tokener_error_parse_comment:
            return ("expected a value, found a comment", "remove the comment; JSON does not allow comments")
        case json_tokener_error_parse_utf8_string:
            return ("expected UTF-8 text, found \(found)", "save the file as UTF-8")
        default:
            return ("\(expectation(afterState: state)), found \(found)", hintUnexpected(afterState: state))
        }
    }
}
