// Stepwise broadcast: the seeded tries and the witness text.
#include "stepwise_broadcast.hpp"

#include <algorithm>
#include <random>

#include <fmt/format.h>

namespace schedcheck::search {

std::optional<std::string> stepwise_broadcast(const Grid& grid, uint32_t steps, const StepwiseLimits& limits,
                                              const StepFinder& find_step) {
  const uint32_t P = grid.node_count();
  if (steps == 0) return P == 1 ? std::optional<std::string>("") : std::nullopt;
  std::vector<uint32_t> rank(P);
  for (uint32_t t = 0; t < limits.tries; ++t) {
    std::mt19937 random(t + 1);
    for (uint32_t v = 0; v < P; ++v) rank[v] = v;
    std::shuffle(rank.begin(), rank.end(), random);
    std::vector<bool> informed(P, false);
    informed[0] = true;
    uint32_t informed_count = 1;
    std::string body;
    for (uint32_t s = 1; s <= steps; ++s) {
      const double left = std::chrono::duration<double>(limits.deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return std::nullopt;
      const std::optional<std::vector<StepPath>> step = find_step({informed, informed_count, rank, s == steps, left});
      if (!step) break;
      body += fmt::format("step {}\n", s);
      for (const StepPath& p : *step) {
        body += fmt::format("  {} {}\n", grid.node_name(p.from), p.moves);
        informed[p.to] = true;
        ++informed_count;
      }
    }
    if (informed_count == P) return body;
  }
  return std::nullopt;
}

}  // namespace schedcheck::search
