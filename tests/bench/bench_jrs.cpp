// Benchmark of the Juurlink-Rao-Sibeyn gossip generators streamed into the checker: rings, 128x128 and 16x16x16.
//
// Five instances at r = 10: the best circgos on a ring of 729 (Table 1's
// size), the best coloured torgos and highdimgos' with approach 21 on the
// 128 x 128 torus, the best cubgos' and highdimgos' with approach 2 on the
// 16 x 16 x 16 torus. Each runs in a process
// of its own (this program re-run with --one), which streams the schedule
// through a pipe into the core (pipe_check.hpp), checks for VERIFIED with the
// claimed cost, and reports its peak memory (VmHWM). Prints medians over
// --runs and asserts nothing about time; exits 1 if a schedule is not
// verified, 2 on usage or I/O errors.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "bench_args.hpp"
#include "bench_timing.hpp"
#include "jrs_generator.hpp"
#include "peak_memory.hpp"
#include "pipe_check.hpp"

namespace {

struct Instance {
  const char* generator;
  std::vector<uint32_t> sizes;
  const char* phases;  // "" for circgos, torgos and cubgos
  bool best;           // circgos, torgos, cubgos: --best
};

const Instance instances[] = {
    {"gossip-circgos", {729}, "", true},
    {"gossip-torgos-coloured", {128, 128}, "", true},
    {"gossip-highdimgos-coloured", {128, 128}, "2,1", false},
    {"gossip-cubgos-coloured", {16, 16, 16}, "", true},
    {"gossip-highdimgos-coloured", {16, 16, 16}, "2", false},
};

constexpr double r = 10;

int run_one(const Instance& in, uint32_t runs) {
  namespace gen = schedcheck::gen;
  const gen::JrsGenerator* g = gen::find_jrs_generator(in.generator);
  if (!g) return 2;
  gen::JrsRequest request;
  request.grid.sizes = in.sizes;
  request.grid.torus = true;
  request.r = r;
  request.best = in.best;
  if (*in.phases) request.grid.phases = *gen::parse_phase_list(in.phases);
  if (const std::string refused = g->prepare(request); !refused.empty()) {
    std::fprintf(stderr, "bench_jrs: error: %s\n", refused.c_str());
    return 2;
  }
  std::string name = g->name + " ";
  for (size_t d = 0; d < in.sizes.size(); ++d) {
    if (d) name += 'x';
    name += std::to_string(in.sizes[d]);
  }
  if (request.a && in.sizes.size() > 1) name += " (" + std::to_string(request.a) + "," + std::to_string(request.b) + ")";
  std::vector<double> wall, check_cpu, write_cpu;
  Pipelined last;
  for (uint32_t run = 0; run < runs; ++run) {
    last = generate_and_check(name, [&](std::FILE* out) {
      const double cpu = cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
      std::setvbuf(out, nullptr, _IOFBF, chunk);
      gen::write_jrs_schedule(out, *g, request);
      std::fclose(out);
      return cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - cpu;
    });
    const schedcheck::Verdict& v = last.verdict;
    if (!v.verified || !last.errors.empty() || !v.claim_time_holds.value_or(false)) {
      std::fprintf(stderr, "bench_jrs: error: %s is not VERIFIED with its claim:\n", name.c_str());
      for (const std::string& e : last.errors) std::fprintf(stderr, "  %s\n", e.c_str());
      return 1;
    }
    wall.push_back(last.seconds);
    check_cpu.push_back(last.check_cpu);
    write_cpu.push_back(last.write_cpu);
  }
  const schedcheck::Verdict& v = last.verdict;
  const double seconds = median(wall);
  std::printf("%-44s %8llu %5llu %9llu %11llu %8.2f %8.2f %8.2f %8.1f %8.2f %9.1f %9.1f\n", name.c_str(),
              static_cast<unsigned long long>(v.transfers), static_cast<unsigned long long>(v.steps),
              static_cast<unsigned long long>(v.hops), static_cast<unsigned long long>(v.bytes), seconds,
              median(write_cpu), median(check_cpu), static_cast<double>(v.bytes) / seconds / 1e6,
              static_cast<double>(v.hops) / seconds / 1e6, *v.cost, own_peak_kib() / 1024.0);
  return 0;
}

void usage(std::FILE* to) {
  std::fprintf(to,
               "usage: bench_jrs [--runs R]\n"
               "  --runs R   runs per instance, the median is reported (default 3)\n"
               "exit code: 0 all schedules verified, 1 one was not, 2 usage or I/O error\n");
}

}  // namespace

int main(int argc, char** argv) {
  uint32_t runs = 3, one = UINT32_MAX;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--help" || a == "-h") {
      usage(stdout);
      return 0;
    } else if (a == "--runs" && has_value && parse_count(argv[i + 1], runs) && runs > 0) {
      ++i;
    } else if (a == "--one" && has_value && parse_count(argv[i + 1], one) && one < std::size(instances)) {
      ++i;
    } else {
      std::fprintf(stderr, "bench_jrs: error: bad argument '%s'\n", argv[i]);
      usage(stderr);
      return 2;
    }
  }
  if (one != UINT32_MAX) return run_one(instances[one], runs);
  std::printf("%-44s %8s %5s %9s %11s %8s %8s %8s %8s %8s %9s %9s\n", "instance", "packets", "steps", "hops", "bytes",
              "pipe s", "writer", "checker", "MB/s", "Mhops/s", "cost", "peak MiB");
  int worst = 0;
  for (size_t i = 0; i < std::size(instances); ++i) {
    std::fflush(stdout);
    const pid_t child = ::fork();
    if (child < 0) return 2;
    if (child == 0) {
      const std::string index = std::to_string(i), r_text = std::to_string(runs);
      ::execl("/proc/self/exe", argv[0], "--runs", r_text.c_str(), "--one", index.c_str(), static_cast<char*>(nullptr));
      ::_exit(2);
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    worst = std::max(worst, WIFEXITED(status) ? WEXITSTATUS(status) : 2);
  }
  std::printf("medians of %u run(s), r = %g. pipe s: generator and core together, the text streamed through a pipe\n"
              "(writer: the generator thread's CPU time; checker: the core's); MB/s, Mhops/s: text, hops / pipe s; cost:\n"
              "the core's, in units of l*t_l; peak MiB: the instance's own process (VmHWM); (a,b): the --best choice.\n",
              runs, r);
  return worst;
}
