// JRS generators: the table of Juurlink-Rao-Sibeyn gossip generators, their claims and their schedule text.
#include "jrs_generator.hpp"

#include <fmt/format.h>

namespace schedcheck::gen {

namespace {

std::string needs_two(JrsRequest& request) {
  return request.array.n < 2 ? "gossip needs at least 2 PUs" : "";
}

std::string circgos_prepare(JrsRequest& request) {
  if (!request.array.ring)
    return "circgos runs on a circular array (ring:N): its phases 2 and 3 use the wraparound";
  if (request.best) {
    const auto choice = best_circgos(request.array.n, request.r);
    if (!choice) return fmt::format("n = {} allows no circgos(n, a, b)", request.array.n);
    request.a = choice->a;
    request.b = choice->b;
  } else if (request.a == 0) {
    return "circgos needs --a A and --b B, or --best";
  }
  return circgos_refusal(request.array.n, request.a, request.b);
}

}  // namespace

const std::vector<JrsGenerator>& jrs_generators() {
  static const std::vector<JrsGenerator> table = {
      {"gossip-jrs-approach-1", "ring:N or path:N, N >= 2",
       "Juurlink, Rao, Sibeyn, Section 4.1, approach 1 (every datum circulates both ways; Lemma 4)", needs_two,
       [](const JrsRequest& q) { return approach_1(q.array); },
       [](const JrsRequest& q) { return uint64_t{q.array.ring ? q.array.n / 2 : q.array.n - 1}; },
       [](const JrsRequest& q) { return approach_1_time(q.array, q.r); }},
      {"gossip-jrs-approach-2", "ring:N or path:N, N >= 2",
       "Juurlink, Rao, Sibeyn, Section 4.1, approach 2 (concentrate in ceil(log_3 N) steps, packets tripling, then "
       "disseminate; Lemma 4)",
       needs_two, [](const JrsRequest& q) { return approach_2(q.array); },
       [](const JrsRequest& q) { return uint64_t{approach_2_steps(q.array)}; },
       [](const JrsRequest& q) { return approach_2_time(q.array, q.r); }},
      {"gossip-circgos", "ring:N, N = a^(m+1)",
       "Juurlink, Rao, Sibeyn, Section 4.2, circgos(n, a, b) (bridgeheads; Lemma 5, Figure 1; --a A --b B or --best)",
       circgos_prepare, [](const JrsRequest& q) { return circgos(q.array.n, q.a, q.b); },
       [](const JrsRequest& q) { return uint64_t{circgos_steps(q.array.n, q.a, q.b)}; },
       [](const JrsRequest& q) { return circgos_time(q.array.n, q.a, q.b, q.r); }},
  };
  return table;
}

const JrsGenerator* find_jrs_generator(const std::string& name) {
  for (const JrsGenerator& g : jrs_generators())
    if (g.name == name) return &g;
  return nullptr;
}

void write_jrs_schedule(std::FILE* out, const JrsGenerator& g, const JrsRequest& request,
                        const std::vector<GossipStep>& steps) {
  const LinearArray& array = request.array;
  fmt::print(out, "# {} on {} {}, r = {}: {}\n", g.name, array.ring ? "ring" : "path", array.n, request.r, g.source);
  fmt::print(out,
             "# times in units of l*t_l: each PU's datum is 1 flit, t_s = r and t_l = 1\n"
             "schedcheck 1\ntopology {} {}\nmodel {}\ncollective gossip length 1\ncost ts={} tl=1\n"
             "claim steps={} time={} name={} r={}",
             array.ring ? "ring" : "path", array.n, jrs_model, request.r, g.claimed_steps(request),
             g.claimed_time(request), g.name, request.r);
  if (request.a) fmt::print(out, " a={} b={}", request.a, request.b);
  std::string lines = "\n";
  for (size_t s = 0; s < steps.size(); ++s) {
    lines += fmt::format("step {}\n", s + 1);
    for (const GossipPacket& p : steps[s]) {
      lines += fmt::format("  {} {}1*{}", p.from, p.hops < 0 ? '-' : '+', p.hops < 0 ? -p.hops : p.hops);
      if (!p.everything) {
        lines += " :";
        for (uint32_t d : p.data) lines += fmt::format(" {}", d);
      }
      lines += '\n';
    }
    std::fputs(lines.c_str(), out);
    lines.clear();
  }
}

}  // namespace schedcheck::gen
