// Deadline: the end of a run's time, read while its encoding is built and not only by the solver.
//
// On a large torus the constraints alone take minutes and gigabytes (32x32
// broadcast under dimension-order-shorter, one step: 3.5 GB; 12x12 gossip
// in 36 steps: 7 GB), and Z3's own time limit covers only its check. So the
// loops that build an encoding read the clock and leave by OutOfTime.
#pragma once

#include <chrono>
#include <cstddef>

#include "solver_memory.hpp"

namespace schedcheck::search {

struct OutOfTime {};

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  Deadline() = default;  // none
  explicit Deadline(Clock::time_point at) : at_(at) {}
  // `seconds` from now; past a century the clock's count would overflow, and that is none.
  static Deadline in(double seconds) {
    if (!(seconds < 3e9)) return {};
    return Deadline(Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds)));
  }

  Clock::time_point at() const { return at_; }
  bool passed() const { return Clock::now() > at_; }
  // Throws OutOfTime once the deadline has passed. Called at the i-th pass
  // of a loop, it reads the clock at every 4096th; with no argument, at
  // every call, for a loop each of whose passes may take long. There it
  // also asks whether Z3's memory nears its limit (solver_memory.hpp).
  void keep(size_t i = 0) const {
    if (i % 4096 != 0) return;
    if (passed()) throw OutOfTime{};
    keep_solver_memory();
  }

 private:
  Clock::time_point at_ = Clock::time_point::max();
};

}  // namespace schedcheck::search
