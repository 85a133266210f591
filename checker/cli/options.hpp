// Options: the one table of command-line options that drives both parsing and --help.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace schedcheck::cli {

struct OptionSpec {
  std::string_view name;      // "--json"
  std::string_view value;     // "" for a flag, else the value's placeholder
  std::string_view commands;  // space-separated subcommands that take it
  std::string_view help;
};

struct CommandSpec {
  std::string_view name;
  std::string_view usage;
  std::string_view help;
};

extern const std::vector<OptionSpec> option_table;
extern const std::vector<CommandSpec> command_table;

struct Arguments {
  std::string command;
  std::vector<std::string> positional;
  std::map<std::string, std::string, std::less<>> options;

  bool flag(std::string_view name) const { return options.find(name) != options.end(); }
  std::optional<std::string> value(std::string_view name) const;
};

// Parses argv; on a usage error returns nullopt and sets `error`.
std::optional<Arguments> parse_arguments(int argc, char** argv, std::string& error);

// The text of --help: all commands, or one command and its options.
std::string help_text(std::string_view command);

}  // namespace schedcheck::cli
