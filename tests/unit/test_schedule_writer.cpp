// Tests of the schedule writer (checker/text/schedule_writer.hpp): a whole schedule's canonical text.
#include <doctest/doctest.h>

#include <string>

#include "line_source.hpp"
#include "schedule_writer.hpp"

namespace schedcheck {
namespace {

TEST_CASE("schedule writer: the canonical text merges repeated moves and keeps the lines that parse") {
  LineSource source(std::string_view("schedcheck 1\n"
                                     "topology torus 4x4   # a comment\n"
                                     "model wormhole all-port\n"
                                     "collective broadcast source (0,0)\n"
                                     "step 1\n"
                                     "(0,0) +1 +1\n"
                                     "(0,0) +7\n"
                                     "0 -2\n"));
  Diagnostics diag("<text>", 20);
  const auto text = canonical_text(source, diag, NodeNaming::coordinates);
  REQUIRE(text.has_value());
  CHECK(*text ==
        "schedcheck 1\n"
        "topology torus 4x4\n"
        "model wormhole all-port free non-combining\n"
        "collective broadcast source (0,0) length 1\n"
        "step 1\n"
        "  (0,0) +1*2\n"
        "  (0,0) -2\n");
  REQUIRE(diag.total() == 1);  // +7: no such dimension
  CHECK(diag.kept()[0].pos.line == 7);
}

TEST_CASE("schedule writer: no text when the header does not parse") {
  LineSource source(std::string_view("schedcheck 1\ntopology torus 4x4\nmodel warp\n"));
  Diagnostics diag("<text>", 20);
  CHECK_FALSE(canonical_text(source, diag, NodeNaming::indices).has_value());
  CHECK(diag.total() > 0);
}

}  // namespace
}  // namespace schedcheck
