// JRS gossip on circular and linear arrays: approaches 1 and 2 and circgos, as steps of combining wormhole packets.
#include "jrs_gossip.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace schedcheck::gen {

namespace {

uint64_t power(uint64_t base, uint32_t exponent) {
  uint64_t p = 1;
  for (uint32_t i = 0; i < exponent; ++i) p *= base;
  return p;
}

// Step k of the concentration of the n PUs first, ..., first+n-1 (Lemma
// 4's tripling): every block of 3^k PUs (from `first`) gathers on the centre
// of its middle part of 3^(k-1) from the centres of the other two parts (a
// partial block has fewer). `gather(to, from, part_first, part_size)` is
// called for each of those transfers.
template <class Gather>
void tripling_step(uint32_t first, uint32_t n, uint32_t k, Gather gather) {
  const uint64_t block = power(3, k), sub = block / 3;
  for (uint64_t lo = 0; lo < n; lo += block) {
    const uint64_t len = std::min<uint64_t>(block, n - lo);
    if (len <= sub) continue;  // one part: its centre is the block's already
    const uint32_t to = concentration_centre(static_cast<uint32_t>(first + lo + sub),
                                             static_cast<uint32_t>(std::min(sub, len - sub)));
    for (uint64_t part : {uint64_t{0}, 2 * sub}) {
      if (part >= len) continue;
      const uint64_t size = std::min(sub, len - part);
      gather(to, concentration_centre(static_cast<uint32_t>(first + lo + part), static_cast<uint32_t>(size)),
             first + lo + part, size);
    }
  }
}

std::vector<uint32_t> range(uint64_t first, uint64_t count) {
  std::vector<uint32_t> data(count);
  for (uint64_t i = 0; i < count; ++i) data[i] = static_cast<uint32_t>(first + i);
  return data;
}

uint32_t wrap(int64_t position, uint32_t n) { return static_cast<uint32_t>(((position % n) + n) % n); }

}  // namespace

uint32_t ceil_log3(uint64_t n) {
  uint32_t k = 0;
  for (uint64_t p = 1; p < n; p *= 3) ++k;
  return k;
}

std::optional<uint32_t> rounds_of(uint32_t n, uint32_t a) {
  if (a < 2) return std::nullopt;
  uint32_t m = 0;
  uint64_t p = a;
  while (p < n) p *= a, ++m;
  if (p != n) return std::nullopt;
  return m;
}

// Each sender's packet is all it holds, its part's data, 3^(k-1) from a full
// part (and part 0 of block 0 is full while k <= K).
std::vector<GossipStep> concentration(uint32_t first, uint32_t n) {
  std::vector<GossipStep> steps(ceil_log3(n));
  for (uint32_t k = 1; k <= steps.size(); ++k)
    tripling_step(first, n, k, [&](uint32_t to, uint32_t from, uint64_t part_first, uint64_t part_size) {
      steps[k - 1].push_back({from, int64_t{to} - int64_t{from}, range(part_first, part_size)});
    });
  return steps;
}

uint32_t concentration_centre(uint32_t first, uint32_t n) {
  // The middle block of 3^(k-1) at every level, down to one PU.
  while (n > 1) {
    const uint64_t sub = power(3, ceil_log3(n) - 1);
    first += static_cast<uint32_t>(sub);
    n = static_cast<uint32_t>(std::min<uint64_t>(sub, n - sub));
  }
  return first;
}

std::vector<GossipStep> approach_1(const LinearArray& array) {
  const uint32_t n = array.n;
  std::vector<GossipStep> steps;
  const uint32_t count = array.ring ? n / 2 : n - 1;
  for (uint32_t s = 1; s <= count; ++s) {
    GossipStep step;
    for (uint32_t i = 0; i < n; ++i) {
      // Rightward: the datum that left PU i-s+1 s-1 steps ago; leftward, i+s-1's.
      const int64_t left_origin = int64_t{i} - s + 1, right_origin = int64_t{i} + s - 1;
      if (array.ring) {
        step.push_back({i, 1, {wrap(left_origin, n)}});
        // With n even, the datum from n/2 away arrives from the left already.
        if (!(n % 2 == 0 && s == n / 2)) step.push_back({i, -1, {wrap(right_origin, n)}});
      } else {
        if (left_origin >= 0 && i + 1 < n) step.push_back({i, 1, {static_cast<uint32_t>(left_origin)}});
        if (right_origin < n && i >= 1) step.push_back({i, -1, {static_cast<uint32_t>(right_origin)}});
      }
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

double approach_1_time(const LinearArray& array, double r) {
  return (array.ring ? array.n / 2 : array.n - 1) * (r + 1);
}

std::vector<GossipStep> approach_2(const LinearArray& array) {
  const uint32_t n = array.n;
  std::vector<GossipStep> steps = concentration(0, n);
  // Dissemination: the concentration's steps backwards, each centre sending
  // a part's centre the data outside that part (it holds the part's own).
  for (uint32_t k = ceil_log3(n); k >= 1; --k) {
    GossipStep step;
    tripling_step(0, n, k, [&](uint32_t centre, uint32_t part_centre, uint64_t part_first, uint64_t part_size) {
      std::vector<uint32_t> data = range(0, part_first);
      for (uint64_t d = part_first + part_size; d < n; ++d) data.push_back(static_cast<uint32_t>(d));
      step.push_back({centre, int64_t{part_centre} - int64_t{centre}, std::move(data)});
    });
    steps.push_back(std::move(step));
  }
  return steps;
}

uint32_t approach_2_steps(const LinearArray& array) { return 2 * ceil_log3(array.n); }

double approach_2_time(const LinearArray& array, double r) {
  // Concentration step k: packets of 3^(k-1). Dissemination step k: n less
  // the smallest part receiving, 3^(k-1) but for a partial third part.
  const uint32_t n = array.n, levels = ceil_log3(n);
  double time = 2.0 * levels * r;
  for (uint32_t k = 1; k <= levels; ++k) {
    const uint64_t sub = power(3, k - 1), last = n - (n - 1) / (3 * sub) * (3 * sub);
    time += static_cast<double>(sub) + static_cast<double>(n - (last > 2 * sub ? last - 2 * sub : sub));
  }
  return time;
}

std::string circgos_refusal(uint32_t n, uint32_t a, uint32_t b) {
  if (a < 2) return fmt::format("a = {}: circgos needs at least 2 bridgeheads (a >= 2)", a);
  const auto m = rounds_of(n, a);
  if (!m)
    return fmt::format("n = {} is not a power of a = {}: circgos multiplies the {} bridgeheads by a in every round "
                       "until every PU is one (n = a^(m+1))",
                       n, a, a);
  if (*m >= 1 && b < a / 2)
    return fmt::format("b = {}: a round of b steps cannot reach the new bridgeheads floor(a/2) = {} hops of "
                       "bridgeheads away (b >= floor(a/2))",
                       b, a / 2);
  if (uint64_t{*m} * b > (uint64_t{1} << 20))
    return fmt::format("{} rounds of b = {} steps: more than 2^20 steps", *m, b);
  return {};
}

uint32_t circgos_packets(uint32_t n, uint32_t a, uint32_t b) {
  // New bridgehead j (1 <= j < a) of an interval receives the rightward
  // stream's packets 1, 2, ... from step j on and the leftward stream's
  // k, k-1, ... from step a-j on: b-j+1 and b-a+j+1 packets in b steps.
  int64_t k = std::numeric_limits<int64_t>::max();
  for (int64_t j = 1; j < a; ++j)
    k = std::min(k, std::max<int64_t>(0, b - j + 1) + std::max<int64_t>(0, int64_t{b} - a + j + 1));
  return static_cast<uint32_t>(std::min<int64_t>(k, n));
}

uint32_t circgos_steps(uint32_t n, uint32_t a, uint32_t b) {
  const uint32_t m = *rounds_of(n, a);
  return ceil_log3(n / a) + a / 2 + m * b;
}

double circgos_time(uint32_t n, uint32_t a, uint32_t b, double r) {
  const uint32_t m = *rounds_of(n, a), s = n / a, k1 = ceil_log3(s);
  double time = k1 * r + (static_cast<double>(power(3, k1)) - 1) / 2 + (a / 2) * (r + s);
  if (m > 0) {
    // A packet is in flight in step t of a round while t <= k + a - 2, which
    // holds for every t <= b unless k was capped at n; later steps are empty.
    const uint32_t k = circgos_packets(n, a, b), busy = std::min(b, k + a - 2);
    time += static_cast<double>(m) * (busy * (r + (n + k - 1) / k) + (b - busy) * r);
  }
  return time;
}

std::vector<GossipStep> circgos(uint32_t n, uint32_t a, uint32_t b) {
  const uint32_t m = *rounds_of(n, a), s = n / a;
  // Phase 1: each segment i*s .. (i+1)*s - 1 concentrates on its centre.
  std::vector<GossipStep> steps(ceil_log3(s));
  for (uint32_t i = 0; i < a; ++i) {
    const std::vector<GossipStep> segment = concentration(i * s, s);
    for (size_t t = 0; t < segment.size(); ++t)
      steps[t].insert(steps[t].end(), segment[t].begin(), segment[t].end());
  }
  const uint32_t centre = concentration_centre(0, s);
  // Phase 2: approach 1 among the a bridgeheads, s PUs apart, whole segments as packets.
  for (uint32_t t = 1; t <= a / 2; ++t) {
    GossipStep step;
    for (uint32_t i = 0; i < a; ++i) {
      const uint32_t from = i * s + centre;
      step.push_back({from, int64_t{s}, range(uint64_t{wrap(int64_t{i} - t + 1, a)} * s, s)});
      if (!(a % 2 == 0 && t == a / 2))
        step.push_back({from, -int64_t{s}, range(uint64_t{wrap(int64_t{i} + t - 1, a)} * s, s)});
    }
    steps.push_back(std::move(step));
  }
  // Phase 3: rounds of b steps, bridgeheads S apart becoming S/a apart.
  if (m == 0) return steps;
  const uint32_t k = circgos_packets(n, a, b), base = n / k, extra = n % k;
  auto packet = [&](uint32_t p) {  // the p-th of k nearly equal parts of the data, p = 1..k
    const uint32_t q = p - 1;
    return range(uint64_t{q} * base + std::min(q, extra), base + (q < extra ? 1 : 0));
  };
  for (uint32_t spacing = s; spacing > 1; spacing /= a) {
    const uint32_t next = spacing / a;
    for (uint32_t t = 1; t <= b; ++t) {
      GossipStep step;
      for (uint32_t h = centre % spacing; h < n; h += spacing)
        for (uint32_t j = 1; j < a; ++j) {
          // The PU j-1 new bridgeheads from h passes on what reached it last step.
          const int64_t right = int64_t{t} - j + 1, left = int64_t{k} - t + j;
          if (right >= 1 && right <= k)
            step.push_back({wrap(int64_t{h} + int64_t{j - 1} * next, n), int64_t{next},
                            packet(static_cast<uint32_t>(right))});
          if (left >= 1 && left <= k)
            step.push_back({wrap(int64_t{h} - int64_t{j - 1} * next, n), -int64_t{next},
                            packet(static_cast<uint32_t>(left))});
        }
      steps.push_back(std::move(step));
    }
  }
  return steps;
}

std::optional<CircgosChoice> best_circgos(uint32_t n, double r) {
  std::optional<CircgosChoice> best;
  for (uint32_t a = 2; a <= n; ++a) {
    const auto m = rounds_of(n, a);
    if (!m) continue;
    const uint32_t last_b = *m == 0 ? a / 2 : a + n;  // b does not matter without rounds
    for (uint32_t b = a / 2; b <= last_b; ++b) {
      const double time = circgos_time(n, a, b, r);
      if (!best || time < best->time) best = CircgosChoice{a, b, time};
    }
  }
  return best;
}

}  // namespace schedcheck::gen
