// Tests of read_ahead.hpp: a schedule of many batches checked with the second thread, without it and from memory gives the same verdict and errors.
#include "read_ahead.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "checker.hpp"
#include "support.hpp"

namespace schedcheck {
namespace {

// Gossip on a ring of n (n even) in n/2 steps: in step s each node sends
// on what it got s-1 steps before, one message each way; n^2 transfer lines.
std::vector<std::string> ring_gossip_lines(uint32_t n) {
  std::vector<std::string> lines = {"schedcheck 1", fmt::format("topology ring {}", n),
                                    "model store-and-forward all-port non-combining", "collective gossip"};
  for (uint32_t s = 1; s <= n / 2; ++s) {
    lines.push_back(fmt::format("step {}", s));
    for (uint32_t v = 0; v < n; ++v) {
      lines.push_back(fmt::format("  {} +1 : {}", v, (v + n - (s - 1)) % n));
      lines.push_back(fmt::format("  {} -1 : {}", v, (v + s - 1) % n));
    }
  }
  return lines;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

struct Outcome {
  std::vector<std::string> errors;
  size_t total = 0;
  Verdict verdict;
};

// Checks `text` from a file (so that the second thread may run) or from memory.
Outcome check(const std::string& text, size_t max_errors, bool from_file, bool thread) {
  Outcome out;
  Diagnostics diag("t.sched", max_errors);
  Header header;
  CheckOptions options;
  options.read_ahead_thread = thread;
  if (from_file) {
    const test::TempFile file(text);
    const int fd = ::open(file.path.c_str(), O_RDONLY);
    REQUIRE(fd >= 0);
    LineSource source(fd);
    REQUIRE(source.from_fd());
    out.verdict = check_schedule(source, header, diag, options);
    ::close(fd);
  } else {
    LineSource source{std::string_view(text)};
    out.verdict = check_schedule(source, header, diag, options);
  }
  for (const Diagnostic& d : diag.kept()) out.errors.push_back(diag.format(d));
  out.total = diag.total();
  return out;
}

void require_same(const Outcome& a, const Outcome& b) {
  CHECK(a.errors == b.errors);
  CHECK(a.total == b.total);
  CHECK(a.verdict.verified == b.verdict.verified);
  CHECK(a.verdict.stopped == b.verdict.stopped);
  CHECK(a.verdict.steps == b.verdict.steps);
  CHECK(a.verdict.transfers == b.verdict.transfers);
  CHECK(a.verdict.hops == b.verdict.hops);
  CHECK(a.verdict.missing == b.verdict.missing);
  CHECK(a.verdict.duplicates == b.verdict.duplicates);
  CHECK(a.verdict.per_step.size() == b.verdict.per_step.size());
}

TEST_CASE("a long ring gossip is verified the same with and without the second thread") {
  const std::string text = joined(ring_gossip_lines(160));  // 25,600 transfers: several batches
  const Outcome threaded = check(text, 20, true, true);
  CHECK(threaded.errors.empty());
  CHECK(threaded.verdict.verified);
  CHECK(threaded.verdict.steps == 80);
  CHECK(threaded.verdict.transfers == 25600);
  require_same(threaded, check(text, 20, true, false));
  require_same(threaded, check(text, 20, false, true));
}

// "file:LINE:" of a formatted error.
uint32_t line_of(const std::string& error) { return static_cast<uint32_t>(std::stoul(error.substr(error.find(':') + 1))); }

TEST_CASE("errors in many batches come out in line order, and the check stops at the limit's line") {
  std::vector<std::string> lines = ring_gossip_lines(160);
  // lines[k] is line k+1; step s is line 5 + (s-1)*321, its transfers follow.
  lines[20] = "  3 +1 junk";                                   // syntax, step 1
  lines[5 + 15 * 321 + 7] = "  9 +1 : 40";                     // causality: 9 lacks 40 in step 16
  lines[5 + 15 * 321 + 9] = lines[5 + 15 * 321 + 11];          // link-disjoint: one channel twice in step 16
  lines[4 + 30 * 321] = "step 33";                             // well-formed: step 31 numbered 33
  lines[5 + 50 * 321 + 100] = "  (200) +1 : 3";                // well-formed: no node 200
  lines[5 + 70 * 321 + 2] = "  5 +2 : 5";                      // well-formed: no dimension 2
  const std::string text = joined(lines);
  const Outcome all = check(text, 1000, true, true);
  for (const char* expected :
       {"t.sched:21:8: error: syntax: unexpected 'junk' in a transfer",
        "t.sched:4832:5: error: link-disjoint: channel 5->4 used twice in step 16 (first at line 4830)",
        "t.sched:9635:6: error: well-formed: step 33 follows step 30: steps are numbered 1, 2, 3, ... in order",
        "t.sched:16156:3: error: well-formed: node (200) is not in ring 160",
        "t.sched:22478:5: error: well-formed: dimension 2 does not exist in ring 160 (dimensions 1..1)"}) {
    CAPTURE(expected);
    CHECK(std::find(all.errors.begin(), all.errors.end(), expected) != all.errors.end());
  }
  // The dropped messages leave later senders short: causality errors to the end.
  REQUIRE(all.errors.size() > 200);
  CHECK_FALSE(all.verdict.stopped);
  for (size_t i = 1; i < all.errors.size(); ++i) {
    if (line_of(all.errors[i]) != 4) CHECK(line_of(all.errors[i - 1]) <= line_of(all.errors[i]));  // delivery last
  }
  const size_t step_error =
      std::find_if(all.errors.begin(), all.errors.end(), [](const std::string& e) { return line_of(e) == 9635; }) -
      all.errors.begin();
  for (size_t limit : {size_t{1}, size_t{2}, size_t{17}, step_error, step_error + 1, step_error + 2, size_t{123},
                       size_t{124}, size_t{200}}) {
    CAPTURE(limit);
    const Outcome threaded = check(text, limit, true, true);
    // The first `limit` errors in line order, and every step and transfer up to the line of the last.
    CHECK(threaded.verdict.stopped);
    CHECK(threaded.errors == std::vector<std::string>(all.errors.begin(), all.errors.begin() + limit));
    const uint32_t stop = line_of(all.errors[limit - 1]);
    uint64_t steps = 0, transfers = 0;
    for (uint32_t line = 1; line <= stop; ++line) {
      const std::string& l = lines[line - 1];
      if (l.starts_with("step")) ++steps;
      if (l.starts_with("  ") && line != 21 && line != 16156 && line != 22478) ++transfers;
    }
    CHECK(threaded.verdict.steps == steps);
    CHECK(threaded.verdict.transfers == transfers);
    require_same(threaded, check(text, limit, true, false));
    require_same(threaded, check(text, limit, false, true));
  }
}

}  // namespace
}  // namespace schedcheck
