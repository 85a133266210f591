// Bench timing: wall and CPU clocks and the median of repeated runs, for the benchmarks.
#pragma once

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

using BenchClock = std::chrono::steady_clock;

inline double seconds_since(BenchClock::time_point start) {
  return std::chrono::duration<double>(BenchClock::now() - start).count();
}

// CPU time of CLOCK_PROCESS_CPUTIME_ID or CLOCK_THREAD_CPUTIME_ID: it leaves
// out the time spent waiting for a CPU, which a busy machine adds to the wall
// clock, so both are reported.
inline double cpu_seconds(clockid_t clock) {
  timespec ts{};
  ::clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
