// Outcome: what one solver call, and a whole search, found; `unknown` is its own outcome, never success.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace schedcheck::search {

enum class Outcome { sat, unsat, unknown };

const char* outcome_name(Outcome o);

struct Attempt {
  uint32_t steps = 0;
  Outcome outcome = Outcome::unknown;
  double seconds = 0;
};

struct SearchLimits {
  double timeout_seconds = 600;  // for the whole search
  std::function<void(const Attempt&)> progress;  // after each solver call
  std::function<void(uint32_t steps)> trying;    // before each solver call
};

struct SearchReport {
  std::vector<Attempt> attempts;
  std::optional<uint32_t> witness_steps;  // steps of the schedule found, if any
  std::string witness;                    // that schedule, in the format
  bool gave_up = false;                   // a call answered unknown or the time ran out
};

// Records one step count's attempt and reports it; true when the climb
// stops: sat keeps `witness` (the schedule's body), unknown gives up.
bool record_attempt(SearchReport& report, const SearchLimits& limits, const Attempt& attempt, std::string witness);

}  // namespace schedcheck::search
