// Fuzz target for the reader and the checks behind it: any bytes, checked as a schedule, must not crash.
//
// The input goes through the same entry point as `schedcheck check`
// (check_schedule over a LineSource), so a crash found here is one a user's
// file can trigger. Beyond not crashing (the sanitizers judge memory and
// undefined behaviour), it traps on broken promises of the diagnostics: a
// verified verdict with errors, more errors kept than the limit, or an error
// that names no position inside the input.
//
// Run: fuzz_reader -dict=tests/fuzz/reader.dict CORPUS_DIR tests/fuzz/seeds

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "checker.hpp"
#include "diagnostic.hpp"
#include "line_source.hpp"
#include "reader.hpp"
#include "verdict.hpp"

namespace {

// A small limit keeps each run short; the checker stops at it.
constexpr size_t error_limit = 8;

void require(bool condition) {
  if (!condition) __builtin_trap();
}

uint32_t count_lines(std::string_view text) {
  uint32_t lines = 0;
  for (char ch : text) lines += ch == '\n';
  return lines + (!text.empty() && text.back() != '\n');
}

// A network of tens of millions of nodes, or a collective whose bits of
// which node holds which message take gigabytes (a gossip on a path of
// 366666 nodes: 16.8 GB), is checked as any other on a machine that holds
// its state, but passes the fuzzer's 2 GB memory limit: such an input is
// read up to the end of its header only. The network's size is limited
// apart from the state: the lower bounds' distances from the root, a word
// per node, are not in the state's estimate.
constexpr uint64_t max_fuzzed_channels = uint64_t{1} << 24;
constexpr uint64_t max_fuzzed_state_bytes = uint64_t{256} << 20;

bool network_too_large_to_fuzz(std::string_view text) {
  schedcheck::LineSource source(text);
  schedcheck::Diagnostics diagnostics("fuzz.sched", error_limit);
  schedcheck::Header header;
  schedcheck::Reader reader(source, diagnostics);
  return reader.read_header(header) && header.topology &&
         (header.topology->channel_slots() > max_fuzzed_channels ||
          schedcheck::state_bytes_needed(header) > max_fuzzed_state_bytes);
}

void check_once(std::string_view text, bool per_step_stats) {
  schedcheck::LineSource source(text);
  schedcheck::Diagnostics diagnostics("fuzz.sched", error_limit);
  schedcheck::Header header;
  schedcheck::CheckOptions options;
  options.per_step_stats = per_step_stats;
  const schedcheck::Verdict verdict = schedcheck::check_schedule(source, header, diagnostics, options);

  require(!verdict.verified || (diagnostics.total() == 0 && verdict.header_ok));
  require(diagnostics.kept().size() <= error_limit);
  require(diagnostics.kept().size() <= diagnostics.total());
  // Errors at the end of the input point one line past the last one.
  const uint32_t last_line = count_lines(text) + 1;
  for (const schedcheck::Diagnostic& d : diagnostics.kept()) {
    require(d.pos.line >= 1 && d.pos.line <= last_line);
    require(d.pos.col >= 1);
    const std::string line = diagnostics.format(d);  // formatting must not crash either
    require(!line.empty());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // Odd and even lengths take the two values of the only option, so both
  // paths of the per-step statistics are covered without checking twice.
  try {
    if (!network_too_large_to_fuzz(text)) check_once(text, size % 2 == 0);
  } catch (const std::length_error&) {
    // A network whose state exceeds the machine's memory is refused before
    // it is allocated: the command line's exit 2, not a crash.
  }
  return 0;
}
