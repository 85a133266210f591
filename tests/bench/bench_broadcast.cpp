// Benchmark of the broadcast generators with the checker: 3-D on 64x64x64 and 2-D on 1024x1024.
//
// For each instance the generator writes its schedule to a file (node
// indices), then the core checks that file, as `schedcheck gen ... -o FILE`
// followed by `schedcheck check FILE` would. Each instance runs in a fresh
// process (this program re-run with --one), so its peak resident memory
// (VmHWM) is its own. Prints medians over --runs; asserts nothing about time;
// exits 1 if a schedule is not verified.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "checker.hpp"
#include "bench_timing.hpp"
#include "peak_memory.hpp"
#include "generator.hpp"

namespace {

struct Instance {
  const char* generator;
  std::vector<uint32_t> sizes;
};

// Generates and checks one instance `runs` times; prints one line of figures.
int run_one(const Instance& in, int runs) {
  using namespace schedcheck;
  const gen::Generator* g = gen::find_generator(in.generator);
  const gen::Torus torus{in.sizes};
  gen::Request request{torus};
  gen::Claim claim;
  std::string error;
  if (!g || !g->claim(request, claim, error)) {
    std::fprintf(stderr, "bench_broadcast: %s: %s\n", in.generator, error.c_str());
    return 2;
  }
  char path[] = "/tmp/bench_broadcast.XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return 2;
  close(fd);
  std::vector<double> generate, check;
  Verdict verdict;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = BenchClock::now();
    std::FILE* out = std::fopen(path, "w");
    {
      gen::ScheduleText text(out, torus, gen::Coord(torus.dimensions(), 0), true);
      text.header(g->model, "broadcast source 0", claim);
      g->write(request, text);
    }
    std::fclose(out);
    generate.push_back(seconds_since(t0));
    const auto t1 = BenchClock::now();
    const int in_fd = open(path, O_RDONLY);
    LineSource source(in_fd);
    Diagnostics diag(path, 5);
    Header header;
    verdict = check_schedule(source, header, diag);
    close(in_fd);
    check.push_back(seconds_since(t1));
    if (!verdict.verified) {
      for (const auto& d : diag.kept()) std::fprintf(stderr, "%s\n", diag.format(d).c_str());
      std::remove(path);
      return 1;
    }
  }
  std::remove(path);
  const double gen_s = median(generate), check_s = median(check);
  std::printf("%-24s %-12s %10llu %6llu %9.3f %9.3f %9.3f %12.1f %9.1f  VERIFIED steps=%llu lower-bound=%llu\n",
              in.generator, torus.describe().c_str(), static_cast<unsigned long long>(verdict.transfers),
              static_cast<unsigned long long>(verdict.steps), gen_s, check_s, gen_s + check_s,
              verdict.transfers / check_s / 1e6, own_peak_kib() / 1024.0, static_cast<unsigned long long>(verdict.steps),
              static_cast<unsigned long long>(verdict.best ? verdict.best->steps : 0));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<Instance> instances = {
      {"broadcast-3d", {64, 64, 64}},
      {"broadcast-diagonal-2d", {1024, 1024}},
      {"broadcast-span", {16, 16, 16, 16}},
  };
  int runs = 3;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--one") == 0 && i + 1 < argc)
      return run_one(instances.at(static_cast<size_t>(std::atoi(argv[++i]))), runs);
    else {
      std::fprintf(stderr, "usage: bench_broadcast [--runs R]\n");
      return 2;
    }
  }
  std::printf("%-24s %-12s %10s %6s %9s %9s %9s %12s %9s\n", "generator", "torus", "paths", "steps", "gen s",
              "check s", "total s", "Mpaths/s", "peak MiB");
  int worst = 0;
  for (size_t i = 0; i < instances.size(); ++i) {
    std::fflush(stdout);
    const pid_t child = fork();
    if (child == 0) {
      const std::string index = std::to_string(i), r = std::to_string(runs);
      execl("/proc/self/exe", argv[0], "--runs", r.c_str(), "--one", index.c_str(), static_cast<char*>(nullptr));
      _exit(2);
    }
    int status = 0;
    waitpid(child, &status, 0);
    worst = std::max(worst, WIFEXITED(status) ? WEXITSTATUS(status) : 2);
  }
  std::printf("times are medians of %d run(s) (gen: write the file; check: the core reads and checks it);\n"
              "Mpaths/s counts checked paths per second of check time; peak MiB is the instance's own process\n",
              runs);
  return worst;
}
