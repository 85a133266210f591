// Command output: the exit codes, the error line and the -o option that every command shares.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "options.hpp"

namespace schedcheck::cli {

// As --help lists them: a check verified or a search decided, a property
// failed, a usage, parse or I/O error, a search that gave up.
inline constexpr int exit_verified = 0, exit_failed = 1, exit_usage = 2, exit_gave_up = 3;

// Prints "schedcheck: error: MESSAGE" on stderr; returns exit_usage.
int program_error(const std::string& message);

// The whole of `text` as a decimal number below 2^64: digits only, no sign or blank.
bool whole_number(std::string_view text, uint64_t& value);

// The number of seconds option `name` gives, positive and at most
// max_seconds, or `otherwise` when it is absent; anything else sets `error`
// (a bad limit is never taken for a default).
// Limits are passed on in milliseconds in 32 bits, and as whole seconds in job lines.
inline constexpr uint32_t max_seconds = 10000000;
double seconds_option(const Arguments& args, const char* name, double otherwise, std::string& error);

// A node option (--source, --root) as the format names the node: an index
// as it is, coordinates given as 1,2 or as the format's (1,2) in parentheses.
std::string node_option_text(const std::string& text);

// The file -o names; none when -o is absent or "-", which is stdout (as "check -" reads stdin).
std::optional<std::string> output_path(const Arguments& args);

// Writes `text` to the file -o names, or to stdout for "-o -" and, with
// `stdout_without_o`, when -o is absent. An error message when the file
// cannot be written.
std::optional<std::string> write_output(const Arguments& args, std::string_view text, bool stdout_without_o);

}  // namespace schedcheck::cli
