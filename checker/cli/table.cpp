// Tables: broadcast-allport, Lemma 1 against every broadcast generator's measured step count.
#include "table.hpp"

#include <cstdio>
#include <cstdlib>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "checker.hpp"
#include "generator.hpp"

namespace schedcheck::cli {

namespace {

struct Measured {
  uint64_t steps = 0;
  uint64_t claim = 0;
  uint64_t lower_bound = 0;
  bool verified = false;
};

// Generates into memory and checks the text with the core: the table shows
// what the checker measured, never what a generator says of itself.
std::optional<Measured> measure(const std::string& name, const gen::Torus& torus) {
  const gen::Generator* g = gen::find_generator(name);
  gen::Request request{torus, {}};
  gen::Claim claim;
  std::string error;
  if (!g || !g->claim(request, claim, error)) return std::nullopt;
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  if (!out) return std::nullopt;
  {
    gen::ScheduleText text(out, torus, gen::Coord(torus.dimensions(), 0), true);
    text.header(g->model, "broadcast source 0", claim);
    g->write(request, text);
  }
  std::fclose(out);
  const std::string schedule(buffer, size);
  std::free(buffer);
  LineSource source{std::string_view(schedule)};
  Diagnostics diag(name, 1);
  Header header;
  const Verdict v = check_schedule(source, header, diag);
  Measured m;
  m.steps = v.steps;
  m.claim = claim.steps;
  m.verified = v.verified;
  m.lower_bound = v.best ? v.best->steps : 0;
  return m;
}

int broadcast_allport(bool json) {
  // The sizes of the generator sweep (tests/generators/sweep.cpp).
  const std::pair<uint32_t, uint32_t> ranges[] = {{2, 40}, {3, 16}, {4, 8}};
  const char* const schemes[] = {"broadcast-span", "broadcast-diagonal-2d", "broadcast-3d",
                                 "broadcast-dimension-by-dimension"};
  int code = 0;
  nlohmann::json rows = nlohmann::json::array();
  if (!json) {
    fmt::print("broadcast, wormhole all-port dimension-order, k-D torus n x ... x n: steps measured by the checker\n");
    fmt::print("{:>2} {:>3} {:>8} {:>7} {:>5} {:>7} {:>5} {:>6} {:>4}  {}\n", "k", "n", "P", "lemma-1", "span",
               "formula", "gap", "2d/3d", "dxd", "note");
  }
  for (auto [k, top] : ranges) {
    for (uint32_t n = 2; n <= top; ++n) {
      const gen::Torus torus{std::vector<uint32_t>(k, n)};
      std::optional<Measured> results[4];
      for (int i = 0; i < 4; ++i) results[i] = measure(schemes[i], torus);
      const Measured& span = *results[0];
      const auto& special = k == 2 ? results[1] : results[2];
      const Measured& dxd = *results[3];
      std::string note;
      for (const auto& r : results) {
        if (!r) continue;
        if (!r->verified) {
          note += " NOT-VERIFIED";
          code = 1;
        }
        if (r->steps != r->claim) note += " measured!=formula";
      }
      if (span.steps == span.lower_bound) note += " optimal";
      if (json) {
        nlohmann::json row = {{"k", k},
                              {"n", n},
                              {"nodes", torus.node_count()},
                              {"lemma_1", span.lower_bound},
                              {"span", span.steps},
                              {"span_formula", span.claim},
                              {"dimension_by_dimension", dxd.steps},
                              {"note", note}};
        if (special) row[k == 2 ? "diagonal_2d" : "scheme_3d"] = special->steps;
        rows.push_back(row);
        continue;
      }
      fmt::print("{:>2} {:>3} {:>8} {:>7} {:>5} {:>7} {:>5} {:>6} {:>4} {}\n", k, n, torus.node_count(),
                 span.lower_bound, span.steps, span.claim, span.steps - span.lower_bound,
                 special ? fmt::format("{}", special->steps) : std::string("-"), dxd.steps, note);
    }
  }
  if (json) fmt::print("{}\n", rows.dump());
  else
    fmt::print(
        "lemma-1: ceil(log_(2k+1) n^k); span: broadcast-span (for k = 2 and 3 also the 2d/3d column); formula: "
        "k*ceil(log_(2k+1) n) + (k-1)*[n >= 4];\ngap: span - lemma-1; dxd: broadcast-dimension-by-dimension\n");
  return code;
}

}  // namespace

int print_table(const std::string& name, bool json) {
  if (name == "broadcast-allport") return broadcast_allport(json);
  fmt::print(stderr, "schedcheck: error: no table '{}' (tables: broadcast-allport)\n", name);
  return 2;
}

}  // namespace schedcheck::cli
