// Benchmark of the Meyer-Sibeyn one-packet gossip generators streamed into the checker: 128x128 and 24x24x24.
//
// Two instances: gossip-onepacket-2d on the n x n torus (P = 16,384 at
// n = 128, about 2^28 packet-hops) and gossip-rods-3d on the n x n x n torus
// (P = 13,824 at n = 24). Their text runs to several GB, more than should be
// held in memory or written to disk, so a writer thread runs the generator
// into the write end of a pipe while the core's check_schedule reads the
// other end through LineSource, as `schedcheck gen ... | schedcheck check -`
// would but in one process. A second timing writes the same text to
// /dev/null, to tell the generator's share from the checker's. The CPU time
// of the writer and of the core says which sets
// the pace, and the core's gives its rate per CPU second, which waiting for
// a busy machine's CPUs does not stretch. A third run feeds the same
// packets to the core's knowledge state alone (KnowledgeReplay): the floor
// that the P^2 bits set, which no faster parsing or checking goes below.
//
// Each instance runs in a fresh process (this program re-run with --one), so
// its peak resident memory (VmHWM) is its own. Prints medians over --runs and
// asserts nothing about time; exits 1 if a schedule is not VERIFIED, 2 on
// usage or I/O errors.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "checker.hpp"
#include "collective.hpp"
#include "diagnostic.hpp"
#include "generator.hpp"
#include "knowledge.hpp"
#include "topology.hpp"
#include "bench_args.hpp"
#include "bench_timing.hpp"
#include "peak_memory.hpp"
#include "pipe_check.hpp"

namespace {

struct Instance {
  const char* generator;
  std::vector<uint32_t> sizes;
};

// One generator, ready to write its schedule (header and steps) to any stream.
class Writer {
 public:
  explicit Writer(const Instance& in) : torus_{in.sizes}, request_{torus_} {
    generator_ = schedcheck::gen::find_generator(in.generator);
    std::string error;
    if (!generator_) throw std::runtime_error(std::string("no generator ") + in.generator);
    if (!generator_->claim(request_, claim_, error))
      throw std::runtime_error(std::string(in.generator) + " on torus " + torus_.describe() + ": " + error);
  }

  // Writes the whole schedule to `out` and closes it; returns the CPU time it took.
  double write(std::FILE* out) const {
    const double cpu = cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
    std::setvbuf(out, nullptr, _IOFBF, chunk);
    try {
      schedcheck::gen::ScheduleText text(out, torus_, schedcheck::gen::Coord(torus_.dimensions(), 0), true);
      text.header(generator_->model, generator_->collective, claim_);
      generator_->write(request_, text);
    } catch (...) {
      std::fclose(out);  // the reader of a pipe sees its end
      throw;
    }
    const bool failed = std::ferror(out) != 0;
    std::fclose(out);
    if (failed) throw std::runtime_error("writing the schedule failed");
    return cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - cpu;
  }

  const schedcheck::gen::Torus& torus() const { return torus_; }
  std::string name() const { return generator_->name + " " + torus_.describe(); }

 private:
  schedcheck::gen::Torus torus_;
  schedcheck::gen::Request request_;
  schedcheck::gen::Claim claim_;
  const schedcheck::gen::Generator* generator_ = nullptr;
};

double generate_only(const Writer& writer, double& cpu) {
  std::FILE* out = std::fopen("/dev/null", "w");
  if (!out) throw std::runtime_error(std::string("cannot open /dev/null: ") + std::strerror(errno));
  const auto start = BenchClock::now();
  cpu = writer.write(out);
  return seconds_since(start);
}

// The floor the knowledge state sets. The generator writes into a stream
// that reads its lines back (untimed) and keeps one step's packets; at each
// step line the core's Knowledge alone takes that step's packets as the
// checker does (the causality test over the step's packets, then their
// queued deliveries, then end_step), and only that is timed. No parsing, no other
// check: what no checker keeping P^2 bits can go below on this machine.
class KnowledgeReplay {
 public:
  explicit KnowledgeReplay(const schedcheck::gen::Torus& torus)
      : topology_(*schedcheck::Topology::grid(schedcheck::TopologyKind::torus, torus.sizes).topology),
        collective_(one_packet_gossip()),
        knowledge_(topology_, collective_),
        diag_("knowledge replay", 1) {}

  // The stream's write function (fopencookie): whole lines only, the rest kept for the next call.
  static ssize_t write(void* cookie, const char* data, size_t size) {
    auto& self = *static_cast<KnowledgeReplay*>(cookie);
    self.pending_.append(data, size);
    size_t begin = 0;
    for (size_t end; (end = self.pending_.find('\n', begin)) != std::string::npos; begin = end + 1)
      self.line(std::string_view(self.pending_).substr(begin, end - begin));
    self.pending_.erase(0, begin);
    return static_cast<ssize_t>(size);
  }
  void finish() { replay(); }
  uint64_t hops() const { return hops_; }
  double seconds() const { return seconds_; }
  bool causal() const { return diag_.total() == 0; }

 private:
  static schedcheck::Collective one_packet_gossip() {
    schedcheck::Collective c;
    c.kind = schedcheck::CollectiveKind::gossip;
    return c;
  }

  struct Packet {
    schedcheck::NodeId from, to;
    schedcheck::MessageRef message;
  };

  // The generators write `  FROM +d : MESSAGE` with nodes by index (the writer's `indices`).
  void line(std::string_view text) {
    if (text.starts_with("step ")) {
      replay();
      return;
    }
    if (!text.starts_with("  ")) return;  // the header
    uint32_t from = 0, dim = 0, message = 0;
    const char* p = text.data() + 2;
    const char* const end = text.data() + text.size();
    p = std::from_chars(p, end, from).ptr;
    const bool negative = p + 1 < end && p[1] == '-';
    p = std::from_chars(p + 2, end, dim).ptr;
    std::from_chars(p + 3, end, message);
    schedcheck::NodeId to = schedcheck::no_node;
    topology_.grid_step(from, dim - 1, negative, to);
    step_.push_back({from, to, {message, 0}});
  }

  void replay() {
    const auto start = BenchClock::now();
    for (const Packet& p : step_) knowledge_.send(p.from, p.to, {&p.message, 1}, 0, 0, diag_);
    knowledge_.end_step();
    seconds_ += seconds_since(start);
    hops_ += step_.size();
    step_.clear();
  }

  schedcheck::Topology topology_;
  schedcheck::Collective collective_;
  schedcheck::Knowledge knowledge_;
  schedcheck::Diagnostics diag_;
  std::string pending_;
  std::vector<Packet> step_;
  uint64_t hops_ = 0;
  double seconds_ = 0;
};

// Runs the generator into a KnowledgeReplay; returns the knowledge state's
// hops per second and sets `hops` to the packet-hops it took.
double knowledge_floor(const Writer& writer, uint64_t& hops) {
  KnowledgeReplay replay(writer.torus());
  std::FILE* out = ::fopencookie(&replay, "w", {nullptr, &KnowledgeReplay::write, nullptr, nullptr});
  if (!out) throw std::runtime_error(std::string("fopencookie: ") + std::strerror(errno));
  writer.write(out);
  replay.finish();
  if (!replay.causal()) throw std::runtime_error("the knowledge replay found a causality error");
  hops = replay.hops();
  return static_cast<double>(replay.hops()) / replay.seconds();
}

// The core's knowledge state: a P x M bit matrix, in whole 64-bit words per row.
double knowledge_mib(uint64_t nodes, uint64_t messages) {
  return static_cast<double>(nodes * ((messages + 63) / 64) * 8) / (1 << 20);
}

// Generates and checks one instance `runs` times; prints one line of figures.
int run_one(const Instance& in, int runs) {
  const Writer writer(in);
  std::vector<double> generate, generate_cpu, pipelined, check_cpu, write_cpu, knowledge_rate;
  Pipelined last;
  uint64_t replayed = 0;
  for (int run = 0; run < runs; ++run) {
    double cpu = 0;
    generate.push_back(generate_only(writer, cpu));
    generate_cpu.push_back(cpu);
    knowledge_rate.push_back(knowledge_floor(writer, replayed));
    last = generate_and_check(writer.name(), [&](std::FILE* out) { return writer.write(out); });
    if (!last.verdict.verified || !last.errors.empty()) {
      std::fprintf(stderr, "bench_gossip: error: %s is not VERIFIED:\n", writer.name().c_str());
      for (const std::string& e : last.errors) std::fprintf(stderr, "  %s\n", e.c_str());
      return 1;
    }
    pipelined.push_back(last.seconds);
    check_cpu.push_back(last.check_cpu);
    write_cpu.push_back(last.write_cpu);
  }
  const schedcheck::Verdict& v = last.verdict;
  if (replayed != v.hops) {
    std::fprintf(stderr, "bench_gossip: error: the knowledge replay took %llu packet-hops, the check %llu\n",
                 static_cast<unsigned long long>(replayed), static_cast<unsigned long long>(v.hops));
    return 1;
  }
  const uint64_t nodes = writer.torus().node_count();
  const double pipe_s = median(pipelined);
  const double check_s = median(check_cpu);
  std::printf("%-28s %6llu %5llu %11llu %8.2f %8.2f %8.2f %8.2f %8.2f %8.1f %8.1f %8.1f %-17s %8.1f %9.1f\n",
              writer.name().c_str(), static_cast<unsigned long long>(nodes),
              static_cast<unsigned long long>(v.steps), static_cast<unsigned long long>(v.hops), median(generate),
              median(generate_cpu), pipe_s, median(write_cpu), check_s, static_cast<double>(v.hops) / pipe_s / 1e6,
              static_cast<double>(v.hops) / check_s / 1e6, median(knowledge_rate) / 1e6,
              schedcheck::to_string(v.forwarding.kind).c_str(),
              own_peak_kib() / 1024.0, knowledge_mib(nodes, nodes));
  std::printf("  VERIFIED steps=%llu lower-bound=%llu bytes=%llu waste=%llu\n",
               static_cast<unsigned long long>(v.steps), static_cast<unsigned long long>(v.best ? v.best->steps : 0),
               static_cast<unsigned long long>(v.bytes), static_cast<unsigned long long>(v.duplicates));
  // The goals of the one-packet gossip through a pipe: the rate, and no
  // memory beyond the P^2 bits but per-node state and buffers.
  const double rate = static_cast<double>(v.hops) / pipe_s / 1e6, peak = own_peak_kib() / 1024.0;
  const double bits = knowledge_mib(nodes, nodes);
  std::printf("  goal: >= 30 Mhops/s through the pipe: %.1f (%s); peak <= P^2/8 + O(P) + buffers: %.1f MiB = %.1f MiB "
              "of P^2 bits + %.1f MiB else (generator, buffers, per-node state, the program)\n",
              rate, rate >= 30 ? "met" : "missed", peak, bits, peak - bits);
  return 0;
}

void usage(std::FILE* to) {
  std::fprintf(to,
               "usage: bench_gossip [--size N] [--cube N] [--runs R]\n"
               "  --size N   side of the 2-D torus for gossip-onepacket-2d (default 128; even; 0 skips it)\n"
               "  --cube N   side of the 3-D torus for gossip-rods-3d (default 24; a multiple of 3; 0 skips it)\n"
               "  --runs R   runs per instance, the median is reported (default 3)\n"
               "exit code: 0 all schedules verified, 1 one was not, 2 usage or I/O error\n");
}

}  // namespace

int main(int argc, char** argv) {
  uint32_t size = 128, cube = 24, runs = 3, one = UINT32_MAX;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--help" || a == "-h") {
      usage(stdout);
      return 0;
    } else if (a == "--size" && has_value && parse_count(argv[i + 1], size)) {
      ++i;
    } else if (a == "--cube" && has_value && parse_count(argv[i + 1], cube)) {
      ++i;
    } else if (a == "--runs" && has_value && parse_count(argv[i + 1], runs) && runs > 0) {
      ++i;
    } else if (a == "--one" && has_value && parse_count(argv[i + 1], one)) {
      ++i;
    } else {
      std::fprintf(stderr, "bench_gossip: error: bad argument '%s'\n", argv[i]);
      usage(stderr);
      return 2;
    }
  }
  std::vector<Instance> instances;
  if (size != 0) instances.push_back({"gossip-onepacket-2d", {size, size}});
  if (cube != 0) instances.push_back({"gossip-rods-3d", {cube, cube, cube}});

  if (one != UINT32_MAX) {
    try {
      return run_one(instances.at(one), static_cast<int>(runs));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "bench_gossip: error: %s\n", e.what());
      return 2;
    }
  }

  std::printf("%-28s %6s %5s %11s %8s %8s %8s %8s %8s %8s %8s %8s %-17s %8s %9s\n", "instance", "P", "steps",
              "hops", "gen s", "gen cpu", "pipe s", "writer", "checker", "Mhops/s", "chk Mh/s", "know Mh/s",
              "forwarding", "peak MiB", "know. MiB");
  int worst = 0;
  for (size_t i = 0; i < instances.size(); ++i) {
    std::fflush(stdout);
    const pid_t child = ::fork();
    if (child < 0) {
      std::fprintf(stderr, "bench_gossip: error: fork: %s\n", std::strerror(errno));
      return 2;
    }
    if (child == 0) {
      const std::string index = std::to_string(i), r = std::to_string(runs), s = std::to_string(size),
                        c = std::to_string(cube);
      ::execl("/proc/self/exe", argv[0], "--size", s.c_str(), "--cube", c.c_str(), "--runs", r.c_str(), "--one",
              index.c_str(), static_cast<char*>(nullptr));
      std::fprintf(stderr, "bench_gossip: error: cannot run /proc/self/exe: %s\n", std::strerror(errno));
      ::_exit(2);
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 2;
    if (code != 0) std::fprintf(stderr, "bench_gossip: error: instance %s failed (exit %d)\n", instances[i].generator, code);
    worst = std::max(worst, code);
  }
  std::printf(
      "medians of %u run(s). gen s: the generator writing to /dev/null (gen cpu: its CPU time); pipe s: generator\n"
      "and core together, the text streamed through a pipe (writer: its thread's CPU time; checker: the core's);\n"
      "Mhops/s: verdict hops / pipe s; chk Mh/s: verdict hops / checker, hops per CPU second\n"
      "of the core (the writer and the core share the machine's cores); know Mh/s: the\n"
      "core's knowledge state alone on the same packets, one thread, no parsing and no other check (the floor its\n"
      "P^2 bits set: their cache misses, fewer where a step's packets share blocks of 64 x 64 bits); forwarding:\n"
      "the verdict's class; peak MiB: the instance's own process (VmHWM); know. MiB: the core's knowledge state,\n"
      "P x P bits for one packet per PU, which grows as P^2 and bounds the sizes that can be checked (P = 2^18 would\n"
      "need 8 GiB)\n",
      runs);
  return worst;
}
