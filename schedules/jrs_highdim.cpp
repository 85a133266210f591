// JRS highdimgos: d phases of one-dimensional gossip mapped onto the lines of a grid, and its colouring.
#include "jrs_highdim.hpp"

#include <fmt/format.h>

namespace schedcheck::gen {

namespace {

using Kind = PhaseAlgorithm::Kind;

std::vector<GossipStep> plan_1d(const PhaseAlgorithm& p, const LinearArray& line) {
  switch (p.kind) {
    case Kind::approach_1: return approach_1(line);
    case Kind::approach_2: return approach_2(line);
    case Kind::circgos: return circgos(line.n, p.a, p.b);
  }
  return {};
}

uint64_t steps_1d(const PhaseAlgorithm& p, const LinearArray& line) {
  switch (p.kind) {
    case Kind::approach_1: return line.ring ? line.n / 2 : line.n - 1;
    case Kind::approach_2: return approach_2_steps(line);
    case Kind::circgos: return circgos_steps(line.n, p.a, p.b);
  }
  return 0;
}

double time_1d(const PhaseAlgorithm& p, const LinearArray& line, double r) {
  switch (p.kind) {
    case Kind::approach_1: return approach_1_time(line, r);
    case Kind::approach_2: return approach_2_time(line, r);
    case Kind::circgos: return circgos_time(line.n, p.a, p.b, r);
  }
  return 0;
}

uint32_t dimensions(const GridGossip& g) { return static_cast<uint32_t>(g.sizes.size()); }

// The axis colour c gossips along in phase f.
uint32_t axis_of(const GridGossip& g, uint32_t c, uint32_t f) { return g.coloured ? (c + f) % dimensions(g) : f; }

// The data one position of a line stands for in phase f, relative to the
// phase's first: the product of the sides of the axes done before.
uint64_t datum_size(const GridGossip& g, uint32_t f) {
  uint64_t size = 1;
  for (uint32_t i = 0; i < f; ++i) size *= g.sizes[axis_of(g, 0, i)];
  return size;
}

// Each phase's weight of a position's data in units of l: 1/d per colour.
double share(const GridGossip& g) { return g.coloured ? 1.0 / dimensions(g) : 1.0; }

}  // namespace

std::optional<PhaseAlgorithm> parse_phase_algorithm(const std::string& text) {
  if (text == "1") return PhaseAlgorithm{Kind::approach_1};
  if (text == "2") return PhaseAlgorithm{Kind::approach_2};
  if (text == "circgos") return PhaseAlgorithm{Kind::circgos, 0, 0, true};
  // circgos:A:B, A and B whole numbers up to 2^20 (as --a and --b).
  if (!text.starts_with("circgos:")) return std::nullopt;
  const std::string rest = text.substr(8);
  const size_t colon = rest.find(':');
  if (colon == std::string::npos) return std::nullopt;
  auto number = [](const std::string& digits, uint32_t& out) {
    if (digits.empty() || digits.size() > 7 || digits.find_first_not_of("0123456789") != std::string::npos) return false;
    out = static_cast<uint32_t>(std::stoul(digits));
    return out <= (1u << 20);
  };
  PhaseAlgorithm p{Kind::circgos};
  if (!number(rest.substr(0, colon), p.a) || !number(rest.substr(colon + 1), p.b)) return std::nullopt;
  return p;
}

std::optional<std::vector<PhaseAlgorithm>> parse_phase_list(const std::string& text) {
  std::vector<PhaseAlgorithm> phases;
  for (size_t at = 0; at <= text.size();) {
    const size_t comma = std::min(text.find(',', at), text.size());
    const auto p = parse_phase_algorithm(text.substr(at, comma - at));
    if (!p) return std::nullopt;
    phases.push_back(*p);
    at = comma + 1;
  }
  return phases;
}

std::string phase_algorithm_name(const PhaseAlgorithm& p) {
  switch (p.kind) {
    case Kind::approach_1: return "1";
    case Kind::approach_2: return "2";
    case Kind::circgos: return fmt::format("circgos:{}:{}", p.a, p.b);
  }
  return "";
}

std::string phase_list_name(const std::vector<PhaseAlgorithm>& phases) {
  std::string list;
  for (const PhaseAlgorithm& p : phases) {
    if (!list.empty()) list += ',';
    list += phase_algorithm_name(p);
  }
  return list;
}

std::string prepare_highdimgos(GridGossip& g, double r) {
  const uint32_t d = dimensions(g);
  if (d == 0) return "a grid needs at least one dimension";
  uint64_t nodes = 1;
  for (uint32_t n : g.sizes) {
    if (n >= 2 && n <= max_jrs_side && nodes <= (uint64_t{1} << 22) / n) nodes *= n;
    else if (n >= 2 && n <= max_jrs_side) return "more than 2^22 PUs";
  }
  for (uint32_t n : g.sizes)
    if (n < 2 || n > max_jrs_side)
      return fmt::format("a side of {}: every side must be from 2 to {} (approach 1 alone lists about n^2 data on "
                         "a line of n)",
                         n, max_jrs_side);
  if (g.phases.size() == 1) g.phases.resize(d, g.phases[0]);
  if (g.phases.size() != d)
    return fmt::format("{} phase algorithms for {} dimensions: give one, or one per phase", g.phases.size(), d);
  if (g.coloured)
    for (uint32_t n : g.sizes)
      if (n != g.sizes[0]) return "highdimgos' runs every colour through every axis: the sides must be equal";
  for (uint32_t f = 0; f < d; ++f) {
    PhaseAlgorithm& p = g.phases[f];
    if (p.kind != Kind::circgos) continue;
    const uint32_t n = g.sizes[axis_of(g, 0, f)];
    if (!g.torus) return fmt::format("phase {}: circgos needs the wraparound of a torus", f + 1);
    if (p.best) {
      // The phase's cost is datum * (its 1-D cost at r / (datum * share)).
      const auto choice = best_circgos(n, r / (static_cast<double>(datum_size(g, f)) * share(g)));
      if (!choice) return fmt::format("phase {}: a side of {} allows no circgos(n, a, b)", f + 1, n);
      p.a = choice->a;
      p.b = choice->b;
    }
    if (std::string refused = circgos_refusal(n, p.a, p.b); !refused.empty())
      return fmt::format("phase {}: {}", f + 1, refused);
  }
  if (const uint64_t listed = highdimgos_listed(g); listed > max_jrs_listed)
    return fmt::format("the schedule would list {} message names (about {} GB of text), more than the {} this "
                       "generator writes",
                       listed, listed * 5 / 1000000000, max_jrs_listed);
  return {};
}

uint64_t highdimgos_listed(const GridGossip& g) {
  uint64_t nodes = 1;
  for (uint32_t n : g.sizes) nodes *= n;
  uint64_t listed = 0;
  for (uint32_t f = 0; f < dimensions(g); ++f) {
    const uint32_t n = g.sizes[axis_of(g, 0, f)];
    uint64_t per_line = 0;
    for (const GossipStep& step : plan_1d(g.phases[f], {n, g.torus}))
      for (const GossipPacket& p : step) per_line += p.data.size();
    // Every line of every colour lists its positions' data, datum_size each.
    const uint64_t lines = nodes / n * (g.coloured ? dimensions(g) : 1);
    const long double total = static_cast<long double>(per_line) * lines * datum_size(g, f);
    if (total > static_cast<long double>(UINT64_MAX / 2)) return UINT64_MAX / 2;
    listed += per_line * lines * datum_size(g, f);
  }
  return listed;
}

uint64_t highdimgos_steps(const GridGossip& g) {
  uint64_t steps = 0;
  for (uint32_t f = 0; f < dimensions(g); ++f) steps += steps_1d(g.phases[f], {g.sizes[axis_of(g, 0, f)], g.torus});
  return steps;
}

double highdimgos_time(const GridGossip& g, double r) {
  // A phase's steps each pay r, and its transfers those of the 1-D gossip
  // (at r = 0) with every datum datum_size * share units long.
  double time = 0;
  for (uint32_t f = 0; f < dimensions(g); ++f) {
    const LinearArray line{g.sizes[axis_of(g, 0, f)], g.torus};
    time += static_cast<double>(steps_1d(g.phases[f], line)) * r +
            static_cast<double>(datum_size(g, f)) * share(g) * time_1d(g.phases[f], line, 0);
  }
  return time;
}

void highdimgos(const GridGossip& g, const std::function<void(const GridStep&)>& emit) {
  const uint32_t d = dimensions(g), colours = g.coloured ? d : 1;
  std::vector<uint64_t> stride(d, 1);
  for (uint32_t i = 1; i < d; ++i) stride[i] = stride[i - 1] * g.sizes[i - 1];
  const uint64_t nodes = stride[d - 1] * g.sizes[d - 1];
  for (uint32_t f = 0; f < d; ++f) {
    // Per colour: the phase's axis, and the offsets of the nodes whose data a
    // PU holds on the axes already done (its own coordinates elsewhere).
    std::vector<uint32_t> axis(colours);
    std::vector<std::vector<uint64_t>> offsets(colours);
    std::vector<std::vector<bool>> done(colours, std::vector<bool>(d, false));
    for (uint32_t c = 0; c < colours; ++c) {
      axis[c] = axis_of(g, c, f);
      offsets[c] = {0};
      for (uint32_t i = 0; i < f; ++i) {
        const uint32_t a = axis_of(g, c, i);
        done[c][a] = true;
        std::vector<uint64_t> grown;
        for (uint32_t x = 0; x < g.sizes[a]; ++x)
          for (uint64_t o : offsets[c]) grown.push_back(o + x * stride[a]);
        offsets[c] = std::move(grown);
      }
    }
    const std::vector<GossipStep> plan = plan_1d(g.phases[f], {g.sizes[axis[0]], g.torus});
    for (const GossipStep& line_step : plan) {
      GridStep step;
      for (uint32_t c = 0; c < colours; ++c) {
        const uint32_t a = axis[c];
        // Every line along axis a: the nodes with coordinate 0 on it.
        for (uint64_t v = 0; v < nodes; ++v) {
          if ((v / stride[a]) % g.sizes[a] != 0) continue;
          // The coordinates on the done axes do not enter the data's base.
          uint64_t base = v;
          for (uint32_t i = 0; i < d; ++i)
            if (done[c][i]) base -= ((v / stride[i]) % g.sizes[i]) * stride[i];
          for (const GossipPacket& p : line_step) {
            GridPacket packet{static_cast<uint32_t>(v + p.from * stride[a]), a, p.hops, {}};
            packet.messages.reserve(p.data.size() * offsets[c].size());
            for (uint32_t position : p.data)
              for (uint64_t o : offsets[c])
                packet.messages.push_back(static_cast<uint32_t>((base + position * stride[a] + o) * colours + c));
            step.push_back(std::move(packet));
          }
        }
      }
      emit(step);
    }
  }
}

}  // namespace schedcheck::gen
