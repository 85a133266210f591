// Unit test support: building topologies and schedules from short descriptions, and diagnostics as "property@line:col".
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include "checker.hpp"
#include "diagnostic.hpp"
#include "line_source.hpp"
#include "reader.hpp"
#include "route.hpp"
#include "schedule.hpp"
#include "topology.hpp"

namespace schedcheck::test {

// A file holding `content`, removed when the test ends.
struct TempFile {
  std::string path;
  explicit TempFile(const std::string& content) {
    const char* dir = std::getenv("TMPDIR");
    path = std::string(dir && *dir ? dir : "/tmp") + "/schedcheck-test-XXXXXX";
    const int fd = ::mkstemp(path.data());
    REQUIRE(fd >= 0);
    size_t done = 0;
    while (done < content.size()) {
      const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
      REQUIRE(n > 0);
      done += static_cast<size_t>(n);
    }
    ::close(fd);
  }
  ~TempFile() { ::unlink(path.c_str()); }
};

// A topology the test relies on being valid: a failure to build stops the test.
inline Topology must(Topology::Built built) {
  REQUIRE_MESSAGE(built.topology.has_value(), built.error);
  return std::move(*built.topology);
}

// A grid node by its coordinates (dimension 1 varies fastest), as the format's (x1,...,xk) names it.
inline NodeId node_at(const Topology& t, const std::vector<uint32_t>& coords) {
  NodeId v = 0;
  for (uint32_t d = 0; d < coords.size(); ++d) v += coords[d] * t.stride(d);
  return v;
}

inline Topology grid(TopologyKind kind, std::vector<uint32_t> sizes) {
  return must(Topology::grid(kind, std::move(sizes)));
}

inline Collective collective(CollectiveKind kind, NodeId root = 0, uint32_t parts = 1) {
  Collective c;
  c.kind = kind;
  c.root = root;
  c.parts = parts;
  return c;
}

// The corpus runner's notation, so unit tests and corpus files read alike.
inline std::string tag(const Diagnostic& d) {
  return fmt::format("{}@{}:{}", property_name(d.property), d.pos.line, d.pos.col);
}

// Words of a space-separated list, sorted and joined again: lists compare
// as multisets and print readably when a check fails.
inline std::string normalize(std::string_view list) {
  std::vector<std::string> words;
  size_t at = 0;
  while (at < list.size()) {
    const size_t end = std::min(list.find(' ', at), list.size());
    if (end > at) words.emplace_back(list.substr(at, end - at));
    at = end + 1;
  }
  std::sort(words.begin(), words.end());
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// Every kept diagnostic as property@line:col, in normalized order.
inline std::string tags(const Diagnostics& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics.kept()) out += tag(d) + " ";
  return normalize(out);
}

// The first kept diagnostic's message (empty when there is none).
inline std::string first_message(const Diagnostics& diagnostics) {
  return diagnostics.kept().empty() ? std::string() : diagnostics.kept().front().message;
}

// A transfer along grid moves, as the reader would produce it: each move is
// (signed 1-based dimension, count), and moves sit at columns 10, 20, 30, ...
inline Transfer moves_transfer(NodeId from, std::vector<std::pair<int, uint64_t>> moves, uint32_t line = 1) {
  Transfer t;
  t.pos = {line, 3};
  t.from = from;
  uint32_t col = 10;
  for (auto [signed_dim, count] : moves) {
    t.moves.push_back({count, col, static_cast<uint16_t>((signed_dim < 0 ? -signed_dim : signed_dim) - 1), signed_dim < 0});
    col += 10;
  }
  return t;
}

// A transfer along a node list; nodes sit at columns 10, 20, 30, ...
inline Transfer path_transfer(NodeId from, std::vector<NodeId> nodes, uint32_t line = 1) {
  Transfer t;
  t.pos = {line, 3};
  t.from = from;
  uint32_t col = 10;
  for (NodeId v : nodes) {
    t.path.push_back({v, col});
    col += 10;
  }
  return t;
}

// The hops of a transfer that the test relies on being a valid route.
inline std::vector<Hop> hops_of(const Topology& topology, const Transfer& transfer) {
  std::vector<Hop> hops;
  uint64_t hop_count = 0;
  Diagnostics diagnostics("route");
  REQUIRE(expand_route(topology, transfer, hops, hop_count, diagnostics));
  return hops;
}

// One run of the whole checker over an in-memory schedule.
struct Checked {
  Header header;
  Diagnostics diagnostics{"t.sched"};
  Verdict verdict;
};

inline Checked check_text(std::string_view text, size_t max_errors = 20) {
  Checked out;
  out.diagnostics = Diagnostics("t.sched", max_errors);
  LineSource source(text);
  out.verdict = check_schedule(source, out.header, out.diagnostics);
  return out;
}

}  // namespace schedcheck::test
