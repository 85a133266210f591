// Two-cycle gossip: the sets of Theorem 1, the gossip's step count, and the surveys over all cycle pairs.
#include "two_cycle_gossip.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "lower_bounds.hpp"

namespace schedcheck::lemmas::two_cycle {

namespace {

// Distance of a and b on the first cycle 0, 1, ..., P-1.
uint32_t ring_distance(uint32_t P, uint32_t a, uint32_t b) {
  const uint32_t d = a > b ? a - b : b - a;
  return std::min(d, P - d);
}

bool first_cycle_neighbours(uint32_t P, uint32_t a, uint32_t b) { return ring_distance(P, a, b) == 1; }

}  // namespace

std::optional<KnownCycle> known_cycle(uint32_t P, std::vector<uint32_t> order, std::string& error) {
  if (P < 3) {
    error = "P must be at least 3 (a cycle)";
    return std::nullopt;
  }
  if (order.empty()) {
    error = "no nodes given";
    return std::nullopt;
  }
  KnownCycle cycle{P, std::move(order), std::vector<int64_t>(P, -1)};
  for (size_t at = 0; at < cycle.order.size(); ++at) {
    const uint32_t v = cycle.order[at];
    if (v >= P) {
      error = "node " + std::to_string(v) + " is not below P = " + std::to_string(P);
      return std::nullopt;
    }
    if (cycle.position[v] >= 0) {
      error = "node " + std::to_string(v) + " appears twice (positions " + std::to_string(cycle.position[v] + 1) +
              " and " + std::to_string(at + 1) + ")";
      return std::nullopt;
    }
    cycle.position[v] = static_cast<int64_t>(at);
  }
  return cycle;
}

std::vector<std::pair<uint32_t, uint32_t>> shared_edges(const KnownCycle& cycle) {
  std::vector<std::pair<uint32_t, uint32_t>> out;
  const size_t n = cycle.order.size();
  const size_t links = cycle.whole() ? n : n - 1;
  for (size_t at = 0; at < links; ++at) {
    const uint32_t a = cycle.order[at], b = cycle.order[(at + 1) % n];
    if (first_cycle_neighbours(cycle.P, a, b)) out.emplace_back(a, b);
  }
  return out;
}

std::vector<uint32_t> first_window(uint32_t P, uint32_t i) {
  const uint32_t h = quarter(P);
  std::vector<uint32_t> out;
  for (uint32_t t = 0; t <= 2 * h; ++t) out.push_back((i + P - h + t) % P);
  return out;
}

std::vector<uint32_t> first_window_complement(uint32_t P, uint32_t i) {
  const uint32_t h = quarter(P);
  std::vector<uint32_t> out;
  for (uint32_t t = 0; t < P - (2 * h + 1); ++t) out.push_back((i + h + 1 + t) % P);
  return out;
}

KnownSet second_window(const KnownCycle& cycle, uint32_t i) {
  const int64_t h = quarter(cycle.P);
  const int64_t p = cycle.position.at(i);
  if (p < 0) throw std::logic_error("second_window: the node is not in the window");
  const int64_t n = static_cast<int64_t>(cycle.order.size());
  KnownSet out;
  if (cycle.whole()) {
    for (int64_t d = -h; d <= h; ++d) out.elements.push_back(cycle.order[static_cast<size_t>(((p + d) % n + n) % n)]);
    return out;
  }
  const int64_t lo = std::max<int64_t>(0, p - h), hi = std::min<int64_t>(n - 1, p + h);
  for (int64_t at = lo; at <= hi; ++at) out.elements.push_back(cycle.order[static_cast<size_t>(at)]);
  out.exact = p - h >= 0 && p + h <= n - 1;
  return out;
}

KnownSet in_first_window(uint32_t P, uint32_t i, const KnownSet& set) {
  KnownSet out{{}, set.exact};
  for (uint32_t x : set.elements)
    if (ring_distance(P, x, i) <= quarter(P)) out.elements.push_back(x);
  return out;
}

KnownSet multi_receives(const KnownCycle& cycle, uint32_t i) {
  KnownSet out = in_first_window(cycle.P, i, second_window(cycle, i));
  std::erase(out.elements, i);
  return out;
}

std::vector<uint32_t> outside_arrangement(const KnownCycle& cycle, uint32_t i) {
  const uint32_t P = cycle.P;
  std::vector<uint32_t> out;
  for (uint32_t x : second_window(cycle, i).elements)
    if (ring_distance(P, x, i) > quarter(P)) out.push_back(x);
  // Sorting by the distance after i, going up, is sorting and then rotating
  // to the smallest element larger than i.
  std::sort(out.begin(), out.end(), [&](uint32_t a, uint32_t b) { return (a + P - i) % P < (b + P - i) % P; });
  return out;
}

Derivation derive(const KnownCycle& cycle, uint32_t i) {
  Derivation d;
  d.P = cycle.P;
  d.i = i;
  d.h = quarter(cycle.P);
  d.A_i = first_window(d.P, i);
  d.complement_A_i = first_window_complement(d.P, i);
  d.B_i = second_window(cycle, i);
  if (!d.B_i.exact) throw std::logic_error("derive: B_i is not fully known");
  d.A_B_i = multi_receives(cycle, i);
  d.C_i = outside_arrangement(cycle, i);
  if (d.C_i.empty()) return d;
  d.median = median_position(d.C_i.size());
  const uint32_t ip = d.C_i[d.median - 1];
  d.i_prime = ip;
  d.A_i_prime = first_window(d.P, ip);
  d.B_i_prime = second_window(cycle, ip);  // i' lies in B_i, so the window shows it
  d.A_B_i_prime = in_first_window(d.P, ip, d.B_i_prime);
  d.k_i_prime = static_cast<uint32_t>(d.A_B_i_prime.elements.size()) - 1;  // i' itself lies in both
  return d;
}

uint32_t gossip_steps(const std::vector<uint32_t>& second) {
  const uint32_t P = static_cast<uint32_t>(second.size());
  std::vector<uint32_t> position(P);
  for (uint32_t at = 0; at < P; ++at) position[second[at]] = at;
  // Both cycles written out twice, so that i + j and i - j + P need no modulo.
  std::vector<uint32_t> twice(2 * P), second_twice(2 * P);
  for (uint32_t at = 0; at < 2 * P; ++at) {
    twice[at] = at % P;
    second_twice[at] = second[at % P];
  }
  uint32_t steps = 0;
  std::vector<char> has(P);
  for (uint32_t i = 0; i < P; ++i) {
    std::fill(has.begin(), has.end(), 0);
    has[i] = 1;
    uint32_t count = 1, j = 0;
    auto receive = [&](uint32_t v) { count += has[v] ? 0 : 1, has[v] = 1; };
    // Step j brings the packets j hops away in both directions on both
    // cycles; by step P/2 every packet has arrived, so j stays below P.
    while (count < P) {
      ++j;
      receive(twice[i + j]);
      receive(twice[i + P - j]);
      receive(second_twice[position[i] + j]);
      receive(second_twice[position[i] + P - j]);
    }
    steps = std::max(steps, j);
  }
  return steps;
}

uint32_t largest_multi_receives(const std::vector<uint32_t>& second) {
  const uint32_t P = static_cast<uint32_t>(second.size()), h = quarter(P);
  // near[x - i + P]: x lies in A_i. Written out for 0..2P-1 to spare the modulo.
  std::vector<char> near(2 * P);
  for (uint32_t d = 0; d < 2 * P; ++d) near[d] = ring_distance(P, d % P, 0) <= h;
  std::vector<uint32_t> second_twice(2 * P);
  for (uint32_t at = 0; at < 2 * P; ++at) second_twice[at] = second[at % P];
  uint32_t largest = 0;
  // Positions h..P+h-1 visit every PU once and keep at - d and at + d in range.
  for (uint32_t at = h; at < P + h; ++at) {
    const uint32_t i = second_twice[at];
    uint32_t k = 0;
    for (uint32_t d = 1; d <= h; ++d) k += near[second_twice[at + d] + P - i] + near[second_twice[at - d] + P - i];
    largest = std::max(largest, k);
  }
  return largest;
}

namespace {

// Adds one cycle pair to a survey.
class Recorder {
 public:
  explicit Recorder(uint32_t P) : theorem_bound_(time_independent_hamiltonian_pair_bound(P)) { survey_.P = P; }

  void add(const std::vector<uint32_t>& first, const std::vector<uint32_t>& second) {
    const uint32_t steps = gossip_steps(second);
    const uint32_t largest_k = largest_multi_receives(second);
    const bool first_pair = survey_.pairs++ == 0;
    if (first_pair || steps < survey_.fewest_steps) {
      survey_.fewest_steps = steps;
      survey_.pairs_with_fewest = 0;
      survey_.fastest = CyclePair{first, second, steps, largest_k};
    }
    survey_.pairs_with_fewest += steps == survey_.fewest_steps;
    survey_.most_steps = first_pair ? steps : std::max(survey_.most_steps, steps);
    survey_.fewest_largest_k = first_pair ? largest_k : std::min(survey_.fewest_largest_k, largest_k);
    survey_.pairs_at_counting_bound += steps == counting_bound(survey_.P);
    survey_.pairs_without_tenth += uint64_t{10} * largest_k < survey_.P;
    if (steps < theorem_bound_ && !survey_.beating) survey_.beating = CyclePair{first, second, steps, largest_k};
  }

  Survey survey() const { return survey_; }

 private:
  uint64_t theorem_bound_;
  Survey survey_;
};

void extend_complete(uint32_t N, std::vector<uint32_t>& cycle, std::vector<char>& used,
                     const std::vector<uint32_t>& identity, Recorder& recorder) {
  const uint32_t last = cycle.back();
  if (cycle.size() == N) {
    // One direction of each cycle; the closing edge must avoid the first cycle too.
    if (cycle[1] < last && !first_cycle_neighbours(N, last, 0)) recorder.add(identity, cycle);
    return;
  }
  for (uint32_t v = 1; v < N; ++v) {
    if (used[v] || first_cycle_neighbours(N, last, v)) continue;
    used[v] = 1;
    cycle.push_back(v);
    extend_complete(N, cycle, used, identity, recorder);
    cycle.pop_back();
    used[v] = 0;
  }
}

// Depth-first search for Hamiltonian cycles of a 4-regular torus whose
// complement is a Hamiltonian cycle too. Once a node is inside the path, its
// two other edges belong to the complement; the complement's paths are kept
// by their ends, so a cycle closing early in the complement cuts the search
// at once.
class TorusDecompositions {
 public:
  TorusDecompositions(uint32_t n1, uint32_t n2, Recorder& recorder)
      : P_(n1 * n2), neighbour_(P_), on_path_(P_), interior_(P_), complement_end_(P_), recorder_(recorder) {
    for (uint32_t v = 0; v < P_; ++v) {
      const uint32_t x1 = v % n1, x2 = v / n1;
      neighbour_[v] = {(x1 + 1) % n1 + n1 * x2, (x1 + n1 - 1) % n1 + n1 * x2, x1 + n1 * ((x2 + 1) % n2),
                       x1 + n1 * ((x2 + n2 - 1) % n2)};
      complement_end_[v] = v;
    }
  }

  void run() {
    path_ = {0, neighbour_[0][0]};
    on_path_[0] = on_path_[path_[1]] = 1;
    extend();
  }

 private:
  // Joins a and b in the complement; false if that closes a cycle before
  // the complement has all P edges.
  bool join(uint32_t a, uint32_t b) {
    const uint32_t end_a = complement_end_[a], end_b = complement_end_[b];
    ++complement_edges_;
    if (end_a == b) return complement_edges_ == P_;
    trail_.emplace_back(end_a, complement_end_[end_a]);
    trail_.emplace_back(end_b, complement_end_[end_b]);
    complement_end_[end_a] = end_b;
    complement_end_[end_b] = end_a;
    return true;
  }

  // v's path edges go to p and q: its other two edges join the complement
  // (those to interior nodes joined it from their side already).
  bool make_interior(uint32_t v, uint32_t p, uint32_t q) {
    interior_[v] = 1;
    for (uint32_t w : neighbour_[v])
      if (w != p && w != q && !interior_[w] && !join(v, w)) return false;
    return true;
  }

  // An unvisited node needs two neighbours that can still take a path edge
  // (the path's new end `next` has its edge to v already).
  bool neighbours_can_finish(uint32_t v, uint32_t next) const {
    for (uint32_t u : neighbour_[v]) {
      if (on_path_[u] || u == next) continue;
      int free = 0;
      for (uint32_t w : neighbour_[u]) free += !interior_[w];
      if (free < 2) return false;
    }
    return true;
  }

  struct Mark {
    size_t trail;
    uint32_t edges;
  };
  Mark mark() const { return {trail_.size(), complement_edges_}; }
  void undo(Mark m, std::initializer_list<uint32_t> made_interior) {
    while (trail_.size() > m.trail) {
      complement_end_[trail_.back().first] = trail_.back().second;
      trail_.pop_back();
    }
    complement_edges_ = m.edges;
    for (uint32_t v : made_interior) interior_[v] = 0;
  }

  void extend() {
    const uint32_t cur = path_.back(), prev = path_[path_.size() - 2];
    if (path_.size() == P_) {
      if (std::find(neighbour_[cur].begin(), neighbour_[cur].end(), 0u) == neighbour_[cur].end()) return;
      const Mark m = mark();
      if (make_interior(cur, prev, 0) && make_interior(0, path_[1], cur) && complement_edges_ == P_) record();
      undo(m, {cur, 0});
      return;
    }
    for (uint32_t w : neighbour_[cur]) {
      if (on_path_[w]) continue;
      const Mark m = mark();
      if (make_interior(cur, prev, w) && neighbours_can_finish(cur, w)) {
        on_path_[w] = 1;
        path_.push_back(w);
        extend();
        path_.pop_back();
        on_path_[w] = 0;
      }
      undo(m, {cur});
    }
  }

  // The pair in the paper's numbering: the first cycle's nodes become 0..P-1.
  void record() {
    std::vector<uint32_t> label(P_);
    for (uint32_t t = 0; t < P_; ++t) label[path_[t]] = t;
    std::vector<uint32_t> second{0};
    uint32_t prev = P_, cur = 0;
    while (second.size() < P_) {
      const uint32_t t = label[cur];
      const uint32_t before = path_[(t + P_ - 1) % P_], after = path_[(t + 1) % P_];
      for (uint32_t w : neighbour_[cur]) {
        if (w == before || w == after || w == prev) continue;
        prev = cur;
        cur = w;
        break;
      }
      second.push_back(label[cur]);
    }
    recorder_.add(path_, second);
  }

  uint32_t P_;
  std::vector<std::array<uint32_t, 4>> neighbour_;
  std::vector<uint32_t> path_;
  std::vector<char> on_path_, interior_;
  std::vector<uint32_t> complement_end_;
  std::vector<std::pair<uint32_t, uint32_t>> trail_;
  uint32_t complement_edges_ = 0;
  Recorder& recorder_;
};

}  // namespace

Survey survey_complete_graph(uint32_t N) {
  Recorder recorder(N);
  std::vector<uint32_t> identity(N);
  for (uint32_t v = 0; v < N; ++v) identity[v] = v;
  std::vector<uint32_t> cycle{0};
  std::vector<char> used(N);
  used[0] = 1;
  extend_complete(N, cycle, used, identity, recorder);
  return recorder.survey();
}

Survey survey_torus(uint32_t n1, uint32_t n2) {
  if (n1 < 3 || n2 < 3) throw std::invalid_argument("survey_torus: sizes below 3 give parallel links");
  Recorder recorder(n1 * n2);
  TorusDecompositions(n1, n2, recorder).run();
  return recorder.survey();
}

}  // namespace schedcheck::lemmas::two_cycle
