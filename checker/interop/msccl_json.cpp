// msccl-tools JSON: reads the algorithm, classifies its collective, and writes each step as sub-steps of the format.
//
// What maps to what, and why, is specs/interop.md section 2: chunks become
// messages, the link matrix a graph (or the user's --topology), and a step of
// r rounds becomes r*B steps of the format (B the largest link bandwidth), in
// which a link of bandwidth b carries at most b*r of the step's sends.
#include "msccl_json.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

#include <fmt/format.h>

#include "located_json.hpp"

namespace schedcheck::interop {

namespace {

using nlohmann::json;

constexpr uint64_t max_ranks = 4096;
constexpr uint64_t max_chunks = uint64_t{1} << 22;
constexpr uint64_t max_rounds = 1024;
constexpr uint64_t max_total_steps = uint64_t{1} << 24;
constexpr uint64_t max_bandwidth = 64;

// A file name inside a comment: one line, whatever the name holds.
std::string comment_safe(std::string_view name) {
  std::string s(name);
  for (char& ch : s)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = '?';
  return s;
}

class Importer {
 public:
  Importer(std::string_view text, const std::string& file, const std::optional<NamedNetwork>& network)
      : index_(text), file_(comment_safe(file)), network_(network) {
    size_t offset = 0;
    std::string error;
    if (!parse_located_json(text, doc_, offset, error)) {
      // nlohmann's message repeats the position, which the diagnostic gives.
      if (const size_t colon = error.find(": "); error.starts_with("[json.exception") && colon != std::string::npos)
        error = error.substr(colon + 2);
      out_.error(index_.at(offset), "syntax", "not JSON: " + error);
      return;
    }
    run();
  }
  Translation take() { return std::move(out_); }

 private:
  struct Chunk {
    std::vector<uint64_t> pre, post;
    uint64_t addr = 0;
  };
  struct Send {
    uint64_t addr, src, dst;
    std::string pointer;
    uint64_t slot = 1;
  };

  FilePos at(const std::string& pointer) const { return index_.at(doc_.offset_of(pointer)); }
  bool fail(const std::string& pointer, std::string message) {
    out_.error(at(pointer), "syntax", std::move(message));
    return false;
  }
  bool refuse(const std::string& pointer, std::string message) {
    return fail(pointer, "not expressible in the schedule format: " + message);
  }

  const json* member(const json& object, const std::string& pointer, const char* key, json::value_t type,
                     const char* what) {
    auto it = object.find(key);
    const bool number = type == json::value_t::number_unsigned;
    if (it == object.end()) {
      fail(pointer, fmt::format("expected a key '{}' ({})", key, what));
      return nullptr;
    }
    if (number ? !it->is_number_unsigned() : it->type() != type) {
      fail(pointer + "/" + key, fmt::format("'{}' must be {}", key, what));
      return nullptr;
    }
    return &*it;
  }
  bool whole(const json& v, const std::string& pointer, uint64_t max, uint64_t& out, const char* what) {
    if (!v.is_number_unsigned() || v.get<uint64_t>() > max)
      return fail(pointer, fmt::format("expected {}, a whole number from 0 to {}", what, max));
    out = v.get<uint64_t>();
    return true;
  }
  bool rank_list(const json& v, const std::string& pointer, std::vector<uint64_t>& out) {
    if (!v.is_array()) return fail(pointer, "expected a list of ranks");
    for (size_t i = 0; i < v.size(); ++i) {
      uint64_t r = 0;
      if (!whole(v[i], fmt::format("{}/{}", pointer, i), ranks_ - 1, r, "a rank")) return false;
      out.push_back(r);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return true;
  }

  void run() {
    const json& root = doc_.value;
    if (!root.is_object() || root.value("msccl_type", "") != "algorithm") {
      fail("", "expected an msccl-tools algorithm: a JSON object with \"msccl_type\": \"algorithm\"");
      return;
    }
    if (!read_collective() || !read_instance() || !read_network() || !read_maps()) return;
    const json* steps = member(root, "", "steps", json::value_t::array, "the list of steps");
    if (!steps) return;
    write(*steps);
  }

  // The collective: its chunks, cut into instance.chunks pieces as
  // msccl-tools does before it numbers the addresses the sends name.
  bool read_collective() {
    const json* c = member(doc_.value, "", "collective", json::value_t::object, "the collective object");
    if (!c) return false;
    if (c->value("msccl_type", "") != "collective")
      return fail("/collective", "expected the collective object (\"msccl_type\": \"collective\")");
    const json* name = member(*c, "/collective", "name", json::value_t::string, "the collective's name");
    const json* nodes = member(*c, "/collective", "nodes", json::value_t::number_unsigned, "the number of ranks");
    const json* chunks = member(*c, "/collective", "chunks", json::value_t::array, "the list of chunks");
    if (!name || !nodes || !chunks) return false;
    collective_name_ = name->get<std::string>();
    if (!whole(*nodes, "/collective/nodes", max_ranks, ranks_, "the number of ranks")) return false;
    if (ranks_ == 0) return fail("/collective/nodes", "a collective needs at least one rank");
    if (chunks->size() > max_chunks) return fail("/collective/chunks", "more than 2^22 chunks are not supported");
    for (size_t i = 0; i < chunks->size(); ++i) {
      const std::string p = fmt::format("/collective/chunks/{}", i);
      const json& ch = (*chunks)[i];
      if (!ch.is_object()) return fail(p, "expected a chunk object");
      Chunk chunk;
      const json* pre = member(ch, p, "pre", json::value_t::array, "the ranks that hold the chunk at the start");
      const json* post = member(ch, p, "post", json::value_t::array, "the ranks that must hold it at the end");
      const json* addr = member(ch, p, "addr", json::value_t::number_unsigned, "the chunk's address");
      if (!pre || !post || !addr || !rank_list(*pre, p + "/pre", chunk.pre) || !rank_list(*post, p + "/post", chunk.post) ||
          !whole(*addr, p + "/addr", max_chunks, chunk.addr, "an address"))
        return false;
      chunks_.push_back(std::move(chunk));
    }
    if (auto t = c->find("triggers"); t != c->end() && !t->is_null() && !t->empty())
      return refuse("/collective/triggers", fmt::format("the collective '{}' has triggers, which the format's "
                                                        "collectives do not have", collective_name_));
    return true;
  }

  bool read_instance() {
    const json* inst = member(doc_.value, "", "instance", json::value_t::object, "the instance object");
    if (!inst) return false;
    const json* chunks = member(*inst, "/instance", "chunks", json::value_t::number_unsigned, "the chunks per piece");
    if (!chunks || !whole(*chunks, "/instance/chunks", 64, chunk_factor_, "the chunk factor")) return false;
    if (chunk_factor_ == 0) return fail("/instance/chunks", "the chunk factor is at least 1");
    if (auto p = inst->find("pipeline"); p != inst->end() && !p->is_null())
      return refuse("/instance/pipeline", "a pipelined instance overlaps its steps; the format's steps never overlap");
    // chunk_up: chunk k at address a becomes the addresses a*f .. a*f+f-1.
    std::vector<Chunk> cut;
    if (chunks_.size() * chunk_factor_ > max_chunks)
      return fail("/instance/chunks", "more than 2^22 chunks are not supported");
    for (const Chunk& c : chunks_)
      for (uint64_t i = 0; i < chunk_factor_; ++i) cut.push_back({c.pre, c.post, c.addr * chunk_factor_ + i});
    chunks_ = std::move(cut);
    return classify();
  }

  // Which of the format's collectives the chunks' pre- and postconditions
  // describe, and the message each address names.
  bool classify() {
    std::map<uint64_t, size_t> by_address;
    for (size_t i = 0; i < chunks_.size(); ++i)
      if (!by_address.emplace(chunks_[i].addr, i).second)
        return refuse("/collective/chunks",
                      fmt::format("'{}' combines chunks (two share address {}): a reduction, and the format's "
                                  "messages are never combined by value",
                                  collective_name_, chunks_[i].addr / chunk_factor_));
    const uint64_t n = ranks_;
    auto single = [](const std::vector<uint64_t>& v) { return v.size() == 1; };
    auto everyone = [&](const std::vector<uint64_t>& v) { return v.size() == n; };
    const bool pre_single = std::all_of(chunks_.begin(), chunks_.end(), [&](const Chunk& c) { return single(c.pre); });
    const bool post_all = std::all_of(chunks_.begin(), chunks_.end(), [&](const Chunk& c) { return everyone(c.post); });
    const bool post_single = std::all_of(chunks_.begin(), chunks_.end(), [&](const Chunk& c) { return single(c.post); });
    const std::string why = fmt::format("the collective '{}'", collective_name_);
    if (chunks_.empty() || !pre_single) return refuse("/collective", why + " has a chunk that does not start at one rank");
    std::vector<std::vector<uint64_t>> of_rank(n);  // addresses by starting rank, in address order
    for (const auto& [addr, i] : by_address) of_rank[chunks_[i].pre[0]].push_back(addr);
    const uint64_t root = chunks_[0].pre[0];
    const bool one_root = std::all_of(chunks_.begin(), chunks_.end(), [&](const Chunk& c) { return c.pre[0] == root; });
    if (post_all && one_root) {
      if (chunks_.size() > 1)
        return refuse("/collective", why + fmt::format(" broadcasts {} chunks; the format's broadcast has one "
                                                       "message", chunks_.size()));
      collective_line_ = fmt::format("collective broadcast source {}", root);
      message_[chunks_[0].addr] = std::to_string(root);
      return true;
    }
    if (post_all) {
      const size_t parts = of_rank[0].size();
      for (uint64_t r = 0; r < n; ++r)
        if (of_rank[r].size() != parts)
          return refuse("/collective", why + fmt::format(": rank 0 starts with {} chunks, rank {} with {}; a gossip "
                                                         "gives every node the same number of parts",
                                                         parts, r, of_rank[r].size()));
      if (parts > 64) return refuse("/collective", why + " has more than 64 chunks per rank (parts)");
      collective_line_ = parts > 1 ? fmt::format("collective gossip parts {}", parts) : "collective gossip";
      for (uint64_t r = 0; r < n; ++r)
        for (size_t j = 0; j < parts; ++j) message_[of_rank[r][j]] = fmt::format("{}/{}", r, j);
      return true;
    }
    if (post_single && chunks_.size() == n * n)
      return refuse("/collective", why + " is an all-to-all (each chunk goes to one other rank): the format has "
                                         "broadcast, gossip, scatter, gather and concentration, not a personalized "
                                         "all-to-all");
    if (post_single && chunks_.size() == n) {
      std::vector<bool> seen_post(n), seen_pre(n);
      const uint64_t sink = chunks_[0].post[0];
      bool to_one = true, distinct_post = true, distinct_pre = true;
      for (const Chunk& c : chunks_) {
        to_one &= c.post[0] == sink;
        distinct_post &= !seen_post[c.post[0]];
        seen_post[c.post[0]] = true;
        distinct_pre &= !seen_pre[c.pre[0]];
        seen_pre[c.pre[0]] = true;
      }
      if (one_root && distinct_post) {
        collective_line_ = fmt::format("collective scatter root {}", root);
        for (const Chunk& c : chunks_) message_[c.addr] = std::to_string(c.post[0]);
        return true;
      }
      if (to_one && distinct_pre) {
        collective_line_ = fmt::format("collective gather root {}", sink);
        for (const Chunk& c : chunks_) message_[c.addr] = std::to_string(c.pre[0]);
        return true;
      }
    }
    return refuse("/collective", why + " is none of broadcast, gossip (Allgather), scatter or gather with one chunk "
                                       "per message");
  }

  // The network: the user's --topology, or the embedded link matrix as a graph.
  bool read_network() {
    const json* topo = member(doc_.value, "", "topology", json::value_t::object, "the topology object");
    if (!topo) return false;
    if (network_) {
      if (network_->nodes != ranks_)
        return fail("/collective/nodes", fmt::format("the algorithm has {} ranks, the --topology {} nodes", ranks_,
                                                     network_->nodes));
      topology_line_ = network_->topology_line;
      largest_ = 1;
      return true;
    }
    const json* links = member(*topo, "/topology", "links", json::value_t::array, "the link-bandwidth matrix");
    if (!links) return false;
    if (links->size() != ranks_)
      return fail("/topology/links", fmt::format("the link matrix has {} rows for {} ranks", links->size(), ranks_));
    bandwidth_.assign(ranks_ * ranks_, 0);
    for (uint64_t dst = 0; dst < ranks_; ++dst) {
      const std::string row = fmt::format("/topology/links/{}", dst);
      const json& r = (*links)[dst];
      if (!r.is_array() || r.size() != ranks_)
        return fail(row, fmt::format("expected a row of {} bandwidths", ranks_));
      for (uint64_t src = 0; src < ranks_; ++src) {
        uint64_t bw = 0;
        // Row dst, column src: the bandwidth from src to dst, msccl-tools' order.
        if (!whole(r[src], fmt::format("{}/{}", row, src), max_bandwidth, bw, "a link bandwidth")) return false;
        bandwidth_[src * ranks_ + dst] = bw;
        largest_ = std::max(largest_, bw);
      }
    }
    if (auto sw = topo->find("switches"); sw != topo->end() && sw->is_array() && !sw->empty()) {
      const json& s = (*sw)[0];
      const std::string name = s.is_array() && s.size() == 4 && s[3].is_string() ? s[3].get<std::string>() : "?";
      return refuse("/topology/switches/0",
                    fmt::format("switch '{}' limits the sends of several links together; the format's channels "
                                "are independent (give --topology to check the algorithm on another network)",
                                name));
    }
    std::string edges;
    for (uint64_t a = 0; a < ranks_; ++a)
      for (uint64_t b = a + 1; b < ranks_; ++b) {
        const uint64_t ab = bandwidth_[a * ranks_ + b], ba = bandwidth_[b * ranks_ + a];
        if (ab == 0 && ba == 0) continue;
        if (ab == 0 || ba == 0) {
          const uint64_t from = ab ? a : b, to = ab ? b : a;
          return refuse(fmt::format("/topology/links/{}", to),
                        fmt::format("the link {}->{} has bandwidth {} but {}->{} has none; the format's links carry "
                                    "both directions",
                                    from, to, std::max(ab, ba), to, from));
        }
        edges += fmt::format(" {}-{}", a, b);
      }
    topology_line_ = fmt::format("topology graph {} edges{}", ranks_, edges);
    if (largest_ == 0) largest_ = 1;
    return true;
  }

  // input_map and output_map say again what the chunks say; a file where
  // they disagree was not written by msccl-tools' serializer.
  bool read_maps() {
    for (const char* key : {"input_map", "output_map"}) {
      const json* map = member(doc_.value, "", key, json::value_t::object, "an object from ranks to addresses");
      if (!map) return false;
      const bool input = key[0] == 'i';
      std::vector<std::vector<uint64_t>> want(ranks_);
      for (const Chunk& c : chunks_)
        for (uint64_t r : input ? c.pre : c.post) want[r].push_back(c.addr);
      for (auto& w : want) std::sort(w.begin(), w.end());
      for (uint64_t r = 0; r < ranks_; ++r) {
        const std::string p = fmt::format("/{}/{}", key, r);
        std::vector<uint64_t> have;
        if (auto it = map->find(std::to_string(r)); it != map->end()) {
          if (!it->is_array()) return fail(p, "expected a list of addresses");
          for (size_t i = 0; i < it->size(); ++i) {
            uint64_t a = 0;
            if (!whole((*it)[i], fmt::format("{}/{}", p, i), max_chunks * 64, a, "an address")) return false;
            have.push_back(a);
          }
        }
        std::sort(have.begin(), have.end());
        have.erase(std::unique(have.begin(), have.end()), have.end());
        if (have != want[r])
          return fail(map->contains(std::to_string(r)) ? p : std::string("/") + key,
                      fmt::format("{} of rank {} lists {} address(es), but the collective's chunks give {}", key, r,
                                  have.size(), want[r].size()));
      }
    }
    return true;
  }

  uint64_t capacity(uint64_t src, uint64_t dst, uint64_t rounds) const {
    if (network_) return rounds;
    return bandwidth_[src * ranks_ + dst] * rounds;
  }

  // Sub-steps of one step: the k-th send over a pair goes to sub-step k, up
  // to the pair's capacity (more lands on a used sub-step, and the core
  // reports the channel used twice). A rank that sends a chunk in the step it
  // also receives it must not be seen holding it early: its send goes no
  // later than the reception.
  bool place(std::vector<Send>& sends, uint64_t rounds, uint64_t slots, const std::string& step_pointer) {
    std::map<std::pair<uint64_t, uint64_t>, uint64_t> used;  // (pair, slot) -> sends there
    std::unordered_map<uint64_t, uint64_t> count;
    auto pair_of = [&](const Send& s) { return s.src * ranks_ + s.dst; };
    for (Send& s : sends) {
      const uint64_t k = ++count[pair_of(s)];
      const uint64_t cap = capacity(s.src, s.dst, rounds);
      s.slot = cap == 0 ? 1 : std::min(k, cap);
      ++used[{pair_of(s), s.slot}];
    }
    if (slots == 1) return true;
    std::map<std::pair<uint64_t, uint64_t>, std::vector<size_t>> from;  // (addr, rank) -> sends of it from there
    for (size_t i = 0; i < sends.size(); ++i) from[{sends[i].addr, sends[i].src}].push_back(i);
    auto move = [&](Send& s, uint64_t lo, uint64_t hi) {
      const uint64_t cap = std::min(capacity(s.src, s.dst, rounds), slots);
      for (uint64_t t = lo; t <= std::min(hi, cap); ++t)
        if (used[{pair_of(s), t}] == 0) {
          --used[{pair_of(s), s.slot}];
          s.slot = t;
          ++used[{pair_of(s), t}];
          return true;
        }
      return false;
    };
    for (size_t round = 0; round <= 2 * sends.size(); ++round) {
      bool violated = false;
      for (Send& y : sends) {
        auto it = from.find({y.addr, y.dst});
        if (it == from.end()) continue;
        for (size_t xi : it->second) {
          Send& x = sends[xi];
          if (x.slot <= y.slot) continue;
          violated = true;
          if (!move(y, x.slot, slots)) move(x, 1, y.slot);
        }
      }
      if (!violated) return true;
    }
    return refuse(step_pointer, "a rank sends a chunk in the step it receives it, and the step's rounds cannot be "
                                "ordered so that the check sees the send before the reception");
  }

  void write(const json& steps) {
    std::vector<std::vector<Send>> all(steps.size());
    std::vector<uint64_t> rounds(steps.size());
    uint64_t total = 0;
    for (size_t i = 0; i < steps.size(); ++i) {
      const std::string p = fmt::format("/steps/{}", i);
      const json& s = steps[i];
      if (!s.is_object()) {
        fail(p, "expected a step object");
        return;
      }
      const json* r = member(s, p, "rounds", json::value_t::number_unsigned, "the step's rounds");
      const json* sends = member(s, p, "sends", json::value_t::array, "the step's sends");
      if (!r || !sends || !whole(*r, p + "/rounds", max_rounds, rounds[i], "the step's rounds")) return;
      if (rounds[i] == 0) {
        fail(p + "/rounds", "a step takes at least one round");
        return;
      }
      total += rounds[i] * largest_;
      if (total > max_total_steps) {
        fail(p, "the algorithm takes more than 2^24 steps of the format (its rounds times the largest bandwidth)");
        return;
      }
      for (size_t j = 0; j < sends->size(); ++j) {
        const std::string sp = fmt::format("{}/sends/{}", p, j);
        const json& v = (*sends)[j];
        if (!v.is_array() || v.size() != 3) {
          fail(sp, "expected a send [chunk, source rank, destination rank]");
          return;
        }
        Send send{0, 0, 0, sp};
        if (!whole(v[0], sp, UINT64_MAX, send.addr, "a chunk address") ||
            !whole(v[1], sp, ranks_ - 1, send.src, "the source rank") ||
            !whole(v[2], sp, ranks_ - 1, send.dst, "the destination rank"))
          return;
        if (!message_.contains(send.addr)) {
          fail(sp, fmt::format("chunk {} is not an address of the collective's chunks", send.addr));
          return;
        }
        all[i].push_back(std::move(send));
      }
    }
    for (size_t i = 0; i < steps.size(); ++i)
      if (!place(all[i], rounds[i], rounds[i] * largest_, fmt::format("/steps/{}", i))) return;

    const FilePos top = at(""), topo = at("/topology"), coll = at("/collective");
    out_.line("schedcheck 1", top);
    out_.line(fmt::format("# msccl-tools algorithm from {}: each step of r rounds is {} step(s) here", file_,
                          largest_ == 1 ? "r" : fmt::format("{}*r", largest_)),
              top);
    out_.line(topology_line_, network_ ? top : topo);
    out_.line("model store-and-forward all-port non-combining", top);
    out_.line(collective_line_, coll);
    uint64_t number = 0;
    for (size_t i = 0; i < steps.size(); ++i) {
      const uint64_t slots = rounds[i] * largest_;
      const FilePos step_pos = at(fmt::format("/steps/{}", i));
      std::vector<std::vector<const Send*>> by_slot(slots);
      for (const Send& s : all[i]) by_slot[s.slot - 1].push_back(&s);
      for (uint64_t k = 0; k < slots; ++k) {
        out_.line(fmt::format("step {}", ++number), step_pos);
        for (const Send* s : by_slot[k]) {
          const FilePos pos = at(s->pointer);
          out_.line(fmt::format("  {} > {} : {}  # {}:{}:{}", s->src, s->dst, message_.at(s->addr), file_, pos.line,
                                pos.col),
                    pos);
        }
      }
    }
  }

  LocatedJson doc_;
  LineIndex index_;
  std::string file_;
  const std::optional<NamedNetwork>& network_;
  Translation out_;
  std::string collective_name_, collective_line_, topology_line_;
  uint64_t ranks_ = 0, chunk_factor_ = 1, largest_ = 0;
  std::vector<Chunk> chunks_;
  std::unordered_map<uint64_t, std::string> message_;  // address -> message name
  std::vector<uint64_t> bandwidth_;                    // [src * ranks + dst]
};

}  // namespace

bool looks_like_msccl_json(std::string_view text) {
  const size_t brace = text.find_first_not_of(" \t\r\n");
  if (brace == std::string_view::npos || text[brace] != '{') return false;
  return text.substr(0, 4096).find("\"msccl_type\"") != std::string_view::npos;
}

Translation import_msccl_json(std::string_view text, const std::string& file,
                              const std::optional<NamedNetwork>& network) {
  if (text.size() > max_input_bytes) {
    Translation t;
    t.error({1, 1}, "syntax", fmt::format("the file has {} bytes; at most {} are read", text.size(), max_input_bytes));
    return t;
  }
  Importer importer(text, file, network);
  return importer.take();
}

}  // namespace schedcheck::interop
