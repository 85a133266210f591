// Scatter search table: one search per torus, port model and direction, each witness checked by the core.
#include "scatter_search_table.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "check_text.hpp"
#include "sf_scatter_search.hpp"

namespace schedcheck::lemmas {

void search_scatter_rows(uint32_t max_2d, uint32_t max_3d, double timeout,
                         const std::function<void(const SearchScatterRow&)>& row) {
  std::vector<std::vector<uint32_t>> sizes;
  for (uint32_t a = 2; a <= max_2d; ++a)
    for (uint32_t b = a; b <= max_2d; ++b) sizes.push_back({a, b});
  for (uint32_t a = 2; a <= max_3d; ++a)
    for (uint32_t b = a; b <= max_3d; ++b)
      for (uint32_t c = b; c <= max_3d; ++c) sizes.push_back({a, b, c});
  for (const auto& sz : sizes) {
    for (const bool one_port : {false, true}) {
      SearchScatterRow out;
      out.ports = one_port ? "one-port" : "all-port";
      for (const auto collective : {search::RootedCollective::scatter, search::RootedCollective::gather}) {
        search::SfRootedProblem p;
        p.grid.sizes = sz;
        p.collective = collective;
        p.one_port = one_port;
        const std::string header =
            fmt::format("schedcheck 1\ntopology {}\nmodel {}\ncollective {}\n", p.grid.describe(),
                        search::sf_rooted_model_line(p), search::sf_rooted_collective_line(p));
        const Verdict empty = check_text(header).verdict;
        const uint32_t lower = empty.best ? static_cast<uint32_t>(std::max<uint64_t>(empty.best->steps, 1)) : 1;
        out.torus = p.grid.describe();
        out.nodes = p.grid.node_count();
        out.lower_bound = lower;
        out.bound_name = empty.best ? empty.best->name : "";
        search::SearchLimits limits;
        limits.timeout_seconds = timeout;
        limits.count_timeout = [timeout](uint32_t) { return timeout / 2; };
        const auto t0 = std::chrono::steady_clock::now();
        const search::SearchReport report = search::search_sf_rooted(p, lower, lower + 64, limits);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        Searched& s = collective == search::RootedCollective::scatter ? out.scatter : out.gather;
        s = searched(report, header, "", lower, seconds, 2);
        // Which run found the witness: the list schedule's paths or the solver's.
        for (const search::Attempt& a : report.attempts)
          if (a.outcome == search::Outcome::sat && !a.routing.empty()) s.tries += " (" + a.routing + ")";
        out.failed = out.failed || s.rejected;
      }
      row(out);
    }
  }
}

}  // namespace schedcheck::lemmas
