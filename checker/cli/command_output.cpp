// Command output: one error line, and one writer for -o FILE and "-o -".
#include "command_output.hpp"

#include <cstdio>
#include <fstream>

#include <fmt/format.h>

namespace schedcheck::cli {

int program_error(const std::string& message) {
  fmt::print(stderr, "schedcheck: error: {}\n", message);
  return exit_usage;
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
    std::fwrite(text.data(), 1, text.size(), stdout);
  }
  return std::nullopt;
}

}  // namespace schedcheck::cli
