// Schedule text: what a generator writes, in the format of specs/format.md, streamed to a file.
//
// Generators describe paths as moves relative to a source at the origin; the
// writer translates them to the requested source, so every generator serves
// every source node of the (node-symmetric) torus.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "torus.hpp"

namespace schedcheck::gen {

// `hops` signed hops along dimension `dim` (0-based): +3 is "+d*3", -1 is "-d".
struct Move {
  uint32_t dim;
  int64_t hops;
};

struct Claim {
  uint64_t steps = 0;
  std::string name;
  std::vector<std::pair<std::string, std::string>> params;
};

class ScheduleText {
 public:
  ScheduleText(std::FILE* out, Torus torus, Coord origin, bool indices)
      : out_(out), torus_(std::move(torus)), origin_(std::move(origin)), indices_(indices) {}

  void comment(const std::string& text);
  // The header; `model` and `collective` are the bodies of those lines.
  void header(const std::string& model, const std::string& collective, const Claim& claim);
  void step();
  // A path from `from` (relative to the origin); zero-hop moves are dropped.
  void path(const Coord& from, const std::vector<Move>& moves);
  // A one-hop packet from the node written `from` (absolute, as node() wrote
  // it) along direction 2*dim + (negative ? 1 : 0), carrying `message`.
  void packet(const std::string& from, uint32_t direction, const std::string& message);
  // The same line appended to `lines`, for one write() of many: a step of a
  // large gossip has tens of thousands of packets, and a write per line
  // costs more than making the line.
  static void append_packet(std::string& lines, const std::string& from, uint32_t direction,
                            const std::string& message);
  void write(std::string_view lines);
  uint32_t steps() const { return steps_; }
  std::string node(const Coord& relative) const;  // as written: index or (x1,...)

 private:
  std::FILE* out_;
  Torus torus_;
  Coord origin_;
  bool indices_;
  uint32_t steps_ = 0;
  std::string line_;
};

}  // namespace schedcheck::gen
