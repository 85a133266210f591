// MSCCL export: slots for every message on every rank, threadblocks per channel, operations in step order.
//
// The k-th packet over a link in one step goes on channel k-1: a second
// packet over a link in one step gets a threadblock of its own, so that the
// import times both in that step and sees the link used twice, as the check
// of the original schedule does.
#include "msccl_export.hpp"

#include <algorithm>
#include <map>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include <fmt/format.h>

namespace schedcheck::interop {

namespace {

constexpr uint64_t max_operations = uint64_t{1} << 22;

std::string escape(std::string_view text) {
  std::string s;
  for (char ch : text) {
    switch (ch) {
      case '<': s += "&lt;"; break;
      case '>': s += "&gt;"; break;
      case '&': s += "&amp;"; break;
      case '"': s += "&quot;"; break;
      case '\'': s += "&apos;"; break;
      default: s += static_cast<unsigned char>(ch) < 0x20 ? '?' : ch;
    }
  }
  return s;
}

struct Slot {
  char buf = 'o';
  uint64_t off = 0;
};

struct Operation {
  std::string_view type = "s";  // "s", "r" or "nop"
  Slot slot;       // the local slot
  Slot peer_slot;  // a send's: where the receiving rank puts it
  int64_t dep_tb = -1, dep_step = -1;
  bool has_dep = false;
};

// An operation: its threadblock, its index there, and the step it completes in.
struct Ref {
  size_t tb = 0, op = 0;
  uint64_t step = 0;
};

struct Threadblock {
  int64_t send = -1, recv = -1, chan = 0;
  std::vector<Operation> ops;
};

struct Rank {
  std::unordered_map<uint32_t, Slot> slot;                // message -> where it lives here
  std::unordered_map<uint32_t, Ref> brought;  // message -> the receive that first brought it
  std::unordered_map<uint64_t, Ref> done_at;  // step -> an operation of this rank that completes in it
  std::map<std::tuple<int, int64_t, int64_t>, size_t> tb_of;        // (direction, peer, chan) -> threadblock
  std::vector<Threadblock> tbs;
  uint64_t i_chunks = 0, o_chunks = 0, s_chunks = 0;

  size_t tb(int direction, int64_t peer, int64_t chan) {
    auto [it, fresh] = tb_of.emplace(std::tuple{direction, peer, chan}, tbs.size());
    if (fresh) {
      Threadblock t;
      (direction == 0 ? t.send : t.recv) = peer;
      t.chan = chan;
      tbs.push_back(t);
    }
    return it->second;
  }
};

}  // namespace

std::optional<std::string> export_msccl_xml(const ExportSchedule& s, std::string& error) {
  const uint32_t n = s.nodes;
  const bool gossip = s.kind == "gossip", broadcast = s.kind == "broadcast", scatter = s.kind == "scatter";
  std::vector<Rank> ranks(n);
  // Where each message starts, and where the collective wants it.
  for (uint32_t r = 0; r < n; ++r) {
    Rank& rank = ranks[r];
    if (gossip) {
      rank.i_chunks = s.parts;
      rank.o_chunks = uint64_t{n} * s.parts;
      for (uint32_t j = 0; j < s.parts; ++j) rank.slot[r * s.parts + j] = {'o', uint64_t{r} * s.parts + j};
    } else if (broadcast) {
      rank.i_chunks = r == s.root ? 1 : 0;
      rank.o_chunks = 1;
      if (r == s.root) rank.slot[0] = {'o', 0};
    } else if (scatter) {
      rank.i_chunks = r == s.root ? n : 0;
      rank.o_chunks = 1;
      if (r == s.root)
        for (uint32_t m = 0; m < n; ++m) rank.slot[m] = m == r ? Slot{'o', 0} : Slot{'i', m};
    } else {  // gather
      rank.i_chunks = 1;
      rank.o_chunks = r == s.root ? n : 0;
      rank.slot[r] = r == s.root ? Slot{'o', r} : Slot{'i', 0};
    }
  }
  // The slot a receiving rank puts a message in.
  auto landing = [&](uint32_t r, uint32_t m) -> Slot {
    Rank& rank = ranks[r];
    if (auto it = rank.slot.find(m); it != rank.slot.end()) return it->second;
    Slot slot;
    if (gossip) slot = {'o', m};
    else if (broadcast) slot = {'o', 0};
    else if (scatter && m == r) slot = {'o', 0};
    else if (!scatter && r == s.root) slot = {'o', m};
    else slot = {'s', rank.s_chunks++};
    rank.slot[m] = slot;
    return slot;
  };

  uint64_t operations = 0;
  for (uint64_t number = 1; number <= s.steps.size(); ++number) {
    const auto& step = s.steps[number - 1];
    std::map<std::pair<uint32_t, uint32_t>, int64_t> uses;  // link -> packets over it this step
    // Receptions take effect at the end of the step: a send of this step
    // never waits for a receive of this step.
    std::vector<std::pair<uint32_t, uint32_t>> arrivals;  // (rank, message)
    std::vector<Ref> arrival_refs;
    for (const ExportTransfer& t : step) {
      if ((operations += 3) > max_operations) {
        error = "the schedule has more than 2^20 packets";
        return std::nullopt;
      }
      const int64_t chan = uses[{t.from, t.to}]++;
      const Slot into = landing(t.to, t.message);
      Rank& from = ranks[t.from];
      const size_t stb = from.tb(0, t.to, chan);
      Threadblock& sender = from.tbs[stb];
      Operation send{"s", {}, into, -1, -1, false};
      auto depend = [&](Operation& op, const Ref& on) {
        op.dep_tb = static_cast<int64_t>(on.tb);
        op.dep_step = static_cast<int64_t>(on.op);
        from.tbs[on.tb].ops[on.op].has_dep = true;
      };
      std::optional<Ref> data;
      if (auto it = from.slot.find(t.message); it != from.slot.end()) {
        send.slot = it->second;
        if (auto b = from.brought.find(t.message); b != from.brought.end()) data = b->second;
      } else {
        // Sent without being held: from the slot it would be received into,
        // which is empty then; the import reports it.
        send.slot = landing(t.from, t.message);
      }
      // The import times a send as early as its threadblock and dependency
      // allow; an operation of this rank that completes in the step before
      // holds it to its own step (a second dependency goes on a nop, as
      // MSCCL's writers place it).
      std::optional<Ref> pin;
      if (auto p = from.done_at.find(number - 1); number > 1 && p != from.done_at.end() && p->second.tb != stb)
        pin = p->second;
      if (data && (data->step + 1 == number || !pin)) {
        depend(send, *data);
      } else if (pin) {
        if (data) {
          Operation nop{"nop", {}, {}, -1, -1, false};
          depend(nop, *pin);
          sender.ops.push_back(nop);
          depend(send, *data);
        } else {
          depend(send, *pin);
        }
      }
      sender.ops.push_back(send);
      from.done_at[number] = {stb, sender.ops.size() - 1, number};
      Rank& to = ranks[t.to];
      const size_t rtb = to.tb(1, t.from, chan);
      to.tbs[rtb].ops.push_back({"r", into, {}, -1, -1, false});
      arrivals.emplace_back(t.to, t.message);
      arrival_refs.push_back({rtb, to.tbs[rtb].ops.size() - 1, number});
    }
    for (size_t k = 0; k < arrivals.size(); ++k) {
      Rank& r = ranks[arrivals[k].first];
      r.brought.emplace(arrivals[k].second, arrival_refs[k]);
      r.done_at[number] = arrival_refs[k];
    }
  }

  int64_t nchannels = 1;
  uint64_t per_loop = 0;
  for (const Rank& r : ranks) {
    for (const Threadblock& t : r.tbs) nchannels = std::max(nchannels, t.chan + 1);
    per_loop = std::max({per_loop, r.i_chunks, r.o_chunks});
  }
  const std::string coll = gossip ? "allgather" : s.kind;
  std::string x = fmt::format("<algo name=\"{}\" proto=\"Simple\" nchannels=\"{}\" nchunksperloop=\"{}\" "
                              "ngpus=\"{}\" coll=\"{}\" inplace=\"1\"{}>\n",
                              escape(s.name), nchannels, per_loop, n, coll,
                              gossip ? "" : fmt::format(" root=\"{}\"", s.root));
  for (uint32_t g = 0; g < n; ++g) {
    const Rank& r = ranks[g];
    x += fmt::format("  <gpu id=\"{}\" i_chunks=\"{}\" o_chunks=\"{}\" s_chunks=\"{}\">\n", g, r.i_chunks,
                     r.o_chunks, r.s_chunks);
    for (size_t t = 0; t < r.tbs.size(); ++t) {
      const Threadblock& tb = r.tbs[t];
      x += fmt::format("    <tb id=\"{}\" send=\"{}\" recv=\"{}\" chan=\"{}\">\n", t, tb.send, tb.recv, tb.chan);
      for (size_t k = 0; k < tb.ops.size(); ++k) {
        const Operation& op = tb.ops[k];
        if (op.type == "nop") {
          x += fmt::format("      <step s=\"{}\" type=\"nop\" srcbuf=\"i\" srcoff=\"-1\" dstbuf=\"o\" dstoff=\"-1\" "
                           "cnt=\"0\" depid=\"{}\" deps=\"{}\" hasdep=\"0\"/>\n",
                           k, op.dep_tb, op.dep_step);
          continue;
        }
        // A send names its local source and the peer's destination, a
        // receive only its destination, as MSCCL's writers do.
        const bool send = op.type == "s";
        x += fmt::format("      <step s=\"{}\" type=\"{}\" srcbuf=\"{}\" srcoff=\"{}\" dstbuf=\"{}\" dstoff=\"{}\" "
                         "cnt=\"1\" depid=\"{}\" deps=\"{}\" hasdep=\"{}\"/>\n",
                         k, op.type, send ? op.slot.buf : 'i', send ? static_cast<int64_t>(op.slot.off) : -1,
                         send ? op.peer_slot.buf : op.slot.buf, static_cast<int64_t>(send ? op.peer_slot.off : op.slot.off), op.dep_tb,
                         op.dep_step, op.has_dep ? 1 : 0);
      }
      x += "    </tb>\n";
    }
    x += "  </gpu>\n";
  }
  x += "</algo>\n";
  return x;
}

}  // namespace schedcheck::interop
