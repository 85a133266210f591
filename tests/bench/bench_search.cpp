// Benchmark of the Z3 search: the strengthened encodings against plain direct encodings of the same instances.
//
// For each instance both encodings decide the two counts around the known
// optimum (optimum - 1: unsat, optimum: sat) in one climb; the plain one
// has no redundant constraints, no symmetry breaking, no pruning, no
// translation-invariant first try and Z3's default solver. Prints the times
// and their ratio; a plain run that hits the time limit shows as ">limit".
// Asserts nothing about time; exits 1 if an answer disagrees with the
// known optimum.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "broadcast_search.hpp"
#include "checker.hpp"
#include "gossip_search.hpp"

namespace {

using namespace schedcheck::search;

struct Instance {
  std::string name;
  uint32_t optimum;
  std::string header;  // topology, model and collective lines, for the core's re-check
  std::function<SearchReport(bool strengthen, const SearchLimits&)> run;
};

SearchReport broadcast(std::vector<uint32_t> sizes, RouteRule rule, uint32_t first, uint32_t last, bool strengthen,
                       const SearchLimits& limits) {
  BroadcastProblem p;
  p.grid.sizes = std::move(sizes);
  p.rule = rule;
  p.strengthen = strengthen;
  return search_broadcast(p, first, last, limits);
}

SearchReport gossip(std::vector<uint32_t> sizes, uint32_t first, uint32_t last, bool strengthen,
                    const SearchLimits& limits) {
  GossipProblem p;
  p.grid.sizes = std::move(sizes);
  p.strengthen = strengthen;
  return search_gossip(p, first, last, limits);
}

}  // namespace

int main(int argc, char** argv) {
  double limit = 60;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--timeout") == 0 && i + 1 < argc) limit = std::atof(argv[++i]);
    else {
      std::fprintf(stderr, "usage: bench_search [--timeout SECONDS]   (per encoding and instance, default 60)\n");
      return 2;
    }
  }
  const RouteRule dor = RouteRule::dimension_order, hop = RouteRule::single_hop;
  const std::vector<Instance> instances = {
      {"broadcast torus 4x4 wormhole dim-order", 2, "torus 4x4\nmodel wormhole all-port dimension-order\ncollective broadcast source 0",
       [=](bool s, const SearchLimits& l) { return broadcast({4, 4}, dor, 1, 2, s, l); }},
      {"broadcast torus 3x3x3 wormhole dim-order", 2, "torus 3x3x3\nmodel wormhole all-port dimension-order\ncollective broadcast source 0",
       [=](bool s, const SearchLimits& l) { return broadcast({3, 3, 3}, dor, 1, 2, s, l); }},
      {"broadcast torus 5x5 wormhole dim-order", 3, "torus 5x5\nmodel wormhole all-port dimension-order\ncollective broadcast source 0",
       [=](bool s, const SearchLimits& l) { return broadcast({5, 5}, dor, 2, 3, s, l); }},
      {"broadcast torus 4x6 wormhole dim-order", 3, "torus 4x6\nmodel wormhole all-port dimension-order\ncollective broadcast source 0",
       [=](bool s, const SearchLimits& l) { return broadcast({4, 6}, dor, 2, 3, s, l); }},
      {"broadcast torus 3x3x3 store-and-forward", 3, "torus 3x3x3\nmodel store-and-forward all-port\ncollective broadcast source 0",
       [=](bool s, const SearchLimits& l) { return broadcast({3, 3, 3}, hop, 2, 3, s, l); }},
      {"gossip torus 4x4 store-and-forward", 4, "torus 4x4\nmodel store-and-forward all-port\ncollective gossip", [=](bool s, const SearchLimits& l) { return gossip({4, 4}, 3, 4, s, l); }},
      {"gossip torus 5x5 store-and-forward", 6, "torus 5x5\nmodel store-and-forward all-port\ncollective gossip", [=](bool s, const SearchLimits& l) { return gossip({5, 5}, 5, 6, s, l); }},
      {"gossip torus 3x3x3 store-and-forward", 5, "torus 3x3x3\nmodel store-and-forward all-port\ncollective gossip",
       [=](bool s, const SearchLimits& l) { return gossip({3, 3, 3}, 4, 5, s, l); }},
      {"gossip torus 6x6 store-and-forward", 9, "torus 6x6\nmodel store-and-forward all-port\ncollective gossip", [=](bool s, const SearchLimits& l) { return gossip({6, 6}, 8, 9, s, l); }},
  };
  std::printf("%-42s %8s %14s %14s %9s\n", "instance (optimum-1: unsat, optimum: sat)", "optimum", "schedcheck s",
              "plain s", "ratio");
  int code = 0;
  for (const Instance& in : instances) {
    double seconds[2] = {0, 0};
    bool decided[2] = {false, false};
    for (int plain = 0; plain < 2; ++plain) {
      SearchLimits limits;
      limits.timeout_seconds = limit;
      const auto t0 = std::chrono::steady_clock::now();
      const SearchReport r = in.run(plain == 0, limits);
      seconds[plain] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      decided[plain] = r.witness_steps.has_value() && !r.gave_up;
      if (r.witness_steps) {
        // Every witness goes through the core; a rejected one is a bug, not a result.
        const std::string text = "schedcheck 1\ntopology " + in.header + "\n" + r.witness;
        schedcheck::LineSource source{std::string_view(text)};
        schedcheck::Diagnostics diag("witness", 1);
        schedcheck::Header header;
        if (!schedcheck::check_schedule(source, header, diag).verified) {
          std::fprintf(stderr, "bench_search: %s: the %s encoding's witness fails the core's check\n", in.name.c_str(),
                       plain ? "plain" : "strengthened");
          code = 1;
          decided[plain] = false;
        }
      }
      if (decided[plain] && *r.witness_steps != in.optimum) {
        std::fprintf(stderr, "bench_search: %s: %s encoding found %u steps, expected %u\n", in.name.c_str(),
                     plain ? "plain" : "strengthened", *r.witness_steps, in.optimum);
        code = 1;
      }
      if (decided[plain] && (r.attempts.size() < 2 || r.attempts.front().outcome != Outcome::unsat)) {
        std::fprintf(stderr, "bench_search: %s: optimum-1 not refuted\n", in.name.c_str());
        code = 1;
      }
    }
    const std::string ours = decided[0] ? std::to_string(seconds[0]).substr(0, 7) : ">" + std::to_string(limit).substr(0, 5);
    const std::string theirs = decided[1] ? std::to_string(seconds[1]).substr(0, 7) : ">" + std::to_string(limit).substr(0, 5);
    std::string ratio = "-";
    if (decided[0] && decided[1]) ratio = std::to_string(seconds[1] / seconds[0]).substr(0, 6) + "x";
    else if (decided[0]) ratio = ">" + std::to_string(limit / seconds[0]).substr(0, 6) + "x";
    std::printf("%-42s %8u %14s %14s %9s\n", in.name.c_str(), in.optimum, ours.c_str(), theirs.c_str(), ratio.c_str());
    std::fflush(stdout);
  }
  std::printf("times: wall clock of one climb per encoding; plain: no redundant constraints, symmetry breaking,\n"
              "pruning or invariant first try, and Z3's default solver; limit %g s per encoding and instance\n",
              limit);
  return code;
}
