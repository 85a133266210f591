// SatModel: "c N name" lines of the CNF and "v" lines of the solver's answer, joined by variable number.
#include "sat_model.hpp"

#include <charconv>
#include <cstdint>
#include <string_view>

#include <fmt/format.h>

namespace schedcheck::search {

namespace {

// The next whole number of `text` from `at` (after blanks), or nullopt.
std::optional<int64_t> next_number(std::string_view text, size_t& at) {
  at = text.find_first_not_of(" \t\r", at);
  if (at == std::string_view::npos) return std::nullopt;
  int64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data() + at, text.data() + text.size(), n);
  if (ec != std::errc{}) return std::nullopt;
  at = static_cast<size_t>(end - text.data());
  return n;
}

}  // namespace

std::optional<NamedValues> read_sat_model(std::istream& cnf, std::istream& model, std::string& error) {
  std::vector<std::optional<bool>> value;  // by variable number
  bool satisfiable = false, ended = false;
  std::string line;
  for (size_t number = 1; std::getline(model, line); ++number) {
    if (line.starts_with("s ")) {
      if (line != "s SATISFIABLE") {
        error = fmt::format("the solver's answer is '{}', not 's SATISFIABLE'", line);
        return std::nullopt;
      }
      satisfiable = true;
    }
    if (!line.starts_with("v ")) continue;
    for (size_t at = 2;;) {
      const auto literal = next_number(line, at);
      if (!literal) {
        if (at != std::string::npos && line.find_first_not_of(" \t\r", at) != std::string::npos) {
          error = fmt::format("line {} of the model: expected literals after 'v'", number);
          return std::nullopt;
        }
        break;
      }
      if (*literal == 0) {
        ended = true;
        break;
      }
      const uint64_t v = static_cast<uint64_t>(*literal < 0 ? -*literal : *literal);
      // The CNF's header bounds the numbers below; this bounds the vector first.
      if (v > (uint64_t{1} << 31)) {
        error = fmt::format("line {} of the model: variable {} is out of range", number, v);
        return std::nullopt;
      }
      if (value.size() <= v) value.resize(v + 1);
      value[v] = *literal > 0;
    }
  }
  if (!satisfiable || !ended) {
    error = satisfiable ? "the model's 'v' lines do not end with 0" : "no line 's SATISFIABLE'";
    return std::nullopt;
  }
  NamedValues named;
  int64_t variables = -1;
  for (size_t number = 1; std::getline(cnf, line); ++number) {
    if (line.starts_with("p cnf ")) {
      size_t at = 6;
      variables = next_number(line, at).value_or(-1);
      if (variables >= 0 && value.size() > static_cast<uint64_t>(variables) + 1) {
        error = fmt::format("the model sets variable {}; the CNF has {}", value.size() - 1, variables);
        return std::nullopt;
      }
      continue;
    }
    if (!line.starts_with("c ")) continue;
    size_t at = 2;
    const auto v = next_number(line, at);
    if (!v || *v <= 0 || *v > variables) continue;  // a comment of another kind
    const size_t name = line.find_first_not_of(' ', at);
    if (name == std::string::npos || static_cast<size_t>(*v) >= value.size() || !value[*v]) continue;
    named.emplace_back(line.substr(name), *value[*v]);
  }
  if (variables < 0) {
    error = "the CNF has no line 'p cnf V C'";
    return std::nullopt;
  }
  if (named.empty()) {
    error = "the CNF names none of its variables ('c N name' lines): export it again with this schedcheck";
    return std::nullopt;
  }
  return named;
}

}  // namespace schedcheck::search
