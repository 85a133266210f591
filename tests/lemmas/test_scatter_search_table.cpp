// Tests of scatter_search_table.hpp: every row of `table search-scatter` is settled at the core's bound, its witnesses verified.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "scatter_search_table.hpp"

namespace schedcheck::lemmas {
namespace {

TEST_CASE("store-and-forward scatter and gather on tori up to 16x16 and 5x5x5: the optimum is the core's bound") {
  size_t rows = 0;
  search_scatter_rows(16, 5, 60, [&](const SearchScatterRow& r) {
    CAPTURE(r.torus);
    CAPTURE(r.ports);
    ++rows;
    CHECK_FALSE(r.failed);
    for (const Searched* s : {&r.scatter, &r.gather}) {
      CHECK(s->proven);
      CHECK(s->steps == r.lower_bound);
      CHECK_FALSE(s->rejected);
    }
  });
  // 120 2-D tori and 20 3-D ones, all-port and one-port.
  CHECK(rows == 2 * (120 + 20));
}

TEST_CASE("the one-port bound is P - 1 and the all-port one at least the eccentricity") {
  search_scatter_rows(4, 3, 60, [&](const SearchScatterRow& r) {
    CAPTURE(r.torus);
    if (std::string(r.ports) == "one-port") CHECK(r.lower_bound == r.nodes - 1);
    else CHECK(r.lower_bound <= r.nodes - 1);
  });
}

}  // namespace
}  // namespace schedcheck::lemmas
