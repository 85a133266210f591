// Tests of schedules/interval_split.hpp: the (2k+1)-way recursion reaches every strip in ceil(log) steps.
#include "interval_split.hpp"

#include <doctest/doctest.h>

#include <cstddef>
#include <set>

namespace schedcheck::gen {
namespace {

uint32_t ceil_log(int64_t base, int64_t m) {
  uint32_t s = 0;
  for (int64_t r = 1; r < m; r *= base) ++s;
  return s;
}

TEST_CASE("every strip is informed exactly once, within ceil(log_p m) steps") {
  for (auto [below, above] : {std::pair{1, 1}, {2, 2}, {3, 3}, {4, 4}, {0, 1}}) {
    const int64_t p = below + above + 1;
    for (int64_t m = 1; m <= 700; ++m) {
      CAPTURE(below);
      CAPTURE(m);
      const auto steps = distribution(m, below, above);
      REQUIRE(steps.size() == ceil_log(p, m));
      REQUIRE(split_steps(m, below, above) == steps.size());
      std::set<int64_t> informed{0};
      const int64_t first = below == 0 ? 0 : -(m - 1) / 2;
      for (const auto& sends : steps) {
        std::set<int64_t> added;
        for (const Send& s : sends) {
          REQUIRE(informed.count(s.from) == 1);  // only holders send
          REQUIRE(informed.count(s.to) == 0);    // nobody is informed twice
          REQUIRE(s.to >= first);
          REQUIRE(s.to < first + m);
          REQUIRE(s.side != 0);
          REQUIRE(s.side >= -below);
          REQUIRE(s.side <= above);
          REQUIRE((s.side > 0) == (s.to > s.from));  // parts after the holder lie after it
          added.insert(s.to);
        }
        informed.insert(added.begin(), added.end());
      }
      REQUIRE(informed.size() == static_cast<size_t>(m));
    }
  }
}

TEST_CASE("a holder sends at most once per side in a step") {
  for (int64_t m : {5, 24, 25, 26, 124, 125, 126, 600}) {
    for (const auto& sends : distribution(m, 2, 2)) {
      std::set<std::pair<int64_t, int>> seen;
      for (const Send& s : sends) REQUIRE(seen.insert({s.from, s.side}).second);
    }
  }
}

}  // namespace
}  // namespace schedcheck::gen
