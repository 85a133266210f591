// Outcome: what one solver call, and a whole search, found; `unknown` is its own outcome, never success.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace schedcheck::search {

enum class Outcome { sat, unsat, unknown };

const char* outcome_name(Outcome o);

struct Attempt {
  Attempt() = default;
  Attempt(uint32_t count, Outcome answer, double took, std::string run_routing = {}, bool stricter = false)
      : steps(count), outcome(answer), seconds(took), routing(std::move(run_routing)), stricter_routing(stricter) {}

  uint32_t steps = 0;
  Outcome outcome = Outcome::unknown;
  double seconds = 0;
  // The routing of the run, where a search tries more than one (empty: the
  // only one). A run under a stricter routing than the one asked answers a
  // count with its witness, never with its unsat.
  std::string routing;
  bool stricter_routing = false;
};

struct SearchLimits {
  double timeout_seconds = 600;  // for the whole search
  // Seconds for one step count, all its runs together (unset: whatever is
  // left of the whole). A climb that supports it reports a count cut short
  // as unknown and goes on to the next.
  std::function<double(uint32_t steps)> count_timeout;
  std::function<void(const Attempt&)> progress;  // after each solver call
  std::function<void(uint32_t steps)> trying;    // before each solver call
};

struct SearchReport {
  std::vector<Attempt> attempts;
  std::optional<uint32_t> witness_steps;  // steps of the schedule found, if any
  std::string witness;                    // that schedule, in the format
  bool gave_up = false;                   // a call answered unknown or the time ran out
  uint64_t cubes_refuted = 0;             // search_broadcast_cubes: the cubes found to hold no schedule
  // The solvers the search used, when it keeps them (search_broadcast*, search_gossip).
  // Z3 4.8.12 takes minutes to delete a large context (measured on 7x7x7
  // under dimension order: about 700 s, against a 5 s search), so a caller
  // that is about to exit may end the process without deleting them.
  std::shared_ptr<void> solvers;
};

inline double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Starts the count `steps` of a climb begun at `start` (limits.trying) and
// returns the seconds it may take: what is left of the whole, and at most
// the count's own limit. None when the whole is spent (the report then gave
// up, and the count is not started).
std::optional<double> begin_count(SearchReport& report, const SearchLimits& limits,
                                   std::chrono::steady_clock::time_point start, uint32_t steps);

// Records one step count's attempt and reports it; true when the climb
// stops: sat keeps `witness` (the schedule's body), unknown gives up (or,
// with `past_unknown`, is recorded and the climb goes on to the next count).
// A stricter run's unknown or unsat stops nothing: the count is left to the
// run asked.
bool record_attempt(SearchReport& report, const SearchLimits& limits, const Attempt& attempt, std::string witness,
                    bool past_unknown = false);

}  // namespace schedcheck::search
