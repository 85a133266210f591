// Command output: one error line, and one writer for -o FILE and "-o -".
#include "command_output.hpp"

#include <charconv>

#include <cstdio>
#include <fstream>

#include <fmt/format.h>

namespace schedcheck::cli {

int program_error(const std::string& message) {
  fmt::print(stderr, "schedcheck: error: {}\n", message);
  return exit_usage;
}

std::string node_option_text(const std::string& text) {
  return text.starts_with('(') || text.find(',') == std::string::npos ? text : "(" + text + ")";
}

bool whole_number(std::string_view text, uint64_t& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size();
}

double seconds_option(const Arguments& args, const char* name, double otherwise, std::string& error) {
  const auto v = args.value(name);
  if (!v) return otherwise;
  try {
    size_t used = 0;
    const double seconds = std::stod(*v, &used);
    if (used == v->size() && seconds > 0 && seconds <= max_seconds) return seconds;
  } catch (...) {
  }
  error = fmt::format("{} takes seconds (a positive number up to {}), not '{}'", name, max_seconds, *v);
  return otherwise;
}

std::optional<std::string> output_path(const Arguments& args) {
  auto path = args.value("-o");
  if (path == "-") path.reset();
  return path;
}

std::optional<std::string> write_output(const Arguments& args, std::string_view text, bool stdout_without_o) {
  if (const auto path = output_path(args)) {
    std::ofstream file(*path, std::ios::binary);
    if (!file.write(text.data(), static_cast<std::streamsize>(text.size())) || !file.flush())
      return fmt::format("cannot write '{}'", *path);
  } else if (args.flag("-o") || stdout_without_o) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
      return std::string("cannot write to stdout");
  }
  return std::nullopt;
}

}  // namespace schedcheck::cli
