// Checker: reads a schedule once and runs every check of specs/properties.md over it.
#pragma once

#include "diagnostic.hpp"
#include "line_source.hpp"
#include "schedule.hpp"
#include "verdict.hpp"

namespace schedcheck {

struct CheckOptions {
  bool per_step_stats = true;  // keep StepStats for every step (for --json)
};

// The bytes a check of a schedule with this header allocates before it reads
// the body: per node and message, per channel and per node. A check refuses
// (std::length_error) a header whose state passes the machine's memory.
uint64_t state_bytes_needed(const Header& header);

// Checks the schedule in `source`; errors go to `diagnostics`. The header is
// left in `header` for the caller's verdict line.
Verdict check_schedule(LineSource& source, Header& header, Diagnostics& diagnostics,
                       const CheckOptions& options = {});

}  // namespace schedcheck
