// Proven: the counts a lemma, an unsat answer or a witness settle, and the text that lists them in order.
#include "proven.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace schedcheck::search {

namespace {

// "Wang-Tseng, Lemma 1 (torus case of the degree bound)" -> "Wang-Tseng, Lemma 1".
std::string short_source(const std::string& source) { return source.substr(0, source.find(" (")); }

std::string lemma_text(const StepLowerBound& bound) {
  if (bound.steps < 2) return "";
  const std::string counts = bound.steps == 2 ? "step 1" : fmt::format("steps 1..{}", bound.steps - 1);
  const std::string source = short_source(bound.source);
  return fmt::format("{} impossible by {}{}", counts, bound.name, source.empty() ? "" : fmt::format(" ({})", source));
}

}  // namespace

Proven proven(const StepLowerBound& bound, const SearchReport& report) {
  Proven p;
  p.witness_steps = report.witness_steps;
  // Each count's answer, in the order tried: the witness's run if one found
  // it, else the routing asked's run (its time), else unknown (every run's time).
  struct Count {
    uint32_t steps;
    Outcome outcome;
    double seconds;
    std::string routing;
    std::string unsat_under;  // the stricter runs whose unsat leaves the count open
  };
  std::vector<Count> counts;
  for (const Attempt& a : report.attempts) {
    if (counts.empty() || counts.back().steps != a.steps)
      counts.push_back({a.steps, Outcome::unknown, 0, "", ""});
    Count& c = counts.back();
    if (a.outcome == Outcome::sat || (a.outcome == Outcome::unsat && !a.stricter_routing)) {
      c.outcome = a.outcome;
      c.seconds = a.seconds;
      c.routing = a.routing;
    } else if (c.outcome == Outcome::unknown) {
      c.seconds += a.seconds;
      if (a.outcome == Outcome::unsat) c.unsat_under += (c.unsat_under.empty() ? "" : ", ") + a.routing;
    }
  }
  auto refuted = [&](uint32_t steps) {
    if (steps < bound.steps) return true;
    for (const Count& c : counts)
      if (c.outcome == Outcome::unsat && c.steps >= steps) return true;
    return false;
  };
  p.impossible_below = bound.steps;
  while (refuted(p.impossible_below)) ++p.impossible_below;
  for (const Count& c : counts)
    if (c.outcome == Outcome::unknown && !refuted(c.steps) && (!p.witness_steps || c.steps < *p.witness_steps))
      p.unknown.push_back(c.steps);
  p.optimal = p.witness_steps && p.impossible_below >= *p.witness_steps;

  std::vector<std::string> parts;
  if (std::string lemma = lemma_text(bound); !lemma.empty()) parts.push_back(std::move(lemma));
  for (const Count& c : counts) {
    const std::string under = c.routing.empty() ? "" : fmt::format(" under {}", c.routing);
    if (c.outcome == Outcome::unknown) {
      std::string s = fmt::format("{}: unknown after {:.2f} s", c.steps, c.seconds);
      if (!c.unsat_under.empty()) s += fmt::format(" (unsat under {} only)", c.unsat_under);
      if (refuted(c.steps)) s += ", impossible as a larger count is";
      parts.push_back(std::move(s));
    } else {
      parts.push_back(fmt::format("{}: {} in {:.2f} s{}", c.steps, outcome_name(c.outcome), c.seconds, under));
    }
  }
  for (const std::string& s : parts) p.text += (p.text.empty() ? "" : "; ") + s;
  if (p.text.empty()) p.text = "nothing proven";
  return p;
}

}  // namespace schedcheck::search
