// MSCCL XML: reads the program, derives the global steps, follows every buffer slot, and writes the transfers.
//
// The XML has no global steps. A send and the receive it meets (the k-th
// send from g to p on channel c meets the k-th receive at p from g on c)
// happen in one step: the first after both their threadblocks have finished
// the operation before them and their dependencies are done. A local
// operation (copy, nop) takes no step. specs/interop.md section 3 gives the
// rule and why.
#include "msccl_xml.hpp"

#include <algorithm>
#include <charconv>
#include <deque>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "xml_reader.hpp"

namespace schedcheck::interop {

namespace {

constexpr uint64_t max_gpus = 1024;
constexpr uint64_t max_buffer_chunks = uint64_t{1} << 20;
constexpr uint64_t max_total_slots = uint64_t{1} << 26;
constexpr int32_t empty_slot = -1;

enum class Kind { send, recv, recv_copy_send, copy, nop };
enum class Buf : uint8_t { input, output, scratch };

std::string comment_safe(std::string_view name) {
  std::string s(name);
  for (char& ch : s)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = '?';
  return s;
}

char buf_letter(Buf b) { return b == Buf::input ? 'i' : b == Buf::output ? 'o' : 's'; }

struct Op {
  Kind kind = Kind::nop;
  FilePos pos;
  uint32_t gpu = 0, tb = 0;  // tb: index into Importer::tbs_
  Buf src_buf = Buf::input, dst_buf = Buf::output;
  uint64_t src_off = 0, dst_off = 0, cnt = 0;
  int64_t dep = -1;           // global index of the operation it waits for
  int64_t send_partner = -1;  // the receive its send meets
  int64_t recv_partner = -1;  // the send its receive meets
  uint64_t recv_step = 0, send_step = 0, done = 0, sequence = 0;
  bool completed = false;
};

struct Tb {
  uint32_t gpu = 0;
  int64_t id = -1, send = -1, recv = -1, chan = -1;
  FilePos pos;
  std::vector<uint32_t> ops;
  size_t pc = 0;
  bool sending = false;  // a recv-copy-send has received and waits to send
  uint64_t done = 0;
};

struct Gpu {
  uint64_t chunks[3] = {0, 0, 0};  // input, output, scratch
  uint64_t first_slot = 0;
  FilePos pos;
  bool seen = false;
};

class Importer {
 public:
  Importer(const XmlDocument& doc, std::string_view file, const NamedNetwork& network, Translation& out)
      : doc_(doc), file_(comment_safe(file)), network_(network), out_(out) {}

  void run() {
    if (!read_algo() || !read_gpus() || !match() || !setup_collective()) return;
    time();
    if (!out_.ok()) return;
    simulate();
    write();
  }

 private:
  bool fail(FilePos pos, std::string message) {
    out_.error(pos, "syntax", std::move(message));
    return false;
  }
  bool attr_int(const XmlElement& e, const char* key, int64_t min, int64_t max, int64_t& value,
                std::optional<int64_t> fallback = std::nullopt) {
    const XmlAttribute* a = e.attribute(key);
    if (!a) {
      if (fallback) {
        value = *fallback;
        return true;
      }
      return fail(e.pos, fmt::format("<{}> needs the attribute {}", e.name, key));
    }
    auto [end, ec] = std::from_chars(a->value.data(), a->value.data() + a->value.size(), value);
    if (ec != std::errc{} || end != a->value.data() + a->value.size() || value < min || value > max)
      return fail(a->pos, fmt::format("{}=\"{}\": expected a whole number from {} to {}", key, a->value, min, max));
    return true;
  }
  bool attr_buf(const XmlElement& e, const char* key, Buf& b) {
    const XmlAttribute* a = e.attribute(key);
    if (!a) return fail(e.pos, fmt::format("<{}> needs the attribute {}", e.name, key));
    if (a->value == "i") b = Buf::input;
    else if (a->value == "o") b = Buf::output;
    else if (a->value == "s") b = Buf::scratch;
    else return fail(a->pos, fmt::format("{}=\"{}\": expected a buffer i, o or s", key, a->value));
    return true;
  }

  bool read_algo() {
    const XmlElement& algo = doc_.elements[0];
    if (algo.name != "algo") return fail(algo.pos, fmt::format("expected <algo> as the root element, not <{}>", algo.name));
    int64_t ngpus = 0, inplace = 0;
    if (!attr_int(algo, "ngpus", 1, max_gpus, ngpus) || !attr_int(algo, "inplace", 0, 1, inplace, 0)) return false;
    gpus_count_ = static_cast<uint32_t>(ngpus);
    inplace_ = inplace == 1;
    const XmlAttribute* coll = algo.attribute("coll");
    if (!coll) return fail(algo.pos, "<algo> needs the attribute coll");
    coll_ = coll->value;
    if (coll_ != "allgather" && coll_ != "broadcast" && coll_ != "scatter" && coll_ != "gather")
      return fail(coll->pos, fmt::format("not expressible in the schedule format: coll=\"{}\" ({}); the format has "
                                         "broadcast, gossip (allgather), scatter and gather",
                                         coll_, coll_ == "alltoall" ? "a personalized all-to-all"
                                                : coll_.find("reduce") != std::string::npos
                                                    ? "a reduction, and the format never combines messages by value"
                                                    : "an unknown collective"));
    int64_t root = 0;
    if (coll_ != "allgather" && !attr_int(algo, "root", 0, ngpus - 1, root, 0)) return false;
    root_ = static_cast<uint32_t>(root);
    if (network_.nodes != gpus_count_)
      return fail(algo.pos, fmt::format("the algorithm has {} GPUs, the --topology {} nodes", gpus_count_,
                                        network_.nodes));
    gpus_.resize(gpus_count_);
    return true;
  }

  bool read_gpus() {
    const XmlElement& algo = doc_.elements[0];
    uint64_t slots = 0;
    for (uint32_t gi : algo.children) {
      const XmlElement& g = doc_.elements[gi];
      if (g.name != "gpu") return fail(g.pos, fmt::format("unexpected <{}> in <algo> (expected <gpu>)", g.name));
      int64_t id = 0;
      if (!attr_int(g, "id", 0, gpus_count_ - 1, id)) return false;
      Gpu& gpu = gpus_[id];
      if (gpu.seen) return fail(g.pos, fmt::format("<gpu id=\"{}\"> given twice", id));
      gpu.seen = true;
      gpu.pos = g.pos;
      const char* keys[3] = {"i_chunks", "o_chunks", "s_chunks"};
      for (int b = 0; b < 3; ++b) {
        int64_t n = 0;
        if (!attr_int(g, keys[b], 0, max_buffer_chunks, n, 0)) return false;
        gpu.chunks[b] = static_cast<uint64_t>(n);
      }
      gpu.first_slot = slots;
      slots += gpu.chunks[0] + gpu.chunks[1] + gpu.chunks[2];
      if (slots > max_total_slots) return fail(g.pos, "the GPUs' buffers hold more than 2^26 chunks together");
      std::map<int64_t, uint32_t> tb_by_id;
      const size_t first_tb = tbs_.size();
      for (uint32_t ti : g.children) {
        const XmlElement& t = doc_.elements[ti];
        if (t.name != "tb") return fail(t.pos, fmt::format("unexpected <{}> in <gpu> (expected <tb>)", t.name));
        Tb tb;
        tb.gpu = static_cast<uint32_t>(id);
        tb.pos = t.pos;
        if (!attr_int(t, "id", 0, INT32_MAX, tb.id) || !attr_int(t, "send", -1, gpus_count_ - 1, tb.send) ||
            !attr_int(t, "recv", -1, gpus_count_ - 1, tb.recv) || !attr_int(t, "chan", 0, INT32_MAX, tb.chan, 0))
          return false;
        if (!tb_by_id.emplace(tb.id, static_cast<uint32_t>(tbs_.size())).second)
          return fail(t.pos, fmt::format("<tb id=\"{}\"> given twice in gpu {}", tb.id, id));
        tbs_.push_back(std::move(tb));
      }
      // Operations, once every threadblock of the GPU is known (a dependency may name a later one).
      std::vector<std::pair<uint32_t, std::pair<int64_t, int64_t>>> deps;  // op -> (tb id, step)
      for (size_t k = 0; k < g.children.size(); ++k) {
        const XmlElement& t = doc_.elements[g.children[k]];
        const uint32_t tbi = static_cast<uint32_t>(first_tb + k);
        for (uint32_t si : t.children) {
          const XmlElement& s = doc_.elements[si];
          if (s.name != "step")
            return fail(s.pos, fmt::format("unexpected <{}> in <tb> (expected <step>; the runtime reads the "
                                           "<step> form)",
                                           s.name));
          Op op;
          op.pos = s.pos;
          op.gpu = static_cast<uint32_t>(id);
          op.tb = tbi;
          if (!read_op(s, tbs_[tbi], op)) return false;
          int64_t depid = -1, depstep = -1;
          if (!attr_int(s, "depid", -1, INT32_MAX, depid, -1) || !attr_int(s, "deps", -1, INT32_MAX, depstep, -1))
            return false;
          if (depid >= 0) deps.push_back({static_cast<uint32_t>(ops_.size()), {depid, depstep}});
          tbs_[tbi].ops.push_back(static_cast<uint32_t>(ops_.size()));
          ops_.push_back(op);
        }
      }
      for (const auto& [opi, dep] : deps) {
        auto it = tb_by_id.find(dep.first);
        if (it == tb_by_id.end())
          return fail(ops_[opi].pos, fmt::format("depid=\"{}\": gpu {} has no threadblock {}", dep.first, id, dep.first));
        const Tb& target = tbs_[it->second];
        if (dep.second < 0 || static_cast<uint64_t>(dep.second) >= target.ops.size())
          return fail(ops_[opi].pos, fmt::format("deps=\"{}\": threadblock {} of gpu {} has steps 0..{}", dep.second,
                                                 dep.first, id, static_cast<int64_t>(target.ops.size()) - 1));
        ops_[opi].dep = target.ops[static_cast<size_t>(dep.second)];
      }
    }
    for (uint32_t g = 0; g < gpus_count_; ++g)
      if (!gpus_[g].seen) return fail(algo.pos, fmt::format("ngpus is {} but there is no <gpu id=\"{}\">", gpus_count_, g));
    return true;
  }

  bool slots_fit(const XmlElement& s, uint32_t gpu, Buf b, uint64_t off, uint64_t cnt, const char* key) {
    const uint64_t size = gpus_[gpu].chunks[static_cast<int>(b)];
    if (off + cnt > size)
      return fail(s.attribute(key) ? s.attribute(key)->pos : s.pos,
                  fmt::format("{}[{}..{}] lies outside the buffer of gpu {} ({} chunks)", buf_letter(b), off,
                              off + cnt - 1, gpu, size));
    return true;
  }

  bool read_op(const XmlElement& s, const Tb& tb, Op& op) {
    const XmlAttribute* type = s.attribute("type");
    if (!type) return fail(s.pos, "<step> needs the attribute type");
    const std::string& t = type->value;
    if (t == "s") op.kind = Kind::send;
    else if (t == "r") op.kind = Kind::recv;
    else if (t == "rcs") op.kind = Kind::recv_copy_send;
    else if (t == "cpy") op.kind = Kind::copy;
    else if (t == "nop") op.kind = Kind::nop;
    else if (t == "re" || t == "rrc" || t == "rrs" || t == "rrcs")
      return fail(type->pos, fmt::format("unsupported operation type '{}': a reduction, and the format never "
                                         "combines messages by value",
                                         t));
    else
      return fail(type->pos, fmt::format("unsupported operation type '{}' (supported: s, r, rcs, cpy, nop)", t));
    int64_t s_index = 0, cnt = 0, srcoff = 0, dstoff = 0;
    if (!attr_int(s, "s", 0, INT32_MAX, s_index)) return false;
    if (static_cast<size_t>(s_index) != tb.ops.size())
      return fail(s.attribute("s")->pos, fmt::format("s=\"{}\": this is step {} of its threadblock", s_index,
                                                     tb.ops.size()));
    if (op.kind == Kind::nop) return true;
    if (!attr_int(s, "cnt", 1, max_buffer_chunks, cnt, 1) || !attr_buf(s, "srcbuf", op.src_buf) ||
        !attr_buf(s, "dstbuf", op.dst_buf) || !attr_int(s, "srcoff", -1, max_buffer_chunks, srcoff) ||
        !attr_int(s, "dstoff", -1, max_buffer_chunks, dstoff))
      return false;
    op.cnt = static_cast<uint64_t>(cnt);
    const bool sends = op.kind == Kind::send || op.kind == Kind::recv_copy_send;
    const bool receives = op.kind == Kind::recv || op.kind == Kind::recv_copy_send;
    if (sends && tb.send < 0) return fail(type->pos, fmt::format("a '{}' in a threadblock with send=\"-1\"", t));
    if (receives && tb.recv < 0) return fail(type->pos, fmt::format("a '{}' in a threadblock with recv=\"-1\"", t));
    // What is read locally: the source of a send or copy; a recv-copy-send
    // forwards what it received into its destination.
    const bool reads = op.kind == Kind::send || op.kind == Kind::copy;
    const bool writes = receives || op.kind == Kind::copy;
    if (reads && srcoff < 0) return fail(s.attribute("srcoff")->pos, "srcoff=\"-1\": this operation reads its source");
    if (writes && dstoff < 0)
      return fail(s.attribute("dstoff")->pos, "dstoff=\"-1\": this operation writes its destination");
    op.src_off = reads ? static_cast<uint64_t>(srcoff) : 0;
    op.dst_off = writes ? static_cast<uint64_t>(dstoff) : 0;
    if (reads && !slots_fit(s, op.gpu, op.src_buf, op.src_off, op.cnt, "srcoff")) return false;
    if (writes && !slots_fit(s, op.gpu, op.dst_buf, op.dst_off, op.cnt, "dstoff")) return false;
    return true;
  }

  static bool sends(const Op& op) { return op.kind == Kind::send || op.kind == Kind::recv_copy_send; }
  static bool receives(const Op& op) { return op.kind == Kind::recv || op.kind == Kind::recv_copy_send; }

  // The k-th send from g to p on channel c meets the k-th receive at p from g on c.
  bool match() {
    std::map<std::tuple<uint32_t, int64_t, int64_t>, uint32_t> sender, receiver;  // (gpu, peer, chan) -> tb
    for (uint32_t i = 0; i < tbs_.size(); ++i) {
      const Tb& tb = tbs_[i];
      if (tb.send >= 0 && !sender.emplace(std::tuple{tb.gpu, tb.send, tb.chan}, i).second)
        return fail(tb.pos, fmt::format("two threadblocks of gpu {} send to {} on channel {}", tb.gpu, tb.send,
                                        tb.chan));
      if (tb.recv >= 0 && !receiver.emplace(std::tuple{tb.gpu, tb.recv, tb.chan}, i).second)
        return fail(tb.pos, fmt::format("two threadblocks of gpu {} receive from {} on channel {}", tb.gpu, tb.recv,
                                        tb.chan));
    }
    for (const auto& [key, si] : sender) {
      const auto& [g, p, c] = key;
      std::vector<uint32_t> out, in;
      for (uint32_t o : tbs_[si].ops)
        if (sends(ops_[o])) out.push_back(o);
      auto it = receiver.find({static_cast<uint32_t>(p), g, c});
      if (it != receiver.end())
        for (uint32_t o : tbs_[it->second].ops)
          if (receives(ops_[o])) in.push_back(o);
      for (size_t k = 0; k < std::max(out.size(), in.size()); ++k) {
        if (k >= in.size())
          return fail(ops_[out[k]].pos, fmt::format("this send to gpu {} on channel {} meets no receive there (gpu {} "
                                                    "receives {} chunk(s) from {} on it)",
                                                    p, c, p, in.size(), g));
        if (k >= out.size())
          return fail(ops_[in[k]].pos, fmt::format("this receive from gpu {} on channel {} meets no send (gpu {} "
                                                   "sends {} time(s) to {} on it)",
                                                   g, c, g, out.size(), p));
        if (ops_[out[k]].cnt != ops_[in[k]].cnt)
          return fail(ops_[in[k]].pos, fmt::format("this receive takes {} chunk(s); the send it meets (line {}) "
                                                   "sends {}",
                                                   ops_[in[k]].cnt, ops_[out[k]].pos.line, ops_[out[k]].cnt));
        ops_[out[k]].send_partner = in[k];
        ops_[in[k]].recv_partner = out[k];
      }
    }
    for (const Tb& tb : tbs_)
      for (uint32_t o : tb.ops)
        if (receives(ops_[o]) && ops_[o].recv_partner < 0)
          return fail(ops_[o].pos, fmt::format("this receive from gpu {} on channel {} meets no send (gpu {} has no "
                                               "threadblock sending to {} on it)",
                                               tb.recv, tb.chan, tb.recv, tb.gpu));
    return true;
  }

  // Messages and where they start and must end (specs/interop.md, section 3.2).
  bool setup_collective() {
    const XmlElement& algo = doc_.elements[0];
    const uint64_t n = gpus_count_;
    auto need = [&](uint32_t g, int b, uint64_t at_least, const char* what) {
      if (gpus_[g].chunks[b] >= at_least) return true;
      return fail(gpus_[g].pos, fmt::format("coll=\"{}\" needs {} {} chunk(s) on gpu {}, not {}", coll_, at_least,
                                            what, g, gpus_[g].chunks[b]));
    };
    if (coll_ == "allgather") {
      parts_ = gpus_[0].chunks[0];
      if (parts_ == 0 || parts_ > 64)
        return fail(gpus_[0].pos, fmt::format("an allgather's i_chunks (the parts of each GPU's data) must be 1 to "
                                              "64, not {}",
                                              parts_));
      for (uint32_t g = 0; g < n; ++g) {
        if (gpus_[g].chunks[0] != parts_)
          return fail(gpus_[g].pos, fmt::format("gpu {} has i_chunks {}, gpu 0 {}", g, gpus_[g].chunks[0], parts_));
        if (!need(g, 1, n * parts_, "output")) return false;
      }
      messages_ = n * parts_;
    } else if (coll_ == "broadcast") {
      parts_ = 1;
      messages_ = 1;
      if (!need(root_, 0, 1, "input")) return false;
      for (uint32_t g = 0; g < n; ++g)
        if (!need(g, 1, 1, "output")) return false;
    } else if (coll_ == "scatter") {
      parts_ = 1;
      messages_ = n;
      if (!need(root_, 0, n, "input")) return false;
      for (uint32_t g = 0; g < n; ++g)
        if (!need(g, 1, 1, "output")) return false;
    } else {  // gather
      parts_ = 1;
      messages_ = n;
      for (uint32_t g = 0; g < n; ++g)
        if (!need(g, 0, 1, "input")) return false;
      if (!need(root_, 1, n, "output")) return false;
    }
    (void)algo;
    uint64_t total = 0;
    for (const Gpu& g : gpus_) total += g.chunks[0] + g.chunks[1] + g.chunks[2];
    slots_.assign(total, empty_slot);
    for (uint32_t g = 0; g < n; ++g) {
      for (uint64_t k = 0; k < gpus_[g].chunks[0]; ++k) {
        int32_t m = empty_slot;
        if (coll_ == "allgather") m = static_cast<int32_t>(g * parts_ + k);
        else if (coll_ == "broadcast" && g == root_ && k == 0) m = 0;
        else if (coll_ == "scatter" && g == root_ && k < n) m = static_cast<int32_t>(k);
        else if (coll_ == "gather" && k == 0) m = static_cast<int32_t>(g);
        if (m != empty_slot) slots_[slot(g, Buf::input, k)] = m;
      }
    }
    return true;
  }

  // A slot's index in slots_, after in-place aliasing: the input buffer lies
  // inside the output buffer as MSCCL's runtime places it.
  uint64_t slot(uint32_t g, Buf b, uint64_t k) const {
    const Gpu& gpu = gpus_[g];
    if (inplace_) {
      if (coll_ == "scatter") {
        // The root's output is its own piece of its input.
        if (g == root_ && b == Buf::output && root_ + k < gpu.chunks[0]) return gpu.first_slot + root_ + k;
      } else if (b == Buf::input) {
        const uint64_t offset = coll_ == "broadcast" ? 0 : g * parts_;
        if (offset + k < gpu.chunks[1]) return gpu.first_slot + gpu.chunks[0] + offset + k;
      }
    }
    const uint64_t base = b == Buf::input ? 0 : b == Buf::output ? gpu.chunks[0] : gpu.chunks[0] + gpu.chunks[1];
    return gpu.first_slot + base + k;
  }

  std::string message_name(int32_t m) const {
    if (coll_ == "broadcast") return std::to_string(root_);
    if (coll_ == "allgather" && parts_ > 1) return fmt::format("{}/{}", m / parts_, m % parts_);
    return std::to_string(m);
  }

  // Timing: a worklist over threadblocks, each run when something it may
  // wait for happened. A send does not wait for its receiver (the runtime
  // buffers it on the connection); a receive completes once its send has
  // crossed and its own threadblock has come to it.
  uint64_t ready(const Op& op) const {
    const uint64_t dep = op.dep >= 0 ? ops_[op.dep].done : 0;
    return std::max(tbs_[op.tb].done, dep);
  }
  bool dep_done(const Op& op) const { return op.dep < 0 || ops_[op.dep].completed; }

  void complete(uint32_t o, uint64_t at) {
    Op& op = ops_[o];
    op.completed = true;
    op.done = at;
    op.sequence = ++sequence_;
    Tb& tb = tbs_[op.tb];
    tb.done = at;
    ++tb.pc;
    tb.sending = false;
    for (uint32_t t : dependents_[o]) queue_.push_back(t);
  }

  void time() {
    dependents_.assign(ops_.size(), {});
    for (uint32_t o = 0; o < ops_.size(); ++o)
      if (ops_[o].dep >= 0) dependents_[ops_[o].dep].push_back(ops_[o].tb);
    for (uint32_t t = 0; t < tbs_.size(); ++t) queue_.push_back(t);
    while (!queue_.empty()) {
      const uint32_t t = queue_.front();
      queue_.pop_front();
      advance(t);
    }
    size_t reported = 0;
    for (const Tb& tb : tbs_) {
      if (tb.pc >= tb.ops.size() || reported >= 5) continue;
      const Op& op = ops_[tb.ops[tb.pc]];
      ++reported;
      const std::string why = !dep_done(op)
                                  ? fmt::format("its dependency (line {}) never completes", ops_[op.dep].pos.line)
                                  : fmt::format("the send it meets (line {}) never runs",
                                                ops_[op.recv_partner].pos.line);
      out_.error(op.pos, "syntax", fmt::format("this operation never runs: {} (a deadlock)", why));
    }
  }

  void advance(uint32_t t) {
    for (;;) {
      Tb& tb = tbs_[t];
      if (tb.pc >= tb.ops.size()) return;
      const uint32_t o = tb.ops[tb.pc];
      Op& op = ops_[o];
      if (!dep_done(op)) return;
      if (op.kind == Kind::copy || op.kind == Kind::nop) {
        complete(o, ready(op));
        continue;
      }
      if (receives(op) && !tb.sending) {
        const Op& send = ops_[op.recv_partner];
        if (send.send_step == 0) return;  // it wakes this threadblock when it crosses
        const uint64_t at = std::max(ready(op), send.send_step);
        op.recv_step = at;
        if (op.kind == Kind::recv) {
          complete(o, at);
        } else {
          tb.sending = true;
          tb.done = at;
        }
        continue;
      }
      // A send, or the sending half of a recv-copy-send.
      const uint64_t step = (op.kind == Kind::recv_copy_send ? op.recv_step : ready(op)) + 1;
      op.send_step = step;
      transfers_.push_back(o);
      complete(o, step);
      queue_.push_back(ops_[op.send_partner].tb);
      steps_ = std::max(steps_, step);
    }
  }

  // Follows every slot through the derived steps; a send names the messages
  // its slots hold. An empty slot is a causality error the core sees when the
  // GPU holds the chunk nowhere; when it holds it in another slot only this
  // import can tell, and reports it.
  struct Event {
    uint64_t time;
    int phase;  // 0 sends read, 1 receives write, 2 local copies
    uint64_t sequence;
    uint32_t op;
    bool operator<(const Event& e) const {
      return std::tie(time, phase, sequence) < std::tie(e.time, e.phase, e.sequence);
    }
  };

  uint64_t read_base(const Op& op, uint64_t& off, Buf& b) const {
    if (op.kind == Kind::recv_copy_send) {
      off = op.dst_off;
      b = op.dst_buf;
    } else {
      off = op.src_off;
      b = op.src_buf;
    }
    return op.cnt;
  }

  bool holds(uint32_t g, int32_t m, const std::vector<int32_t>& s) const {
    const Gpu& gpu = gpus_[g];
    const uint64_t end = gpu.first_slot + gpu.chunks[0] + gpu.chunks[1] + gpu.chunks[2];
    for (uint64_t i = gpu.first_slot; i < end; ++i)
      if (s[i] == m) return true;
    return false;
  }

  // The message a slot holds, what it will hold, or what the collective
  // expects there; empty_slot when none.
  int32_t expected(uint32_t g, Buf b, uint64_t k) const {
    if (b != Buf::output) return empty_slot;
    if (coll_ == "allgather") return static_cast<int32_t>(k);
    if (coll_ == "broadcast" && k == 0) return 0;
    if (coll_ == "scatter" && k == 0) return static_cast<int32_t>(g);
    if (coll_ == "gather" && g == root_ && k < gpus_count_) return static_cast<int32_t>(k);
    return empty_slot;
  }

  void run_events(std::vector<int32_t>& s, const std::vector<int32_t>* final_state) {
    std::vector<Event> events;
    for (uint32_t o : transfers_) {
      events.push_back({ops_[o].send_step, 0, 0, o});
      events.push_back({ops_[ops_[o].send_partner].recv_step, 1, 0, o});
    }
    for (uint32_t o = 0; o < ops_.size(); ++o)
      if (ops_[o].kind == Kind::copy) events.push_back({ops_[o].done, 2, ops_[o].sequence, o});
    std::sort(events.begin(), events.end());
    if (final_state) carried_.assign(ops_.size(), {});
    std::vector<std::vector<int32_t>> in_flight(ops_.size());
    size_t errors = 0;
    for (const Event& e : events) {
      const Op& op = ops_[e.op];
      if (e.phase == 1) {
        const Op& peer = ops_[op.send_partner];
        for (uint64_t k = 0; k < peer.cnt; ++k) s[slot(peer.gpu, peer.dst_buf, peer.dst_off + k)] = in_flight[e.op][k];
        continue;
      }
      uint64_t off = 0;
      Buf b = Buf::input;
      const uint64_t cnt = e.phase == 0 ? read_base(op, off, b) : op.cnt;
      if (e.phase == 2) {
        off = op.src_off;
        b = op.src_buf;
      }
      std::vector<int32_t> values(cnt);
      for (uint64_t k = 0; k < cnt; ++k) {
        const uint64_t at = slot(op.gpu, b, off + k);
        values[k] = s[at];
        if (values[k] != empty_slot || !final_state) continue;
        // An empty slot read.
        int32_t named = (*final_state)[at];
        if (named == empty_slot) named = expected(op.gpu, b, off + k);
        const bool elsewhere = named != empty_slot && holds(op.gpu, named, s);
        if (e.phase == 0 && named != empty_slot) values[k] = named;  // the core judges it unless held elsewhere
        if ((elsewhere || named == empty_slot || e.phase == 2) && errors++ < 20)
          out_.error(op.pos, "causality",
                     fmt::format("gpu {} {} {}[{}] in step {}, before that slot is filled{}", op.gpu,
                                 e.phase == 0 ? "sends" : "copies", buf_letter(b), off + k,
                                 e.phase == 0 ? op.send_step : op.done + 1,
                                 named == empty_slot ? " (nothing is ever written there)"
                                 : elsewhere ? fmt::format(" (it holds chunk {} in another slot)", message_name(named))
                                             : ""));
      }
      if (e.phase == 2) {
        for (uint64_t k = 0; k < cnt; ++k) s[slot(op.gpu, op.dst_buf, op.dst_off + k)] = values[k];
      } else {
        if (final_state) carried_[e.op] = values;
        in_flight[e.op] = std::move(values);
      }
    }
  }

  void simulate() {
    std::vector<int32_t> start = slots_;
    run_events(slots_, nullptr);  // the final contents, to name what an empty slot was meant to hold
    std::vector<int32_t> final_state = std::move(slots_);
    slots_ = std::move(start);
    run_events(slots_, &final_state);
    // Output slots at the end: a chunk the GPU holds but not where the
    // collective expects it (a chunk it lacks altogether the core reports).
    for (uint32_t g = 0; g < gpus_count_; ++g) {
      uint64_t wrong = 0, first = 0;
      int32_t first_has = empty_slot, first_want = empty_slot;
      for (uint64_t k = 0; k < gpus_[g].chunks[1]; ++k) {
        const int32_t want = expected(g, Buf::output, k);
        const int32_t has = slots_[slot(g, Buf::output, k)];
        if (want == empty_slot || has == want || !holds(g, want, slots_)) continue;
        if (wrong++ == 0) {
          first = k;
          first_has = has;
          first_want = want;
        }
      }
      if (wrong)
        out_.error(gpus_[g].pos, "delivery",
                   fmt::format("gpu {} ends with o[{}] holding {}, not chunk {} (which it holds in another slot){}", g,
                               first, first_has == empty_slot ? "nothing" : "chunk " + message_name(first_has),
                               message_name(first_want),
                               wrong > 1 ? fmt::format(", and {} more output slot(s) wrong", wrong - 1) : ""));
    }
  }

  void write() {
    const XmlElement& algo = doc_.elements[0];
    bool combining = false;
    for (uint32_t o : transfers_) combining |= ops_[o].cnt > 1;
    out_.line("schedcheck 1", algo.pos);
    out_.line(fmt::format("# MSCCL algorithm from {}: steps derived from the threadblocks' order, dependencies "
                          "and matched sends",
                          file_),
              algo.pos);
    out_.line(network_.topology_line, algo.pos);
    out_.line(combining ? "model store-and-forward all-port combining"
                        : "model store-and-forward all-port non-combining",
              algo.pos);
    std::string coll;
    if (coll_ == "allgather") coll = parts_ > 1 ? fmt::format("collective gossip parts {}", parts_) : "collective gossip";
    else if (coll_ == "broadcast") coll = fmt::format("collective broadcast source {}", root_);
    else coll = fmt::format("collective {} root {}", coll_, root_);
    out_.line(coll, algo.pos);
    std::vector<uint32_t> order = transfers_;
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return ops_[a].send_step < ops_[b].send_step; });
    size_t next = 0;
    for (uint64_t step = 1; step <= steps_; ++step) {
      out_.line(fmt::format("step {}", step), algo.pos);
      for (; next < order.size() && ops_[order[next]].send_step == step; ++next) {
        const Op& op = ops_[order[next]];
        std::string messages;
        for (int32_t m : carried_[order[next]])
          if (m != empty_slot) messages += " " + message_name(m);
        if (messages.empty()) continue;  // nothing to name: reported as causality above
        out_.line(fmt::format("  {} > {} :{}  # {}:{}:{}", op.gpu, tbs_[op.tb].send, messages, file_, op.pos.line,
                              op.pos.col),
                  op.pos);
      }
    }
  }

  const XmlDocument& doc_;
  std::string file_;
  const NamedNetwork& network_;
  Translation& out_;
  uint32_t gpus_count_ = 0, root_ = 0;
  bool inplace_ = false;
  std::string coll_;
  uint64_t parts_ = 1, messages_ = 0, steps_ = 0, sequence_ = 0;
  std::vector<Gpu> gpus_;
  std::vector<Tb> tbs_;
  std::vector<Op> ops_;
  std::vector<std::vector<uint32_t>> dependents_;
  std::deque<uint32_t> queue_;
  std::vector<uint32_t> transfers_;             // sending ops, in the order they fired
  std::vector<std::vector<int32_t>> carried_;   // per sending op: the messages it carries
  std::vector<int32_t> slots_;
};

}  // namespace

Translation import_msccl_xml(std::string_view text, const std::string& file, const NamedNetwork& network) {
  Translation out;
  Located error;
  const auto doc = parse_xml(text, error);
  if (!doc) {
    out.errors.push_back(error);
    return out;
  }
  Importer(*doc, file, network, out).run();
  return out;
}

}  // namespace schedcheck::interop
