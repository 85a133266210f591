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

// What release() must give: all held errors sorted by line (stably), passed
// on one by one up to the end of the line at which the limit is reached.
struct Expected {
  std::vector<std::string> kept;
  size_t total = 0;
  size_t per_property[property_count] = {};
  uint32_t stop = Diagnostics::no_line;
};

Expected expected(std::vector<Diagnostic> held, size_t limit) {
  std::stable_sort(held.begin(), held.end(), [](const Diagnostic& a, const Diagnostic& b) { return a.pos.line < b.pos.line; });
  Expected e;
  for (size_t i = 0; i < held.size() && e.stop == Diagnostics::no_line; ++i) {
    if (e.total++ < limit) e.kept.push_back(held[i].message);
    ++e.per_property[static_cast<int>(held[i].property)];
    if (e.total >= limit && (i + 1 == held.size() || held[i + 1].pos.line != held[i].pos.line)) e.stop = held[i].pos.line;
  }
  return e;
}

TEST_CASE("many held errors (a path that reuses every channel of a long ring) give what holding them all would") {
  uint64_t seed = 12345;
  auto next = [&](uint64_t n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (seed >> 33) % n;
  };
  for (size_t limit : {1, 3, 20}) {
    for (size_t count : {10, 100, 1000, 5000}) {
      for (uint32_t lines : {1, 5, 40}) {
        CAPTURE(limit);
        CAPTURE(count);
        CAPTURE(lines);
        std::vector<Diagnostic> held;
        Diagnostics diag("t", limit);
        diag.hold();
        for (size_t i = 0; i < count; ++i) {
          const Diagnostic d{{static_cast<uint32_t>(1 + next(lines)), static_cast<uint32_t>(i + 1)},
                             static_cast<Property>(1 + next(5)), fmt::format("e{}", i)};
          held.push_back(d);
          diag.error(d.pos, d.property, d.message);
        }
        const Expected e = expected(held, limit);
        CHECK(diag.release() == e.stop);
        CHECK(diag.total() == e.total);
        for (int p = 0; p < property_count; ++p) CHECK(diag.count(static_cast<Property>(p)) == e.per_property[p]);
        REQUIRE(diag.kept().size() == e.kept.size());
        for (size_t i = 0; i < e.kept.size(); ++i) CHECK(diag.kept()[i].message == e.kept[i]);
      }
    }
  }
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
