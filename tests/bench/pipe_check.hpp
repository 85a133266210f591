// Pipe check: a generator's text streamed through a pipe into the core, in one process, for the benchmarks.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bench_timing.hpp"
#include "checker.hpp"
#include "line_source.hpp"

// Large buffers and a large pipe: the writer and the checker then hand over
// a few thousand times per schedule instead of once per page.
constexpr size_t chunk = size_t{1} << 20;

struct Pipelined {
  schedcheck::Verdict verdict;
  std::vector<std::string> errors;
  double seconds = 0;
  double check_cpu = 0;
  double write_cpu = 0;
};

// `write` writes the whole schedule to the stream it is given, closes it and
// returns its CPU time, from a thread of its own; the core checks the read
// end in this one, as `schedcheck gen ... | schedcheck check -` would.
inline Pipelined generate_and_check(const std::string& name, const std::function<double(std::FILE*)>& write) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  ::fcntl(fds[1], F_SETPIPE_SZ, static_cast<int>(chunk));  // a hint: the default size is only slower
  Pipelined r;
  std::string writer_error;
  const auto start = BenchClock::now();
  // The core's CPU time is the process's less the writer's (the writer
  // thread measures its own).
  const double process_cpu = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);
  std::thread writing([&] {
    std::FILE* out = ::fdopen(fds[1], "w");
    if (!out) {
      writer_error = std::string("fdopen: ") + std::strerror(errno);
      ::close(fds[1]);
      return;
    }
    try {
      r.write_cpu = write(out);
    } catch (const std::exception& e) {
      writer_error = e.what();
    }
  });
  schedcheck::Diagnostics diag(name, 10);
  {
    schedcheck::LineSource source(fds[0]);
    schedcheck::Header header;
    schedcheck::CheckOptions options;
    options.per_step_stats = false;  // as `schedcheck check` without --json
    r.verdict = schedcheck::check_schedule(source, header, diag, options);
  }
  const double core_cpu_end = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);
  // The core stops at its error limit; the writer must still be able to finish.
  std::vector<char> sink(chunk);
  for (;;) {
    const ssize_t got = ::read(fds[0], sink.data(), sink.size());
    if (got > 0 || (got < 0 && errno == EINTR)) continue;
    break;
  }
  writing.join();
  r.seconds = seconds_since(start);
  r.check_cpu = core_cpu_end - process_cpu - r.write_cpu;
  ::close(fds[0]);
  for (const auto& d : diag.kept()) r.errors.push_back(diag.format(d));
  if (diag.total() > diag.kept().size())
    r.errors.push_back("... and " + std::to_string(diag.total() - diag.kept().size()) + " more error(s)");
  if (!writer_error.empty()) r.errors.push_back("the generator failed: " + writer_error);
  return r;
}
