// Outcome: names of outcomes, and the bookkeeping every climb over step counts shares.
#include "outcome.hpp"

#include <algorithm>

namespace schedcheck::search {

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::sat: return "sat";
    case Outcome::unsat: return "unsat";
    case Outcome::unknown: return "unknown";
  }
  return "?";
}

std::optional<double> begin_count(SearchReport& report, const SearchLimits& limits,
                                   std::chrono::steady_clock::time_point start, uint32_t steps) {
  const double left = limits.timeout_seconds - seconds_since(start);
  if (left <= 0) {
    report.gave_up = true;
    return std::nullopt;
  }
  if (limits.trying) limits.trying(steps);
  return limits.count_timeout ? std::min(left, limits.count_timeout(steps)) : left;
}

bool record_attempt(SearchReport& report, const SearchLimits& limits, const Attempt& attempt, std::string witness,
                    bool past_unknown) {
  report.attempts.push_back(attempt);
  if (limits.progress) limits.progress(attempt);
  if (attempt.outcome == Outcome::sat) {
    report.witness_steps = attempt.steps;
    report.witness = std::move(witness);
    return true;
  }
  // A stricter run's unknown or unsat leaves the count to the run asked.
  if (attempt.outcome == Outcome::unknown && !attempt.stricter_routing) {
    report.gave_up = true;
    return !past_unknown;
  }
  return false;
}

}  // namespace schedcheck::search
