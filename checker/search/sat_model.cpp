// SatModel: "c N name" lines of the CNF and "v" lines of the solver's answer, joined by variable number.
#include "sat_model.hpp"

#include <charconv>
#include <cstdint>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

namespace schedcheck::search {

namespace {

// The next blank-separated whole number of `line` from `at`: nullopt at the
// end of the line; `bad` when the word there is not a number.
std::optional<int64_t> next_number(std::string_view line, size_t& at, bool& bad) {
  at = line.find_first_not_of(" \t", at);
  if (at == std::string_view::npos) return std::nullopt;
  int64_t n = 0;
  const auto [end, ec] = std::from_chars(line.data() + at, line.data() + line.size(), n);
  at = static_cast<size_t>(end - line.data());
  bad = ec != std::errc{} || (at < line.size() && line[at] != ' ' && line[at] != '\t');
  return bad ? std::nullopt : std::optional<int64_t>(n);
}

// The next line without its '\r'; false at the end.
bool next_line(std::istream& in, std::string& line) {
  if (!std::getline(in, line)) return false;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

}  // namespace

std::optional<NamedValues> read_sat_model(std::istream& cnf, std::istream& model, std::string& error) {
  // The CNF's header first: it bounds the variable numbers the model may use.
  std::string line;
  int64_t variables = -1;
  bool bad = false;
  while (variables < 0 && next_line(cnf, line)) {
    if (!line.starts_with("p cnf ")) continue;
    size_t at = 6;
    variables = next_number(line, at, bad).value_or(-1);
  }
  if (variables < 0) {
    error = "the CNF has no line 'p cnf V C'";
    return std::nullopt;
  }
  // By variable number: as large as the model, whatever the header claims.
  std::unordered_map<int64_t, bool> value;
  bool satisfiable = false, ended = false;
  for (size_t number = 1; next_line(model, line); ++number) {
    if (line.starts_with("s ")) {
      if (line != "s SATISFIABLE") {
        error = fmt::format("the solver's answer is '{}', not 's SATISFIABLE'", line);
        return std::nullopt;
      }
      satisfiable = true;
    }
    if (!line.starts_with("v ")) continue;
    if (ended) {
      error = fmt::format("line {} of the model: literals after the model's closing 0", number);
      return std::nullopt;
    }
    for (size_t at = 2; !ended;) {
      const auto literal = next_number(line, at, bad);
      if (bad) {
        error = fmt::format("line {} of the model: expected literals (whole numbers) after 'v'", number);
        return std::nullopt;
      }
      if (!literal) break;
      ended = *literal == 0;
      if (ended) break;
      if (*literal < -variables || *literal > variables) {
        error = fmt::format("line {} of the model: literal {} names no variable of the CNF, which has {}", number,
                            *literal, variables);
        return std::nullopt;
      }
      value[*literal < 0 ? -*literal : *literal] = *literal > 0;
    }
  }
  if (!satisfiable || !ended) {
    error = satisfiable ? "the model's 'v' lines do not end with 0" : "no line 's SATISFIABLE'";
    return std::nullopt;
  }
  NamedValues named;
  while (next_line(cnf, line)) {
    if (!line.starts_with("c ")) continue;
    size_t at = 2;
    const auto v = next_number(line, at, bad);
    if (!v) continue;  // a comment of another kind
    const size_t name = line.find_first_not_of(" \t", at);
    const auto it = value.find(*v);
    if (name == std::string::npos || it == value.end()) continue;
    named.emplace_back(line.substr(name), it->second);
  }
  if (named.empty()) {
    error = "the CNF names none of the variables the model sets ('c N name' lines): export it again with this "
            "schedcheck";
    return std::nullopt;
  }
  return named;
}

}  // namespace schedcheck::search
