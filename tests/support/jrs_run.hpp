// JRS test support: generate a Juurlink-Rao-Sibeyn schedule into memory and check it with the core.
//
// Every JRS sweep holds the generator's claimed steps and time against what
// the core measures on the text, so the helpers live here once.
#pragma once

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "checker.hpp"
#include "jrs_generator.hpp"

namespace jrs_test {

using schedcheck::gen::JrsRequest;

struct Checked {
  std::string text;
  schedcheck::Verdict verdict;
  std::string errors;
};

inline Checked check(const std::string& text) {
  schedcheck::LineSource lines{std::string_view(text)};
  schedcheck::Header header;
  schedcheck::Diagnostics diag("jrs", 50);
  Checked c{text, schedcheck::check_schedule(lines, header, diag), {}};
  for (const auto& d : diag.kept()) c.errors += diag.format(d) + "\n";
  return c;
}

inline std::string generate(const std::string& name, JrsRequest request) {
  const auto* g = schedcheck::gen::find_jrs_generator(name);
  REQUIRE(g != nullptr);
  const std::string refused = g->prepare(request);
  REQUIRE_MESSAGE(refused.empty(), refused);
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  REQUIRE(out != nullptr);
  schedcheck::gen::write_jrs_schedule(out, *g, request);
  std::fclose(out);
  std::string text(buffer, size);
  std::free(buffer);
  return text;
}

// Verified, with the claimed steps, and the cost the claimed time (or at most it).
inline void verified(const std::string& name, const JrsRequest& request, double claimed, bool exact) {
  const Checked c = check(generate(name, request));
  INFO(name, " n=", request.array().n, request.array().ring ? " ring" : " path", " r=", request.r, " a=", request.a,
       " b=", request.b, "\n", c.errors);
  REQUIRE(c.verdict.verified);
  REQUIRE(c.verdict.cost.has_value());
  CHECK(c.verdict.claim_steps_holds.value_or(false));
  CHECK(c.verdict.steps == [&] { std::string t = c.text; const size_t at = t.find("claim steps="); return std::stoull(t.substr(at + 12)); }());
  CHECK(c.verdict.claim_time_holds.value_or(false));
  REQUIRE(c.verdict.cost_bound.has_value());
  CHECK(*c.verdict.cost >= c.verdict.cost_bound->cost);
  if (exact) CHECK(*c.verdict.cost == doctest::Approx(claimed));
  CHECK(*c.verdict.cost <= claimed + 1e-9);
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

inline std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  return text;
}

// The line index of the first transfer after the line `step N`.
inline size_t first_transfer_of(const std::vector<std::string>& lines, uint64_t step) {
  const std::string header = fmt::format("step {}", step);
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i] == header) return i + 1;
  FAIL("no line '", header, "'");
  return 0;
}

// Comments out step N and renumbers the steps after it.
inline std::vector<std::string> without_step(std::vector<std::string> lines, uint64_t step) {
  size_t at = first_transfer_of(lines, step) - 1;
  lines[at] = "# step dropped";
  for (++at; at < lines.size() && !lines[at].starts_with("step "); ++at) lines[at] = "#" + lines[at];
  for (uint64_t number = step; at < lines.size(); ++at)
    if (lines[at].starts_with("step ")) lines[at] = fmt::format("step {}", number++);
  return lines;
}

// The mutant is rejected with `property`, and, where `line` (1-based) is
// given, a diagnostic at that line names it.
inline void expect_rejected(const std::vector<std::string>& mutant, const std::string& property, size_t line = 0) {
  const Checked c = check(joined(mutant));
  INFO(c.errors);
  CHECK_FALSE(c.verdict.verified);
  CHECK(c.errors.find(": " + property + ":") != std::string::npos);
  if (line == 0) return;
  const std::string at = fmt::format("jrs:{}:", line);
  bool named_there = false;
  for (const std::string& diagnostic : lines_of(c.errors))
    named_there = named_there || (diagnostic.starts_with(at) && diagnostic.find(": " + property + ":") != std::string::npos);
  CHECK(named_there);
}

}  // namespace jrs_test
