// Tests of read_ahead.hpp: the blocks it hands over, and checks that read ahead on a second thread or not agree.
#include "read_ahead.hpp"

#include <fmt/format.h>

#include "checker.hpp"
#include "support.hpp"

namespace schedcheck {
namespace {

constexpr std::string_view ring_header =
    "schedcheck 1\ntopology ring 600\nmodel store-and-forward all-port non-combining\ncollective gossip\n";

// Gossip on a ring of 600, both ways round, for `steps` steps (too few to
// deliver everything): 1,200 lines a step, so a step spans blocks.
std::string ring_gossip(uint32_t steps) {
  constexpr uint32_t n = 600;
  std::string s(ring_header);
  for (uint32_t step = 1; step <= steps; ++step) {
    s += fmt::format("step {}\n", step);
    for (uint32_t v = 0; v < n; ++v) {
      s += fmt::format("  {} +1 : {}\n", v, (v + n - (step - 1)) % n);
      s += fmt::format("  {} -1 : {}\n", v, (v + step - 1) % n);
    }
  }
  return s;
}

// Replaces the `k`-th line (1-based) of `text`.
std::string with_line(std::string text, size_t k, std::string_view line) {
  size_t begin = 0;
  for (size_t i = 1; i < k; ++i) begin = text.find('\n', begin) + 1;
  const size_t end = text.find('\n', begin);
  return text.replace(begin, end - begin, line);
}

std::string summary(const test::Checked& c) {
  const Verdict& v = c.verdict;
  std::string s = fmt::format("verified={} stopped={} steps={} transfers={} hops={} missing={} duplicates={} "
                              "forwarding={}/{}\n",
                              v.verified, v.stopped, v.steps, v.transfers, v.hops, v.missing, v.duplicates,
                              to_string(v.forwarding.kind), v.forwarding.held_back);
  for (const Diagnostic& d : c.diagnostics.kept()) s += c.diagnostics.format(d) + "\n";
  return s;
}

test::Checked check(std::string_view text, size_t max_errors, bool thread) {
  test::Checked out;
  out.diagnostics = Diagnostics("t.sched", max_errors);
  LineSource source(text);
  CheckOptions options;
  options.read_ahead_thread = thread;
  out.verdict = check_schedule(source, out.header, out.diagnostics, options);
  return out;
}

TEST_CASE("blocks: fast lines as transfers, any other line raw, in the order of the text") {
  const std::string text = std::string(ring_header) + "step 1\n  0 +1 : 0\n\n  1 > 2 : 1\n# note\n  2 -1 : 2\nstep 2\n";
  Diagnostics diag("t.sched");
  for (const auto mode : {ReadAhead::Mode::thread, ReadAhead::Mode::inline_reading}) {
    LineSource source(text);
    Header header;
    Reader reader(source, diag);
    REQUIRE(reader.read_header(header));
    Transfer first;
    REQUIRE(reader.first_body_line(first) == Reader::Event::step);
    REQUIRE(reader.fast_path_applies());
    ReadAhead ahead(source, reader, true, mode);
    const ReadAhead::Block& b = ahead.next();
    CHECK(b.end);
    REQUIRE(b.count() == 6);
    CHECK_FALSE(b.raw(0));
    CHECK(b.view(0).from == 0);
    CHECK(b.view(0).pos.line == 6);
    CHECK(b.view(0).messages.size() == 1);
    CHECK(b.raw(1));
    CHECK(b.raw_line(1).empty());
    CHECK(b.raw_line(2) == "  1 > 2 : 1");
    CHECK(b.entries[2].pos.line == 8);
    CHECK(b.raw_line(3) == "# note");
    CHECK(b.view(4).from == 2);
    CHECK(b.view(4).moves[0].negative);
    CHECK(b.raw_line(5) == "step 2");
  }
  CHECK(diag.total() == 0);
}

TEST_CASE("blocks: without the fast path every line is raw") {
  const std::string text = std::string(ring_header) + "step 1\n  0 +1 : 0\n";
  LineSource source(text);
  Diagnostics diag("t.sched");
  Header header;
  Reader reader(source, diag);
  REQUIRE(reader.read_header(header));
  Transfer first;
  REQUIRE(reader.first_body_line(first) == Reader::Event::step);
  ReadAhead ahead(source, reader, false, ReadAhead::Mode::thread);
  const ReadAhead::Block& b = ahead.next();
  REQUIRE(b.count() == 1);
  CHECK(b.raw(0));
  CHECK(b.raw_line(0) == "  0 +1 : 0");
}

// Many blocks with defects inside them; every error limit: the checks see
// the same lines in the same order with the second thread or without it.
TEST_CASE("read ahead on a thread or inline: the same verdict and diagnostics") {
  const std::string clean = ring_gossip(12);
  // Line numbers: the header is 4 lines, each step 1 + 1,200.
  const std::string defects[] = {
      clean,
      with_line(clean, 4 + 1201 * 3 + 7, "  3 +1 : 3 # a comment"),         // slow but correct
      with_line(clean, 4 + 1201 * 4 + 9, "  4 +1 : 300"),                   // causality
      with_line(clean, 4 + 1201 * 5 + 2, "  0 -1 : 4"),                     // link-disjoint (twice -1 from 0)
      with_line(clean, 4 + 1201 * 6 + 1, "step 9"),                         // step numbering
      with_line(with_line(clean, 4 + 1201 * 2 + 100, "  49 +1 : 49/0"),    // parts that do not exist
                4 + 1201 * 8 + 500, ""),
  };
  for (size_t k = 0; k < std::size(defects); ++k) {
    for (const size_t max_errors : {1, 2, 5, 50}) {
      CAPTURE(k);
      CAPTURE(max_errors);
      const test::Checked threaded = check(defects[k], max_errors, true);
      const test::Checked inline_read = check(defects[k], max_errors, false);
      CHECK(summary(threaded) == summary(inline_read));
      CHECK(threaded.verdict.transfers > 0);
    }
  }
  // The comparison is meaningful: the defects are found.
  CHECK(summary(check(defects[2], 50, true)).find("causality") != std::string::npos);
  CHECK(summary(check(defects[3], 50, true)).find("link-disjoint") != std::string::npos);
  CHECK(check(defects[0], 50, true).verdict.transfers == 12 * 1200);
}

}  // namespace
}  // namespace schedcheck
