// Meyer-Sibeyn Table 2: each schedule streamed from its generator to the core through a pipe, and the paper's formulas.
#include "meyer_sibeyn_table.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <thread>

#include <fmt/format.h>

#include "check_text.hpp"
#include "checker.hpp"
#include "generator.hpp"

namespace schedcheck::lemmas {

namespace {

// A generated schedule as the core judged it.
struct Streamed {
  Verdict verdict;
  std::string problem;  // why it is not verified (the first diagnostic or the generator's error); empty when it is
};

// Runs generator `name` into a pipe while the core checks the other end: a
// 64x64 gossip is hundreds of MB of text that need never be held in memory,
// and writing and checking overlap.
Streamed stream_and_check(const std::string& name, const gen::Torus& torus) {
  Streamed result;
  const gen::Generator* g = gen::find_generator(name);
  gen::Request request{torus};
  gen::Claim claim;
  std::string error;
  if (!g || !g->claim(request, claim, error)) {
    result.problem = g ? error : "no such generator";
    return result;
  }
  int fds[2];
  if (::pipe(fds) != 0) {
    result.problem = fmt::format("pipe: {}", std::strerror(errno));
    return result;
  }
  // Large writes into a large pipe: the two threads then trade the CPU a few
  // hundred times per schedule instead of once per page.
  constexpr int chunk = 1 << 20;
  ::fcntl(fds[1], F_SETPIPE_SZ, chunk);  // a hint: the default size works, only slower
  std::string writer_error;
  std::thread writer([&] {
    std::FILE* out = ::fdopen(fds[1], "w");
    if (!out) {
      writer_error = fmt::format("fdopen: {}", std::strerror(errno));
      ::close(fds[1]);
      return;
    }
    std::setvbuf(out, nullptr, _IOFBF, chunk);
    try {
      gen::ScheduleText text(out, torus, gen::Coord(torus.dimensions(), 0), true);
      text.header(g->model, g->collective.empty() ? "broadcast source 0" : g->collective, claim);
      g->write(request, text);
    } catch (const std::exception& e) {
      writer_error = e.what();
    }
    std::fclose(out);
  });
  {
    LineSource source(fds[0]);
    Diagnostics diag(fmt::format("{}({})", name, torus.describe()), 1);
    Header header;
    CheckOptions options;
    options.per_step_stats = false;
    result.verdict = check_schedule(source, header, diag, options);
    if (!diag.kept().empty()) result.problem = diag.format(diag.kept().front());
  }
  // The core stops at its first error; the writer must still be able to finish.
  char sink[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fds[0], sink, sizeof sink);
    if (got > 0 || (got < 0 && errno == EINTR)) continue;
    break;
  }
  writer.join();
  ::close(fds[0]);
  if (!writer_error.empty()) result.problem = "the generator failed: " + writer_error;
  if (result.problem.empty() && !result.verdict.verified) result.problem = "not verified";
  return result;
}

// The core's in-degree bound for full-port store-and-forward non-combining
// gossip on the n x n torus, ceil((P-1)/4), which is the Soch-Tvrdik optimum
// there; as `schedcheck bound gossip` gives it, from the header alone. Taken
// by name: on small tori the distance bound can be as large and come first.
std::optional<LowerBound> soch_tvrdik_bound(uint32_t n) {
  const std::string text = fmt::format(
      "schedcheck 1\ntopology torus {}x{}\nmodel store-and-forward all-port non-combining\ncollective gossip\n", n, n);
  for (const LowerBound& b : check_text(text).verdict.bounds)
    if (b.name == "gossip-all-port-non-combining") return b;
  return std::nullopt;
}

// Section 3 with d = 3 is checked up to this n: 64x64x64 would take the
// search for three Hamiltonian cycles hours (it grows about with P^2), and
// its schedule has about 2^37 packet-hops.
constexpr uint32_t table2_largest_3d_checked = 16;

}  // namespace

double paper_formula(int algorithm, double n, uint32_t d, double r, double third, double sixth) {
  const double nd = std::pow(n, d);
  const double inverse_d = d == 3 ? third : 1.0 / d;
  switch (algorithm) {
    case 0: return nd * (d == 3 ? sixth : 1.0 / (2 * d)) * (1 + r);
    case 1: return nd / 2 * (inverse_d + r);
    default: return std::pow(n, d - 1) / 2 * (n * inverse_d + 1) * (1 + r);
  }
}

double Table2::ours(int ni, int a, int ri, uint32_t d) const {
  const Table2Steps& s = steps[ni][a][d - 2];
  return s.steps * (1.0 / s.packet_divisor + table2_r[ri]);
}

std::optional<Table2> meyer_sibeyn_table_2(std::string& error) {
  Table2 table;
  auto& steps = table.steps;
  for (int ni = 0; ni < 3; ++ni) {
    const uint32_t n = table2_n[ni];
    const double nn = n;
    const gen::Torus torus{{n, n}};
    const std::optional<LowerBound> bound = soch_tvrdik_bound(n);
    if (!bound) {
      error = fmt::format("the core gives no gossip-all-port-non-combining bound on torus {}x{}", n, n);
      return std::nullopt;
    }
    steps[ni][0][0] = {static_cast<double>(bound->steps), 'L', 1,
                       fmt::format("the core's lower bound {}, {} ({})", bound->name, bound->formula, bound->source)};
    const char* const generators[2] = {"gossip-hamiltonian-2d", "gossip-onepacket-2d"};
    for (int a = 1; a <= 2; ++a) {
      const Streamed s = stream_and_check(generators[a - 1], torus);
      if (!s.problem.empty()) {
        error = fmt::format("{} on torus {} is not VERIFIED: {}", generators[a - 1], torus.describe(), s.problem);
        return std::nullopt;
      }
      steps[ni][a][0] = {static_cast<double>(s.verdict.steps), 'C', a == 1 ? 2U : 1U,
                         fmt::format("{} on torus {}: VERIFIED, forwarding {}", generators[a - 1], torus.describe(),
                                     to_string(s.verdict.forwarding.kind))};
    }
    const double cube = nn * nn * nn;
    steps[ni][0][1] = {cube / 6, 'F', 1, "n^3/6 (the paper's n^d/(2d))"};
    steps[ni][1][1] = {cube / 2, 'F', 3, "n^3/2 (not built: gossip-hamiltonian-3d's search grows about with P^2)"};
    if (n <= table2_largest_3d_checked) {
      const gen::Torus cube_torus{{n, n, n}};
      const Streamed s = stream_and_check("gossip-hamiltonian-3d", cube_torus);
      if (!s.problem.empty()) {
        error = fmt::format("gossip-hamiltonian-3d on torus {} is not VERIFIED: {}", cube_torus.describe(), s.problem);
        return std::nullopt;
      }
      steps[ni][1][1] = {static_cast<double>(s.verdict.steps), 'C', 3,
                         fmt::format("gossip-hamiltonian-3d on torus {}: VERIFIED, forwarding {}",
                                     cube_torus.describe(), to_string(s.verdict.forwarding.kind))};
    }
    steps[ni][2][1] = {cube / 6 + nn * nn / 2 + 2, 'F', 1,
                       "n^3/6 + n^2/2 + 2 (Section 5; gossip-rods-3d needs n1 a multiple of 3)"};
  }

  for (int ni = 0; ni < 3; ++ni)
    for (int a = 0; a < 3; ++a)
      for (int ri = 0; ri < 3; ++ri)
        for (uint32_t d = 2; d <= 3; ++d) {
          const long paper = table2_paper_value(ni, a, ri, d);
          const double n = table2_n[ni], r = table2_r[ri];
          const double formula = paper_formula(a, n, d, r, 1.0 / 3, 1.0 / 6);
          const long exact = std::lround(formula);
          table.exact_matches += exact == paper;
          table.truncated_matches += std::lround(paper_formula(a, n, d, r, 0.333, 0.1666)) == paper;
          if (a == 2) table.with_plus_two += std::lround(formula + 2 * (1 + r)) == paper;
          if (exact != paper) table.off_exact.push_back({ni, a, ri, d, paper, formula});
        }
  return table;
}

}  // namespace schedcheck::lemmas
