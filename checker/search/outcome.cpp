// Outcome: names of outcomes, and the bookkeeping every climb over step counts shares.
#include "outcome.hpp"

namespace schedcheck::search {

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::sat: return "sat";
    case Outcome::unsat: return "unsat";
    case Outcome::unknown: return "unknown";
  }
  return "?";
}

bool record_attempt(SearchReport& report, const SearchLimits& limits, const Attempt& attempt, std::string witness) {
  report.attempts.push_back(attempt);
  if (limits.progress) limits.progress(attempt);
  if (attempt.outcome == Outcome::sat) {
    report.witness_steps = attempt.steps;
    report.witness = std::move(witness);
    return true;
  }
  if (attempt.outcome == Outcome::unknown) {
    report.gave_up = true;
    return true;
  }
  return false;
}

}  // namespace schedcheck::search
