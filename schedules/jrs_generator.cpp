// JRS generators: the table of Juurlink-Rao-Sibeyn gossip generators, their claims and their schedule text.
#include "jrs_generator.hpp"

#include <fmt/format.h>

#include "jrs_diagonal.hpp"
#include "jrs_one_port.hpp"

namespace schedcheck::gen {

namespace {

std::string one_dimensional(JrsRequest& request) {
  if (request.grid.sizes.size() != 1) return "this generator takes ring:N or path:N";
  const uint32_t n = request.array().n;
  if (n < 2 || n > max_jrs_side)
    return fmt::format("{} PUs: from 2 to {} (approach 1 alone lists about n^2 data)", n, max_jrs_side);
  return {};
}

// circgos on a linear array: the mesh variant of the diagonal gossip with
// one dimension (lemmas.md, "On meshes and linear arrays").
DiagonalGossip path_circgos(const JrsRequest& q) { return {q.array().n, 1, q.a, q.b, false, false}; }

std::string circgos_prepare(JrsRequest& request) {
  if (std::string refused = one_dimensional(request); !refused.empty()) return refused;
  const uint32_t n = request.array().n;
  if (request.best) {
    if (request.array().ring) {
      const auto choice = best_circgos(n, request.r);
      if (!choice) return fmt::format("n = {} allows no circgos(n, a, b)", n);
      request.a = choice->a;
      request.b = choice->b;
    } else {
      const auto choice = best_diagonal_gossip(n, 1, false, request.r, false);
      if (!choice) return fmt::format("n = {} allows no circgos(n, a, b) on a linear array", n);
      request.a = choice->a;
      request.b = choice->b;
    }
  } else if (request.a == 0) {
    return "circgos needs --a A and --b B, or --best";
  }
  return request.array().ring ? circgos_refusal(n, request.a, request.b) : diagonal_gossip_refusal(path_circgos(request));
}

// A one-dimensional plan as grid steps: one dimension, a PU's datum its message.
void on_grid(const std::vector<GossipStep>& plan, const std::function<void(const GridStep&)>& emit) {
  for (const GossipStep& step : plan) {
    GridStep grid;
    for (const GossipPacket& p : step) grid.push_back({p.from, 0, p.hops, p.data});
    emit(grid);
  }
}

using Emit = std::function<void(const GridStep&)>;

DiagonalGossip diagonal_of(const JrsRequest& q) {
  return {q.grid.sizes.empty() ? 0 : q.grid.sizes[0], static_cast<uint32_t>(q.grid.sizes.size()), q.a, q.b,
          q.grid.coloured, q.grid.torus};
}

// torgos (dimensions 2) and cubgos (2 or more) on an n x ... x n torus or mesh.
std::string diagonal_prepare(JrsRequest& q, bool two_dimensional, bool coloured) {
  const size_t d = q.grid.sizes.size();
  if (two_dimensional ? d != 2 : d < 2)
    return two_dimensional ? "torgos takes a 2-D torus or mesh n x n (gossip-cubgos takes more dimensions)"
                           : "cubgos takes a torus or mesh n x ... x n of 2 or more dimensions";
  for (uint32_t n : q.grid.sizes)
    if (n != q.grid.sizes[0]) return "the diagonals need equal sides (n x ... x n)";
  q.grid.coloured = coloured;
  if (q.best) {
    const auto choice = best_diagonal_gossip(q.grid.sizes[0], static_cast<uint32_t>(d), coloured, q.r, q.grid.torus);
    if (!choice) return fmt::format("n = {} allows no (a, b) this generator can write", q.grid.sizes[0]);
    q.a = choice->a;
    q.b = choice->b;
  } else if (q.a == 0) {
    return "this generator needs --a A and --b B, or --best";
  }
  return diagonal_gossip_refusal(diagonal_of(q));
}

JrsGenerator diagonal_generator(std::string name, std::string topology, std::string source, bool two_dimensional,
                                bool coloured) {
  return {std::move(name), std::move(topology), std::move(source),
          [=](JrsRequest& q) { return diagonal_prepare(q, two_dimensional, coloured); },
          [](const JrsRequest& q, const Emit& emit) { diagonal_gossip(diagonal_of(q), emit); },
          [](const JrsRequest& q) { return diagonal_gossip_steps(diagonal_of(q)); },
          [](const JrsRequest& q) { return diagonal_gossip_time(diagonal_of(q), q.r); }};
}

}  // namespace

const std::vector<JrsGenerator>& jrs_generators() {
  static const std::vector<JrsGenerator> table = {
      {"gossip-jrs-approach-1", "ring:N or path:N, N >= 2",
       "Juurlink, Rao, Sibeyn, Section 4.1, approach 1 (every datum circulates both ways; Lemma 4)", one_dimensional,
       [](const JrsRequest& q, const Emit& emit) { on_grid(approach_1(q.array()), emit); },
       [](const JrsRequest& q) { return uint64_t{q.array().ring ? q.array().n / 2 : q.array().n - 1}; },
       [](const JrsRequest& q) { return approach_1_time(q.array(), q.r); }},
      {"gossip-jrs-approach-2", "ring:N or path:N, N >= 2",
       "Juurlink, Rao, Sibeyn, Section 4.1, approach 2 (concentrate in ceil(log_3 N) steps, packets tripling, then "
       "disseminate; Lemma 4)",
       one_dimensional, [](const JrsRequest& q, const Emit& emit) { on_grid(approach_2(q.array()), emit); },
       [](const JrsRequest& q) { return uint64_t{approach_2_steps(q.array())}; },
       [](const JrsRequest& q) { return approach_2_time(q.array(), q.r); }},
      {"gossip-jrs-approach-1-one-port", "ring:N or path:N, N >= 2",
       "Juurlink, Rao, Sibeyn, Section 7, approach 1 one-port (each step one way only; a path runs the ring folded "
       "into it)",
       [](JrsRequest& q) { return one_port_linear_refusal(q.grid); },
       [](const JrsRequest& q, const Emit& emit) { on_grid(approach_1_one_port(q.array()), emit); },
       [](const JrsRequest& q) { return approach_1_one_port_steps(q.array()); },
       [](const JrsRequest& q) { return approach_1_one_port_time(q.array(), q.r); }, jrs_one_port_model},
      {"gossip-jrs-approach-2-one-port", "ring:N or path:N, N >= 2",
       "Juurlink, Rao, Sibeyn, Section 7, approach 2 one-port (concentrate in ceil(log_2 N) steps, packets "
       "doubling, then disseminate)",
       [](JrsRequest& q) { return one_port_linear_refusal(q.grid); },
       [](const JrsRequest& q, const Emit& emit) { on_grid(approach_2_one_port(q.array()), emit); },
       [](const JrsRequest& q) { return approach_2_one_port_steps(q.array()); },
       [](const JrsRequest& q) { return approach_2_one_port_time(q.array(), q.r); }, jrs_one_port_model},
      {"gossip-jrs-approach-11-black-white", "torus or mesh N1 x N2, N1 and N2 even",
       "Juurlink, Rao, Sibeyn, Section 7, approach 11 with black and white PUs (2 x 2 gossip, then white PUs along "
       "the rows while black ones go along the columns, and the other way round; one-port)",
       [](JrsRequest& q) { return black_white_refusal(q.grid); },
       [](const JrsRequest& q, const Emit& emit) { black_white_gossip(q.grid, emit); },
       [](const JrsRequest& q) { return black_white_steps(q.grid); },
       [](const JrsRequest& q) { return black_white_time(q.grid, q.r); }, jrs_one_port_model},
      {"gossip-circgos", "ring:N or path:N, N = a^(m+1)",
       "Juurlink, Rao, Sibeyn, Section 4.2, circgos(n, a, b) (bridgeheads; Lemma 5, Figure 1; --a A --b B or --best)",
       circgos_prepare,
       [](const JrsRequest& q, const Emit& emit) {
         if (q.array().ring)
           on_grid(circgos(q.array().n, q.a, q.b), emit);
         else
           diagonal_gossip(path_circgos(q), emit);
       },
       [](const JrsRequest& q) {
         return q.array().ring ? uint64_t{circgos_steps(q.array().n, q.a, q.b)} : diagonal_gossip_steps(path_circgos(q));
       },
       [](const JrsRequest& q) {
         return q.array().ring ? circgos_time(q.array().n, q.a, q.b, q.r) : diagonal_gossip_time(path_circgos(q), q.r);
       }},
      {"gossip-highdimgos", "torus or mesh of any dimension (ring:N and path:N too)",
       "Juurlink, Rao, Sibeyn, Section 4.3, highdimgos (one 1-D gossip per axis in turn; --phases, required: 1, 2, circgos or "
       "circgos:A:B, one for all axes or one per axis; approach ij of Section 5.1 is --phases i,j)",
       [](JrsRequest& q) { return prepare_highdimgos(q.grid, q.r); },
       [](const JrsRequest& q, const Emit& emit) { highdimgos(q.grid, emit); },
       [](const JrsRequest& q) { return highdimgos_steps(q.grid); },
       [](const JrsRequest& q) { return highdimgos_time(q.grid, q.r); }},
      {"gossip-highdimgos-coloured", "torus or mesh n x ... x n",
       "Juurlink, Rao, Sibeyn, Section 4.3, highdimgos' (d colours, colour c taking the axes from c on, all ports "
       "busy; --phases as for gossip-highdimgos)",
       [](JrsRequest& q) {
         q.grid.coloured = true;
         return prepare_highdimgos(q.grid, q.r);
       },
       [](const JrsRequest& q, const Emit& emit) { highdimgos(q.grid, emit); },
       [](const JrsRequest& q) { return highdimgos_steps(q.grid); },
       [](const JrsRequest& q) { return highdimgos_time(q.grid, q.r); }},
      diagonal_generator("gossip-torgos", "torus:NxN or mesh:NxN, N = a^(m+1)",
                         "Juurlink, Rao, Sibeyn, Section 5.2, torgos(n, a, b) (bridgeheads on the diagonals of "
                         "every n/a^t x n/a^t submesh, Invariant 1, Lemma 7; --a A --b B or --best)",
                         true, false),
      diagonal_generator("gossip-torgos-coloured", "torus:NxN or mesh:NxN, N = a^(m+1)",
                         "Juurlink, Rao, Sibeyn, Section 5.2, torgos with highdimgos' colouring (2 colours, the "
                         "second with rows and columns swapped)",
                         true, true),
      diagonal_generator("gossip-cubgos", "torus:NxNx...xN or mesh:NxNx...xN, N = a^(m+1)",
                         "Juurlink, Rao, Sibeyn, Section 6, cubgos(n, a, b) (generalized diagonals, Definition 1, "
                         "Invariant 2, Lemma 9; --a A --b B or --best)",
                         false, false),
      diagonal_generator("gossip-cubgos-coloured", "torus:NxNx...xN or mesh:NxNx...xN, N = a^(m+1)",
                         "Juurlink, Rao, Sibeyn, Section 6, cubgos' (d colours with rotated axes; Theorem 4)", false,
                         true),
  };
  return table;
}

const JrsGenerator* find_jrs_generator(const std::string& name) {
  for (const JrsGenerator& g : jrs_generators())
    if (g.name == name) return &g;
  return nullptr;
}

void write_jrs_schedule(std::FILE* out, const JrsGenerator& g, const JrsRequest& request) {
  const GridGossip& grid = request.grid;
  const uint32_t d = static_cast<uint32_t>(grid.sizes.size()), parts = grid.coloured ? d : 1;
  std::string sides;
  for (uint32_t n : grid.sizes) sides += fmt::format("{}{}", sides.empty() ? "" : "x", n);
  const std::string topology = fmt::format("{} {}", d == 1 ? (grid.torus ? "ring" : "path") : (grid.torus ? "torus" : "mesh"), sides);
  fmt::print(out, "# {} on {}, r = {}: {}\n", g.name, topology, request.r, g.source);
  if (parts > 1)
    fmt::print(out, "# times in units of l*t_l: each PU's data is {} colours of 1 flit, t_s = r and t_l = 1/{}\n",
               parts, parts);
  else
    fmt::print(out, "# times in units of l*t_l: each PU's datum is 1 flit, t_s = r and t_l = 1\n");
  fmt::print(out, "schedcheck 1\ntopology {}\nmodel {}\ncollective gossip{} length 1\ncost ts={} tl={}\n"
             "claim steps={} time={} name={} r={}",
             topology, g.model, parts > 1 ? fmt::format(" parts {}", parts) : "", request.r, 1.0 / parts,
             g.claimed_steps(request), g.claimed_time(request), g.name, request.r);
  if (request.a) fmt::print(out, " a={} b={}", request.a, request.b);
  if (!grid.phases.empty()) fmt::print(out, " phases={}", phase_list_name(grid.phases));
  std::string lines = "\n";
  uint64_t number = 0;
  g.plan(request, [&](const GridStep& step) {
    lines += fmt::format("step {}\n", ++number);
    for (const GridPacket& p : step) {
      lines += fmt::format("  {} {}{}*{} :", p.from, p.hops < 0 ? '-' : '+', p.dim + 1, p.hops < 0 ? -p.hops : p.hops);
      for (uint32_t m : p.messages)
        lines += parts > 1 ? fmt::format(" {}/{}", m / parts, m % parts) : fmt::format(" {}", m);
      lines += '\n';
      if (lines.size() > (1 << 16)) {
        std::fputs(lines.c_str(), out);
        lines.clear();
      }
    }
  });
  std::fputs(lines.c_str(), out);
}

}  // namespace schedcheck::gen
