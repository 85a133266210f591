// Gossip flooding: the store-and-forward gossip a user writes first, as the baseline of the Meyer-Sibeyn generators.
//
// Every PU keeps one first-in-first-out queue per outgoing link. Its own
// packet goes into every queue; a packet it receives for the first time goes
// into every queue but the one back to the sender; a duplicate is dropped.
// In every step each link carries the head of its queue. The schedule ends
// when every PU holds every packet, so its length is whatever this gives.
#include <cstdint>
#include <vector>

#include "schedule_text.hpp"

namespace schedcheck::gen {

namespace {

class Flooding {
 public:
  explicit Flooding(const Torus& torus)
      : torus_(torus), nodes_(torus.node_count()), directions_(2 * torus.dimensions()),
        holds_(nodes_ * nodes_, 0), queues_(nodes_ * directions_), heads_(nodes_ * directions_, 0) {
    for (uint64_t v = 0; v < nodes_; ++v) {
      holds_[v * nodes_ + v] = 1;
      for (uint32_t j = 0; j < directions_; ++j) queues_[v * directions_ + j].push_back(v);
    }
    missing_ = nodes_ * (nodes_ - 1);
  }

  // Runs one step; `send(from, direction, message)` is told each packet.
  template <typename Send>
  void step(Send&& send) {
    arrivals_.clear();
    for (uint64_t v = 0; v < nodes_; ++v)
      for (uint32_t j = 0; j < directions_; ++j) {
        const uint64_t q = v * directions_ + j;
        if (heads_[q] == queues_[q].size()) continue;
        const uint64_t m = queues_[q][heads_[q]++];
        send(v, j, m);
        arrivals_.push_back({torus_.neighbour(v, j), j, m});
      }
    for (const Arrival& a : arrivals_) {
      if (holds_[a.to * nodes_ + a.message]) continue;
      holds_[a.to * nodes_ + a.message] = 1;
      --missing_;
      for (uint32_t j = 0; j < directions_; ++j)
        if (j != (a.direction ^ 1U)) queues_[a.to * directions_ + j].push_back(a.message);
    }
  }

  bool done() const { return missing_ == 0; }

 private:
  struct Arrival {
    uint64_t to;
    uint32_t direction;
    uint64_t message;
  };

  const Torus& torus_;
  uint64_t nodes_;
  uint32_t directions_;
  std::vector<uint8_t> holds_;
  std::vector<std::vector<uint64_t>> queues_;
  std::vector<size_t> heads_;
  std::vector<Arrival> arrivals_;
  uint64_t missing_ = 0;
};

}  // namespace

uint64_t flooding_steps(const Torus& torus) {
  Flooding f(torus);
  uint64_t steps = 0;
  while (!f.done()) {
    f.step([](uint64_t, uint32_t, uint64_t) {});
    ++steps;
  }
  return steps;
}

void write_flooding(const Torus& torus, ScheduleText& out) {
  std::vector<std::string> names(torus.node_count());
  for (uint64_t v = 0; v < names.size(); ++v) names[v] = out.node(torus.coord(v));
  Flooding f(torus);
  while (!f.done()) {
    out.step();
    f.step([&](uint64_t from, uint32_t direction, uint64_t message) {
      out.packet(names[from], direction, names[message]);
    });
  }
}

}  // namespace schedcheck::gen
