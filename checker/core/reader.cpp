// Reader: header and body grammar of specs/format.md, with positions for every error.
#include "reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

namespace schedcheck {

namespace {
// The end of a line: its '\n', or a CR just before it (a CR elsewhere is part of the line).
bool line_end(const char* p) { return *p == '\n' || (*p == '\r' && p[1] == '\n'); }
}  // namespace

// A position inside one line of a LineSource block; columns are 1-based
// bytes. Pointers, not indices: this is the innermost loop of a check of
// millions of lines.
struct Reader::Cursor {
  const char* begin = nullptr;  // the line's first byte
  const char* at = nullptr;
  uint32_t line_number = 0;

  Cursor() = default;
  Cursor(const char* line, uint32_t number) : begin(line), at(line), line_number(number) {}

  // Every line ends in '\n', neither a blank nor a digit nor a letter, so
  // these loops test each byte once and not also the position, and none of
  // them passes the end of the line. A CR just before the '\n' ends the
  // line too (line_end). They walk a local pointer: a char read
  // may alias the member, which would otherwise be stored and loaded again
  // for every byte.
  void skip_space() {
    const char* p = at;
    while (*p == ' ' || *p == '\t') ++p;
    at = p;
  }
  // True when only blanks or a comment remain.
  [[gnu::always_inline]] bool at_end() {
    skip_space();
    return line_end(at) || *at == '#';
  }
  char peek() const { return *at; }  // at the end, '\n' or '\r'
  uint32_t col() const { return static_cast<uint32_t>(at - begin + 1); }
  SourcePos pos() const { return {line_number, col()}; }
  SourcePos pos_at(uint32_t column) const { return {line_number, column}; }
  std::string_view since(SourcePos pos) const {
    return {begin + pos.col - 1, static_cast<size_t>(at - (begin + pos.col - 1))};
  }
  // The next blank-separated word (stops before a comment).
  std::string_view word() {
    skip_space();
    const char* start = at;
    const char* p = at;
    while (*p != ' ' && *p != '\t' && *p != '#' && !line_end(p)) ++p;
    at = p;
    return {start, static_cast<size_t>(at - start)};
  }
  // A decimal number. One above 2^64-1 reads as UINT64_MAX: a caller with a
  // smaller range rejects it as out of that range, and one without asks
  // too_large().
  [[gnu::always_inline]] bool digits(uint64_t& value) {
    const char* const start = at;
    const char* p = at;
    uint64_t v = 0;
    for (unsigned d; (d = static_cast<unsigned char>(*p) - unsigned{'0'}) < 10; ++p) v = v * 10 + d;
    at = p;
    value = v;
    // Up to 19 digits cannot wrap; a longer number is read again with care.
    if (p - start > 19) [[unlikely]] value = long_number(start, p);
    return p > start;
  }
  static uint64_t long_number(const char* start, const char* end) {
    uint64_t v = 0;
    return std::from_chars(start, end, v).ec == std::errc{} ? v : UINT64_MAX;
  }
  // Whether the digits from `pos` to here name a number past 2^64-1.
  bool too_large(SourcePos pos) const {
    const char* start = begin + pos.col - 1;
    uint64_t v = 0;
    return at - start > 19 && std::from_chars(start, at, v).ec != std::errc{};
  }
};

namespace {

// The whole of `text` as a number; std::from_chars rejects an empty text.
template <typename Number>
bool parse_whole(std::string_view text, Number& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size();
}

bool parse_number(std::string_view text, uint64_t& value) { return parse_whole(text, value); }

bool parse_real(std::string_view text, double& value) {
  return parse_whole(text, value) && std::isfinite(value) && value >= 0;
}

// Every number of the format is at most 2^64-1 (format.md section 1).
constexpr std::string_view number_range = "numbers are at most 2^64-1 = 18446744073709551615";

// The message for a word that should have been a whole number: `expected`,
// or the range when it is one, only too large.
std::string number_error(std::string_view word, std::string_view expected) {
  const bool all_digits = !word.empty() && word.find_first_not_of("0123456789") == std::string_view::npos;
  return all_digits ? fmt::format("number {} is out of range ({})", word, number_range) : std::string(expected);
}

// The header's lines; the first three must be given.
constexpr std::string_view header_keywords[] = {"topology", "model", "collective", "cost", "claim"};
constexpr size_t no_keyword = std::size(header_keywords);

// Levenshtein distance, for "did you mean" on short keywords.
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// Adds `key` to the keys a header line has given; false when it was there
// already, as each key may come once.
bool first_time(std::vector<std::string_view>& given, std::string_view key) {
  if (std::find(given.begin(), given.end(), key) != given.end()) return false;
  given.push_back(key);
  return true;
}

// "key=value" with neither side empty.
bool split_pair(std::string_view word, std::string_view& key, std::string_view& value) {
  const size_t eq = word.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == word.size()) return false;
  key = word.substr(0, eq);
  value = word.substr(eq + 1);
  return true;
}

}  // namespace

std::pair<std::string_view, SourcePos> Reader::word_at(Cursor& c) {
  c.skip_space();
  const SourcePos pos = c.pos();
  return {c.word(), pos};
}

bool Reader::fail(SourcePos pos, std::string message) { return fail(pos, Property::syntax, std::move(message)); }

bool Reader::fail(SourcePos pos, Property property, std::string message) {
  diag_.error(pos, property, std::move(message));
  return false;
}

bool Reader::read_header(Header& header) {
  header_ = &header;
  bool have_version = false;
  bool ok = true;
  bool seen[no_keyword] = {};
  Cursor c;
  for (; next_line(c); end_line(c)) {
    if (c.at_end()) continue;
    const auto [keyword, word_pos] = word_at(c);
    if (!have_version) {
      const auto [number, number_pos] = word_at(c);
      uint64_t version = 0;
      if (keyword != "schedcheck" || !parse_number(number, version)) {
        const std::string range = keyword == "schedcheck" ? number_error(number, "") : "";
        return range.empty() ? fail(word_pos, "the first line must be the version line 'schedcheck 1'")
                             : fail(number_pos, range);
      }
      if (version != format_version)
        return fail(number_pos, fmt::format("format version {} is not supported (this schedcheck reads version {})",
                                            version, format_version));
      if (!c.at_end()) return fail(c.pos(), "unexpected text after the version");
      header.version = format_version;
      have_version = true;
      continue;
    }
    const size_t which =
        std::find(std::begin(header_keywords), std::end(header_keywords), keyword) - std::begin(header_keywords);
    if (which == no_keyword) {
      // Not a header keyword: the body starts here (or the keyword is a typo).
      if (keyword == "step" || (!keyword.empty() && (keyword[0] == '(' || (keyword[0] >= '0' && keyword[0] <= '9')))) {
        // Kept for next(): the line is read again from its start.
        at_ = c.begin;
        --line_;
        break;
      }
      // A near miss of a keyword is most likely that keyword misspelt: say so,
      // and do not also report its line as missing.
      size_t near = no_keyword;
      for (size_t i = 0; i < no_keyword; ++i)
        if (edit_distance(keyword, header_keywords[i]) <= 2) near = i;
      if (near == no_keyword) {
        ok = fail(word_pos, fmt::format("unknown header keyword '{}' (expected topology, model, collective, cost, "
                                        "claim or step)",
                                        keyword));
        continue;
      }
      seen[near] = true;
      topology_seen_ = topology_seen_ || near == 0;
      ok = fail(word_pos,
                fmt::format("unknown header keyword '{}' (did you mean '{}'?)", keyword, header_keywords[near]));
      continue;
    }
    if (seen[which]) {
      ok = fail(word_pos, fmt::format("'{}' given twice", keyword));
      continue;
    }
    seen[which] = true;
    ok = header_line(header, c, which) && ok;
  }
  if (!read_error().empty()) {
    report_read_error();
    return false;
  }
  if (!have_version) return fail({line_ + 1, 1}, "empty schedule: no version line 'schedcheck 1'");
  const SourcePos end_pos{line_ + 1, 1};
  for (size_t i = 0; i < 3; ++i)
    if (!seen[i]) ok = fail(end_pos, fmt::format("the header has no '{}' line", header_keywords[i]));
  steps_ = header.model.step_synchronous();
  return ok && check_header(header);
}

bool Reader::header_line(Header& header, Cursor& c, size_t which) {
  // In the order of header_keywords; no table of member functions: GCC's
  // bounds sanitizer misreads the index of such a table.
  SourcePos* const line_pos[] = {&header.topology_pos, &header.model_pos, &header.collective_pos, &header.cost_pos,
                                 &header.claim_pos};
  *line_pos[which] = {c.line_number, 1};
  const bool ok = which == 0   ? parse_topology(header, c)
                  : which == 1 ? parse_model(header, c)
                  : which == 2 ? parse_collective(header, c)
                  : which == 3 ? parse_cost(header, c)
                               : parse_claim(header, c);
  if (!ok) return false;
  if (c.at_end()) return true;
  const auto [rest, rest_pos] = word_at(c);
  return fail(rest_pos, fmt::format("unexpected '{}' at the end of the {} line", rest, header_keywords[which]));
}

bool Reader::parse_topology(Header& header, Cursor& c) {
  topology_seen_ = true;
  const auto [kind, kind_pos] = word_at(c);
  // A grid's sizes, 'parents' after 'tree' or a graph's node count.
  const auto [first, first_pos] = word_at(c);
  static constexpr TopologyKind grids[] = {TopologyKind::torus, TopologyKind::mesh, TopologyKind::ring,
                                           TopologyKind::path};
  const auto grid = std::find_if(std::begin(grids), std::end(grids),
                                 [name = kind](TopologyKind k) { return topology_kind_name(k) == name; });
  Topology::Built built;
  SourcePos described_at = first_pos;  // where an error of the network itself points
  if (grid != std::end(grids)) {
    std::vector<uint32_t> sizes;
    for (std::string_view rest = first;;) {
      const size_t x = rest.find('x');
      uint64_t n = 0;
      if (!parse_number(rest.substr(0, x), n))
        return fail(first_pos, number_error(rest.substr(0, x), fmt::format("expected sizes like 5x5 after '{}'", kind)));
      // Any size past 2^32-1 is past the node limit too, which grid() names.
      sizes.push_back(static_cast<uint32_t>(std::min<uint64_t>(n, UINT32_MAX)));
      if (x == std::string_view::npos) break;
      rest.remove_prefix(x + 1);
    }
    built = Topology::grid(*grid, std::move(sizes));
  } else if (kind == "tree") {
    if (first != "parents") return fail(first_pos, "expected 'parents' after 'tree'");
    c.skip_space();
    described_at = c.pos();
    std::vector<NodeId> parents;
    while (!c.at_end()) {
      const auto [w, pos] = word_at(c);
      uint64_t p = 0;
      if (w == "-") parents.push_back(no_node);
      else if (parse_number(w, p) && p < no_node) parents.push_back(static_cast<NodeId>(p));
      else return fail(pos, fmt::format("expected a parent index or '-', got '{}'", w));
    }
    built = Topology::tree(std::move(parents));
  } else if (kind == "graph") {
    uint64_t nodes = 0;
    if (!parse_number(first, nodes) || nodes >= no_node)
      return fail(first_pos, "expected the node count after 'graph'");
    const auto [edges_word, edges_pos] = word_at(c);
    if (edges_word != "edges") return fail(edges_pos, "expected 'edges' after the node count");
    std::vector<std::pair<NodeId, NodeId>> edges;
    while (!c.at_end()) {
      const auto [w, pos] = word_at(c);
      const size_t dash = w.find('-');
      uint64_t a = 0, b = 0;
      if (dash == std::string_view::npos || !parse_number(w.substr(0, dash), a) ||
          !parse_number(w.substr(dash + 1), b) || a >= no_node || b >= no_node)
        return fail(pos, fmt::format("expected an edge like 0-1, got '{}'", w));
      edges.emplace_back(static_cast<NodeId>(a), static_cast<NodeId>(b));
    }
    built = Topology::graph(static_cast<uint32_t>(nodes), std::move(edges));
  } else {
    return fail(kind_pos, fmt::format("unknown topology '{}' (expected torus, mesh, ring, path, tree or graph)", kind));
  }
  if (!built.topology) return fail(described_at, fmt::format("not a {}: {}", kind, built.error));
  header.topology = std::move(built.topology);
  nodes_ = header.topology->node_count();
  dims_ = header.topology->is_grid() ? header.topology->dimensions() : 0;
  for (uint32_t d = 0; d < dims_; ++d) sizes_[d] = header.topology->size(d), strides_[d] = header.topology->stride(d);
  return true;
}

bool Reader::parse_model(Header& header, Cursor& c) {
  std::vector<std::string_view> axes;
  while (!c.at_end()) {
    const auto [token, pos] = word_at(c);
    std::string_view axis;
    if (!apply_model_token(header.model, token, axis))
      return fail(pos, fmt::format("unknown model token '{}' (switching: store-and-forward, wormhole, flit; ports: "
                                   "all-port, one-port; routing: free, dimension-order, dimension-order-shorter; "
                                   "combining: combining, non-combining; control: offline, licensed)",
                                   token));
    if (!first_time(axes, axis)) return fail(pos, fmt::format("model gives the {} axis twice", axis));
  }
  const auto missing = [&](std::string_view axis) { return std::find(axes.begin(), axes.end(), axis) == axes.end(); };
  if (missing("switching"))
    return fail(c.pos(), "the model must name its switching (store-and-forward, wormhole or flit)");
  if (missing("ports")) return fail(c.pos(), "the model must name its ports (all-port or one-port)");
  return true;
}

bool Reader::parse_collective(Header& header, Cursor& c) {
  Collective& coll = header.collective;
  const auto [kind, kind_pos] = word_at(c);
  uint8_t k = 0;
  while (k < collective_kind_count && collective_kind_name(CollectiveKind{k}) != kind) ++k;
  if (k == collective_kind_count)
    return fail(kind_pos, fmt::format("unknown collective '{}' (expected broadcast, gossip, scatter, gather or "
                                      "concentration)",
                                      kind));
  coll.kind = CollectiveKind{k};
  if (!header.topology) {
    // After a topology line with errors, stay silent: its error says it all.
    if (!topology_seen_) fail(kind_pos, "the collective line must come after the topology line");
    return false;
  }
  const uint32_t nodes = header.topology->node_count();
  const std::string_view root_word = coll.kind == CollectiveKind::broadcast ? "source" : "root";
  auto length = [&](uint64_t& out) {
    const auto [w, pos] = word_at(c);
    return parse_number(w, out) || fail(pos, number_error(w, "expected a message length in flits"));
  };
  bool have_root = false;
  SourcePos lengths_pos;
  std::vector<std::string_view> keys;
  while (!c.at_end()) {
    const auto [key, pos] = word_at(c);
    // length and lengths both set the messages' lengths: one of them, once.
    if (!first_time(keys, key == "lengths" ? "length" : key))
      return fail(pos, fmt::format("'{}' given twice (or with both length and lengths)", key));
    if (key == root_word && coll.has_root()) {
      c.skip_space();
      if (!node(c, coll.root, Property::syntax)) return false;
      have_root = true;
    } else if (key == "parts" && coll.kind == CollectiveKind::gossip) {
      const auto [w, parts_pos] = word_at(c);
      uint64_t parts = 0;
      if (!parse_number(w, parts) || parts == 0 || parts > 64)
        return fail(parts_pos, "expected a part count from 1 to 64");
      if (uint64_t{nodes} * parts > (uint64_t{1} << 31)) return fail(parts_pos, "too many messages");
      coll.parts = static_cast<uint32_t>(parts);
    } else if (key == "length") {
      lengths_pos = pos;
      if (!length(coll.length)) return false;
    } else if (key == "lengths") {
      lengths_pos = pos;
      coll.lengths.clear();
      while (!c.at_end() && c.peek() >= '0' && c.peek() <= '9') {
        uint64_t len = 0;
        if (!length(len)) return false;
        coll.lengths.push_back(len);
      }
      if (coll.lengths.size() != nodes)
        return fail(pos, fmt::format("'lengths' gives {} lengths for {} nodes", coll.lengths.size(), nodes));
    } else {
      return fail(pos, fmt::format("unexpected '{}' in the {} line (expected {}, length or lengths)", key, kind,
                                   coll.has_root() ? root_word : "parts"));
    }
  }
  if (coll.has_root() && !have_root) return fail(kind_pos, fmt::format("{} needs its {}", kind, root_word));
  // Any packet's length is a sum of distinct messages' lengths: with the
  // total in range, no such sum wraps.
  uint64_t total = 0;
  bool over = false;
  for (MessageId m = 0; m < coll.message_count(nodes); ++m)
    over = over || __builtin_add_overflow(total, coll.message_length(m), &total);
  if (over) return fail(lengths_pos, "the messages' lengths add up to more than 2^64-1 flits");
  return true;
}

bool Reader::parse_cost(Header& header, Cursor& c) {
  Cost cost;
  std::vector<std::string_view> keys;
  while (!c.at_end()) {
    const auto [w, pos] = word_at(c);
    std::string_view key, value;
    double number = 0;
    if (!split_pair(w, key, value) || (key != "ts" && key != "tl") || !parse_real(value, number))
      return fail(pos, fmt::format("expected ts=NUMBER or tl=NUMBER, got '{}'", w));
    if (!first_time(keys, key)) return fail(pos, fmt::format("'{}' given twice", key));
    (key == "ts" ? cost.ts : cost.tl) = number;
  }
  if (keys.size() < 2) return fail(c.pos(), "the cost line needs both ts= and tl=");
  header.cost = cost;
  return true;
}

bool Reader::parse_claim(Header& header, Cursor& c) {
  Claim claim;
  std::vector<std::string_view> keys;
  while (!c.at_end()) {
    const auto [w, pos] = word_at(c);
    std::string_view key, value;
    if (!split_pair(w, key, value)) return fail(pos, fmt::format("expected key=value in the claim, got '{}'", w));
    if (!first_time(keys, key)) return fail(pos, fmt::format("'{}' given twice", key));
    if (key == "steps") {
      if (!parse_number(value, claim.steps.emplace()))
        return fail(pos, number_error(value, fmt::format("claim steps= needs a whole number, got '{}'", value)));
    } else if (key == "time") {
      if (!parse_real(value, claim.time.emplace()))
        return fail(pos, fmt::format("claim time= needs a number, got '{}'", value));
    } else if (key == "name") {
      claim.name = value;
    } else {
      claim.params.emplace_back(key, value);
    }
  }
  header.claim = std::move(claim);
  return true;
}

// Model and collective consistency that depends on more than one header line.
bool Reader::check_header(Header& header) {
  const Topology& topo = *header.topology;
  if (header.model.dimension_ordered() && !topo.is_grid()) {
    diag_.error(header.model_pos, Property::well_formed,
                fmt::format("{} routing needs a grid topology, not a {}", routing_name(header.model.routing),
                            topology_kind_name(topo.kind())));
    header.model.routing = Routing::free;
  }
  if (header.collective.kind == CollectiveKind::gossip && header.model.switching == Switching::flit) {
    diag_.error(header.collective_pos, Property::well_formed,
                "the flit model is defined for scatter, gather and broadcast from one root, not gossip");
  }
  if (header.model.combining == Combining::combining && header.model.switching == Switching::flit) {
    diag_.error(header.model_pos, Property::well_formed,
                "a train of the flit model carries one message: the flit model is non-combining");
    header.model.combining = Combining::non_combining;
  }
  return true;
}

inline bool Reader::node(Cursor& c, NodeId& out, Property property) {
  // An index in range, the common case, costs no more than reading it.
  const char* start = c.at;
  uint64_t value = 0;
  if (c.digits(value) && value < nodes_) {
    out = static_cast<NodeId>(value);
    return true;
  }
  c.at = start;
  const char* const end = node_name(c, out, property);
  if (end) c.at = end;
  return end != nullptr;
}

const char* Reader::node_name(Cursor c, NodeId& out, Property property) {
  const SourcePos pos = c.pos();
  uint64_t value = 0;
  if (c.peek() != '(') {
    c.digits(value);
    if (c.at == c.begin + pos.col - 1) return stopped(pos, "expected a node: an index or coordinates like (1,2)");
    return stopped(pos, property,
                fmt::format("node {} is not in {} (indices 0..{})", c.since(pos), header_->topology->describe(),
                            nodes_ - 1));
  }
  ++c.at;
  // The index is summed as the coordinates are read; any coordinate out of
  // range, or too many or too few of them, leaves the name outside.
  uint64_t index = 0;
  uint32_t count = 0;
  bool inside = true;
  for (;; ++count) {
    if (!c.digits(value)) return stopped(c.pos(), "expected a coordinate in the node name");
    if (dims_ > 0) {
      inside = inside && count < dims_ && value < sizes_[count];
      if (inside) index += value * strides_[count];
    } else {
      inside = inside && count == 0 && value < nodes_;
      index = value;
    }
    if (c.peek() == ',') {
      ++c.at;
      continue;
    }
    if (c.peek() == ')') {
      ++c.at;
      break;
    }
    return stopped(c.pos(), "expected ',' or ')' in the node name");
  }
  if (inside && (dims_ == 0 || count + 1 == dims_)) {
    out = static_cast<NodeId>(index);
    return c.at;
  }
  return stopped(pos, property, fmt::format("node {} is not in {}", c.since(pos), header_->topology->describe()));
}

[[gnu::always_inline]] inline bool Reader::message(Cursor& c, MessageId& out) {
  const Collective& coll = header_->collective;
  const SourcePos pos = c.pos();
  NodeId v = 0;
  if (!node(c, v, Property::well_formed)) return false;
  uint64_t part = 0;
  if (c.peek() == '/') {
    ++c.at;
    const SourcePos part_pos = c.pos();
    if (!c.digits(part)) return fail(part_pos, "expected a part number after '/'");
    if (part >= coll.parts)
      return fail(part_pos, Property::well_formed,
                  fmt::format("part {} does not exist: the collective has {} part(s) per message", c.since(part_pos),
                              coll.parts));
  }
  if (coll.kind == CollectiveKind::broadcast && v != coll.root)
    return fail(pos, Property::well_formed,
                fmt::format("a broadcast has one message, named by its source {}; {} names no message",
                            header_->topology->node_name(coll.root), header_->topology->node_name(v)));
  out = coll.message_of(v, static_cast<uint32_t>(part));
  return true;
}

bool Reader::next_line(Cursor& c) {
  if (at_ == end_) {
    const std::string_view lines = source_done_ ? std::string_view{} : source_.next_lines();
    if (lines.empty()) {
      source_done_ = true;
      return false;
    }
    at_ = lines.data();
    end_ = at_ + lines.size();
  }
  // Line numbers are 32 bits; past this a file is refused, not numbered wrong.
  if (line_ == UINT32_MAX - 1) {
    too_many_lines_ = source_done_ = true;
    return false;
  }
  c = Cursor(at_, ++line_);
  return true;
}

void Reader::end_line(const Cursor& c) {
  const char* p = c.at;
  if (*p != '\n') p = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end_ - p)));
  at_ = p + 1;
}

std::string Reader::read_error() const {
  return too_many_lines_ ? "more than 4294967294 lines" : source_.error();
}

Reader::Event Reader::next(Transfer& out) {
  Cursor c;
  // Past the error limit reading ends.
  while (!diag_.limit_reached()) {
    if (!next_line(c)) {
      if (!ended_) report_read_error();
      ended_ = true;
      return Event::end;
    }
    Event event = Event::end;  // set by body_line when it returns true
    // A line that starts with a digit, as most do, is not blank.
    const bool ok = ((*c.at >= '0' && *c.at <= '9') || !c.at_end()) && body_line(c, out, event);
    end_line(c);
    if (ok) return event;
  }
  return Event::end;
}

void Reader::report_read_error() {
  const std::string error = read_error();
  if (!error.empty()) diag_.error({line_ + 1, 1}, Property::syntax, fmt::format("read error: {}", error));
}

bool Reader::step_line(Cursor c, Event& event) {
  const auto [w, pos] = word_at(c);
  if (w != "step") return fail(pos, fmt::format("expected 'step' or a transfer, got '{}'", w));
  c.skip_space();
  const SourcePos num_pos = c.pos();
  uint64_t number = 0;
  // The range is asked of the digits alone, before blanks after them are skipped.
  const bool read = c.digits(number), too_large = read && c.too_large(num_pos);
  const std::string_view digits = c.since(num_pos);
  if (!read || !c.at_end()) return fail(num_pos, "expected 'step N' with a whole number N");
  if (too_large) return fail(num_pos, number_error(digits, ""));
  if (!steps_)
    return fail(pos, Property::well_formed, "the flit model has no steps: give each transfer a dispatch time '@ T'");
  if (number != step_ + 1 || step_ == UINT64_MAX) {
    diag_.error(num_pos, Property::well_formed,
                fmt::format("step {} follows step {}: steps are numbered 1, 2, 3, ... in order", number, step_));
  }
  // Count on from the number given so one slip is reported once.
  step_ = number;
  step_pos_ = pos;
  saw_step_ = true;
  event = Event::step;
  return true;
}

[[gnu::always_inline]] inline bool Reader::body_line(Cursor& c, Transfer& out, Event& event) {
  const char first = c.peek();
  if (first != '(' && !(first >= '0' && first <= '9')) return step_line(c, event);
  if (!saw_step_ && steps_) {
    diag_.error(c.pos(), Property::syntax, "a transfer before the first 'step' line");
    saw_step_ = true;  // report once, then read the transfers as step 0
  }
  event = Event::transfer;
  out.clear();
  out.pos = c.pos();
  return transfer_line(c, out);
}

// A control flit's label (format.md section 7.2): a letter, then letters,
// digits, '-', '_' or '.'.
const char* Reader::label(Cursor c, std::string& out, std::string_view after_what) {
  auto letter = [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); };
  const char* start = c.at;
  if (letter(*c.at)) {
    ++c.at;
    while (letter(*c.at) || (*c.at >= '0' && *c.at <= '9') || *c.at == '-' || *c.at == '_' || *c.at == '.') ++c.at;
  }
  if (c.at == start || (*c.at != ' ' && *c.at != '\t' && *c.at != '#' && !line_end(c.at))) {
    c.at = start;
    return stopped(c.pos(),
                fmt::format("expected a label like wake-1 after {} (a letter, then letters, digits, '-', '_' or '.')",
                            after_what));
  }
  out.assign(start, c.at);
  return c.at;
}

[[gnu::always_inline]] inline bool Reader::transfer_line(Cursor& c, Transfer& out) {
  const Topology& topo = *header_->topology;
  if (!node(c, out.from, Property::well_formed)) return false;
  // Route: moves (+d, -d, +d*count) or a node list (> node > node ...).
  for (;;) {
    c.skip_space();
    const char ch = c.peek();
    if (ch == '+' || ch == '-') {
      const uint32_t col = c.col();
      ++c.at;
      uint64_t dim = 0, count = 1;
      if (!c.digits(dim)) return fail(c.pos_at(col), "expected a move like +1, -2 or +1*3");
      const std::string_view dim_text = c.since(c.pos_at(col + 1));
      if (c.peek() == '*') {
        ++c.at;
        const SourcePos count_pos = c.pos();
        if (!c.digits(count) || count == 0) return fail(c.pos_at(col), "expected a positive repeat count after '*'");
        if (c.too_large(count_pos)) return fail(count_pos, number_error(c.since(count_pos), ""));
      }
      if (dims_ == 0)
        return fail(c.pos_at(col), Property::well_formed,
                    fmt::format("moves need a grid topology; on a {} give the path as '> node > node'",
                                topology_kind_name(topo.kind())));
      if (dim == 0 || dim > dims_)
        return fail(c.pos_at(col), Property::well_formed,
                    fmt::format("dimension {} does not exist in {} (dimensions 1..{})", dim_text, topo.describe(),
                                topo.dimensions()));
      if (!out.path.empty()) return fail(c.pos_at(col), "a route is either moves or a node list, not both");
      out.moves.push_back({count, col, static_cast<uint16_t>(dim - 1), ch == '-'});
    } else if (ch == '>') {
      ++c.at;
      c.skip_space();
      const uint32_t col = c.col();
      if (!out.moves.empty()) return fail(c.pos(), "a route is either moves or a node list, not both");
      NodeId v = no_node;
      if (!node(c, v, Property::well_formed)) return false;
      out.path.push_back({v, col});
    } else {
      break;
    }
  }
  if (out.moves.empty() && out.path.empty())
    return fail(c.pos(), "expected a route after the sending node: moves like +1 -2, or '> node'");
  // Blanks are skipped after each part, so that each test below looks at the next word.
  if (c.peek() == '!') {
    ++c.at;
    c.skip_space();
    out.control_col = c.col();
    const char* const end = label(c, out.control, "'!'");
    if (!end) return false;
    c.at = end;
    c.skip_space();
  } else if (c.peek() == ':') {
    ++c.at;
    for (;;) {
      c.skip_space();
      const char ch = c.peek();
      if (ch != '(' && !(ch >= '0' && ch <= '9')) break;
      const uint32_t col = c.col();
      MessageId m = 0;
      if (!message(c, m)) return false;
      out.messages.push_back({m, col});
    }
    if (out.messages.empty()) return fail(c.pos(), "expected at least one message after ':'");
    // Most lines end here: nothing of the flit model's to look for.
    if (*c.at == '\n' && steps_) return true;
  }
  if (c.peek() == '@') {
    out.time_col = c.col();
    ++c.at;
    c.skip_space();
    uint64_t t = 0;
    const SourcePos time_pos = c.pos();
    if (!c.digits(t)) return fail(time_pos, "expected a dispatch time after '@'");
    if (c.too_large(time_pos)) return fail(time_pos, number_error(c.since(time_pos), ""));
    out.time = t;
    c.skip_space();
  }
  // Byte by byte: the comparison stops at the line's '\n'.
  if (c.at[0] == 'a' && c.at[1] == 'f' && c.at[2] == 't' && c.at[3] == 'e' && c.at[4] == 'r' &&
      (c.at[5] == ' ' || c.at[5] == '\t')) {
    c.at += 5;
    c.skip_space();
    out.after_col = c.col();
    const char* const end = label(c, out.after, "'after'");
    if (!end) return false;
    c.at = end;
  }
  if (!c.at_end()) {
    Cursor rest = c;
    const auto [w, pos] = word_at(rest);
    return fail(pos, fmt::format("unexpected '{}' in a transfer", w));
  }
  if (!steps_) {
    if (!out.time)
      return fail(out.pos, Property::well_formed, "in the flit model every transfer needs a dispatch time '@ T'");
    return true;
  }
  if (!out.control.empty() || !out.after.empty())
    return fail(c.pos_at(out.control.empty() ? out.after_col : out.control_col), Property::well_formed,
                "control flits and 'after' belong to the flit model; this schedule's model is step-synchronous");
  if (out.time)
    return fail(c.pos_at(out.time_col), Property::well_formed,
                "a dispatch time '@ T' belongs to the flit model; this schedule's model is step-synchronous");
  return true;
}

}  // namespace schedcheck
