// Checker: the one pass over a schedule; each property lives in its own file, this only drives them.
#include "checker.hpp"

#include <unistd.h>

#include <algorithm>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "dimension_order.hpp"
#include "flit.hpp"
#include "forwarding.hpp"
#include "knowledge.hpp"
#include "link_use.hpp"
#include "port_use.hpp"
#include "reader.hpp"
#include "route.hpp"

namespace schedcheck {

namespace {

// Well-formed rules that need the model: one hop per store-and-forward
// packet, one message per non-combining packet, named messages where the
// packet's content would otherwise be ambiguous.
// Inline: it runs once per transfer, and its errors are rare.
[[gnu::always_inline]] inline bool transfer_fits_model(const Header& header, const Transfer& t, uint64_t hop_count,
                                                       Diagnostics& diag) {
  const Model& model = header.model;
  if (model.switching == Switching::store_and_forward && hop_count != 1) [[unlikely]] {
    diag.error(t.pos, Property::well_formed,
               fmt::format("store-and-forward moves a packet one link per step; this transfer has {} hops",
                           hop_count));
    return false;
  }
  if (!t.control.empty()) return true;  // a control flit carries no message
  if (model.combining == Combining::non_combining && t.messages.size() > 1) [[unlikely]] {
    diag.error({t.pos.line, t.messages[1].col}, Property::well_formed,
               fmt::format("a non-combining packet carries one message; this one names {}", t.messages.size()));
    return false;
  }
  if (model.combining == Combining::non_combining && t.messages.empty() &&
      header.collective.kind != CollectiveKind::broadcast) [[unlikely]] {
    diag.error(t.pos, Property::well_formed,
               "a non-combining packet must name its message after ':' (only a broadcast may leave it out)");
    return false;
  }
  return true;
}

// `claim time-independent=yes|switching|no` promises a forwarding class (forwarding.hpp).
void check_forwarding_claim(const Header& header, const ForwardingReport& report, Diagnostics& diag) {
  for (const auto& [key, value] : header.claim->params) {
    if (key != "time-independent") continue;
    if (value != "yes" && value != "switching" && value != "no") {
      diag.error(header.claim_pos, Property::well_formed,
                 fmt::format("claim time-independent={} must be yes, switching or no", value));
      return;
    }
    if (value == "no") return;
    if (!report.analysed) {
      diag.error(header.claim_pos, Property::claim,
                 "time independence is analysed only for store-and-forward non-combining schedules on grids of at "
                 "most 8 dimensions and 2^22 node-directions");
      return;
    }
    const bool holds = report.kind == ForwardingClass::time_independent ||
                       (value == "switching" && report.kind == ForwardingClass::switching);
    if (holds) return;
    const ForwardingEvent& e =
        report.kind == ForwardingClass::switching ? report.first_switch : report.first_change;
    diag.error(header.claim_pos, Property::claim,
               fmt::format("the schedule claims time-independent={} but is {}: PU {} in step {}: {}", value,
                           to_string(report.kind), header.topology->node_name(e.node), e.step, e.what));
  }
}

// `claim structure=hamiltonian-pair` declares Meyer-Sibeyn Theorem 1's
// setting: one packet per PU routed along two edge-disjoint Hamiltonian
// cycles. The structure is taken as declared; the theorem's other premise,
// time independence, is checked (property 9), and without it the bound
// does not apply.
std::optional<LowerBound> declared_structure_bound(const Header& header, const ForwardingReport& forwarding) {
  if (!header.claim) return std::nullopt;
  const auto& params = header.claim->params;
  const bool declared = std::any_of(params.begin(), params.end(), [](const auto& kv) {
    return kv.first == "structure" && kv.second == "hamiltonian-pair";
  });
  const Model& model = header.model;
  if (!declared || header.collective.kind != CollectiveKind::gossip || header.collective.parts != 1 ||
      model.switching != Switching::store_and_forward || model.ports != Ports::all_port ||
      model.combining != Combining::non_combining || !forwarding.analysed ||
      forwarding.kind != ForwardingClass::time_independent)
    return std::nullopt;
  const uint64_t P = header.topology->node_count();
  const uint64_t steps = time_independent_hamiltonian_pair_bound(P);
  return LowerBound{"time-independent-hamiltonian-pair", "Meyer-Sibeyn Theorem 1", "ceil(11P/40 - 1)",
                    fmt::format("time-independent, one packet per PU on two edge-disjoint Hamiltonian cycles "
                                "(declared by the claim): some PU receives at least P/10 packets twice in the first "
                                "P/4 steps; P = {}: ceil(11*{}/40 - 1) = {}",
                                P, P, steps),
                    steps};
}

// "512 TiB": a size in the largest binary unit that keeps it at least 1.
std::string size_text(uint64_t bytes) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double size = static_cast<double>(bytes);
  size_t unit = 0;
  while (size >= 1024 && unit + 1 < std::size(units)) size /= 1024, ++unit;
  return unit == 0 ? fmt::format("{} bytes", bytes) : fmt::format("{:.1f} {}", size, units[unit]);
}

bool analyses_forwarding(const Model& model) {
  return model.switching == Switching::store_and_forward && model.combining == Combining::non_combining;
}

// A state larger than the machine's memory would run for seconds and end in
// an allocation failure: refuse it first, saying what it would need.
void refuse_if_larger_than_memory(const Header& header) {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_size = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return;
  const uint64_t memory = static_cast<uint64_t>(pages) * static_cast<uint64_t>(page_size);
  const uint64_t bytes = state_bytes_needed(header);
  if (bytes <= memory) return;
  const Topology& topo = *header.topology;
  const uint32_t P = topo.node_count();
  const uint64_t bits = header.model.step_synchronous() ? Knowledge::bytes_needed(topo, header.collective) : 0;
  throw std::length_error(fmt::format(
      "{} on {} needs {} for the check's state, more than this machine's {} of memory: {} for the bits of which "
      "node holds which message (P = {} nodes x M = {} messages), {} for the state of its {} channels and nodes",
      collective_kind_name(header.collective.kind), topo.describe(), size_text(bytes), size_text(memory),
      size_text(bits), P, header.collective.message_count(P), size_text(bytes - bits), topo.channel_slots()));
}

}  // namespace

uint64_t state_bytes_needed(const Header& header) {
  const Topology& topo = *header.topology;
  const Model& model = header.model;
  if (!model.step_synchronous()) return FlitCheck::bytes_needed(topo);
  // Each term is below 2^32 times 2^32 bytes: no sum of them wraps.
  return Knowledge::bytes_needed(topo, header.collective) + LinkUse::bytes_needed(topo) +
         (model.ports == Ports::one_port ? PortUse::bytes_needed(topo) : 0) +
         Forwarding::bytes_needed(topo, analyses_forwarding(model));
}

Verdict check_schedule(LineSource& source, Header& header, Diagnostics& diag, const CheckOptions& options) {
  Verdict verdict;
  Reader reader(source, diag);
  if (!reader.read_header(header)) {
    verdict.bytes = source.bytes_read();
    return verdict;
  }
  verdict.header_ok = true;
  const Topology& topo = *header.topology;
  const Model& model = header.model;
  const Collective& coll = header.collective;
  verdict.bounds = lower_bounds(topo, model, coll);

  // The step-synchronous models keep, per step, which channels and ports are
  // used and a bit per node and message; the flit model keeps when each
  // train's channels and ports are busy and when each message arrives.
  std::optional<LinkUse> links;
  std::optional<PortUse> ports;
  std::optional<Knowledge> knowledge;
  std::optional<FlitCheck> flit;
  refuse_if_larger_than_memory(header);
  if (model.step_synchronous()) {
    links.emplace(topo);
    if (model.ports == Ports::one_port) ports.emplace(topo);
    knowledge.emplace(topo, coll);
  } else {
    flit.emplace(header);
  }
  Forwarding forwarding(topo, coll, analyses_forwarding(model));
  std::vector<Move> node_list_moves;  // a node list's hops, for the dimension-order check
  MessageRef broadcast_message{0, 0};
  uint32_t serial = 0;     // steps seen, also the stamp of the current step
  uint32_t step_line = 0;  // the line of the current step's 'step' statement
  StepStats step;
  // The cost is steps*ts + tl*(sum of the longest packets): summed in whole
  // flits and multiplied once, so that it is computed exactly as the
  // cost-volume bound is, with no rounding drift over many steps.
  uint64_t cost_steps = 0, longest_sum = 0;

  auto close_step = [&]() {
    if (serial == 0) return;
    knowledge->end_step();
    forwarding.end_step(serial, step.number, *knowledge);
    ++cost_steps;
    longest_sum = saturating_add(longest_sum, step.longest_packet);
    // Counts, not checks: a few paths of 2^63 hops round a ring (each one
    // exact) could pass 2^64-1 together, and then the count stays there.
    verdict.transfers += step.transfers;
    verdict.hops = saturating_add(verdict.hops, step.channels);
    if (options.per_step_stats) verdict.per_step.push_back(step);
  };

  auto start_step = [&](uint64_t number, uint32_t line) {
    close_step();
    ++serial;
    step_line = line;
    step = StepStats{number, 0, 0, 0};
  };

  // The messages a transfer carries: those it names, or a broadcast's one message.
  auto carried = [&](const auto& t) -> std::span<const MessageRef> {
    if (!t.messages.empty() || coll.kind != CollectiveKind::broadcast) return t.messages;
    broadcast_message.col = t.pos.col;
    return {&broadcast_message, 1};
  };
  auto check_order = [&](const Transfer& t, const std::vector<Hop>& hops) {
    std::span<const Move> moves = t.moves;
    if (moves.empty()) {
      hop_moves(topo, hops, node_list_moves);
      moves = node_list_moves;
    }
    check_dimension_order(topo, model.routing, moves, t.pos, diag);
  };

  std::vector<Hop> hops;  // of the transfer being checked
  // The flit model's check follows each train in file order.
  auto check_train = [&](const Transfer& t) {
    uint64_t hop_count = 0;
    if (!expand_route(topo, t, hops, hop_count, diag) || !transfer_fits_model(header, t, hop_count, diag)) return;
    if (model.dimension_ordered()) check_order(t, hops);
    flit->transfer(t, hops, diag);
  };
  // A step-synchronous transfer: each check in the order of
  // specs/properties.md, then what it changes for later steps. Inlined in
  // the loop below, which calls it once per transfer line.
  auto check_transfer = [&](const Transfer& t) __attribute__((always_inline)) {
    if (serial == 0) {  // transfers before any step line (a syntax error already)
      ++serial;
      step = StepStats{0, 0, 0, 0};
    }
    uint64_t hop_count = 0;
    if (!expand_route(topo, t, hops, hop_count, diag) || !transfer_fits_model(header, t, hop_count, diag)) return;
    const NodeId to = hops.back().head;
    links->use(hops, step_line, step.number, t.pos.line, diag);
    if (ports) ports->transfer(t.from, to, step_line, step.number, t.pos, hops.back().col, diag);
    if (model.dimension_ordered()) check_order(t, hops);
    uint64_t length = 0;
    if (t.messages.empty() && coll.kind != CollectiveKind::broadcast) {
      length = knowledge->send_all_held(t.from, to);  // combining: everything the sender holds
    } else {
      const std::span<const MessageRef> messages = carried(t);
      knowledge->send(t.from, to, messages, step.number, t.pos.line, diag);
      // Distinct messages cannot pass 2^64-1 flits together (the reader
      // checks their total); a list that names one message many times can.
      for (const MessageRef& ref : messages) {
        if (__builtin_add_overflow(length, coll.message_length(ref.message), &length)) {
          diag.error({t.pos.line, ref.col}, Property::well_formed, "the packet's length passes 2^64-1 flits");
          length = UINT64_MAX;
        }
        forwarding.transfer(t.from, hops[0].channel, to, ref.message, serial, step.number);
      }
    }
    step.longest_packet = std::max(step.longest_packet, length);
    step.channels = saturating_add(step.channels, hop_count);
    ++step.transfers;
  };

  // One line at a time: its errors, the reader's and then the checks', come
  // in line order, and a check past the error limit stops after that line.
  Transfer transfer;
  while (!diag.limit_reached()) {
    const Reader::Event event = reader.next(transfer);
    if (event == Reader::Event::end) break;
    if (event == Reader::Event::step)
      start_step(reader.step_number(), reader.step_pos().line);
    else if (flit)
      check_train(transfer);
    else
      check_transfer(transfer);
  }
  verdict.stopped = diag.limit_reached();
  close_step();
  verdict.steps = serial;
  verdict.bytes = source.bytes_read();
  if (flit) verdict.time = flit->time();  // so far, when the check stopped early

  if (verdict.stopped) return verdict;

  if (flit) {
    verdict.missing = flit->finish(diag);
    verdict.duplicates = flit->duplicates();
    verdict.transfers = flit->transfers();
    verdict.hops = flit->hops();
    verdict.control_flits = flit->control_flits();
    if (header.cost)
      diag.error(header.cost_pos, Property::well_formed,
                 "the flit model counts time in flit units and takes no cost line");
  } else {
    verdict.missing = knowledge->check_delivery(header.collective_pos, diag);
    verdict.duplicates = knowledge->duplicates();
    if (header.cost)
      verdict.cost = static_cast<double>(cost_steps) * header.cost->ts +
                     header.cost->tl * static_cast<double>(longest_sum);
    verdict.forwarding = forwarding.report();
    if (auto bound = declared_structure_bound(header, verdict.forwarding)) verdict.bounds.push_back(*bound);
  }
  if (const LowerBound* best = best_bound(verdict.bounds)) verdict.best = *best;
  if (verdict.cost) {
    const std::vector<CostBound> bounds =
        cost_lower_bounds(topo, model, coll, verdict.best ? verdict.best->steps : 0, header.cost->ts, header.cost->tl);
    if (const CostBound* best = best_cost_bound(bounds)) verdict.cost_bound = *best;
  }

  // A correct schedule below a proven bound means the bound or the model is
  // misapplied: that is worth an error of its own, never a quiet success.
  const uint64_t measured = flit ? *verdict.time : verdict.steps;
  if (diag.total() == 0 && verdict.best && measured < verdict.best->steps) {
    diag.error(header.model_pos, Property::lower_bound,
               fmt::format("the schedule delivers in {} {}, below the lower bound {} of {} ({})", measured,
                           flit ? "time units" : "steps", verdict.best->steps, verdict.best->name,
                           verdict.best->source));
  }
  if (diag.total() == 0 && verdict.cost_bound && *verdict.cost < verdict.cost_bound->cost * (1 - 1e-12) - 1e-9) {
    diag.error(header.cost_pos, Property::lower_bound,
               fmt::format("the schedule costs {}, below the lower bound {} of {} ({})", *verdict.cost,
                           verdict.cost_bound->cost, verdict.cost_bound->name, verdict.cost_bound->source));
  }
  if (header.claim && flit) {
    const Claim& claim = *header.claim;
    if (claim.steps)
      diag.error(header.claim_pos, Property::well_formed,
                 "the flit model has no steps: claim its time= in flit units instead");
    if (claim.time) {
      // Times are whole flit units: the claim holds up to its whole part.
      verdict.claim_time_holds = *claim.time >= 18446744073709551615.0 ||
                                 *verdict.time <= static_cast<uint64_t>(*claim.time);
      if (!*verdict.claim_time_holds)
        diag.error(header.claim_pos, Property::claim,
                   fmt::format("the schedule takes time {}, more than the {} it claims", *verdict.time, *claim.time));
    }
  } else if (header.claim) {
    const Claim& claim = *header.claim;
    if (claim.steps) {
      verdict.claim_steps_holds = verdict.steps <= *claim.steps;
      if (!*verdict.claim_steps_holds)
        diag.error(header.claim_pos, Property::claim,
                   fmt::format("the schedule takes {} steps, more than the {} it claims", verdict.steps,
                               *claim.steps));
    }
    check_forwarding_claim(header, verdict.forwarding, diag);
    if (claim.time) {
      if (!verdict.cost) {
        diag.error(header.claim_pos, Property::well_formed, "a claimed time needs a 'cost ts=... tl=...' line");
      } else {
        // Relative slack for the rounding of a decimal claim.
        verdict.claim_time_holds = *verdict.cost <= *claim.time * (1 + 1e-9) + 1e-9;
        if (!*verdict.claim_time_holds)
          diag.error(header.claim_pos, Property::claim,
                     fmt::format("the schedule takes time {}, more than the {} it claims", *verdict.cost,
                                 *claim.time));
      }
    }
  }
  verdict.verified = diag.total() == 0;
  return verdict;
}

}  // namespace schedcheck
