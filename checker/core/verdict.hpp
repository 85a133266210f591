// Verdict: what one check of a schedule found, for the verdict line and --json.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "forwarding.hpp"
#include "lower_bounds.hpp"

namespace schedcheck {

struct StepStats {
  uint64_t number = 0;  // as written
  uint64_t transfers = 0;  // paths (wormhole) or packets (store-and-forward)
  uint64_t channels = 0;   // directed channel uses: hops
  uint64_t longest_packet = 0;  // flits, for the cost model
};

struct Verdict {
  bool verified = false;
  bool header_ok = false;  // false: parse errors stopped the check before the body
  bool stopped = false;    // the error limit ended the check before the end of the file
  uint64_t steps = 0;
  uint64_t transfers = 0;
  uint64_t hops = 0;
  uint64_t duplicates = 0;  // deliveries of a message the node already held: waste, not an error
  uint64_t missing = 0;     // (node, message) pairs absent at the end
  std::vector<LowerBound> bounds;
  std::optional<LowerBound> best;
  std::optional<double> cost;  // sum over steps of ts + tl * longest packet
  std::optional<CostBound> cost_bound;
  std::optional<uint64_t> time;  // flit model: when the last flit arrives
  uint64_t control_flits = 0;    // flit model: transfers that are control flits (format.md section 7.2)
  std::optional<bool> claim_steps_holds;
  std::optional<bool> claim_time_holds;
  ForwardingReport forwarding;  // time independence (store-and-forward grids)
  std::vector<StepStats> per_step;
  uint64_t bytes = 0;
};

}  // namespace schedcheck
