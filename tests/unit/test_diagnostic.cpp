// Tests of diagnostic.hpp: the error limit and the compiler-like form.
#include "diagnostic.hpp"

#include "support.hpp"

namespace schedcheck {
namespace {

TEST_CASE("past the limit errors are counted, not kept") {
  Diagnostics diag("t", 2);
  for (uint32_t line = 1; line <= 5; ++line) diag.error({line, 1}, Property::delivery, "m");
  CHECK(diag.total() == 5);
  CHECK(diag.kept().size() == 2);
  CHECK(diag.count(Property::delivery) == 5);
  CHECK(diag.limit_reached());
}

TEST_CASE("an error reads like a compiler's") {
  Diagnostics diag("a.sched", 5);
  diag.error({3, 7}, Property::link_disjoint, "channel used twice");
  CHECK(diag.format(diag.kept()[0]) == "a.sched:3:7: error: link-disjoint: channel used twice");
  CHECK_FALSE(diag.limit_reached());
}

}  // namespace
}  // namespace schedcheck
