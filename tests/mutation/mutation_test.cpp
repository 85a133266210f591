// Mutation test: every generator's schedules, mutated, checked by the core against an independent reference.
//
// A generator's schedule is verified elsewhere (tests/generators); here each
// one is broken on purpose, by one operator at a time at positions drawn from
// a fixed seed, and the core must see exactly what the reference
// (reference.hpp) sees: the same properties broken, at the lines of the
// transfers that break them, and a mutant the reference finds valid (a
// dropped transfer that was waste, a removed step that was empty) accepted.
// A disagreement is either a bug in the core or a hole in the reference; the
// test prints it with the mutant's diff and the core's diagnostics, and fails.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "checker.hpp"
#include "generator.hpp"
#include "jrs_generator.hpp"
#include "mutation.hpp"
#include "rooted_generator.hpp"

namespace {

using mutation::Operator;
using mutation::Property;

// Up to 20 mutants per operator and schedule; fewer on long schedules, so
// that each schedule costs about as much as one of 400 lines and the test
// stays quick under the sanitizers.
size_t mutants_per_operator(size_t lines) { return std::clamp<size_t>(20 * 400 / std::max<size_t>(lines, 1), 5, 20); }

struct Case {
  std::string name;  // generator and size, for the report
  std::string text;
  std::string registry;
};

std::string from_stream(const std::function<void(std::FILE*)>& write) {
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  if (!out) std::abort();
  write(out);
  std::fclose(out);
  std::string text(buffer, size);
  std::free(buffer);
  return text;
}

// ---- the schedules: every generator of the three registries on a few small sizes ----

void torus_cases(std::vector<Case>& cases) {
  using schedcheck::gen::Torus;
  const std::map<std::string, std::vector<std::vector<uint32_t>>> sizes = {
      {"broadcast-diagonal-2d", {{5, 5}, {4, 6}}},
      {"broadcast-3d", {{3, 3, 3}, {2, 3, 4}}},
      {"broadcast-span", {{7}, {4, 5}, {3, 3, 3}}},
      {"broadcast-dimension-by-dimension", {{8}, {3, 4}, {2, 3, 2}}},
      {"broadcast-recursive-doubling", {{8}, {4, 4}, {2, 3}}},
      {"gossip-hamiltonian-2d", {{4, 4}, {3, 4}, {3, 3}}},
      {"gossip-hamiltonian-pair", {{4, 4}, {3, 5}}},
      {"gossip-hamiltonian-3d", {{3, 3, 3}}},
      {"gossip-onepacket-2d", {{4, 4}, {4, 5}}},
      {"gossip-rods-3d", {{3, 3, 3}, {3, 3, 4}}},
      {"gossip-zigzag", {{4, 6}, {3, 3, 4}}},
      {"gossip-flooding", {{7}, {3, 3}, {2, 4}}},
  };
  for (const schedcheck::gen::Generator& g : schedcheck::gen::generators()) {
    const auto found = sizes.find(g.name);
    if (found == sizes.end()) {
      fmt::print(stderr, "mutation: no sizes for generator {}\n", g.name);
      std::exit(1);
    }
    for (const std::vector<uint32_t>& s : found->second) {
      const Torus torus{s};
      const schedcheck::gen::Request request{torus, false};
      schedcheck::gen::Claim claim;
      std::string error;
      if (!g.claim(request, claim, error)) {
        fmt::print(stderr, "mutation: {} on {}: {}\n", g.name, torus.describe(), error);
        std::exit(1);
      }
      // The source off the origin, where the torus allows, so that names are translated.
      schedcheck::gen::Coord source(torus.dimensions(), 0);
      source[0] = torus.sizes[0] - 1;
      const std::string text = from_stream([&](std::FILE* out) {
        schedcheck::gen::ScheduleText writer(out, torus, source, false);
        writer.header(g.model, g.collective.empty() ? "broadcast source " + writer.node(schedcheck::gen::Coord(torus.dimensions(), 0)) : g.collective,
                      claim);
        g.write(request, writer);
      });
      cases.push_back({fmt::format("{} {}", g.name, torus.describe()), text, "torus generators"});
    }
  }
}

void rooted_cases(std::vector<Case>& cases) {
  // Networks in order of preference; each generator takes the first two or three it accepts.
  const char* const networks[] = {"tree:-,0,0,1,1,2,3", "path:5", "mesh:3x3", "torus:3x4", "graph:6:0-1,1-2,2-3,3-4,4-5,5-0,1-4"};
  for (const schedcheck::gen::RootedGenerator& g : schedcheck::gen::rooted_generators()) {
    size_t taken = 0;
    for (size_t i = 0; i < std::size(networks) && taken < 3; ++i) {
      std::string error;
      auto network = schedcheck::gen::Network::parse(networks[i], error);
      if (!network) {
        fmt::print(stderr, "mutation: {}: {}\n", networks[i], error);
        std::exit(1);
      }
      const uint32_t nodes = network->node_count();
      // Lengths 0 to 3, a null message among them, and every root but the first network's at node 0.
      std::vector<uint64_t> lengths = schedcheck::gen::random_lengths(nodes, 3, 11 + i);
      const schedcheck::gen::RootedRequest request{std::move(*network), 0, lengths};
      const auto schedule = schedcheck::gen::plan_rooted(g, request, error);
      if (!schedule) continue;  // e.g. shoulder tapping runs on paths only
      cases.push_back({fmt::format("{} {}", g.name, networks[i]),
                       from_stream([&](std::FILE* out) { schedcheck::gen::write_flit_schedule(out, g, request, *schedule); }),
                       "flit scatter/gather"});
      ++taken;
    }
    if (taken < 2 && g.name != "gather-shoulder-tap") {
      fmt::print(stderr, "mutation: {} accepted fewer than two networks\n", g.name);
      std::exit(1);
    }
  }
}

void jrs_cases(std::vector<Case>& cases) {
  struct Size {
    std::vector<uint32_t> sizes;
    bool torus;
    std::string phases;  // highdimgos
    uint32_t a = 0, b = 0;  // circgos, torgos, cubgos: 0 for --best
  };
  const std::map<std::string, std::vector<Size>> sizes = {
      {"gossip-jrs-approach-1", {{{6}, true, ""}, {{5}, false, ""}}},
      {"gossip-jrs-approach-2", {{{9}, true, ""}, {{6}, false, ""}}},
      {"gossip-jrs-approach-1-one-port", {{{6}, true, ""}, {{5}, false, ""}}},
      {"gossip-jrs-approach-2-one-port", {{{8}, true, ""}, {{5}, false, ""}}},
      {"gossip-jrs-approach-11-black-white", {{{4, 4}, true, ""}, {{4, 6}, false, ""}}},
      {"gossip-circgos", {{{9}, true, "", 3, 2}, {{8}, true, ""}}},
      {"gossip-highdimgos", {{{3, 3}, true, "2,1"}, {{3, 4}, false, "1"}, {{2, 3, 2}, true, "2"}}},
      {"gossip-highdimgos-coloured", {{{3, 3}, true, "2"}, {{4, 4}, false, "1,2"}}},
      {"gossip-torgos", {{{4, 4}, true, ""}, {{9, 9}, true, "", 3, 2}}},
      {"gossip-torgos-coloured", {{{4, 4}, true, ""}, {{8, 8}, true, "", 2, 1}}},
      {"gossip-cubgos", {{{4, 4, 4}, true, ""}, {{2, 2, 2}, true, ""}}},
      {"gossip-cubgos-coloured", {{{2, 2, 2}, true, ""}, {{4, 4, 4}, true, "", 2, 1}}},
  };
  for (const schedcheck::gen::JrsGenerator& g : schedcheck::gen::jrs_generators()) {
    const auto found = sizes.find(g.name);
    if (found == sizes.end()) {
      fmt::print(stderr, "mutation: no sizes for generator {}\n", g.name);
      std::exit(1);
    }
    for (const Size& s : found->second) {
      schedcheck::gen::JrsRequest q;
      q.grid.sizes = s.sizes;
      q.grid.torus = s.torus;
      q.r = 2;
      if (!s.phases.empty()) q.grid.phases = *schedcheck::gen::parse_phase_list(s.phases);
      const bool bridgeheads = g.name.find("circgos") != std::string::npos || g.name.find("torgos") != std::string::npos ||
                               g.name.find("cubgos") != std::string::npos;
      if (bridgeheads) {
        q.a = s.a;
        q.b = s.b;
        q.best = s.a == 0;
      }
      if (const std::string refused = g.prepare(q); !refused.empty()) {
        fmt::print(stderr, "mutation: {}: {}\n", g.name, refused);
        std::exit(1);
      }
      std::string sides;
      for (uint32_t n : s.sizes) sides += fmt::format("{}{}", sides.empty() ? "" : "x", n);
      cases.push_back({fmt::format("{} {} {}{}", g.name, s.torus ? "torus" : "mesh", sides,
                                   s.phases.empty() ? "" : " phases " + s.phases),
                       from_stream([&](std::FILE* out) { schedcheck::gen::write_jrs_schedule(out, g, q); }),
                       "JRS gossip"});
    }
  }
}

// ---- checking ----

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  return text;
}

// The core's verdict in the reference's terms: properties, and the lines of the local ones.
struct CoreResult {
  bool verified = false;
  std::set<std::string> properties;
  std::map<std::string, std::set<size_t>> lines;
  std::string diagnostics;
};

CoreResult run_core(const std::string& text) {
  schedcheck::LineSource source{std::string_view(text)};
  schedcheck::Header header;
  schedcheck::Diagnostics diag("mutant", 100000);
  schedcheck::CheckOptions options;
  options.per_step_stats = false;
  CoreResult r;
  r.verified = schedcheck::check_schedule(source, header, diag, options).verified;
  for (const schedcheck::Diagnostic& d : diag.kept()) {
    const std::string name(schedcheck::property_name(d.property));
    r.properties.insert(name);
    r.lines[name].insert(d.pos.line);
    r.diagnostics += "      " + diag.format(d) + "\n";
  }
  return r;
}

// The elements of a set, comma-separated. (Not fmt::join: with fmt 9 it
// trips a false -Wstringop-overflow under the sanitizer build's optimiser.)
template <class Set>
std::string listed(const Set& set) {
  std::string text;
  for (const auto& e : set) text += fmt::format("{}{}", text.empty() ? "" : ", ", e);
  return text;
}

// Empty when the core agrees with the reference, else what differs: the
// properties must be the same, and each local one reported at the same lines
// (which include the changed line wherever the reference blames it).
std::string disagreement(const mutation::Judgement& expected, const CoreResult& core) {
  std::set<std::string> wanted;
  for (Property p : expected.broken) wanted.insert(mutation::property_name(p));
  if (expected.broken.empty()) return core.verified && core.properties.empty() ? "" : "the core rejects a valid schedule";
  if (core.verified) return fmt::format("the core accepts a schedule that breaks {}", listed(wanted));
  if (wanted != core.properties)
    return fmt::format("expected properties {{{}}}, the core names {{{}}}", listed(wanted),
                       listed(core.properties));
  for (const auto& [p, lines] : expected.lines) {
    const std::string name = mutation::property_name(p);
    const auto found = core.lines.find(name);
    const std::set<size_t> none;
    const std::set<size_t>& at = found == core.lines.end() ? none : found->second;
    if (at != lines)
      return fmt::format("{} expected at lines {{{}}}, the core reports lines {{{}}}", name, listed(lines),
                         listed(at));
  }
  return "";
}

struct Tally {
  size_t made = 0, rejected = 0, valid = 0, disagreed = 0;
  size_t at_line = 0;  // rejected with a local property at the changed line
  std::map<std::string, size_t> by_property;  // the rejected mutants, by each property they break
};

// `claim time-independent=` promises a forwarding class (properties.md,
// property 9), which the reference does not analyse: the key is taken out
// before the schedule is mutated.
std::vector<std::string> without_forwarding_claim(std::vector<std::string> lines) {
  for (std::string& line : lines) {
    if (!line.starts_with("claim ")) continue;
    const size_t at = line.find(" time-independent=");
    if (at == std::string::npos) continue;
    const size_t end = line.find(' ', at + 1);
    line.erase(at, end == std::string::npos ? std::string::npos : end - at);
  }
  return lines;
}

// No generator writes `dimension-order-shorter`, which a path the long way
// round breaks; every schedule under `dimension-order` whose paths already go
// the shorter way is mutated under that model too.
void with_shorter_routing(std::vector<Case>& cases) {
  const size_t count = cases.size();
  for (size_t i = 0; i < count; ++i) {
    std::vector<std::string> lines = lines_of(cases[i].text);
    bool changed = false;
    for (std::string& line : lines)
      if (line.starts_with("model ") && line.find(" dimension-order") != std::string::npos &&
          line.find("dimension-order-shorter") == std::string::npos) {
        line.replace(line.find(" dimension-order"), 16, " dimension-order-shorter");
        changed = true;
      }
    std::string error;
    const auto schedule = mutation::read_schedule(joined(lines), error);
    if (!changed || !schedule || !mutation::judge(*schedule).broken.empty()) continue;
    cases.push_back({cases[i].name + " (dimension-order-shorter)", joined(lines), cases[i].registry});
  }
}

// One row of the table: the first cell left-aligned, the others right-aligned in their columns.
void print_row(const std::vector<std::string>& cells) {
  static constexpr size_t widths[] = {26, 6, 9, 8, 6, 9, 7, 0};
  std::string row;
  for (size_t i = 0; i < cells.size(); ++i) {
    const size_t pad = widths[i] > cells[i].size() ? widths[i] - cells[i].size() : 0;
    if (i == 0) row += cells[i] + std::string(pad, ' ');
    else row += " " + std::string(pad, ' ') + cells[i];
  }
  while (!row.empty() && row.back() == ' ') row.pop_back();
  fmt::print("{}\n", row);
}

}  // namespace

int main() {
  const auto started = std::chrono::steady_clock::now();
  std::vector<Case> cases;
  torus_cases(cases);
  rooted_cases(cases);
  jrs_cases(cases);
  with_shorter_routing(cases);

  std::map<Operator, Tally> tallies;
  std::map<std::string, Tally> registries;
  size_t disagreements_printed = 0;
  std::mt19937_64 rng(20240917);
  for (const Case& c : cases) {
    const std::vector<std::string> lines = without_forwarding_claim(lines_of(c.text));
    std::string error;
    const std::string text = joined(lines);
    const auto schedule = mutation::read_schedule(text, error);
    if (!schedule) {
      fmt::print(stderr, "mutation: {}: the reference cannot read the schedule: {}\n", c.name, error);
      return 1;
    }
    // The unmutated schedule first: both must find it valid, or nothing below means anything.
    const mutation::Judgement base = mutation::judge(*schedule);
    const CoreResult base_core = run_core(text);
    if (!base.broken.empty() || !base_core.verified) {
      fmt::print(stderr, "mutation: {}: the generated schedule is not valid (reference: {} properties broken)\n{}",
                 c.name, base.broken.size(), base_core.diagnostics);
      return 1;
    }
    for (Operator op : mutation::all_operators) {
      Tally& tally = tallies[op];
      Tally& registry = registries[c.registry];
      for (const mutation::Mutant& m : mutation::mutate(lines, *schedule, op, mutants_per_operator(lines.size()), rng)) {
        ++tally.made;
        ++registry.made;
        const auto mutant = mutation::read_schedule(m.text, error);
        if (!mutant) {
          fmt::print(stderr, "mutation: {}: the reference cannot read a mutant: {}\n{}\n", c.name, error, m.diff);
          return 1;
        }
        const mutation::Judgement expected = mutation::judge(*mutant);
        const CoreResult core = run_core(m.text);
        const std::string differs = disagreement(expected, core);
        if (!differs.empty()) {
          ++tally.disagreed;
          ++registry.disagreed;
          if (++disagreements_printed <= 40)
            fmt::print("DISAGREE {} [{}]: {}\n  {}\n{}", c.name, mutation::operator_name(op), differs,
                       [&] {
                         std::string d = m.diff;
                         for (size_t at = d.find('\n'); at != std::string::npos; at = d.find('\n', at + 1))
                           d.replace(at, 1, "\n  ");
                         return d;
                       }(),
                       core.diagnostics.empty() ? "      (no diagnostics)\n" : core.diagnostics);
        } else if (expected.broken.empty()) {
          ++tally.valid;
          ++registry.valid;
        } else {
          ++tally.rejected;
          ++registry.rejected;
          for (Property p : expected.broken) ++tally.by_property[mutation::property_name(p)];
          const bool at_changed_line = std::any_of(expected.lines.begin(), expected.lines.end(),
                                                   [&](const auto& kv) { return kv.second.contains(m.line); });
          if (m.line > 0 && at_changed_line) ++tally.at_line;
        }
      }
    }
  }

  fmt::print("{} schedules from {} generators\n", cases.size(),
             schedcheck::gen::generators().size() + schedcheck::gen::rooted_generators().size() +
                 schedcheck::gen::jrs_generators().size());
  print_row({"operator", "made", "rejected", "at line", "valid", "disagree", "score", "properties of the rejected"});
  Tally total;
  for (Operator op : mutation::all_operators) {
    const Tally& t = tallies[op];
    std::string properties;
    for (const auto& [name, count] : t.by_property) properties += fmt::format("{}{} {}", properties.empty() ? "" : ", ", name, count);
    const size_t breaking = t.made - t.valid;
    print_row({mutation::operator_name(op), std::to_string(t.made), std::to_string(t.rejected), std::to_string(t.at_line),
               std::to_string(t.valid), std::to_string(t.disagreed),
               breaking ? fmt::format("{:.1f}%", 100.0 * t.rejected / breaking) : "-", properties});
    total.made += t.made;
    total.rejected += t.rejected;
    total.valid += t.valid;
    total.disagreed += t.disagreed;
    total.at_line += t.at_line;
  }
  print_row({"all", std::to_string(total.made), std::to_string(total.rejected), std::to_string(total.at_line),
             std::to_string(total.valid), std::to_string(total.disagreed), "", ""});
  for (const auto& [name, t] : registries)
    print_row({name, std::to_string(t.made), std::to_string(t.rejected), "", std::to_string(t.valid),
               std::to_string(t.disagreed), "", ""});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  fmt::print("{:.1f} s\n", seconds);
  if (total.disagreed) {
    fmt::print("FAILED: {} mutant(s) where the core and the reference disagree\n", total.disagreed);
    return 1;
  }
  return 0;
}
