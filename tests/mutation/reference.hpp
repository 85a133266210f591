// Reference semantics for the mutation test: a small reading of specs/format.md that says which properties a schedule breaks.
//
// The mutation test needs an oracle that does not share code or data
// structures with checker/core: it is written from format.md sections 3-8
// and properties.md alone, favours plain simulation over speed (a set per
// step of used channels, a flag per node and message), and reads only the
// part of the format the generators and the mutation operators write.
// It does not cover the lower bounds (lemmas.md) or time independence
// (properties.md, property 9): a valid schedule is expected to meet every
// bound, and the mutation test removes `time-independent=` from the claims.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace mutation {

// The properties of specs/properties.md, spelt as the core's diagnostics spell them.
enum class Property { well_formed, link_disjoint, port_limit, dimension_order, causality, delivery, lower_bound, claim };
const char* property_name(Property p);
// Properties judged at one transfer: their diagnostics name that transfer's line.
bool is_local(Property p);

struct Network {
  enum class Kind { grid, tree, graph } kind = Kind::grid;
  std::vector<uint32_t> sizes;  // grid: n1, n2, ...
  bool wraps = false;           // grid: torus or ring
  uint32_t nodes = 0;
  std::vector<std::pair<uint32_t, uint32_t>> edges;  // tree (child, parent) and graph links, in header order

  uint32_t index(const std::vector<uint32_t>& x) const;
};

// One hop of a route: a directed channel, and for grids its dimension (1-based) and direction.
struct Hop {
  uint32_t tail = 0, head = 0;
  uint64_t channel = 0;
  uint32_t dim = 0;
  bool plus = true;
};

struct Move {
  bool plus = true;
  uint32_t dim = 1;  // 1-based, as written
  uint64_t count = 1;
};

struct Message {
  uint32_t node = 0;
  uint32_t part = 0;
};

// A transfer line as written: moves or a node list, messages or a control label, a dispatch time, a licence.
struct Transfer {
  size_t line = 0;  // 1-based, in the text it was read from
  uint32_t sender = 0;
  std::vector<Move> moves;
  std::vector<uint32_t> nodes;  // a node list's nodes after the sender
  bool listed = false;          // ':' and a message list
  std::vector<Message> messages;
  std::string control;  // '! LABEL'
  std::optional<uint64_t> time;
  std::string after;
};

enum class Collective { broadcast, gossip, scatter, gather, concentration };

struct Header {
  Network network;
  bool flit = false, store_and_forward = false, one_port = false, combining = false, licensed = false;
  bool dimension_order = false, shorter = false;
  Collective collective = Collective::broadcast;
  uint32_t root = 0;  // source or root
  uint32_t parts = 1;
  std::vector<uint64_t> lengths;  // per node
  std::optional<double> ts, tl;
  std::optional<uint64_t> claim_steps;
  std::optional<double> claim_time;
};

struct Step {
  size_t line = 0;
  std::vector<Transfer> transfers;
};

struct Schedule {
  Header header;
  std::vector<Step> steps;       // step-synchronous models
  std::vector<Transfer> trains;  // the flit model
};

// Reads the text; nullopt with `error` for what it does not read.
std::optional<Schedule> read_schedule(std::string_view text, std::string& error);
// A transfer line as the format writes it (nodes by index).
std::string write_transfer(const Header& header, const Transfer& t);
// The route's hops, or false when a move or node-list step is not a link.
bool route_hops(const Network& network, const Transfer& t, std::vector<Hop>& hops);

// What a schedule breaks: each property, and for the local ones the lines of the transfers that break it.
struct Judgement {
  std::set<Property> broken;
  std::map<Property, std::set<size_t>> lines;
  uint64_t measure = 0;  // steps, or the flit model's time
  std::optional<double> cost;

  void add(Property p, size_t line = 0);
};

Judgement judge(const Schedule& schedule);

}  // namespace mutation
