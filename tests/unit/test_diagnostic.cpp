// Tests of diagnostic.hpp: the error limit, and held errors passed on in line order.
#include "diagnostic.hpp"

#include "support.hpp"

namespace schedcheck {
namespace {

std::string lines_of(const Diagnostics& diag) {
  std::string out;
  for (const Diagnostic& d : diag.kept()) out += fmt::format("{}:{} ", d.pos.line, d.pos.col);
  return out;
}

TEST_CASE("held errors are passed on in line order, those of one line in the order they came") {
  Diagnostics diag("t", 10);
  diag.hold();
  diag.error({7, 3}, Property::causality, "c");
  diag.error({5, 9}, Property::link_disjoint, "a");
  diag.error({7, 1}, Property::port_limit, "b");
  diag.error({5, 2}, Property::syntax, "d");
  CHECK(diag.total() == 0);  // held, not yet counted
  CHECK(diag.kept().empty());
  CHECK(diag.release() == Diagnostics::no_line);
  CHECK(lines_of(diag) == "5:9 5:2 7:3 7:1 ");
  CHECK(diag.total() == 4);
  diag.error({2, 1}, Property::claim, "after release, at once");
  CHECK(lines_of(diag) == "5:9 5:2 7:3 7:1 2:1 ");
}

TEST_CASE("release stops after the line whose errors reach the limit, and says which") {
  Diagnostics diag("t", 3);
  diag.hold();
  diag.error({9, 1}, Property::causality, "later line: dropped");
  diag.error({4, 1}, Property::causality, "x");
  diag.error({6, 1}, Property::causality, "y");
  CHECK(diag.limit_reached());  // held errors count, so a reader stops at the limit
  diag.error({6, 5}, Property::causality, "z, same line: kept in the count");
  CHECK(diag.release() == 6);
  CHECK(diag.total() == 3);
  CHECK(lines_of(diag) == "4:1 6:1 6:5 ");
  CHECK(diag.limit_reached());
}

TEST_CASE("past the limit errors are counted, not kept") {
  Diagnostics diag("t", 2);
  for (uint32_t line = 1; line <= 5; ++line) diag.error({line, 1}, Property::delivery, "m");
  CHECK(diag.total() == 5);
  CHECK(diag.kept().size() == 2);
  CHECK(diag.count(Property::delivery) == 5);
}

}  // namespace
}  // namespace schedcheck
