// Benchmark of the Z3 search: the strengthened encodings against plain direct encodings of the same instances.
//
// For each instance each variant decides the two counts around the known
// optimum (optimum - 1: unsat, optimum: sat) in one climb. "schedcheck" is
// the search as the command runs it (for broadcast: under free routing the
// maximum flows, then the perfect-code try where it applies and the
// symmetric schedules, then under dimension order the shorter-way spread
// steps and the shorter way round, then the routing asked; for scatter
// and gather: the list schedule first; for time-independent gossip: the
// translation-invariant enumeration, then one map for every PU with Z3);
// "no first try" is the same without
// the structured tries or the list schedule; "plain" has no
// redundant constraints, no symmetry breaking, no pruning, no first tries
// and Z3's default solver; "cubes" (wormhole broadcast) decides each count
// cube by cube, split by the source's path out of its first port. Prints the median time of --runs climbs per
// variant and the ratios to the first; a variant that hits the time limit
// shows as ">limit". Asserts nothing about time; exits 1 if an answer
// disagrees with the known optimum or a witness fails the core's check.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bench_args.hpp"
#include "bench_timing.hpp"
#include "broadcast_search.hpp"
#include "checker.hpp"
#include "gossip_search.hpp"
#include "sf_scatter_search.hpp"
#include "ti_gossip_search.hpp"

namespace {

using namespace schedcheck::search;

enum class Variant { schedcheck, no_first_try, plain, cubes, no_layer_counts };
constexpr const char* variant_names[] = {"schedcheck", "no first try", "plain", "cubes", "no layer counts"};
constexpr int variant_count = 5;

struct Instance {
  std::string name;
  uint32_t optimum;
  std::string header;  // topology, model and collective lines, for the core's re-check
  std::function<SearchReport(Variant, const SearchLimits&)> run;
  bool has_first_try = true;
  bool splits = false;  // a wormhole broadcast: the cubes variant applies
  // Free routing: the search's routes are the minimal paths, so its unsat
  // refutes no count, and optimum-1 rests on Lemma 1 alone.
  bool lemma_refutes = false;
  bool has_plain = true;
};

// The climb with each count split into cubes by the source's path out of
// its first port (search --split 1): the counts in turn, cube by cube.
SearchReport broadcast_by_cubes(const BroadcastProblem& p, uint32_t first, uint32_t last, const SearchLimits& limits) {
  SearchReport report;
  const auto start = BenchClock::now();
  for (uint32_t steps = first; steps <= last; ++steps) {
    SearchLimits left = limits;
    left.timeout_seconds = limits.timeout_seconds - ::seconds_since(start);
    const SearchReport r = search_broadcast_cubes(p, steps, 0, broadcast_cube_count(p) - 1, left);
    report.attempts.insert(report.attempts.end(), r.attempts.begin(), r.attempts.end());
    report.gave_up = report.gave_up || r.gave_up;
    if (r.witness_steps) {
      report.witness_steps = r.witness_steps;
      report.witness = r.witness;
      break;
    }
    if (r.gave_up) break;
  }
  return report;
}

SearchReport broadcast(std::vector<uint32_t> sizes, RouteRule rule, uint32_t first, uint32_t last, Variant v,
                       const SearchLimits& limits) {
  BroadcastProblem p;
  p.grid.sizes = std::move(sizes);
  p.rule = rule;
  if (v == Variant::cubes) {
    p.split_ports = 1;
    return broadcast_by_cubes(p, first, last, limits);
  }
  p.strengthen = v != Variant::plain;
  p.stricter_routing_first = v != Variant::plain;
  p.symmetric_first = p.flow_first = p.shorter_way_spread = v == Variant::schedcheck || v == Variant::no_layer_counts;
  p.layer_counts = v != Variant::no_layer_counts;
  return search_broadcast(p, first, last, limits);
}

SearchReport gossip(std::vector<uint32_t> sizes, uint32_t first, uint32_t last, Variant v, const SearchLimits& limits) {
  GossipProblem p;
  p.grid.sizes = std::move(sizes);
  p.strengthen = v != Variant::plain;
  return search_gossip(p, first, last, limits);
}

SearchReport sf_rooted(std::vector<uint32_t> sizes, RootedCollective c, bool one_port, uint32_t first, uint32_t last,
                       Variant v, const SearchLimits& limits) {
  SfRootedProblem p;
  p.grid.sizes = std::move(sizes);
  p.collective = c;
  p.one_port = one_port;
  p.strengthen = v != Variant::plain;
  p.list_schedule_first = v == Variant::schedcheck;
  return search_sf_rooted(p, first, last, limits);
}

SearchReport time_independent_gossip(std::vector<uint32_t> sizes, uint32_t first, uint32_t last, Variant v,
                                     const SearchLimits& limits) {
  return search_time_independent_gossip(Grid{std::move(sizes), true}, first, last, limits, v == Variant::schedcheck);
}

std::string seconds_text(double s) { return std::to_string(s).substr(0, 7); }

}  // namespace

int main(int argc, char** argv) {
  double limit = 60;
  uint32_t runs = 1;
  bool with_plain = true, with_cubes = true;
  std::string only;  // run only the instances whose name contains it
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--timeout") == 0 && i + 1 < argc) limit = std::atof(argv[++i]);
    else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc && parse_count(argv[i + 1], runs) && runs > 0) ++i;
    else if (std::strcmp(argv[i], "--no-plain") == 0) with_plain = false;
    else if (std::strcmp(argv[i], "--no-cubes") == 0) with_cubes = false;
    else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_search [--timeout SECONDS] [--runs R] [--no-plain] [--no-cubes] [--only TEXT]   (limit per "
                           "variant, instance and run, default 60; median of R runs, default 1; only the instances "
                           "whose name contains TEXT)\n");
      return 2;
    }
  }
  const RouteRule dor = RouteRule::dimension_order, shorter = RouteRule::dimension_order_shorter,
                  minimal = RouteRule::shortest, hop = RouteRule::single_hop;
  auto wormhole = [](const char* torus, const char* routing) {
    return std::string("torus ") + torus + "\nmodel wormhole all-port " + routing + "\ncollective broadcast source 0";
  };
  auto ti_gossip = [](const char* torus) {
    return std::string("torus ") + torus +
           "\nmodel store-and-forward all-port non-combining\ncollective gossip\nclaim time-independent=yes";
  };
  const std::vector<Instance> instances = {
      {"broadcast torus 4x4 wormhole dim-order", 2, wormhole("4x4", "dimension-order"),
       [=](Variant v, const SearchLimits& l) { return broadcast({4, 4}, dor, 1, 2, v, l); }, true, true},
      {"broadcast torus 3x3x3 wormhole dim-order", 2, wormhole("3x3x3", "dimension-order"),
       [=](Variant v, const SearchLimits& l) { return broadcast({3, 3, 3}, dor, 1, 2, v, l); }, true, true},
      {"broadcast torus 5x5 wormhole dim-order", 3, wormhole("5x5", "dimension-order"),
       [=](Variant v, const SearchLimits& l) { return broadcast({5, 5}, dor, 2, 3, v, l); }, true, true},
      {"broadcast torus 4x6 wormhole dim-order", 3, wormhole("4x6", "dimension-order"),
       [=](Variant v, const SearchLimits& l) { return broadcast({4, 6}, dor, 2, 3, v, l); }, true, true},
      {"broadcast torus 6x6 wormhole dim-order", 3, wormhole("6x6", "dimension-order"),
       [=](Variant v, const SearchLimits& l) { return broadcast({6, 6}, dor, 2, 3, v, l); }, true, true},
      {"broadcast torus 7x7 wormhole dim-order", 3, wormhole("7x7", "dimension-order"),
       [=](Variant v, const SearchLimits& l) { return broadcast({7, 7}, dor, 2, 3, v, l); }, true, true},
      {"broadcast torus 8x8 wormhole dim-order", 3, wormhole("8x8", "dimension-order"),
       [=](Variant v, const SearchLimits& l) { return broadcast({8, 8}, dor, 2, 3, v, l); }, true, true},
      {"broadcast torus 9x9 wormhole dim-order", 3, wormhole("9x9", "dimension-order"),
       [=](Variant v, const SearchLimits& l) { return broadcast({9, 9}, dor, 2, 3, v, l); }, true, true},
      {"broadcast torus 9x9 wormhole shorter way", 3, wormhole("9x9", "dimension-order-shorter"),
       [=](Variant v, const SearchLimits& l) { return broadcast({9, 9}, shorter, 2, 3, v, l); }, true, true},
      // Its 3-step schedules include point-symmetric ones and no symmetric one.
      {"broadcast torus 9x10 wormhole dim-order", 3, wormhole("9x10", "dimension-order"),
       [=](Variant v, const SearchLimits& l) { return broadcast({9, 10}, dor, 2, 3, v, l); }, true, true},
      // The perfect-code try: its encoding has the routes between the code's
      // nodes alone (5 of 25, 20 of 100).
      {"broadcast torus 5x5 wormhole free", 2, wormhole("5x5", "free"),
       [=](Variant v, const SearchLimits& l) { return broadcast({5, 5}, minimal, 1, 2, v, l); }, true, true, true},
      {"broadcast torus 10x10 wormhole free", 3, wormhole("10x10", "free"),
       [=](Variant v, const SearchLimits& l) { return broadcast({10, 10}, minimal, 2, 3, v, l); }, true, true, true},
      // The maximum flows under free routing, and the shorter-way spread
      // steps under dimension order; Lemma 1 refutes 2 steps. (6x6x6 under
      // free routing is left out: without the flows its encoding of minimal
      // paths passes 18 GB before Z3 starts.)
      {"broadcast torus 11x11 wormhole free", 3, wormhole("11x11", "free"),
       [=](Variant v, const SearchLimits& l) { return broadcast({11, 11}, minimal, 3, 3, v, l); }, true, true, true},
      {"broadcast torus 6x6x6 wormhole shorter way", 3, wormhole("6x6x6", "dimension-order-shorter"),
       [=](Variant v, const SearchLimits& l) { return broadcast({6, 6, 6}, shorter, 3, 3, v, l); }, true, true,
       true},
      // The layer recursion fixes every count of a 2-step schedule on these,
      // and the solver refutes 2 steps: 3x8 and 3x3x4 the shorter way.
      {"broadcast torus 3x8 wormhole shorter way", 3, wormhole("3x8", "dimension-order-shorter"),
       [=](Variant v, const SearchLimits& l) { return broadcast({3, 8}, shorter, 2, 3, v, l); }, true, true},
      {"broadcast torus 3x3x4 wormhole shorter way", 3, wormhole("3x3x4", "dimension-order-shorter"),
       [=](Variant v, const SearchLimits& l) { return broadcast({3, 3, 4}, shorter, 2, 3, v, l); }, true, true},
      {"broadcast torus 5x5x5 wormhole dim-order", 3, wormhole("5x5x5", "dimension-order"),
       [=](Variant v, const SearchLimits& l) { return broadcast({5, 5, 5}, dor, 2, 3, v, l); }, true, true},
      {"broadcast torus 3x3x3 store-and-forward", 3, "torus 3x3x3\nmodel store-and-forward all-port\ncollective broadcast source 0",
       [=](Variant v, const SearchLimits& l) { return broadcast({3, 3, 3}, hop, 2, 3, v, l); }},
      {"scatter torus 5x5 store-and-forward", 6,
       "torus 5x5\nmodel store-and-forward all-port non-combining\ncollective scatter root 0",
       [=](Variant v, const SearchLimits& l) { return sf_rooted({5, 5}, RootedCollective::scatter, false, 5, 6, v, l); }},
      {"scatter torus 7x7 store-and-forward", 12,
       "torus 7x7\nmodel store-and-forward all-port non-combining\ncollective scatter root 0",
       [=](Variant v, const SearchLimits& l) { return sf_rooted({7, 7}, RootedCollective::scatter, false, 11, 12, v, l); }},
      {"gather torus 7x7 store-and-forward", 12,
       "torus 7x7\nmodel store-and-forward all-port non-combining\ncollective gather root 0",
       [=](Variant v, const SearchLimits& l) { return sf_rooted({7, 7}, RootedCollective::gather, false, 11, 12, v, l); }},
      {"scatter torus 6x6 store-and-forward 1-port", 35,
       "torus 6x6\nmodel store-and-forward one-port non-combining\ncollective scatter root 0",
       [=](Variant v, const SearchLimits& l) { return sf_rooted({6, 6}, RootedCollective::scatter, true, 34, 35, v, l); }},
      {"gossip torus 4x4 store-and-forward", 4, "torus 4x4\nmodel store-and-forward all-port\ncollective gossip",
       [=](Variant v, const SearchLimits& l) { return gossip({4, 4}, 3, 4, v, l); }, false},
      {"gossip torus 5x5 store-and-forward", 6, "torus 5x5\nmodel store-and-forward all-port\ncollective gossip",
       [=](Variant v, const SearchLimits& l) { return gossip({5, 5}, 5, 6, v, l); }, false},
      {"gossip torus 3x3x3 store-and-forward", 5, "torus 3x3x3\nmodel store-and-forward all-port\ncollective gossip",
       [=](Variant v, const SearchLimits& l) { return gossip({3, 3, 3}, 4, 5, v, l); }, false},
      {"gossip torus 6x6 store-and-forward", 9, "torus 6x6\nmodel store-and-forward all-port\ncollective gossip",
       [=](Variant v, const SearchLimits& l) { return gossip({6, 6}, 8, 9, v, l); }, false},
      // Time-independent gossip has no plain encoding of its own.
      {"ti gossip torus 4x5 store-and-forward", 5, ti_gossip("4x5"),
       [=](Variant v, const SearchLimits& l) { return time_independent_gossip({4, 5}, 4, 5, v, l); }, true, false,
       false, false},
      // 6 steps by Z3's full encoding; the translation-invariant schedules need 7.
      {"ti gossip torus 3x7 store-and-forward", 6, ti_gossip("3x7"),
       [=](Variant v, const SearchLimits& l) { return time_independent_gossip({3, 7}, 5, 6, v, l); }, true, false,
       false, false},
      // The counting bound, 5, refutes 4.
      {"ti gossip torus 3x3x3 store-and-forward", 5, ti_gossip("3x3x3"),
       [=](Variant v, const SearchLimits& l) { return time_independent_gossip({3, 3, 3}, 5, 5, v, l); }, true, false,
       true, false},
  };
  std::printf("%-42s %7s %12s %12s %9s %12s %9s %12s %9s %12s %9s\n", "instance (optimum-1: unsat, optimum: sat)",
              "optimum", "schedcheck s", "no 1st try s", "ratio", "plain s", "ratio", "cubes s", "ratio", "no layers s",
              "ratio");
  int code = 0;
  for (const Instance& in : instances) {
    if (in.name.find(only) == std::string::npos) continue;
    std::string cells[variant_count];
    double medians[variant_count] = {};
    bool decided[variant_count] = {};
    for (int v = 0; v < variant_count; ++v) {
      const Variant variant = static_cast<Variant>(v);
      if ((variant == Variant::no_first_try && !in.has_first_try) || (variant == Variant::plain && (!with_plain || !in.has_plain)) ||
          (variant == Variant::cubes && (!with_cubes || !in.splits)) ||
          (variant == Variant::no_layer_counts && in.header.find("all-port dimension-order") == std::string::npos)) {
        cells[v] = "-";
        continue;
      }
      std::vector<double> times;
      decided[v] = true;
      for (uint32_t run = 0; run < runs; ++run) {
        SearchLimits limits;
        limits.timeout_seconds = limit;
        const auto t0 = BenchClock::now();
        const SearchReport r = in.run(variant, limits);
        times.push_back(::seconds_since(t0));
        bool ok = r.witness_steps.has_value() && !r.gave_up;
        if (r.witness_steps) {
          // Every witness goes through the core; a rejected one is a bug, not a result.
          const std::string text = "schedcheck 1\ntopology " + in.header + "\n" + r.witness;
          schedcheck::LineSource source{std::string_view(text)};
          schedcheck::Diagnostics diag("witness", 1);
          schedcheck::Header header;
          if (!schedcheck::check_schedule(source, header, diag).verified) {
            std::fprintf(stderr, "bench_search: %s: the %s variant's witness fails the core's check\n",
                         in.name.c_str(), variant_names[v]);
            code = 1;
            ok = false;
          }
        }
        if (ok && *r.witness_steps != in.optimum) {
          std::fprintf(stderr, "bench_search: %s: the %s variant found %u steps, expected %u\n", in.name.c_str(),
                       variant_names[v], *r.witness_steps, in.optimum);
          code = 1;
        }
        // Optimum-1 is refuted by a run whose unsat counts (not a first try's).
        bool refuted = false;
        for (const Attempt& a : r.attempts)
          refuted = refuted || (a.steps + 1 == in.optimum && a.outcome == Outcome::unsat && !a.stricter_routing);
        if (ok && !refuted && !in.lemma_refutes) {
          std::fprintf(stderr, "bench_search: %s: optimum-1 not refuted\n", in.name.c_str());
          code = 1;
        }
        decided[v] = decided[v] && ok;
      }
      medians[v] = median(times);
      cells[v] = decided[v] ? seconds_text(medians[v]) : ">" + std::to_string(limit).substr(0, 5);
    }
    auto ratio = [&](int v) -> std::string {
      if (cells[v] == "-" || !decided[0]) return "-";
      if (decided[v]) return std::to_string(medians[v] / medians[0]).substr(0, 6) + "x";
      return ">" + std::to_string(limit / medians[0]).substr(0, 6) + "x";
    };
    std::printf("%-42s %7u %12s %12s %9s %12s %9s %12s %9s %12s %9s\n", in.name.c_str(), in.optimum, cells[0].c_str(),
                cells[1].c_str(), ratio(1).c_str(), cells[2].c_str(), ratio(2).c_str(), cells[3].c_str(),
                ratio(3).c_str(), cells[4].c_str(), ratio(4).c_str());
    std::fflush(stdout);
  }
  std::printf("times: median wall clock of %u climb(s) per variant; no first try: without the structured tries\n"
              "(broadcast: max-flow, perfect-code, symmetric, shorter-way spread; time-independent gossip: the\n"
              "translation-invariant enumeration and one map for every PU) or the list schedule (scatter, gather);\n"
              "plain: no redundant\n"
              "constraints, symmetry breaking, pruning or first tries, and Z3's default solver; cubes: each count\n"
              "split by the source's path out of its first port (search --split 1), the routing asked alone; no\n"
              "layers: as schedcheck without the layer recursion's counts (dimension-ordered broadcast); limit\n"
              "%g s per variant, instance and run\n",
              runs, limit);
  return code;
}
