// Benchmark of the flit model's check on large generated scatters and gathers (Bhatt et al.), with its goal.
//
// The flit check keeps, per hop, the time interval its channel and ports are
// busy, so its cost grows with hops, not flits. The instances: FDF scatter
// and NRF gather on a seeded random tree of 100,000 nodes with lengths drawn
// from 0..10^6, and FDF on a random tree of 10,000 nodes with every message
// 10^6 flits (the goal: about a second). Each instance runs in a process of
// its own, which generates the schedule into a file, checks it once for a
// VERIFIED verdict, then times --runs checks and reports its own peak memory
// (VmHWM) before and after checking.
//
// Prints figures and asserts nothing about time; exits 1 when a schedule is
// not verified, 2 on usage or I/O errors.

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "bench_args.hpp"
#include "bench_timing.hpp"
#include "checker.hpp"
#include "line_source.hpp"
#include "peak_memory.hpp"
#include "rooted_generator.hpp"

namespace {

struct Instance {
  const char* generator;
  uint32_t nodes;
  uint64_t max_length;
  bool random_lengths;  // else every message max_length flits
  double goal_seconds;  // 0: none stated
};

const Instance instances[] = {
    {"scatter-fdf", 10000, 1000000, false, 1.0},
    {"scatter-fdf", 100000, 1000000, true, 0},
    {"gather-nrf", 100000, 1000000, true, 0},
};

// A random tree: each node's parent drawn among the nodes before it
// (expected depth about ln P), the same on every machine.
std::string random_tree_spec(uint32_t nodes, uint64_t seed) {
  std::mt19937_64 draw(seed);
  std::string spec = "tree:-";
  for (uint32_t v = 1; v < nodes; ++v) spec += "," + std::to_string(draw() % v);
  return spec;
}

int run_one(const Instance& in, uint32_t runs) {
  std::string error;
  auto network = schedcheck::gen::Network::parse(random_tree_spec(in.nodes, 2026), error);
  const schedcheck::gen::RootedGenerator* g = schedcheck::gen::find_rooted_generator(in.generator);
  if (!network || !g) {
    std::fprintf(stderr, "bench_flit: error: %s\n", error.c_str());
    return 2;
  }
  std::vector<uint64_t> lengths = in.random_lengths ? schedcheck::gen::random_lengths(in.nodes, in.max_length, 7)
                                                    : std::vector<uint64_t>(in.nodes, in.max_length);
  const std::string path = "/tmp/bench_flit_" + std::to_string(::getpid()) + ".sched";
  double generate_seconds = 0;
  {
    const auto start = BenchClock::now();
    const schedcheck::gen::RootedRequest request{std::move(*network), 0, std::move(lengths)};
    const auto schedule = schedcheck::gen::plan_rooted(*g, request, error);
    std::FILE* out = schedule ? std::fopen(path.c_str(), "w") : nullptr;
    if (!out) {
      std::fprintf(stderr, "bench_flit: error: %s\n", schedule ? std::strerror(errno) : error.c_str());
      return 2;
    }
    schedcheck::gen::write_flit_schedule(out, *g, request, *schedule);
    std::fclose(out);
    generate_seconds = seconds_since(start);
  }
  const long peak_before = own_peak_kib();

  std::vector<double> wall, cpu;
  schedcheck::Verdict verdict;
  for (uint32_t r = 0; r <= runs; ++r) {  // run 0 checks the verdict and warms the page cache
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return 2;
    schedcheck::LineSource source(fd);
    schedcheck::Diagnostics diagnostics(path);
    schedcheck::Header header;
    const auto start = BenchClock::now();
    const double cpu_start = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);
    verdict = schedcheck::check_schedule(source, header, diagnostics);
    if (r > 0) {
      wall.push_back(seconds_since(start));
      cpu.push_back(cpu_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start);
    }
    ::close(fd);
    if (!verdict.verified) {
      std::fprintf(stderr, "bench_flit: error: %s on %u nodes is not verified\n", in.generator, in.nodes);
      ::unlink(path.c_str());
      return 1;
    }
  }
  ::unlink(path.c_str());
  const double seconds = median(wall);
  std::printf("%-12s %7u %9s %9llu %9llu %12llu %7.2f %8.3f %8.3f %9.2f %9.1f %9.1f %9.1f",
              in.generator, in.nodes, in.random_lengths ? "0..10^6" : "10^6",
              static_cast<unsigned long long>(verdict.transfers), static_cast<unsigned long long>(verdict.hops),
              static_cast<unsigned long long>(*verdict.time), generate_seconds, seconds, median(cpu),
              static_cast<double>(verdict.transfers) / seconds / 1e6, static_cast<double>(verdict.hops) / seconds / 1e6,
              peak_before / 1024.0, own_peak_kib() / 1024.0);
  if (in.goal_seconds > 0)
    std::printf("   goal <= %.1f s: %s (%.2fx)", in.goal_seconds, seconds <= in.goal_seconds ? "met" : "missed",
                seconds / in.goal_seconds);
  std::printf("\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  uint32_t runs = 3, one = UINT32_MAX;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--runs" && i + 1 < argc && parse_count(argv[i + 1], runs) && runs > 0) {
      ++i;
    } else if (a == "--one" && i + 1 < argc && parse_count(argv[i + 1], one) && one < std::size(instances)) {
      ++i;
    } else {
      std::fprintf(stderr, "usage: bench_flit [--runs R]   (R timed checks per instance, the median reported; default 3)\n");
      return 2;
    }
  }
  if (one != UINT32_MAX) return run_one(instances[one], runs);

  std::printf("%-12s %7s %9s %9s %9s %12s %7s %8s %8s %9s %9s %9s %9s\n", "instance", "nodes", "lengths",
              "transfers", "hops", "time", "gen s", "check s", "cpu s", "Mtrans/s", "Mhops/s", "MiB gen", "MiB peak");
  int worst = 0;
  for (uint32_t i = 0; i < std::size(instances); ++i) {
    std::fflush(stdout);
    const pid_t child = ::fork();
    if (child < 0) return 2;
    if (child == 0) {
      const std::string index = std::to_string(i), r = std::to_string(runs);
      ::execl("/proc/self/exe", argv[0], "--runs", r.c_str(), "--one", index.c_str(), static_cast<char*>(nullptr));
      ::_exit(2);
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 2;
    worst = std::max(worst, code);
  }
  std::printf(
      "random trees: each node's parent drawn among the nodes before it (seed 2026); lengths drawn from 0..10^6\n"
      "(seed 7) or all 10^6 flits. check s: median wall time of check_schedule over the file (page cache warm),\n"
      "cpu s its CPU time; Mtrans/s, Mhops/s: transfers and hops per second of it; time: the verdict's time in\n"
      "flit units; MiB gen: the process's peak (VmHWM) after generating, MiB peak: after the checks.\n");
  return worst;
}
