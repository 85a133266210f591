// Search jobs: the sweep's tori, its jobs and their command lines, the result files read back, and the routing order that merges them.
#include "search_jobs.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "broadcast_search.hpp"
#include "check_text.hpp"
#include "gossip_search.hpp"
#include "grid.hpp"
#include "torus_tables.hpp"
#include "translation_invariant_gossip.hpp"

namespace schedcheck::lemmas {

namespace {

// The search's own limit on the networks it takes (search_command.cpp).

// "4x4" -> {4, 4}; every side a whole number of at least 2.
std::optional<TorusSizes> parse_dims(std::string_view text, std::string& error) {
  TorusSizes sizes;
  size_t at = 0;
  while (true) {
    const size_t x = std::min(text.find('x', at), text.size());
    const std::string_view side = text.substr(at, x - at);
    uint32_t n = 0;
    const auto [end, ec] = std::from_chars(side.data(), side.data() + side.size(), n);
    if (side.empty() || ec != std::errc{} || end != side.data() + side.size()) {
      error = fmt::format("'{}' is not a torus AxB (sides as whole numbers, e.g. 4x4 or 2x3x4)", text);
      return std::nullopt;
    }
    if (n < 2) {
      error = fmt::format("'{}': every side of a torus is at least 2", text);
      return std::nullopt;
    }
    sizes.push_back(n);
    if (x == text.size()) break;
    at = x + 1;
  }
  if (sizes.size() < 2) {
    error = fmt::format("'{}': a torus of at least two dimensions, e.g. {}x{}", text, sizes[0], sizes[0]);
    return std::nullopt;
  }
  uint64_t nodes = 1;
  for (uint32_t n : sizes) nodes = std::min<uint64_t>(nodes * n, uint64_t{search::max_search_nodes} + 1);
  if (nodes > uint64_t{search::max_search_nodes}) {
    error = fmt::format("'{}': the search is for small networks (at most {} nodes)", text, search::max_search_nodes);
    return std::nullopt;
  }
  return sizes;
}

// Every torus from `lo` to `hi` side by side, sides non-decreasing, in the
// table's order (the first side varying slowest).
void add_range(const TorusSizes& lo, const TorusSizes& hi, std::vector<TorusSizes>& out) {
  TorusSizes x(lo.size());
  auto fill = [&](auto&& self, size_t d) -> void {
    if (d == lo.size()) {
      out.push_back(x);
      return;
    }
    for (uint32_t n = std::max(lo[d], d ? x[d - 1] : 0); n <= hi[d]; ++n) {
      x[d] = n;
      self(self, d + 1);
    }
  };
  fill(fill, 0);
}

std::string read_file(const std::filesystem::path& path, bool& ok) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ok = in.is_open() && !in.bad();
  return text;
}

// The first line of `text` that starts with `prefix` (without its newline).
std::optional<std::string_view> line_starting(std::string_view text, std::string_view prefix) {
  for (size_t at = 0; at < text.size();) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    if (line.starts_with(prefix)) return line;
    at = end + 1;
  }
  return std::nullopt;
}

// `text` with the body of its model line replaced by `model`.
std::string with_model(std::string_view text, std::string_view model) {
  const auto old = line_starting(text, "model ");
  if (!old) return std::string(text);
  const size_t at = static_cast<size_t>(old->data() - text.data());
  return fmt::format("{}model {}{}", text.substr(0, at), model, text.substr(at + old->size()));
}

std::string seconds_text(double s) { return fmt::format("{:.2f} s", s); }

// "step 1 impossible by broadcast-all-port (Wang-Tseng, Lemma 1)", as `search` says it.
std::string lemma_text(const search::StepLowerBound& bound) {
  if (bound.steps < 2) return "";
  const std::string counts = bound.steps == 2 ? "step 1" : fmt::format("steps 1..{}", bound.steps - 1);
  const std::string source = bound.source.substr(0, bound.source.find(" ("));
  return fmt::format("{} impossible by {}{}", counts, bound.name.empty() ? "the lower bound" : bound.name,
                     source.empty() ? "" : fmt::format(" ({})", source));
}

// The collective line of a table's schedules.
std::string_view collective_line(SweepTable table) {
  return table == SweepTable::broadcast ? "broadcast source 0" : "gossip";
}

// The core's best lower bound for the table's collective on the torus under `routing`.
search::StepLowerBound lower_bound_of(SweepTable table, const TorusSizes& sizes, search::RouteRule routing) {
  const search::Grid grid{sizes, true};
  const std::string header = fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective {}\n", grid.describe(),
                                         entry_model_line(table, sizes, routing), collective_line(table));
  const Verdict empty = check_text(header).verdict;
  search::StepLowerBound bound{1, "", ""};
  if (empty.best) bound = {static_cast<uint32_t>(std::max<uint64_t>(empty.best->steps, 1)), empty.best->name,
                           empty.best->source};
  return bound;
}

}  // namespace

const char* sweep_table_name(SweepTable table) {
  return table == SweepTable::broadcast ? "search-broadcast" : "search-gossip";
}

std::string_view default_sizes(SweepTable table) {
  return table == SweepTable::broadcast ? default_sweep_sizes : default_gossip_sweep_sizes;
}

std::string sizes_text(const TorusSizes& sizes) {
  std::string s;
  for (size_t d = 0; d < sizes.size(); ++d) s += fmt::format("{}{}", d ? "x" : "", sizes[d]);
  return s;
}

std::optional<std::vector<TorusSizes>> parse_torus_sizes(std::string_view spec, std::string& error) {
  std::vector<TorusSizes> all;
  if (spec.empty()) {
    error = "--sizes: empty (e.g. 2x2..4x4,5x5)";
    return std::nullopt;
  }
  for (size_t at = 0; at <= spec.size();) {
    const size_t comma = std::min(spec.find(',', at), spec.size());
    const std::string_view item = spec.substr(at, comma - at);
    at = comma + 1;
    const size_t dots = item.find("..");
    if (dots == std::string_view::npos) {
      auto one = parse_dims(item, error);
      if (!one) return std::nullopt;
      all.push_back(*one);
      continue;
    }
    auto lo = parse_dims(item.substr(0, dots), error);
    if (!lo) return std::nullopt;
    auto hi = parse_dims(item.substr(dots + 2), error);
    if (!hi) return std::nullopt;
    if (lo->size() != hi->size()) {
      error = fmt::format("'{}': both ends of a range have the same number of dimensions", item);
      return std::nullopt;
    }
    for (size_t d = 0; d < lo->size(); ++d)
      if ((*lo)[d] > (*hi)[d]) {
        error = fmt::format("'{}': side {} of the first end is larger than that of the last", item, d + 1);
        return std::nullopt;
      }
    const size_t before = all.size();
    add_range(*lo, *hi, all);
    if (all.size() == before) {
      error = fmt::format("'{}' holds no torus with its sides in non-decreasing order", item);
      return std::nullopt;
    }
  }
  // Repeats dropped, the first place kept.
  std::vector<TorusSizes> unique;
  std::set<TorusSizes> seen;
  for (auto& s : all)
    if (seen.insert(s).second) unique.push_back(std::move(s));
  return unique;
}

size_t routing_index(search::RouteRule routing) {
  for (size_t i = 0; i < sweep_routings.size(); ++i)
    if (sweep_routings[i] == routing) return i;
  return 0;
}

bool unsat_refutes(search::RouteRule run, search::RouteRule entry, SweepTable table) {
  using search::RouteRule;
  if (table == SweepTable::time_independent_gossip) return run == entry;
  if (run == RouteRule::shortest) return false;
  return run == entry || (run == RouteRule::dimension_order && entry == RouteRule::dimension_order_shorter);
}

std::string sweep_model_line(const TorusSizes& sizes, search::RouteRule routing) {
  search::BroadcastProblem p;
  p.grid = {sizes, true};
  p.rule = routing;
  return search::broadcast_model_line(p);
}

std::string entry_model_line(SweepTable table, const TorusSizes& sizes, search::RouteRule routing) {
  if (table == SweepTable::broadcast) return sweep_model_line(sizes, routing);
  search::GossipProblem p;
  p.grid = {sizes, true};
  return search::gossip_model_line(p);
}

namespace {

// The fewest of `first`..`last` steps with a translation-invariant
// time-independent gossip on the torus that the core verifies and classes
// time-independent; nullopt where the enumeration finds none within its budget.
std::optional<uint32_t> translation_invariant_steps(const TorusSizes& sizes, uint32_t first, uint32_t last,
                                                    uint64_t choices) {
  if (choices == 0) return std::nullopt;
  const search::Grid grid{sizes, true};
  search::EnumerationBudget budget;
  budget.max_nodes = choices;
  for (uint32_t steps = first; steps <= last; ++steps) {
    const search::TranslationInvariantResult r = search::translation_invariant_gossip(grid, steps, budget);
    if (r.outcome != search::Outcome::sat) continue;
    search::GossipProblem p;
    p.grid = grid;
    const Verdict v = check_text(fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective gossip\n{}",
                                             grid.describe(), search::gossip_model_line(p), r.witness))
                          .verdict;
    if (v.verified && v.steps == steps && v.forwarding.analysed &&
        v.forwarding.kind == ForwardingClass::time_independent)
      return steps;
  }
  return std::nullopt;
}

}  // namespace

std::vector<SweepEntry> sweep_entries(const std::vector<TorusSizes>& sizes, SweepTable table, uint64_t enumeration) {
  std::vector<SweepEntry> entries;
  for (const TorusSizes& sz : sizes) {
    if (table == SweepTable::time_independent_gossip) {
      SweepEntry e;
      e.sizes = sz;
      e.routing = search::RouteRule::shortest;
      e.table = table;
      e.lemma_1 = lower_bound_of(table, sz, e.routing);
      e.last_job = e.lemma_1.steps + gossip_sweep_counts - 1;
      if (const auto c = time_independent_construction(gen::Torus{sz})) {
        e.construction = static_cast<uint32_t>(c->steps);
        e.construction_generator = c->generator;
        // Counts from the construction's on are settled by it.
        e.last_job = std::min(e.last_job, *e.construction - 1);
      }
      if (const auto steps = translation_invariant_steps(sz, e.lemma_1.steps, e.last_job, enumeration)) {
        e.construction = *steps;
        e.construction_generator.clear();
        e.construction_enumerated = true;
        e.last_job = *steps - 1;
      }
      entries.push_back(std::move(e));
      continue;
    }
    const gen::Torus torus{sz};
    for (search::RouteRule routing : sweep_routings) {
      SweepEntry e;
      e.sizes = sz;
      e.routing = routing;
      e.lemma_1 = lower_bound_of(table, sz, routing);
      // The construction is dimension-ordered; the core says whether it also
      // holds under each other routing (the shorter way round, free).
      const auto m = measure_broadcast("broadcast-span", torus, sweep_model_line(sz, routing));
      if (m && m->verified) e.construction = static_cast<uint32_t>(m->steps);
      // Without a construction, as many counts as the table climbs.
      e.last_job = e.construction ? *e.construction - 1 : e.lemma_1.steps + 8;
      entries.push_back(std::move(e));
    }
  }
  return entries;
}

namespace {

// "2x0,1x1": a class's translations as --translations takes them.
std::string translations_text(const SearchJob& job) {
  std::vector<std::string> shifts;
  for (const TorusSizes& t : job.translations) shifts.push_back(sizes_text(t));
  return fmt::format("{}", fmt::join(shifts, ","));
}

}  // namespace

std::string job_name(const SearchJob& job) {
  if (job.table == SweepTable::time_independent_gossip && is_class_job(job))
    return fmt::format("torus-{}-gossip-time-independent-{}-steps-{}", sizes_text(job.sizes),
                       job.periods.empty() ? "translations-" + translations_text(job)
                                           : "periods-" + sizes_text(job.periods),
                       job.steps);
  if (job.table == SweepTable::time_independent_gossip)
    return fmt::format("torus-{}-gossip-time-independent-steps-{}", sizes_text(job.sizes), job.steps);
  return fmt::format("torus-{}-{}-steps-{}", sizes_text(job.sizes), search::route_rule_name(job.routing), job.steps);
}

bool is_class_job(const SearchJob& job) { return !job.periods.empty() || !job.translations.empty(); }

std::string class_option(const SearchJob& job) {
  return job.periods.empty() ? "--translations " + translations_text(job) : "--periods " + sizes_text(job.periods);
}

namespace {

// The images of a group of translations (a mask over the nodes) under the
// torus's reflections and turns of equal sides.
std::vector<std::vector<bool>> images(const search::Grid& grid, const std::vector<bool>& group) {
  std::vector<uint32_t> order(grid.dimensions());
  for (uint32_t d = 0; d < order.size(); ++d) order[d] = d;
  std::vector<std::vector<bool>> out;
  std::vector<uint32_t> y(grid.dimensions());
  do {
    bool turn = true;  // a turn takes each side onto one of its size
    for (uint32_t d = 0; d < order.size(); ++d) turn = turn && grid.sizes[order[d]] == grid.sizes[d];
    if (!turn) continue;
    for (uint32_t flips = 0; flips < (1U << grid.dimensions()); ++flips) {
      std::vector<bool> image(grid.node_count(), false);
      for (uint32_t v = 0; v < grid.node_count(); ++v) {
        if (!group[v]) continue;
        for (uint32_t d = 0; d < y.size(); ++d) {
          const uint32_t x = grid.coordinate(v, order[d]);
          y[d] = flips >> d & 1U ? grid.sizes[d] - x : x;  // node_at takes it modulo the side
        }
        image[grid.node_at(y)] = true;
      }
      out.push_back(std::move(image));
    }
  } while (std::next_permutation(order.begin(), order.end()));
  return out;
}

// Every group of the torus's translations, each once up to the torus's
// automorphisms (the image whose least members come first), the trivial one included.
std::vector<std::vector<bool>> translation_subgroups(const search::Grid& grid) {
  std::vector<std::vector<bool>> found{search::translation_group(grid, {})};
  std::set<std::vector<bool>> seen{found[0]};
  for (size_t i = 0; i < found.size(); ++i) {
    std::vector<uint32_t> members;
    for (uint32_t v = 0; v < grid.node_count(); ++v)
      if (found[i][v]) members.push_back(v);
    for (uint32_t e = 1; e < grid.node_count(); ++e) {
      if (found[i][e]) continue;
      // The group that e and found[i] generate: found[i]'s cosets at e, 2e, ...
      std::vector<bool> bigger = found[i];
      for (uint32_t shift = e; !bigger[shift]; shift = grid.translate(shift, e))
        for (uint32_t v : members) bigger[grid.translate(v, shift)] = true;
      if (seen.count(bigger)) continue;
      std::vector<std::vector<bool>> all = images(grid, bigger);
      found.push_back(*std::max_element(all.begin(), all.end()));
      seen.insert(all.begin(), all.end());
    }
  }
  return found;
}

}  // namespace

std::vector<SearchJob> periodic_class_jobs(const SweepEntry& entry) {
  const uint32_t bound = entry.lemma_1.steps;
  if (entry.table != SweepTable::time_independent_gossip || bound == 0 || bound > entry.last_job) return {};
  const search::Grid grid{entry.sizes, true};
  struct Class {
    uint32_t orbits;
    SearchJob job;
  };
  std::vector<Class> classes;
  auto add_box = [&](const TorusSizes& periods) {
    uint32_t orbits = 1;
    for (uint32_t p : periods) orbits *= p;
    if (periods != entry.sizes) classes.push_back({orbits, {entry.sizes, entry.routing, bound, entry.table, periods}});
  };
  if (grid.node_count() > max_class_enumeration) {
    // The boxes alone: each tuple of periods dividing the sides, between
    // equal sides next to each other non-decreasing (a turn swaps them).
    std::vector<TorusSizes> boxes{{}};
    for (size_t i = 0; i < entry.sizes.size(); ++i) {
      std::vector<TorusSizes> longer;
      for (const TorusSizes& b : boxes)
        for (uint32_t p = 1; p <= entry.sizes[i]; ++p)
          if (entry.sizes[i] % p == 0 && !(i > 0 && entry.sizes[i - 1] == entry.sizes[i] && p < b.back())) {
            longer.push_back(b);
            longer.back().push_back(p);
          }
      boxes = std::move(longer);
    }
    for (const TorusSizes& b : boxes) add_box(b);
  } else {
    for (const std::vector<bool>& group : translation_subgroups(grid)) {
      // A box when it holds the product of its lines through node 0: its periods.
      TorusSizes periods;
      uint32_t box = 1;
      for (uint32_t d = 0; d < grid.dimensions(); ++d) {
        uint32_t p = 1;
        while (p < grid.sizes[d] && !group[p * grid.stride(d)]) ++p;
        periods.push_back(p);
        box *= grid.sizes[d] / p;
      }
      const auto members = static_cast<uint32_t>(std::count(group.begin(), group.end(), true));
      if (box == members) {
        add_box(periods);
        continue;
      }
      // Otherwise its generators: one if it is cyclic, else taken greedily in index order.
      std::vector<uint32_t> generators;
      for (uint32_t v = 1; v < grid.node_count() && generators.empty(); ++v)
        if (group[v] && search::translation_group(grid, {v}) == group) generators.push_back(v);
      for (std::vector<bool> covered = search::translation_group(grid, generators); covered != group;)
        for (uint32_t v = 1; v < grid.node_count(); ++v)
          if (group[v] && !covered[v]) {
            generators.push_back(v);
            covered = search::translation_group(grid, generators);
            break;
          }
      SearchJob job{entry.sizes, entry.routing, bound, entry.table};
      for (uint32_t v : generators) {
        job.translations.emplace_back();
        for (uint32_t d = 0; d < grid.dimensions(); ++d) job.translations.back().push_back(grid.coordinate(v, d));
      }
      classes.push_back({grid.node_count() / members, std::move(job)});
    }
  }
  std::stable_sort(classes.begin(), classes.end(), [](const Class& a, const Class& b) {
    return std::tuple(a.orbits, a.job.periods.empty(), class_option(a.job)) <
           std::tuple(b.orbits, b.job.periods.empty(), class_option(b.job));
  });
  std::vector<SearchJob> jobs;
  for (Class& c : classes) jobs.push_back(std::move(c.job));
  return jobs;
}

std::vector<SearchJob> sweep_jobs(const std::vector<SweepEntry>& entries, bool periodic_classes) {
  std::vector<SearchJob> jobs;
  for (size_t first = 0, last = 0; first < entries.size(); first = last) {
    while (last < entries.size() && entries[last].sizes == entries[first].sizes) ++last;
    uint32_t low = UINT32_MAX, high = 0;
    for (size_t i = first; i < last; ++i) {
      low = std::min(low, entries[i].lemma_1.steps);
      high = std::max(high, entries[i].last_job);
    }
    for (uint32_t steps = low; steps <= high; ++steps)
      for (search::RouteRule routing : job_routing_order)
        for (size_t i = first; i < last; ++i)
          if (entries[i].routing == routing && steps >= entries[i].lemma_1.steps && steps <= entries[i].last_job) {
            jobs.push_back({entries[i].sizes, routing, steps, entries[i].table});
            if (periodic_classes && steps == entries[i].lemma_1.steps)
              for (SearchJob& c : periodic_class_jobs(entries[i])) jobs.push_back(std::move(c));
          }
  }
  return jobs;
}

std::string shell_quote(std::string_view text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("_-./:,+=@%").find(c) != std::string_view::npos;
  });
  if (plain) return std::string(text);
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string job_command(const SearchJob& job, const std::string& binary, const std::string& dir, double timeout) {
  const std::string stem = (std::filesystem::path(dir) / job_name(job)).string();
  // The search and the export take the same instance options, so that the
  // CNF is the encoding whose unsat the result file reports.
  const std::string instance =
      job.table == SweepTable::broadcast
          ? fmt::format("{} search broadcast --topology torus:{} --model wormhole,all-port,{} --steps {} --one-routing",
                        shell_quote(binary), sizes_text(job.sizes), search::route_rule_name(job.routing), job.steps)
          : fmt::format("{} search gossip --topology torus:{} --model store-and-forward,all-port --time-independent "
                        "--steps {}",
                        shell_quote(binary), sizes_text(job.sizes), job.steps);
  const std::string json = shell_quote(stem + ".json"), log = shell_quote(stem + ".log"),
                    cnf = shell_quote(stem + ".cnf"), cadical = shell_quote(stem + ".cadical");
  // cadical's -t takes whole seconds.
  const auto cadical_seconds = static_cast<uint64_t>(std::max(1.0, std::ceil(timeout)));
  if (is_class_job(job)) {
    // A class is for cadical alone (Z3 had no answer on the classes that
    // cadical decided in seconds); its model is read back only when it is SAT.
    // Nor is it needed once the whole count's job or another class's has a
    // witness: the glob names every class of the count (a class's .json
    // holds a witness or, while it reads one back, nothing).
    const SearchJob whole{job.sizes, job.routing, job.steps, job.table};
    const std::string whole_stem = (std::filesystem::path(dir) / job_name(whole)).string();
    const size_t steps_at = whole_stem.rfind("steps-");
    const std::string witnesses = fmt::format("{} {}*-{}", shell_quote(whole_stem + ".json"),
                                              shell_quote(whole_stem.substr(0, steps_at)),
                                              shell_quote(whole_stem.substr(steps_at) + ".json"));
    const std::string cls = fmt::format("{} {}", instance, class_option(job));
    return fmt::format(
        "if grep -qs '\"verdict\":\"SAT\"' {whole}; then echo {why} >{log}; "
        "elif command -v cadical >/dev/null; then "
        "{{ {cls} --dimacs {cnf} && {{ cadical -t {ct} {cnf}; echo \"cadical exit $?\"; }} || "
        "echo 'cadical: not run: the export of the CNF failed (the log says why)'; }} >{cadical} 2>{log}; "
        "if grep -qx 'cadical exit 10' {cadical}; then {cls} --timeout {t:g} --cnf {cnf} --sat-model {cadical} "
        "--json -o {sched} >{json} 2>>{log}; fi; rm -f {cnf}; "
        "else echo 'cadical: not installed where the job ran' >{cadical}; fi",
        fmt::arg("whole", witnesses), fmt::arg("why", shell_quote("skipped: a witness of this count answers the torus")),
        fmt::arg("cls", cls), fmt::arg("cnf", cnf), fmt::arg("ct", cadical_seconds), fmt::arg("cadical", cadical),
        fmt::arg("log", log), fmt::arg("t", std::max(timeout, 60.0)), fmt::arg("sched", shell_quote(stem + ".sched")),
        fmt::arg("json", json));
  }
  // The shorter way's witness of the same count is a dimension-ordered
  // path and a minimal one: when its job has found one, the jobs of the
  // other two routings leave the count to it (the merge checks it under
  // their routings) and write only why into their log.
  std::string skip;
  if (job.table == SweepTable::broadcast && job.routing != search::RouteRule::dimension_order_shorter) {
    const SearchJob shorter{job.sizes, search::RouteRule::dimension_order_shorter, job.steps};
    const std::string shorter_stem = (std::filesystem::path(dir) / job_name(shorter)).string();
    skip = fmt::format("if grep -qs '\"verdict\":\"SAT\"' {}; then echo {} >{}; else ", shell_quote(shorter_stem + ".json"),
                       shell_quote(fmt::format("skipped: the shorter way's witness {}.sched answers this count",
                                               shorter_stem)),
                       log);
  }
  // The least count with a time-independent gossip is the optimum: once a
  // job of a lower count (the sweep's counts on the torus go back at most
  // gossip_sweep_counts - 1) has found a witness, this count is not needed.
  if (job.table == SweepTable::time_independent_gossip && job.steps > 1) {
    std::string lower;
    for (uint32_t c = job.steps > gossip_sweep_counts ? job.steps - gossip_sweep_counts + 1 : 1; c < job.steps; ++c)
      lower += " " + shell_quote((std::filesystem::path(dir) / job_name({job.sizes, job.routing, c, job.table}))
                                     .string() + ".json");
    skip = fmt::format("if grep -qs '\"verdict\":\"SAT\"'{}; then echo {} >{}; else ", lower,
                       shell_quote("skipped: a witness of fewer steps answers this torus"), log);
  }
  const std::string search = fmt::format("{} --timeout {:g} --json -o {} >{} 2>{}", instance, timeout,
                                         shell_quote(stem + ".sched"), json, log);
  const std::string end_skip = skip.empty() ? "" : "; fi";
  // Free routing's runs search the minimal paths alone: their unsat refutes
  // no count, so no second solver is asked.
  if (job.table == SweepTable::broadcast && job.routing == search::RouteRule::shortest)
    return skip + search + end_skip;
  // The search exits 0 for SAT and UNSAT alike and 3 for UNKNOWN: the
  // verdict in its JSON (nlohmann writes it without blanks) tells them
  // apart, and the line ends with the search's exit code.
  // A broadcast or time-independent gossip count that cadical finds
  // satisfiable (exit 10) where Z3 gave no answer has its witness in
  // cadical's model: the search reads it back through the CNF's variable
  // names, and its result replaces Z3's UNKNOWN. Over Z3's UNSAT it is not
  // read: the merge reports the two solvers' disagreement instead.
  // With every variable set Z3 only propagates; a job whose own time is
  // tiny still gives that a minute.
  const std::string from_model =
      job.table == SweepTable::broadcast || job.table == SweepTable::time_independent_gossip
          ? fmt::format("if grep -qx 'cadical exit 10' {cadical} && grep -q '\"verdict\":\"UNKNOWN\"' {json}; then "
                        "{inst} --timeout {t:g} --cnf {cnf} --sat-model "
                        "{cadical} --json -o {sched} >{json}.model 2>>{log} && mv {json}.model {json} && status=0; "
                        "rm -f {json}.model; fi; ",
                        fmt::arg("inst", instance), fmt::arg("t", std::max(timeout, 60.0)), fmt::arg("cnf", cnf),
                        fmt::arg("cadical", cadical), fmt::arg("sched", shell_quote(stem + ".sched")),
                        fmt::arg("json", json), fmt::arg("log", log))
          : "";
  return skip + search +
         fmt::format(
             "; status=$?; "
             "if [ $status = 0 -o $status = 3 ] && grep -q -e '\"verdict\":\"UNSAT\"' -e '\"verdict\":\"UNKNOWN\"' "
             "{json}; then if command -v cadical >/dev/null; then "
             "{{ {inst} --dimacs {cnf} && {{ cadical {no_model}-t {ct} {cnf}; echo \"cadical exit $?\"; }} || "
             "echo 'cadical: not run: the export of the CNF failed (the log says why)'; }} >{cadical} 2>>{log}; "
             "{from_model}rm -f {cnf}; else echo 'cadical: not installed where the job ran' >{cadical}; fi; fi; "
             "(exit $status)",
             fmt::arg("inst", instance), fmt::arg("json", json), fmt::arg("log", log), fmt::arg("cnf", cnf),
             fmt::arg("ct", cadical_seconds), fmt::arg("cadical", cadical),
             fmt::arg("no_model", from_model.empty() ? "-n " : ""), fmt::arg("from_model", from_model)) +
         end_skip;
}

std::string sweep_manifest(std::string_view sizes_spec, SweepTable table, uint64_t enumeration) {
  return fmt::format("# schedcheck table {0} --emit-jobs: the table and the tori of this sweep, which --merge "
                     "reads\ntable {0}\nsizes {1}\n{2}",
                     sweep_table_name(table), sizes_spec,
                     table == SweepTable::time_independent_gossip ? fmt::format("enumeration {}\n", enumeration)
                                                                  : "");
}

std::optional<SweepManifest> read_sweep_manifest(std::string_view text, std::string& error, SweepTable table) {
  SweepManifest manifest;
  bool have_sizes = false;
  std::string_view written_by = sweep_table_name(SweepTable::broadcast);
  size_t number = 0;
  for (size_t at = 0; at < text.size();) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++number;
    if (line.empty() || line.starts_with('#')) continue;
    if (line.starts_with("table ")) {
      written_by = line.substr(6);
      continue;
    }
    if (line.starts_with("enumeration ")) {
      const std::string_view n = line.substr(12);
      const auto [end_of_n, ec] = std::from_chars(n.data(), n.data() + n.size(), manifest.enumeration);
      if (ec != std::errc{} || end_of_n != n.data() + n.size()) {
        error = fmt::format("line {}: expected 'enumeration N' with a whole number N", number);
        return std::nullopt;
      }
      continue;
    }
    if (!line.starts_with("sizes ") || have_sizes) {
      error = fmt::format("line {}: expected one line 'sizes SPEC'", number);
      return std::nullopt;
    }
    manifest.sizes = std::string(line.substr(6));
    have_sizes = true;
  }
  if (!have_sizes) {
    error = "no line 'sizes SPEC'";
    return std::nullopt;
  }
  if (written_by != sweep_table_name(table)) {
    error = fmt::format("the jobs of table {}, not of table {}", written_by, sweep_table_name(table));
    return std::nullopt;
  }
  return manifest;
}

std::optional<JobOutcome> parse_job_result(std::string_view text, std::string& error) {
  using nlohmann::json;
  const json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    error = "not a JSON object (the --json output of search broadcast or gossip)";
    return std::nullopt;
  }
  auto string_field = [&](const char* name) -> std::optional<std::string> {
    const auto it = j.find(name);
    if (it == j.end() || !it->is_string()) {
      error = fmt::format("no string \"{}\"", name);
      return std::nullopt;
    }
    return it->get<std::string>();
  };
  const auto collective = string_field("collective");
  if (!collective) return std::nullopt;
  JobOutcome o;
  if (*collective == "gossip") {
    // Only the time-independent search's results make this table.
    const auto forwarding = j.find("forwarding");
    if (forwarding == j.end() || *forwarding != "time-independent") {
      error = "gossip without \"forwarding\": \"time-independent\" (search gossip --time-independent)";
      return std::nullopt;
    }
    o.job.table = SweepTable::time_independent_gossip;
  } else if (*collective != "broadcast") {
    error = fmt::format("\"collective\" is \"{}\", not \"broadcast\" or \"gossip\"", *collective);
    return std::nullopt;
  }
  const auto topology = string_field("topology");
  if (!topology) return std::nullopt;
  {
    std::string why;
    const auto sizes = topology->starts_with("torus ") ? parse_dims(std::string_view(*topology).substr(6), why)
                                                       : std::nullopt;
    if (!sizes) {
      error = fmt::format("\"topology\" is \"{}\", not a torus of the sweep (e.g. \"torus 4x4\")", *topology);
      return std::nullopt;
    }
    o.job.sizes = *sizes;
  }
  const auto model = string_field("model");
  if (!model) return std::nullopt;
  bool known = false;
  if (o.job.table == SweepTable::time_independent_gossip) {
    o.job.routing = search::RouteRule::shortest;
    known = *model == entry_model_line(o.job.table, o.job.sizes, o.job.routing);
  } else {
    for (search::RouteRule r : sweep_routings)
      if (*model == sweep_model_line(o.job.sizes, r)) {
        o.job.routing = r;
        known = true;
      }
  }
  if (!known) {
    error = fmt::format("\"model\" is \"{}\", not {}", *model,
                        o.job.table == SweepTable::broadcast
                            ? "wormhole all-port broadcast under a routing of the table"
                            : "the store-and-forward all-port non-combining gossip of the table");
    return std::nullopt;
  }
  const auto verdict = string_field("verdict");
  if (!verdict) return std::nullopt;
  if (*verdict == "SAT") o.answer = JobAnswer::sat;
  else if (*verdict == "UNSAT") o.answer = JobAnswer::unsat;
  else if (*verdict == "UNKNOWN") o.answer = JobAnswer::unknown;
  else {
    error = fmt::format("\"verdict\" is \"{}\": not the verdict of one step count (SAT, UNSAT or UNKNOWN of --steps S)",
                        *verdict);
    return std::nullopt;
  }
  const auto attempts = j.find("attempts");
  // A search whose time ran out before its first solver call has no attempt:
  // UNKNOWN at a count its result file does not say (steps stays 0).
  if (attempts == j.end() || !attempts->is_array() || (attempts->empty() && o.answer != JobAnswer::unknown)) {
    error = "no \"attempts\" (a non-empty array)";
    return std::nullopt;
  }
  for (const json& a : *attempts) {
    const auto steps = a.find("steps"), outcome = a.find("outcome"), seconds = a.find("seconds");
    if (!a.is_object() || steps == a.end() || !steps->is_number_unsigned() || outcome == a.end() ||
        !outcome->is_string() || seconds == a.end() || !seconds->is_number()) {
      error = "an attempt without \"steps\", \"outcome\" and \"seconds\"";
      return std::nullopt;
    }
    const uint64_t count = steps->get<uint64_t>();
    if (count == 0 || count > UINT32_MAX || (o.job.steps && count != o.job.steps)) {
      error = "attempts at different step counts, or at none: not the result of one count (--steps S)";
      return std::nullopt;
    }
    o.job.steps = static_cast<uint32_t>(count);
    o.seconds += seconds->get<double>();
    // A run that is not the routing asked (free routing's minimal paths, the
    // symmetric schedules tried first) answers unsat for itself alone; where
    // the job found a witness, such an unsat says nothing about its count.
    const auto routing = a.find("routing");
    if (outcome->get<std::string>() == "unsat" && o.answer != JobAnswer::unsat && o.answer != JobAnswer::sat &&
        routing != a.end() && routing->is_string())
      o.unsat_under += (o.unsat_under.empty() ? "" : ", ") + routing->get<std::string>();
  }
  if (const auto from = j.find("witness_from"); from != j.end())
    o.from_sat_model = o.answer == JobAnswer::sat && from->is_string() && from->get<std::string>() == "sat-model";
  if (o.answer == JobAnswer::sat) {
    const auto steps = j.find("steps");
    if (steps == j.end() || !steps->is_number_unsigned() || steps->get<uint64_t>() != o.job.steps) {
      error = fmt::format("verdict SAT without \"steps\": {}", o.job.steps);
      return std::nullopt;
    }
  }
  return o;
}

std::optional<CadicalCheck> parse_cadical_result(std::string_view text, const SearchJob& job, std::string& error) {
  CadicalCheck c;
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    // The job's redirection creates the file before cadical answers.
    c.why = "cadical has not finished";
    return c;
  }
  const std::string_view first = text.substr(0, std::min(text.find('\n'), text.size()));
  if (first.starts_with("cadical: ")) {
    c.why = std::string(first);
    return c;
  }
  // As `search --dimacs` prints it (search_command.cpp).
  const bool gossip = job.table == SweepTable::time_independent_gossip;
  const std::string exported = fmt::format(
      "DIMACS steps={} ({} {}, {}{}{}) written to ", job.steps, gossip ? "gossip" : "broadcast",
      search::Grid{job.sizes, true}.describe(), entry_model_line(job.table, job.sizes, job.routing),
      gossip ? ", time-independent forwarding"
      : job.routing == search::RouteRule::shortest ? ", routes: minimal paths only"
                                                   : "",
      !is_class_job(job)   ? ""
      : job.periods.empty() ? fmt::format(", maps invariant under the translations {} (its unsat refutes the class only)",
                                          translations_text(job))
                            : fmt::format(", maps repeating with periods {} (its unsat refutes the class only)",
                                          sizes_text(job.periods)));
  if (!first.starts_with(exported)) {
    error = fmt::format("its first line is not the export of {}'s CNF ('{}...'): '{}'", job_name(job), exported,
                        first);
    return std::nullopt;
  }
  // The export line ends with the CNF's size: ": V variables, C clauses".
  const size_t colon = first.rfind(": ");
  uint64_t variables = 0;
  const std::string_view size = colon == std::string_view::npos ? std::string_view() : first.substr(colon + 2);
  const auto [after, parsed] = std::from_chars(size.data(), size.data() + size.size(), variables);
  if (size.empty() || parsed != std::errc{} ||
      !std::string_view(after, static_cast<size_t>(size.data() + size.size() - after)).starts_with(" variables, ")) {
    error = fmt::format("its first line does not end with the CNF's size (': V variables, C clauses'): '{}'", first);
    return std::nullopt;
  }
  std::optional<std::string_view> status;
  std::optional<int> exit;
  for (size_t at = 0; at < text.size();) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (line.starts_with("s ")) {
      if (status) {
        error = fmt::format("two answers, '{}' and '{}'", *status, line);
        return std::nullopt;
      }
      status = line;
    } else if (line.starts_with("cadical exit ")) {
      const std::string_view number = line.substr(13);
      int n = 0;
      const auto [stop, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
      if (ec != std::errc{} || stop != number.data() + number.size() || exit) {
        error = fmt::format("'{}' is not the one line 'cadical exit N' of the job", line);
        return std::nullopt;
      }
      exit = n;
    } else if (constexpr std::string_view real = "c total real time since initialization:"; line.starts_with(real)) {
      // Its time is for the table; a file without it still answers.
      const size_t digits = line.find_first_not_of(' ', real.size());
      double seconds = 0;
      if (digits != std::string_view::npos &&
          std::from_chars(line.data() + digits, line.data() + line.size(), seconds).ec == std::errc{})
        c.seconds = seconds;
    }
  }
  if (!exit) {
    // cadical's output ends with the line the job adds after it.
    c.why = "cadical has not finished (or was killed)";
    return c;
  }
  // cadical's exit codes: 20 unsatisfiable, 10 satisfiable, 0 no answer.
  const bool says_unsat = status == "s UNSATISFIABLE", says_sat = status == "s SATISFIABLE";
  if (says_unsat != (*exit == 20) || says_sat != (*exit == 10)) {
    error = fmt::format("cadical's answer '{}' does not go with its exit code {}",
                        status ? *status : std::string_view("(none)"), *exit);
    return std::nullopt;
  }
  // Z3's preprocessing writes a count it decided itself as one empty
  // clause: cadical's unsat there is no second opinion.
  if (says_unsat && variables == 0) c.why = "the export decided the count itself (an empty clause), not cadical";
  else if (says_unsat) c.answer = CadicalAnswer::unsat;
  else if (says_sat) c.answer = CadicalAnswer::sat;
  else {
    c.answer = CadicalAnswer::no_answer;
    c.why = *exit == 0 ? "cadical gave no answer within its time limit (exit 0)"
                       : fmt::format("cadical stopped without an answer (exit {})", *exit);
  }
  return c;
}

void check_witness(JobOutcome& o, std::string_view text, const std::string& path) {
  const search::Grid grid{o.job.sizes, true};
  const std::string expected[] = {fmt::format("topology {}", grid.describe()),
                                  fmt::format("model {}", entry_model_line(o.job.table, o.job.sizes, o.job.routing)),
                                  fmt::format("collective {}", collective_line(o.job.table))};
  auto reject = [&](std::string why) {
    o.answer = JobAnswer::rejected;
    o.why = std::move(why);
    o.witness_steps.reset();
    o.witness_holds = {};
  };
  for (const std::string& want : expected) {
    const std::string_view keyword = std::string_view(want).substr(0, want.find(' ') + 1);
    const auto line = line_starting(text, keyword);
    if (!line || *line != want) {
      reject(fmt::format("{}: not a witness of {}: its {}line is {}", path, job_name(o.job), keyword,
                         line ? fmt::format("'{}'", *line) : std::string("missing")));
      return;
    }
  }
  const Checked own = check_text(text);
  if (!own.verdict.verified) {
    std::string errors;
    for (size_t at = 0; at < own.errors.size();) {
      const size_t end = std::min(own.errors.find('\n', at), own.errors.size());
      std::string line = own.errors.substr(at, end - at);
      if (line.starts_with("text:")) line = path + line.substr(4);
      errors += (errors.empty() ? "" : "\n") + line;
      at = end + 1;
    }
    reject(fmt::format("{}: the core rejects the witness{}{}", path, errors.empty() ? "" : ":\n", errors));
    return;
  }
  if (own.verdict.steps > o.job.steps) {
    reject(fmt::format("{}: the witness has {} steps, more than its job's {}", path, own.verdict.steps, o.job.steps));
    return;
  }
  if (o.job.table == SweepTable::time_independent_gossip) {
    // The witness's claim asks the core for time independence, but a witness
    // without that claim would pass as any gossip: the class itself decides.
    const ForwardingReport& f = own.verdict.forwarding;
    if (!f.analysed || f.kind != ForwardingClass::time_independent) {
      reject(fmt::format("{}: the witness is {}, not time-independent", path,
                         f.analysed ? to_string(f.kind) : std::string("not analysed for forwarding")));
      return;
    }
    o.witness_steps = static_cast<uint32_t>(own.verdict.steps);
    o.witness_holds[routing_index(o.job.routing)] = true;
    return;
  }
  o.witness_steps = static_cast<uint32_t>(own.verdict.steps);
  for (size_t r = 0; r < sweep_routings.size(); ++r)
    o.witness_holds[r] = sweep_routings[r] == o.job.routing ||
                         check_text(with_model(text, sweep_model_line(o.job.sizes, sweep_routings[r])))
                             .verdict.verified;
}

const char* optimum_proof_name(OptimumProof proof, SweepTable table) {
  switch (proof) {
    case OptimumProof::lemma: return table == SweepTable::broadcast ? "lemma-1" : "lower-bound";
    case OptimumProof::cadical: return "cadical";
    case OptimumProof::z3_only: return "z3-only";
    case OptimumProof::cadical_only: return "cadical-only";
    case OptimumProof::none: break;
  }
  return "none";
}

namespace {

// What cadical said of an unsat, as the settled text appends it.
std::string cadical_text(const CadicalCheck& c) {
  switch (c.answer) {
    case CadicalAnswer::unsat: return fmt::format(", confirmed by cadical in {}", seconds_text(c.seconds));
    case CadicalAnswer::sat: return ", CONTRADICTED by cadical (its CNF is satisfiable)";
    case CadicalAnswer::none:
    case CadicalAnswer::no_answer: break;
  }
  return c.why.empty() ? ", z3 only" : fmt::format(", z3 only ({})", c.why);
}

}  // namespace

MergedEntry merge_entry(const SweepEntry& entry, const std::vector<JobOutcome>& outcomes) {
  MergedEntry m;
  m.entry = entry;
  const size_t r = routing_index(entry.routing);
  const uint32_t lemma = entry.lemma_1.steps;
  std::vector<const JobOutcome*> mine;  // this table's outcomes on this torus, every routing
  for (const JobOutcome& o : outcomes)
    if (o.job.sizes == entry.sizes && o.job.table == entry.table) mine.push_back(&o);
  // The entry's own routing first: its run is the one that answers it directly.
  std::stable_sort(mine.begin(), mine.end(), [&](const JobOutcome* a, const JobOutcome* b) {
    return (a->job.routing != entry.routing) < (b->job.routing != entry.routing);
  });

  // The least count with a witness the core verified under this routing.
  const JobOutcome* witness = nullptr;
  for (const JobOutcome* o : mine)
    if (o->answer == JobAnswer::sat && o->witness_holds[r] && o->witness_steps &&
        (!witness || *o->witness_steps < *witness->witness_steps))
      witness = o;
  if (witness) m.upper = witness->witness_steps;
  const bool by_construction = entry.construction && (!m.upper || *entry.construction < *m.upper);
  if (by_construction) m.upper = entry.construction;

  // An unsat whose CNF cadical finds satisfiable refutes nothing: one of the
  // two solvers is wrong, and the entries it would refute are contradicted.
  // Where Z3 gave no answer, cadical's unsat alone refutes the count.
  auto cadical_alone = [](const JobOutcome* o) {
    return o->answer == JobAnswer::unknown && o->cadical.answer == CadicalAnswer::unsat;
  };
  auto applies = [&](const JobOutcome* o) {
    return (o->answer == JobAnswer::unsat || cadical_alone(o)) &&
           unsat_refutes(o->job.routing, entry.routing, entry.table);
  };
  auto refutes = [&](const JobOutcome* o) { return applies(o) && o->cadical.answer != CadicalAnswer::sat; };
  for (const JobOutcome* o : mine)
    if (applies(o) && o->cadical.answer == CadicalAnswer::sat) m.cadical_contradicted = true;
  // The unsat of exactly `steps`: both solvers' first, then cadical's alone,
  // then Z3's alone (with the entry's own routing first among equals).
  auto solvers = [&](const JobOutcome* o) {
    return (o->answer == JobAnswer::unsat ? 1 : 0) + (o->cadical.answer == CadicalAnswer::unsat ? 2 : 0);
  };
  auto unsat_at = [&](uint32_t steps) -> const JobOutcome* {
    const JobOutcome* found = nullptr;
    for (const JobOutcome* o : mine)
      if (refutes(o) && o->job.steps == steps && (!found || solvers(o) > solvers(found))) found = o;
    return found;
  };
  // "unsat in 1.50 s under dimension-order, confirmed by cadical in 0.25 s",
  // or "unsat by cadical alone in 0.25 s (Z3: unknown after 300.00 s)".
  auto unsat_text = [&](const JobOutcome* o) {
    const std::string under = entry.table == SweepTable::broadcast
                                  ? fmt::format(" under {}", search::route_rule_name(o->job.routing))
                                  : std::string();
    if (cadical_alone(o))
      return fmt::format("unsat by cadical alone in {}{} (Z3: unknown after {})", seconds_text(o->cadical.seconds),
                         under, seconds_text(o->seconds));
    return fmt::format("unsat in {}{}{}", seconds_text(o->seconds), under, cadical_text(o->cadical));
  };
  // An unsat of `steps` refutes every count below it too: a schedule of
  // fewer steps is one of more that idles at the end.
  auto refuted_by = [&](uint32_t steps) -> const JobOutcome* {
    const JobOutcome* best = nullptr;
    for (const JobOutcome* o : mine)
      if (refutes(o) && o->job.steps >= steps && (!best || o->job.steps < best->job.steps)) best = o;
    return best;
  };
  m.impossible_below = lemma;
  while (refuted_by(m.impossible_below)) ++m.impossible_below;
  m.contradicted = m.upper && m.impossible_below > *m.upper;
  if (m.upper && m.impossible_below == *m.upper && !m.cadical_contradicted) m.optimum = m.upper;
  for (const JobOutcome* o : mine)
    if (o->job.routing == entry.routing && o->answer == JobAnswer::rejected) m.rejected = true;

  // Above the lower bound the optimum rests on the unsat of one step fewer
  // (an unsat of the optimum or above would contradict its witness); the
  // two solvers' answers on that count say whether it rests on one alone.
  if (m.optimum && *m.optimum <= lemma) {
    m.proof = OptimumProof::lemma;
  } else if (m.optimum) {
    const JobOutcome* below = unsat_at(*m.optimum - 1);
    if (below && below->cadical.answer == CadicalAnswer::unsat && below->answer == JobAnswer::unsat) {
      m.proof = OptimumProof::cadical;
    } else if (below && below->cadical.answer == CadicalAnswer::unsat) {
      m.proof = OptimumProof::cadical_only;
      m.proof_why = fmt::format("Z3 gave no answer in {}", seconds_text(below->seconds));
    } else {
      m.proof = OptimumProof::z3_only;
      m.proof_why = !below ? "no unsat of one step fewer" : below->cadical.why.empty() ? "no cadical result"
                                                                                        : below->cadical.why;
    }
  }

  // The counts the text goes through: up to the witness, or up to the last job.
  uint32_t last = m.upper.value_or(m.impossible_below);
  if (!m.upper)
    for (const JobOutcome* o : mine)
      if (o->job.routing == entry.routing) last = std::max(last, o->job.steps);
  if (!m.contradicted && !m.cadical_contradicted)
    for (uint32_t c = m.impossible_below; c <= last && (!m.upper || c < *m.upper); ++c) m.open.push_back(c);
  if (!m.upper && m.open.empty()) m.open.push_back(m.impossible_below);

  std::vector<std::string> parts;
  if (std::string l = lemma_text(entry.lemma_1); !l.empty()) parts.push_back(std::move(l));
  const std::string under_witness =
      !witness                                   ? ""
      : witness->from_sat_model
          ? fmt::format("sat by cadical in {}{} (its model read back as the witness)",
                        seconds_text(witness->cadical.seconds),
                        entry.table == SweepTable::broadcast
                            ? " under " + std::string(search::route_rule_name(witness->job.routing))
                        : !witness->job.periods.empty()
                            ? " in the periodic class " + sizes_text(witness->job.periods)
                        : is_class_job(witness->job)
                            ? " in the class of the translations " + translations_text(witness->job)
                            : "")
      : entry.table == SweepTable::broadcast ? fmt::format("sat in {} under {}", seconds_text(witness->seconds),
                                                             search::route_rule_name(witness->job.routing))
                                                 : fmt::format("sat in {}", seconds_text(witness->seconds));
  for (uint32_t c = lemma; c <= last; ++c) {
    std::string s;
    if (c < m.impossible_below) {
      if (const JobOutcome* u = unsat_at(c))
        s = fmt::format("{}: {}", c, unsat_text(u));
      else
        s = fmt::format("{}: impossible as {} steps are", c, refuted_by(c)->job.steps);
      if (m.contradicted && c >= *m.upper)
        s += fmt::format(", CONTRADICTED by the verified witness of {} steps", *m.upper);
    } else if (m.upper && c == *m.upper) {
      s = by_construction ? fmt::format("{}: {}", c,
                                        entry.table == SweepTable::broadcast
                                            ? std::string("the Wang-Tseng construction (broadcast-span)")
                                        : entry.construction_enumerated
                                            ? std::string("a translation-invariant schedule of the enumeration "
                                                          "(time-independent by the core)")
                                            : fmt::format("the {} construction (time-independent by the core)",
                                                          entry.construction_generator))
                          : fmt::format("{}: {}", c, under_witness);
    } else {
      // Open: what the entry's own job says, and the unsats that refute nothing here.
      const JobOutcome* own = nullptr;
      for (const JobOutcome* o : mine)
        if (o->job.routing == entry.routing && o->job.steps == c && !is_class_job(o->job)) own = o;
      if (!own || own->answer == JobAnswer::none)
        s = fmt::format("{}: {}", c, own && !own->why.empty() ? own->why : "no result");
      else if (own->answer == JobAnswer::rejected)
        s = fmt::format("{}: witness rejected", c);
      else if (applies(own))  // left open by cadical's disagreement
        s = fmt::format("{}: {}", c, unsat_text(own));
      else
        s = fmt::format("{}: unknown after {}{}", c, seconds_text(own->seconds),
                        own->cadical.answer == CadicalAnswer::sat ? ", cadical finds its CNF satisfiable (no witness)"
                        : own->cadical.answer == CadicalAnswer::no_answer ? ", cadical none either"
                                                                          : "");
      std::vector<std::string> only;
      for (const JobOutcome* o : mine) {
        if (o->job.steps != c) continue;
        if (!o->unsat_under.empty()) only.push_back(fmt::format(" (unsat under {} only)", o->unsat_under));
        if (o->answer == JobAnswer::unsat && !unsat_refutes(o->job.routing, entry.routing, entry.table))
          only.push_back(fmt::format(" (unsat under {} only)", search::route_rule_name(o->job.routing)));
        if (o != own && applies(o))
          only.push_back(fmt::format(" (unsat under {}{})", search::route_rule_name(o->job.routing),
                                     cadical_text(o->cadical)));
      }
      // The classes that cadical decided or gave up on: their unsat refutes the class only.
      std::string classes;
      for (const JobOutcome* o : mine) {
        if (!is_class_job(o->job) || o->job.steps != c || o->answer != JobAnswer::none) continue;
        const CadicalCheck& k = o->cadical;
        classes += fmt::format("{}{} {}", classes.empty() ? "" : ", ", class_option(o->job).substr(2),
                               k.answer == CadicalAnswer::unsat       ? "unsat in " + seconds_text(k.seconds)
                               : k.answer == CadicalAnswer::no_answer ? "no answer in " + seconds_text(k.seconds)
                                                                      : "no answer (" + k.why + ")");
      }
      if (!classes.empty())
        only.push_back(fmt::format(" (classes by cadical: {}; each refutes its class only)", classes));
      for (const std::string& u : only) s += u;
    }
    parts.push_back(std::move(s));
  }
  for (const std::string& s : parts) m.settled += (m.settled.empty() ? "" : "; ") + s;
  if (m.settled.empty()) m.settled = "nothing proven";

  if (m.contradicted || m.cadical_contradicted) m.optimum_text = "contradicted";
  else if (m.optimum) m.optimum_text = fmt::format("{}", *m.optimum);
  else if (m.upper) m.optimum_text = fmt::format("<= {}", *m.upper);
  else m.optimum_text = fmt::format("> {} (unknown)", m.impossible_below - 1);
  if (m.rejected) m.marks += " WITNESS-REJECTED";
  if (m.contradicted) m.marks += " UNSAT-CONTRADICTED";
  if (m.cadical_contradicted) m.marks += " CADICAL-CONTRADICTED";
  if (!m.optimum && !m.contradicted && !m.cadical_contradicted) m.marks += " open";
  if (m.proof == OptimumProof::z3_only) m.marks += " z3-only";
  if (m.proof == OptimumProof::cadical_only) m.marks += " cadical-only";
  if (m.optimum && entry.construction && *m.optimum < *entry.construction) m.marks += " construction-not-optimal";
  if (m.optimum && *m.optimum > lemma)
    m.marks += entry.table == SweepTable::broadcast ? " lemma-1-not-reached" : " bound-not-reached";
  return m;
}

int MergeReport::exit_code(UnsatProofs proofs) const {
  bool failed = !rejected.empty() || !disagreed.empty(), open = false;
  for (const MergedEntry& e : entries) {
    failed |= e.rejected || e.contradicted || e.cadical_contradicted;
    const bool one_solver = e.proof == OptimumProof::z3_only || e.proof == OptimumProof::cadical_only;
    open |= !e.optimum || (one_solver && proofs == UnsatProofs::cadical_confirmed);
  }
  if (failed) return 1;
  if (!errors.empty()) return 2;
  return open ? 3 : 0;
}

MergeReport merge_sweep(const std::filesystem::path& dir, const std::vector<TorusSizes>& sizes, SweepTable table,
                        uint64_t enumeration) {
  namespace fs = std::filesystem;
  MergeReport report;
  const std::vector<SweepEntry> entries = sweep_entries(sizes, table, enumeration);
  std::map<std::string, SearchJob> expected;
  for (const SearchJob& job : sweep_jobs(entries)) expected.emplace(job_name(job), job);
  // The periodic classes' jobs, if the sweep had them: a witness of one
  // decides its count, and nothing of theirs refutes a count.
  std::map<std::string, SearchJob> classes;
  for (const SweepEntry& e : entries)
    for (const SearchJob& job : periodic_class_jobs(e)) classes.emplace(job_name(job), job);
  const std::set<TorusSizes> tori(sizes.begin(), sizes.end());

  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".json") files.push_back(it->path());
  if (ec) {
    report.errors.push_back(fmt::format("{}: cannot read the directory: {}", dir.string(), ec.message()));
    return report;
  }
  std::sort(files.begin(), files.end());

  std::map<std::string, JobOutcome> outcomes;
  // A file that gives no answer still tells which job it was meant for.
  auto no_result = [&](const std::string& stem, std::string why) {
    if (const auto it = expected.find(stem); it != expected.end())
      outcomes[stem] = JobOutcome{it->second, JobAnswer::none, 0, "", std::nullopt, {}, std::move(why)};
  };
  for (const fs::path& path : files) {
    const std::string stem = path.stem().string();
    bool ok = false;
    const std::string text = read_file(path, ok);
    if (!ok) {
      report.errors.push_back(fmt::format("{}: cannot read the file", path.string()));
      no_result(stem, "unreadable result file");
      continue;
    }
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
      // What a job leaves while it runs, or when it was killed: not an answer.
      // A job that stopped on an error said why in its log.
      const fs::path log = fs::path(path).replace_extension(".log");
      bool read = false;
      const std::string progress = fs::exists(log) ? read_file(log, read) : std::string();
      if (const auto failed = line_starting(progress, "schedcheck: error: ")) {
        report.errors.push_back(fmt::format("{}: the job failed: {}", log.string(), failed->substr(19)));
        no_result(stem, "the job failed");
      } else {
        no_result(stem, "empty result file: the job has not finished");
      }
      continue;
    }
    std::string error;
    auto outcome = parse_job_result(text, error);
    if (!outcome) {
      report.errors.push_back(fmt::format("{}: {}", path.string(), error));
      no_result(stem, "malformed result file");
      continue;
    }
    if (outcome->job.table != table) {
      report.notes.push_back(fmt::format("{}: a result of table {}, not of {}; left aside", path.string(),
                                         sweep_table_name(outcome->job.table), sweep_table_name(table)));
      continue;
    }
    const auto class_job = classes.find(stem);
    if (class_job != classes.end()) {
      // The result file says nothing of the class: its name does.
      outcome->job.periods = class_job->second.periods;
      outcome->job.translations = class_job->second.translations;
      if (outcome->answer != JobAnswer::sat) {
        report.errors.push_back(fmt::format("{}: a class's result is written for a witness only, and this "
                                            "one says {}",
                                            path.string(), outcome->answer == JobAnswer::unsat ? "UNSAT" : "UNKNOWN"));
        continue;
      }
    }
    if (outcome->job.steps == 0) {
      // Its count is in its name alone: the job of that name, if it is this torus and routing.
      const auto it = expected.find(stem);
      if (it == expected.end() || it->second.sizes != outcome->job.sizes || it->second.routing != outcome->job.routing) {
        report.errors.push_back(fmt::format("{}: UNKNOWN without attempts, and its name is no job of the sweep on "
                                            "its torus and routing",
                                            path.string()));
        continue;
      }
      outcome->job.steps = it->second.steps;
    }
    if (job_name(outcome->job) != stem) {
      report.errors.push_back(fmt::format("{}: holds the result of job {}, not of the job its name says",
                                          path.string(), job_name(outcome->job)));
      no_result(stem, "result file of another job");
      continue;
    }
    if (!tori.count(outcome->job.sizes)) {
      report.notes.push_back(fmt::format("{}: torus {} is not in the sweep; left aside", path.string(),
                                         sizes_text(outcome->job.sizes)));
      continue;
    }
    // Only the sweep's counts are merged: a count far above them would
    // stretch every entry's walk over its counts without bound.
    if (!expected.count(stem) && class_job == classes.end()) {
      report.notes.push_back(fmt::format("{}: no job of the sweep (its counts run from {}); left aside", path.string(),
                                         table == SweepTable::broadcast
                                             ? "Lemma 1 to one below the construction"
                                             : fmt::format("the lower bound to {} above it, or to one below the "
                                                           "construction",
                                                           gossip_sweep_counts - 1)));
      continue;
    }
    if (outcome->answer == JobAnswer::sat) {
      const fs::path witness = fs::path(path).replace_extension(".sched");
      bool read = false;
      const std::string schedule = fs::exists(witness) ? read_file(witness, read) : std::string();
      if (!read) {
        report.errors.push_back(
            fmt::format("{}: says SAT, but its witness {} cannot be read", path.string(), witness.string()));
        no_result(stem, "witness file missing");
        continue;
      }
      check_witness(*outcome, schedule, witness.string());
      if (outcome->answer == JobAnswer::rejected) report.rejected.push_back(outcome->why);
    }
    if (outcome->answer == JobAnswer::unsat || outcome->answer == JobAnswer::unknown || outcome->from_sat_model) {
      // cadical's answer on the same count's CNF; a file that cannot be
      // trusted confirms nothing.
      const fs::path confirmation = fs::path(path).replace_extension(".cadical");
      bool read = false;
      std::string error;
      if (!fs::exists(confirmation)) {
        outcome->cadical.why = "no .cadical file: the job has not reached cadical, or did not run it";
      } else if (const std::string text = read_file(confirmation, read); !read) {
        report.errors.push_back(fmt::format("{}: cannot read the file", confirmation.string()));
        outcome->cadical.why = "unreadable .cadical file";
      } else if (const auto check = parse_cadical_result(text, outcome->job, error); !check) {
        report.errors.push_back(fmt::format("{}: {}", confirmation.string(), error));
        outcome->cadical.why = "malformed .cadical file";
      } else {
        outcome->cadical = *check;
        if (check->answer == CadicalAnswer::sat && outcome->answer == JobAnswer::unsat)
          report.disagreed.push_back(fmt::format("{}: cadical finds the CNF of {} satisfiable; {} says Z3 found it "
                                                 "unsat",
                                                 confirmation.string(), stem, path.string()));
      }
    }
    if (outcome->from_sat_model && outcome->cadical.answer != CadicalAnswer::sat) {
      // The witness stands (the core checked it); whose it is does not.
      report.errors.push_back(fmt::format("{}: its witness is said to be cadical's model, but {} holds no satisfiable "
                                          "answer of cadical",
                                          path.string(), fs::path(path).replace_extension(".cadical").string()));
      outcome->from_sat_model = false;
    }
    outcomes[stem] = std::move(*outcome);
  }
  for (const auto& [stem, job] : expected)
    if (!outcomes.count(stem)) outcomes[stem] = JobOutcome{job, JobAnswer::none, 0, "", std::nullopt, {}, "no result file"};
  // A class without a witness: what cadical said of it, if it ran.
  for (const auto& [stem, job] : classes) {
    const fs::path confirmation = dir / (stem + ".cadical");
    if (outcomes.count(stem) || !fs::exists(confirmation)) continue;
    bool read = false;
    std::string error;
    const std::string text = read_file(confirmation, read);
    const auto check = read ? parse_cadical_result(text, job, error) : std::nullopt;
    if (!check) {
      report.errors.push_back(fmt::format("{}: {}", confirmation.string(), read ? error : "cannot read the file"));
      continue;
    }
    if (check->answer == CadicalAnswer::sat)
      report.errors.push_back(fmt::format("{}: cadical finds the class satisfiable, but {}.json holds no witness (the "
                                          "log says why)",
                                          confirmation.string(), stem));
    JobOutcome o{job, JobAnswer::none, 0, "", std::nullopt, {}, ""};
    o.cadical = *check;
    outcomes[stem] = std::move(o);
  }

  std::vector<JobOutcome> all;
  for (auto& [stem, o] : outcomes) all.push_back(std::move(o));
  for (const SweepEntry& e : entries) report.entries.push_back(merge_entry(e, all));
  return report;
}

}  // namespace schedcheck::lemmas
