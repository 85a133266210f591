// Reference semantics for the mutation test: reading the text, and judging steps and trains as format.md describes them.
#include "reference.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include <fmt/format.h>

namespace mutation {

const char* property_name(Property p) {
  switch (p) {
    case Property::well_formed: return "well-formed";
    case Property::link_disjoint: return "link-disjoint";
    case Property::port_limit: return "port-limit";
    case Property::dimension_order: return "dimension-order";
    case Property::causality: return "causality";
    case Property::delivery: return "delivery";
    case Property::lower_bound: return "lower-bound";
    case Property::claim: return "claim";
  }
  return "?";
}

bool is_local(Property p) {
  return p == Property::well_formed || p == Property::link_disjoint || p == Property::port_limit ||
         p == Property::dimension_order || p == Property::causality;
}

void Judgement::add(Property p, size_t line) {
  broken.insert(p);
  if (is_local(p)) lines[p].insert(line);
}

// ---- the network ----

uint32_t Network::index(const std::vector<uint32_t>& x) const {
  uint32_t v = 0;
  for (size_t d = sizes.size(); d-- > 0;) v = v * sizes[d] + x[d];
  return v;
}

namespace {

// A grid channel is (tail, dimension, direction); a tree or graph channel is (link, direction).
uint64_t grid_channel(const Network& n, uint32_t tail, uint32_t dim, bool plus) {
  return (uint64_t{tail} * n.sizes.size() + (dim - 1)) * 2 + (plus ? 0 : 1);
}

// One hop from `tail` along dimension `dim`, or false off a mesh's border.
bool grid_step(const Network& n, uint32_t tail, uint32_t dim, bool plus, Hop& hop) {
  uint32_t stride = 1;  // index = x1 + n1*(x2 + ...): dimension d moves the index by n1*...*n(d-1)
  for (uint32_t d = 1; d < dim; ++d) stride *= n.sizes[d - 1];
  const uint32_t size = n.sizes[dim - 1], c = tail / stride % size;
  uint32_t head = tail;
  if (plus) {
    if (c + 1 == size && !n.wraps) return false;
    head = c + 1 == size ? tail - c * stride : tail + stride;
  } else {
    if (c == 0 && !n.wraps) return false;
    head = c == 0 ? tail + (size - 1) * stride : tail - stride;
  }
  hop = {tail, head, grid_channel(n, tail, dim, plus), dim, plus};
  return true;
}

// The channel a node list takes from a to b: on a grid +d before -d (the
// first of parallel channels), on a tree or graph the first link listed.
bool node_step(const Network& n, uint32_t a, uint32_t b, Hop& hop) {
  if (n.kind == Network::Kind::grid) {
    for (uint32_t dim = 1; dim <= n.sizes.size(); ++dim)
      for (bool plus : {true, false})
        if (grid_step(n, a, dim, plus, hop) && hop.head == b) return true;
    return false;
  }
  for (size_t e = 0; e < n.edges.size(); ++e) {
    const auto [x, y] = n.edges[e];
    if ((x == a && y == b) || (x == b && y == a)) {
      hop = {a, b, e * 2 + (a == x ? 0 : 1), 0, true};
      return true;
    }
  }
  return false;
}

}  // namespace

bool route_hops(const Network& n, const Transfer& t, std::vector<Hop>& hops) {
  hops.clear();
  uint32_t at = t.sender;
  for (const Move& m : t.moves) {
    if (n.kind != Network::Kind::grid || m.dim < 1 || m.dim > n.sizes.size() || m.count > 100000) return false;
    for (uint64_t i = 0; i < m.count; ++i) {
      Hop hop;
      if (!grid_step(n, at, m.dim, m.plus, hop)) return false;
      hops.push_back(hop);
      at = hop.head;
    }
  }
  for (uint32_t next : t.nodes) {
    Hop hop;
    if (next >= n.nodes || !node_step(n, at, next, hop)) return false;
    hops.push_back(hop);
    at = next;
  }
  return !hops.empty();
}

// ---- reading ----

namespace {

struct Scanner {
  std::string_view s;
  size_t at = 0;

  void blanks() {
    while (at < s.size() && (s[at] == ' ' || s[at] == '\t')) ++at;
  }
  bool peek(char c) {
    blanks();
    return at < s.size() && s[at] == c;
  }
  bool take(char c) {
    if (!peek(c)) return false;
    ++at;
    return true;
  }
  bool number(uint64_t& value) {
    blanks();
    const auto [end, ec] = std::from_chars(s.data() + at, s.data() + s.size(), value);
    if (ec != std::errc{}) return false;
    at = static_cast<size_t>(end - s.data());
    return true;
  }
  bool word(std::string& w) {
    blanks();
    const size_t from = at;
    while (at < s.size() && (std::isalnum(static_cast<unsigned char>(s[at])) || s[at] == '-' || s[at] == '_' ||
                             s[at] == '.'))
      ++at;
    w = std::string(s.substr(from, at - from));
    return !w.empty();
  }
  bool done() {
    blanks();
    return at == s.size();
  }
};

// A node as an index or as coordinates; nodes outside the network are read
// as given, for the judgement to find.
bool read_node(Scanner& in, const Network& n, uint32_t& v) {
  uint64_t value = 0;
  if (in.take('(')) {
    std::vector<uint32_t> x;
    do {
      if (!in.number(value)) return false;
      x.push_back(static_cast<uint32_t>(value));
    } while (in.take(','));
    if (!in.take(')')) return false;
    if (n.kind != Network::Kind::grid) {
      v = x.size() == 1 ? x[0] : UINT32_MAX;
      return true;
    }
    if (x.size() != n.sizes.size()) return false;
    for (size_t d = 0; d < x.size(); ++d)
      if (x[d] >= n.sizes[d]) return false;
    v = n.index(x);
    return true;
  }
  if (!in.number(value) || value > UINT32_MAX) return false;
  v = static_cast<uint32_t>(value);
  return true;
}

std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> words;
  for (size_t at = 0; at < line.size();) {
    if (line[at] == ' ' || line[at] == '\t') {
      ++at;
      continue;
    }
    const size_t end = std::min(line.find_first_of(" \t", at), line.size());
    words.emplace_back(line.substr(at, end - at));
    at = end;
  }
  return words;
}

bool read_topology(const std::vector<std::string>& w, Network& n) {
  if (w.size() < 3) return false;
  if (w[1] == "torus" || w[1] == "mesh" || w[1] == "ring" || w[1] == "path") {
    n.kind = Network::Kind::grid;
    n.wraps = w[1] == "torus" || w[1] == "ring";
    std::istringstream sizes(w[2]);
    n.nodes = 1;
    for (std::string s; std::getline(sizes, s, 'x');) {
      n.sizes.push_back(static_cast<uint32_t>(std::stoul(s)));
      n.nodes *= n.sizes.back();
    }
    return true;
  }
  if (w[1] == "tree" && w[2] == "parents") {
    n.kind = Network::Kind::tree;
    n.nodes = static_cast<uint32_t>(w.size() - 3);
    for (uint32_t v = 0; v < n.nodes; ++v)
      if (w[3 + v] != "-") n.edges.emplace_back(v, static_cast<uint32_t>(std::stoul(w[3 + v])));
    return true;
  }
  if (w[1] == "graph" && w.size() >= 3) {
    n.kind = Network::Kind::graph;
    n.nodes = static_cast<uint32_t>(std::stoul(w[2]));
    for (size_t i = 4; i < w.size(); ++i) {
      const size_t dash = w[i].find('-');
      n.edges.emplace_back(static_cast<uint32_t>(std::stoul(w[i].substr(0, dash))),
                           static_cast<uint32_t>(std::stoul(w[i].substr(dash + 1))));
    }
    return true;
  }
  return false;
}

bool read_model(const std::vector<std::string>& w, Header& h) {
  for (size_t i = 1; i < w.size(); ++i) {
    const std::string& t = w[i];
    if (t == "flit" || t == "flit-level" || t == "bufferless") h.flit = true;
    else if (t == "store-and-forward") h.store_and_forward = true;
    else if (t == "one-port" || t == "single-port") h.one_port = true;
    else if (t == "combining") h.combining = true;
    else if (t == "licensed") h.licensed = true;
    else if (t == "dimension-order") h.dimension_order = true;
    else if (t == "dimension-order-shorter") h.dimension_order = h.shorter = true;
    else if (t != "wormhole" && t != "all-port" && t != "full-port" && t != "free" && t != "non-combining" &&
             t != "offline")
      return false;
  }
  return true;
}

bool read_collective(const std::vector<std::string>& w, Header& h) {
  static const std::map<std::string, Collective> kinds = {{"broadcast", Collective::broadcast},
                                                          {"gossip", Collective::gossip},
                                                          {"scatter", Collective::scatter},
                                                          {"gather", Collective::gather},
                                                          {"concentration", Collective::concentration}};
  if (w.size() < 2 || !kinds.contains(w[1])) return false;
  h.collective = kinds.at(w[1]);
  h.lengths.assign(h.network.nodes, 1);
  for (size_t i = 2; i < w.size(); ++i) {
    if (w[i] == "source" || w[i] == "root") {
      std::string node = w.at(++i);
      Scanner in{node};
      if (!read_node(in, h.network, h.root)) return false;
    } else if (w[i] == "parts") {
      h.parts = static_cast<uint32_t>(std::stoul(w.at(++i)));
    } else if (w[i] == "length") {
      h.lengths.assign(h.network.nodes, std::stoull(w.at(++i)));
    } else if (w[i] == "lengths") {
      for (uint32_t v = 0; v < h.network.nodes; ++v) h.lengths[v] = std::stoull(w.at(++i));
    } else {
      return false;
    }
  }
  return true;
}

void read_claim(const std::vector<std::string>& w, Header& h) {
  for (size_t i = 1; i < w.size(); ++i) {
    const size_t eq = w[i].find('=');
    const std::string key = w[i].substr(0, eq), value = w[i].substr(eq + 1);
    if (key == "steps") h.claim_steps = std::stoull(value);
    if (key == "time") h.claim_time = std::stod(value);
  }
}

bool read_transfer(std::string_view line, const Network& n, Transfer& t) {
  Scanner in{line};
  if (!read_node(in, n, t.sender)) return false;
  if (in.peek('>')) {
    while (in.take('>')) {
      uint32_t v = 0;
      if (!read_node(in, n, v)) return false;
      t.nodes.push_back(v);
    }
  } else {
    while (in.peek('+') || in.peek('-')) {
      Move m;
      m.plus = line[in.at++] == '+';
      uint64_t dim = 0;
      if (!in.number(dim)) return false;
      m.dim = static_cast<uint32_t>(std::min<uint64_t>(dim, UINT32_MAX));
      if (in.take('*') && !in.number(m.count)) return false;
      t.moves.push_back(m);
    }
    if (t.moves.empty()) return false;
  }
  if (in.take(':')) {
    t.listed = true;
    while (!in.done() && !in.peek('@') && !in.peek('a')) {
      Message m;
      if (!read_node(in, n, m.node)) return false;
      uint64_t part = 0;
      if (in.take('/') && !in.number(part)) return false;
      m.part = static_cast<uint32_t>(part);
      t.messages.push_back(m);
    }
  } else if (in.take('!')) {
    if (!in.word(t.control)) return false;
  }
  if (in.take('@')) {
    uint64_t time = 0;
    if (!in.number(time)) return false;
    t.time = time;
  }
  std::string word;
  if (in.word(word)) {
    if (word != "after" || !in.word(t.after)) return false;
  }
  return in.done();
}

std::string_view strip_comment(std::string_view line) {
  return line.substr(0, std::min(line.find('#'), line.size()));
}

}  // namespace

std::optional<Schedule> read_schedule(std::string_view text, std::string& error) {
  Schedule s;
  Header& h = s.header;
  bool version = false, body = false;
  for (size_t i = 0, at = 0; at < text.size(); ++i) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = strip_comment(text.substr(at, end - at));
    at = end + 1;
    const size_t start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos) continue;
    const char first = line[start];
    if (version && (body || first == '(' || std::isdigit(static_cast<unsigned char>(first))) &&
        line.compare(start, 4, "step") != 0) {
      body = true;
      Transfer t;
      t.line = i + 1;
      if (!read_transfer(line, h.network, t)) {
        error = fmt::format("line {}: transfer not read: {}", i + 1, line);
        return std::nullopt;
      }
      if (h.flit) {
        s.trains.push_back(std::move(t));
      } else if (s.steps.empty()) {
        error = fmt::format("line {}: a transfer before the first step", i + 1);
        return std::nullopt;
      } else {
        s.steps.back().transfers.push_back(std::move(t));
      }
      continue;
    }
    const std::vector<std::string> w = words_of(line);
    if (!version) {
      if (w != std::vector<std::string>{"schedcheck", "1"}) {
        error = "no version line";
        return std::nullopt;
      }
      version = true;
      continue;
    }
    if (!body && w[0] != "step") {
      bool ok = true;
      if (w[0] == "topology") ok = read_topology(w, h.network);
      else if (w[0] == "model") ok = read_model(w, h);
      else if (w[0] == "collective") ok = read_collective(w, h);
      else if (w[0] == "cost") {
        for (size_t k = 1; k < w.size(); ++k) (w[k].starts_with("ts=") ? h.ts : h.tl) = std::stod(w[k].substr(3));
      } else if (w[0] == "claim") read_claim(w, h);
      else ok = false;
      if (!ok) {
        error = fmt::format("line {}: header line not read: {}", i + 1, line);
        return std::nullopt;
      }
      continue;
    }
    body = true;
    if (w.size() != 2 || w[0] != "step") {
      error = fmt::format("line {}: expected a step line: {}", i + 1, line);
      return std::nullopt;
    }
    s.steps.push_back({i + 1, {}});
  }
  if (!version || h.network.nodes == 0) {
    error = "no version or topology line";
    return std::nullopt;
  }
  if (h.lengths.empty()) h.lengths.assign(h.network.nodes, 1);
  return s;
}

std::string write_transfer(const Header& h, const Transfer& t) {
  std::string line = fmt::format("  {}", t.sender);
  for (const Move& m : t.moves)
    line += m.count == 1 ? fmt::format(" {}{}", m.plus ? '+' : '-', m.dim)
                         : fmt::format(" {}{}*{}", m.plus ? '+' : '-', m.dim, m.count);
  for (uint32_t v : t.nodes) line += fmt::format(" > {}", v);
  if (t.listed) {
    line += " :";
    for (const Message& m : t.messages)
      line += h.parts > 1 ? fmt::format(" {}/{}", m.node, m.part) : fmt::format(" {}", m.node);
  }
  if (!t.control.empty()) line += " ! " + t.control;
  if (t.time) line += fmt::format(" @{}", *t.time);
  if (!t.after.empty()) line += " after " + t.after;
  return line;
}

// ---- judging ----

namespace {

// Messages are numbered: the broadcast's one message 0; otherwise node*parts + part.
struct Messages {
  const Header& h;

  uint32_t count() const { return h.collective == Collective::broadcast ? 1 : h.network.nodes * h.parts; }
  // The message's number, or nullopt when the collective has no such message.
  std::optional<uint32_t> number(const Message& m) const {
    if (m.node >= h.network.nodes || m.part >= h.parts) return std::nullopt;
    if (h.collective == Collective::broadcast) return m.node == h.root && m.part == 0 ? std::optional<uint32_t>(0) : std::nullopt;
    return m.node * h.parts + m.part;
  }
  uint64_t length(uint32_t message) const {
    return h.lengths[h.collective == Collective::broadcast ? h.root : message / h.parts];
  }
  bool initially_held(uint32_t node, uint32_t message) const {
    switch (h.collective) {
      case Collective::broadcast: return node == h.root;
      case Collective::scatter: return node == h.root;
      default: return message / h.parts == node;
    }
  }
  bool required(uint32_t node, uint32_t message) const {
    switch (h.collective) {
      case Collective::broadcast:
      case Collective::gossip: return true;
      case Collective::scatter: return message == node;
      default: return node == h.root;
    }
  }
};

// Dimension order of one route (properties.md, property 4).
bool in_dimension_order(const Header& h, const std::vector<Hop>& hops) {
  if (!h.dimension_order || h.network.kind != Network::Kind::grid) return true;
  std::vector<uint64_t> per_dimension(h.network.sizes.size() + 1, 0);
  for (size_t i = 0; i < hops.size(); ++i) {
    if (i > 0 && (hops[i].dim < hops[i - 1].dim || (hops[i].dim == hops[i - 1].dim && hops[i].plus != hops[i - 1].plus)))
      return false;
    ++per_dimension[hops[i].dim];
  }
  if (h.shorter && h.network.wraps)
    for (uint32_t d = 1; d <= h.network.sizes.size(); ++d)
      if (per_dimension[d] > h.network.sizes[d - 1] / 2) return false;
  return true;
}

// Well-formed rules 2-5 and 9 for one transfer; the hops when it is well formed.
bool well_formed(const Header& h, const Messages& messages, const Transfer& t, std::vector<Hop>& hops) {
  if (t.sender >= h.network.nodes || !route_hops(h.network, t, hops)) return false;
  if (h.store_and_forward && hops.size() != 1) return false;
  if (h.flit != t.time.has_value()) return false;
  if (!t.control.empty()) return h.flit;
  if (!h.combining && t.messages.size() > 1) return false;
  if (!h.combining && t.messages.empty() && h.collective != Collective::broadcast) return false;
  for (const Message& m : t.messages)
    if (!messages.number(m)) return false;
  if (h.flit) {
    std::set<uint32_t> visited{t.sender};
    for (const Hop& hop : hops)
      if (!visited.insert(hop.head).second) return false;
    const uint32_t end = hops.back().head;
    if (!t.messages.empty()) {
      const uint32_t m = *messages.number(t.messages[0]);
      if (h.collective != Collective::broadcast && !messages.required(end, m)) return false;
    }
  }
  return true;
}

void judge_claim(const Header& h, Judgement& j) {
  if (h.claim_steps && !h.flit && j.measure > *h.claim_steps) j.add(Property::claim);
  if (h.claim_time) {
    const double measured = h.flit ? static_cast<double>(j.measure) : j.cost.value_or(0);
    if (measured > *h.claim_time * (1 + 1e-9) + 1e-9) j.add(Property::claim);
  }
}

uint64_t channel_count(const Network& n) {
  return n.kind == Network::Kind::grid ? uint64_t{n.nodes} * n.sizes.size() * 2 : n.edges.size() * 2;
}

// Store-and-forward and wormhole: synchronous steps (format.md section 7).
Judgement judge_steps(const Schedule& s) {
  const Header& h = s.header;
  const Messages messages{h};
  const uint32_t P = h.network.nodes, M = messages.count();
  std::vector<char> holds(size_t{P} * M, 0);
  for (uint32_t v = 0; v < P; ++v)
    for (uint32_t m = 0; m < M; ++m) holds[size_t{v} * M + m] = messages.initially_held(v, m);
  Judgement j;
  j.measure = s.steps.size();
  uint64_t longest_sum = 0;
  std::vector<Hop> hops;
  // The step that last used each channel, and that each node last sent and received in.
  std::vector<size_t> channel_used(channel_count(h.network), 0), sent(P, 0), received(P, 0);
  size_t serial = 0;
  for (const Step& step : s.steps) {
    ++serial;
    std::vector<std::pair<uint32_t, uint32_t>> deliveries;  // (node, message), at the end of the step
    uint64_t longest = 0;
    for (const Transfer& t : step.transfers) {
      if (!well_formed(h, messages, t, hops)) {
        j.add(Property::well_formed, t.line);
        continue;
      }
      bool reused = false;
      for (const Hop& hop : hops) {
        reused = reused || channel_used[hop.channel] == serial;  // by an earlier transfer, or this path before
        channel_used[hop.channel] = serial;
      }
      if (reused) j.add(Property::link_disjoint, t.line);
      const uint32_t to = hops.back().head;
      const bool sent_before = sent[t.sender] == serial, received_before = received[to] == serial;
      sent[t.sender] = received[to] = serial;
      if (h.one_port && (sent_before || received_before)) j.add(Property::port_limit, t.line);
      if (!in_dimension_order(h, hops)) j.add(Property::dimension_order, t.line);
      std::vector<uint32_t> carried;
      bool causal = true;
      if (t.messages.empty() && h.collective != Collective::broadcast) {
        for (uint32_t m = 0; m < M; ++m)
          if (holds[size_t{t.sender} * M + m]) carried.push_back(m);
      } else if (t.messages.empty()) {
        carried.push_back(0);
      } else {
        for (const Message& m : t.messages) carried.push_back(*messages.number(m));
      }
      uint64_t length = 0;
      for (uint32_t m : carried) {
        length += messages.length(m);
        if (holds[size_t{t.sender} * M + m]) deliveries.emplace_back(to, m);
        else causal = false;
      }
      if (!causal) j.add(Property::causality, t.line);
      longest = std::max(longest, length);
    }
    for (const auto& [v, m] : deliveries) holds[size_t{v} * M + m] = 1;
    longest_sum += longest;
  }
  for (uint32_t v = 0; v < P; ++v)
    for (uint32_t m = 0; m < M; ++m)
      if (messages.required(v, m) && !holds[size_t{v} * M + m]) j.add(Property::delivery);
  if (h.ts && h.tl) j.cost = static_cast<double>(s.steps.size()) * *h.ts + *h.tl * static_cast<double>(longest_sum);
  judge_claim(h, j);
  return j;
}

// Busy time units of one channel or port: [from, to) intervals, with the train's line.
struct Busy {
  std::map<uint64_t, std::vector<std::pair<uint64_t, uint64_t>>> intervals;

  bool free(uint64_t key, uint64_t from, uint64_t to) const {
    const auto it = intervals.find(key);
    if (it == intervals.end()) return true;
    for (const auto& [a, b] : it->second)
      if (a < to && from < b) return false;
    return true;
  }
  void take(uint64_t key, uint64_t from, uint64_t to) { intervals[key].emplace_back(from, to); }
};

// The flit model: trains in time (format.md sections 7.1 and 7.2).
Judgement judge_trains(const Schedule& s) {
  const Header& h = s.header;
  const Messages messages{h};
  const uint32_t P = h.network.nodes, M = messages.count();
  Judgement j;
  // Channels, send ports and receive ports, each busy over whole time units.
  Busy channels, sending, receiving;
  constexpr uint64_t never = UINT64_MAX;
  std::vector<uint64_t> held_from(size_t{P} * M, never);
  for (uint32_t v = 0; v < P; ++v)
    for (uint32_t m = 0; m < M; ++m)
      if (messages.initially_held(v, m) || messages.length(m) == 0) held_from[size_t{v} * M + m] = 0;
  struct Control {
    uint32_t to;
    uint64_t arrival;
  };
  std::map<std::string, Control> controls;
  struct Taken {
    const Transfer* t;
    uint32_t message;
  };
  std::vector<Taken> taken;
  std::vector<Hop> hops;
  for (const Transfer& t : s.trains) {
    if (!well_formed(h, messages, t, hops) || (!t.control.empty() && controls.contains(t.control))) {
      j.add(Property::well_formed, t.line);
      continue;
    }
    const uint32_t message = t.control.empty() ? (t.messages.empty() ? 0 : *messages.number(t.messages[0])) : 0;
    const uint64_t l = t.control.empty() ? messages.length(message) : 1, T = *t.time;
    const uint64_t arrival = T + hops.size() + l - 1;
    if (l > 0) j.measure = std::max(j.measure, arrival);
    if (!t.control.empty()) controls[t.control] = {hops.back().head, arrival};
    else held_from[size_t{hops.back().head} * M + message] = std::min(held_from[size_t{hops.back().head} * M + message], arrival);
    taken.push_back({&t, message});
    if (!in_dimension_order(h, hops)) j.add(Property::dimension_order, t.line);
    for (size_t i = 0; i < hops.size() && l > 0; ++i) {
      const uint64_t from = T + i, to = T + i + l;
      if (!channels.free(hops[i].channel, from, to)) {
        j.add(Property::link_disjoint, t.line);
        continue;  // the train keeps only the hops that found their channel free
      }
      channels.take(hops[i].channel, from, to);
      if (!h.one_port) continue;
      // properties.md does not say what a hop keeps of a port it found busy;
      // this follows the channel's rule: it keeps only the ports it found free.
      const bool send_free = sending.free(hops[i].tail, from, to), receive_free = receiving.free(hops[i].head, from, to);
      if (!send_free || !receive_free) j.add(Property::port_limit, t.line);
      if (send_free) sending.take(hops[i].tail, from, to);
      if (receive_free) receiving.take(hops[i].head, from, to);
    }
  }
  // Causality, once every line is read: holding from the first arrival, licences from their control flits.
  for (const auto& [t, message] : taken) {
    const uint64_t T = *t->time;
    if (t->control.empty() && held_from[size_t{t->sender} * M + message] > T) j.add(Property::causality, t->line);
    if (!t->after.empty()) {
      const auto c = controls.find(t->after);
      if (c == controls.end() || c->second.to != t->sender || c->second.arrival > T)
        j.add(Property::causality, t->line);
    } else if (h.licensed && t->sender != h.root) {
      j.add(Property::causality, t->line);
    }
  }
  for (uint32_t v = 0; v < P; ++v)
    for (uint32_t m = 0; m < M; ++m)
      if (messages.required(v, m) && held_from[size_t{v} * M + m] == never) j.add(Property::delivery);
  judge_claim(h, j);
  return j;
}

}  // namespace

Judgement judge(const Schedule& s) { return s.header.flit ? judge_trains(s) : judge_steps(s); }

}  // namespace mutation
