// Generator sweep: every generator over many sizes and sources, each schedule re-checked by the core.
//
// The generators write text; the core reads that text back, as it would a
// user's file. A schedule passes when the core verifies it (dimension order
// enforced, every node informed), its step count equals the claim the
// generator wrote, and no lower bound is beaten.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "checker.hpp"
#include "generator.hpp"

namespace {

using schedcheck::gen::Coord;
using schedcheck::gen::Torus;

struct Result {
  std::string text;
  schedcheck::Verdict verdict;
  schedcheck::Header header;
  std::string errors;
};

Result generate_and_check(const std::string& name, const Torus& torus, const Coord& source,
                          bool time_independent = false) {
  const schedcheck::gen::Generator* g = schedcheck::gen::find_generator(name);
  REQUIRE(g != nullptr);
  schedcheck::gen::Request request{torus, time_independent};
  schedcheck::gen::Claim claim;
  std::string error;
  REQUIRE_MESSAGE(g->claim(request, claim, error), error);
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  REQUIRE(out != nullptr);
  {
    schedcheck::gen::ScheduleText text(out, torus, source, false);
    text.header(g->model,
                g->collective.empty() ? "broadcast source " + text.node(Coord(torus.dimensions(), 0)) : g->collective,
                claim);
    g->write(request, text);
  }
  std::fclose(out);
  Result r;
  r.text.assign(buffer, size);
  std::free(buffer);
  schedcheck::LineSource source_lines{std::string_view(r.text)};
  schedcheck::Diagnostics diag(name, 5);
  r.verdict = schedcheck::check_schedule(source_lines, r.header, diag);
  for (const auto& d : diag.kept()) r.errors += diag.format(d) + "\n";
  return r;
}

void require_verified(const std::string& name, const Torus& torus, const Coord& source) {
  const Result r = generate_and_check(name, torus, source);
  INFO(name, " on ", torus.describe());
  REQUIRE_MESSAGE(r.verdict.verified, r.errors);
  REQUIRE(r.header.model.dimension_ordered());
  REQUIRE(r.header.claim.has_value());
  CHECK(r.verdict.steps == r.header.claim->steps.value());
  REQUIRE(r.verdict.best.has_value());
  CHECK(r.verdict.steps >= r.verdict.best->steps);
}

Coord corner(const Torus& torus) {
  Coord c;
  for (uint32_t n : torus.sizes) c.push_back(n - 1);
  return c;
}

TEST_CASE("broadcast-diagonal-2d: every n from 2 to 40, two sources") {
  for (uint32_t n = 2; n <= 40; ++n) {
    const Torus torus{{n, n}};
    require_verified("broadcast-diagonal-2d", torus, {0, 0});
    require_verified("broadcast-diagonal-2d", torus, corner(torus));
  }
}

TEST_CASE("broadcast-diagonal-2d: steps are 2*ceil(log_5 n) + [n >= 4], 2*p+1 at n = 5^p") {
  CHECK(generate_and_check("broadcast-diagonal-2d", Torus{{5, 5}}, {0, 0}).verdict.steps == 3);
  CHECK(generate_and_check("broadcast-diagonal-2d", Torus{{25, 25}}, {0, 0}).verdict.steps == 5);
  CHECK(generate_and_check("broadcast-diagonal-2d", Torus{{125, 125}}, {3, 7}).verdict.steps == 7);
  CHECK(generate_and_check("broadcast-diagonal-2d", Torus{{3, 3}}, {0, 0}).verdict.steps == 2);
}

TEST_CASE("broadcast-span: k = 1 (n 2..60), 2 (n 2..40), 3 (n 2..16), 4 (n 2..8), two sources") {
  const std::pair<uint32_t, uint32_t> ranges[] = {{1, 60}, {2, 40}, {3, 16}, {4, 8}};
  for (auto [k, top] : ranges) {
    for (uint32_t n = 2; n <= top; ++n) {
      const Torus torus{std::vector<uint32_t>(k, n)};
      require_verified("broadcast-span", torus, Coord(k, 0));
      require_verified("broadcast-span", torus, corner(torus));
    }
  }
}

TEST_CASE("broadcast-3d: every n from 2 to 16") {
  for (uint32_t n = 2; n <= 16; ++n) require_verified("broadcast-3d", Torus{{n, n, n}}, {1, 0, n - 1});
}

TEST_CASE("the span scheme takes the steps of the 2-D and 3-D schemes") {
  for (uint32_t n = 2; n <= 40; ++n) {
    const Torus torus{{n, n}};
    CHECK(generate_and_check("broadcast-span", torus, {0, 0}).verdict.steps ==
          generate_and_check("broadcast-diagonal-2d", torus, {0, 0}).verdict.steps);
  }
  for (uint32_t n = 2; n <= 12; ++n) {
    const Torus torus{{n, n, n}};
    CHECK(generate_and_check("broadcast-span", torus, {0, 0, 0}).verdict.steps ==
          generate_and_check("broadcast-3d", torus, {0, 0, 0}).verdict.steps);
  }
}

TEST_CASE("the span scheme takes k*ceil(log_{2k+1} n) + (k-1) steps at n = (2k+1)^p") {
  CHECK(generate_and_check("broadcast-span", Torus{{7, 7, 7}}, {0, 0, 0}).verdict.steps == 3 + 2);
  CHECK(generate_and_check("broadcast-span", Torus{{49, 49, 49}}, {0, 0, 0}).verdict.steps == 6 + 2);
  CHECK(generate_and_check("broadcast-span", Torus{{9, 9, 9, 9}}, {0, 0, 0, 0}).verdict.steps == 4 + 3);
  CHECK(generate_and_check("broadcast-span", Torus{{9}}, {0}).verdict.steps == 2);
}

TEST_CASE("non-square tori: 2-D n1, n2 in 2..14, 3-D in 2..7, 4-D samples, for all three schemes") {
  std::vector<Torus> tori;
  for (uint32_t a = 2; a <= 14; ++a)
    for (uint32_t b = 2; b <= 14; ++b)
      if (a != b) tori.push_back(Torus{{a, b}});
  for (uint32_t a = 2; a <= 7; ++a)
    for (uint32_t b = 2; b <= 7; ++b)
      for (uint32_t c = 2; c <= 7; ++c)
        if (a != b || b != c) tori.push_back(Torus{{a, b, c}});
  for (const Torus& t : {Torus{{2, 3, 4, 5}}, Torus{{5, 4, 3, 2}}, Torus{{3, 3, 3, 8}}, Torus{{9, 2, 2, 9}}})
    tori.push_back(t);
  for (const Torus& torus : tori) {
    require_verified("broadcast-span", torus, corner(torus));
    if (torus.dimensions() == 2) require_verified("broadcast-diagonal-2d", torus, Coord(2, 0));
    if (torus.dimensions() == 3) require_verified("broadcast-3d", torus, Coord(3, 1));
  }
}

TEST_CASE("non-square steps: sum over j of ceil(log_{2j+1} n_j)") {
  CHECK(generate_and_check("broadcast-span", Torus{{3, 4, 5}}, {0, 0, 0}).verdict.steps == 1 + 1 + 1);
  CHECK(generate_and_check("broadcast-span", Torus{{27, 26}}, {0, 0}).verdict.steps == 3 + 3);
  CHECK(generate_and_check("broadcast-diagonal-2d", Torus{{9, 5}}, {0, 0}).verdict.steps == 2 + 1);
}

TEST_CASE("the 2-D and 3-D schemes refuse other dimensions") {
  schedcheck::gen::Claim claim;
  std::string error;
  CHECK_FALSE(schedcheck::gen::find_generator("broadcast-diagonal-2d")->claim({Torus{{5, 5, 5}}}, claim, error));
  CHECK(error.find("2-D") != std::string::npos);
  CHECK_FALSE(schedcheck::gen::find_generator("broadcast-3d")->claim({Torus{{5, 5}}}, claim, error));
  CHECK(error.find("3-D") != std::string::npos);
}

TEST_CASE("baselines: k = 1..4, square and non-square, several sources") {
  const std::vector<Torus> tori = {
      Torus{{2}},       Torus{{3}},       Torus{{8}},          Torus{{27}},         Torus{{28}},
      Torus{{2, 2}},    Torus{{5, 7}},    Torus{{16, 3}},      Torus{{9, 9}},       Torus{{3, 4, 5}},
      Torus{{4, 4, 4}}, Torus{{2, 7, 3}}, Torus{{3, 3, 3, 3}}, Torus{{2, 5, 2, 4}}, Torus{{6, 6, 6, 6}},
  };
  for (const Torus& torus : tori) {
    for (const char* name : {"broadcast-dimension-by-dimension", "broadcast-recursive-doubling"}) {
      require_verified(name, torus, Coord(torus.dimensions(), 0));
      require_verified(name, torus, corner(torus));
    }
  }
}

TEST_CASE("baselines meet the ring bounds exactly on rings") {
  for (uint32_t n = 2; n <= 60; ++n) {
    const Result all = generate_and_check("broadcast-dimension-by-dimension", Torus{{n}}, {0});
    REQUIRE_MESSAGE(all.verdict.verified, all.errors);
    CHECK(all.verdict.steps == all.verdict.best->steps);  // ceil(log_3 n)
    const Result one = generate_and_check("broadcast-recursive-doubling", Torus{{n}}, {0});
    REQUIRE_MESSAGE(one.verdict.verified, one.errors);
    CHECK(one.verdict.steps == one.verdict.best->steps);  // ceil(log_2 n)
  }
}

// A gossip generator's schedule: verified, delivery complete, the steps of
// its theorem (the claim), and forwarding at least as time-independent as
// the claim says (the claim's time-independent= is checked by the core).
schedcheck::Verdict require_gossip(const std::string& name, const Torus& torus, bool time_independent,
                                   schedcheck::ForwardingClass at_most) {
  const Result r = generate_and_check(name, torus, Coord(torus.dimensions(), 0), time_independent);
  INFO(name, " on ", torus.describe(), time_independent ? " (time-independent)" : "");
  REQUIRE_MESSAGE(r.verdict.verified, r.errors);
  CHECK(r.verdict.missing == 0);
  REQUIRE(r.header.claim.has_value());
  CHECK(r.verdict.steps <= r.header.claim->steps.value());
  CHECK(r.verdict.steps >= r.verdict.best->steps);
  REQUIRE(r.verdict.forwarding.analysed);
  CHECK(r.verdict.forwarding.kind <= at_most);
  return r.verdict;
}

using schedcheck::ForwardingClass;

// Theorem 2 (both even): time-independent. Theorem 3 (one side odd): the
// PUs on one cycle send both packets round it, holding the stream back a
// step, so the core finds it time-dependent; --time-independent takes two
// Hamiltonian cycles instead. Both odd: two Hamiltonian cycles,
// time-independent, a step under Theorem 4's ceil(P/2). floor(P/2) steps in
// every case, the counting bound for two packets per PU.
TEST_CASE("gossip-hamiltonian-2d: every n1, n2 in 3..16, floor(P/2) steps") {
  for (uint32_t a = 3; a <= 16; ++a)
    for (uint32_t b = 3; b <= 16; ++b) {
      const bool one_odd = a % 2 != b % 2;
      const auto v = require_gossip("gossip-hamiltonian-2d", Torus{{a, b}}, false,
                                    one_odd ? ForwardingClass::time_dependent : ForwardingClass::time_independent);
      CHECK(v.steps == a * b / 2);  // Theorems 2 and 3 exactly; one under Theorem 4's ceil(P/2)
      CHECK(v.steps == v.best->steps);
      if (one_odd) CHECK(v.forwarding.kind == ForwardingClass::time_dependent);
      const auto w = require_gossip("gossip-hamiltonian-2d", Torus{{a, b}}, true, ForwardingClass::time_independent);
      CHECK(w.steps == a * b / 2);
    }
}

// The two Section 3.1 cycles (both even) are so aligned that one packet per
// PU still takes P/2 steps, as one cycle would; the exchanged-square cycles
// (an odd side) take at most a single cycle's floor(P/2).
TEST_CASE("gossip-hamiltonian-pair: Theorem 1 applies on every size") {
  for (uint32_t a = 3; a <= 12; ++a)
    for (uint32_t b = a; b <= 12; ++b) {
      const auto v = require_gossip("gossip-hamiltonian-pair", Torus{{a, b}}, false, ForwardingClass::time_independent);
      if (a % 2 == 0 && b % 2 == 0) CHECK(v.steps == a * b / 2);
      CHECK(v.steps <= a * b / 2);
      const uint64_t P = uint64_t{a} * b;
      const auto theorem1 = std::find_if(v.bounds.begin(), v.bounds.end(), [](const schedcheck::LowerBound& lb) {
        return lb.name == "time-independent-hamiltonian-pair";
      });
      REQUIRE(theorem1 != v.bounds.end());
      CHECK(theorem1->steps == (11 * P + 39) / 40 - 1);  // ceil(11P/40 - 1)
    }
}

// n1 odd and n2 even: the construction runs along x2, so Theorem 5's count
// with n1 and n2 exchanged.
TEST_CASE("gossip-onepacket-2d: n1, n2 in 3..16, one of them even; with switching and time-independent") {
  for (uint32_t a = 3; a <= 16; ++a)
    for (uint32_t b = 3; b <= 16; ++b) {
      if (a % 2 && b % 2) continue;
      const auto v = require_gossip("gossip-onepacket-2d", Torus{{a, b}}, false, ForwardingClass::switching);
      if (a % 2 == 0) CHECK(v.steps == (a * (b + 2) / 2) / 2 + 1);  // Theorem 5: n1*n2/4 + n1/2 + 1, rounded down
      if (a % 2 == 1) CHECK(v.steps == (b * (a + 2) / 2) / 2 + 1);
      require_gossip("gossip-onepacket-2d", Torus{{a, b}}, true, ForwardingClass::time_independent);
    }
}

TEST_CASE("gossip-rods-3d: every allowed size up to 12x12x12") {
  for (uint32_t a = 3; a <= 12; a += 3)
    for (uint32_t b = a; b <= 12; b += a)
      for (uint32_t c = 3; c <= 12; ++c) {
        const auto v = require_gossip("gossip-rods-3d", Torus{{a, b, c}}, false, ForwardingClass::switching);
        CHECK(v.steps == (a * b * (c + 3) / 3) / 2 + 1);  // Theorem 6: n1n2n3/6 + n1n2/2 + 1, rounded down
      }
}

// Section 3.4 with d = 3: every PU on all three Hamiltonian cycles, so
// floor(P/2) steps, the counting bound for three packets per PU.
TEST_CASE("gossip-hamiltonian-3d: every n1, n2, n3 in 3..6 and some larger, floor(P/2) steps, time-independent") {
  std::vector<Torus> tori;
  for (uint32_t a = 3; a <= 6; ++a)
    for (uint32_t b = 3; b <= 6; ++b)
      for (uint32_t c = 3; c <= 6; ++c) tori.push_back(Torus{{a, b, c}});
  for (const Torus& t : {Torus{{8, 8, 8}}, Torus{{4, 6, 8}}, Torus{{7, 5, 9}}, Torus{{3, 10, 4}}}) tori.push_back(t);
  for (const Torus& t : tori) {
    const auto v = require_gossip("gossip-hamiltonian-3d", t, false, ForwardingClass::time_independent);
    CHECK(v.steps == t.node_count() / 2);
    CHECK(v.steps == v.best->steps);
  }
}

// Theorem 7 claims floor(L/2) + 2 (a delay of up to two for PUs off a cycle);
// on these sizes every such PU has two on-cycle neighbours, so one step less.
TEST_CASE("gossip-zigzag: d = 2, 3, 4 where the construction closes, both variants") {
  for (const Torus& t : {Torus{{4, 6}}, Torus{{6, 5}}, Torus{{3, 3, 4}}, Torus{{6, 6, 3}}, Torus{{4, 4, 4, 4}},
                         Torus{{4, 4, 8, 4}}, Torus{{4, 8, 4, 4}}}) {
    uint64_t length = t.sizes[0] / t.dimensions() * (t.sizes.back() + t.dimensions());
    for (uint32_t l = 1; l + 1 < t.dimensions(); ++l) length *= t.sizes[l];
    const auto v = require_gossip("gossip-zigzag", t, false, ForwardingClass::switching);
    CHECK(v.steps == length / 2 + 1);
    require_gossip("gossip-zigzag", t, true, ForwardingClass::time_independent);
  }
}

TEST_CASE("gossip-flooding: the baseline is verified on rings, 2-D and 3-D tori, and is not time-independent") {
  for (const Torus& t : {Torus{{7}}, Torus{{3, 3}}, Torus{{4, 6}}, Torus{{8, 8}}, Torus{{3, 3, 3}}}) {
    const auto v = require_gossip("gossip-flooding", t, false, ForwardingClass::time_dependent);
    if (t.dimensions() > 1) CHECK(v.forwarding.kind == ForwardingClass::time_dependent);
  }
}

TEST_CASE("the gossip generators name the condition a size fails") {
  schedcheck::gen::Claim claim;
  std::string error;
  const auto* zigzag = schedcheck::gen::find_generator("gossip-zigzag");
  CHECK_FALSE(zigzag->claim({Torus{{5, 4}}}, claim, error));
  CHECK(error.find("condition (2)") != std::string::npos);
  CHECK_FALSE(zigzag->claim({Torus{{4, 2, 2, 5}}}, claim, error));
  CHECK(error.find("condition (1)") != std::string::npos);
  CHECK_FALSE(zigzag->claim({Torus{{3, 3, 2}}}, claim, error));
  CHECK(error.find("condition (3)") != std::string::npos);
  CHECK_FALSE(schedcheck::gen::find_generator("gossip-rods-3d")->claim({Torus{{3, 4, 4}}}, claim, error));
  CHECK(error.find("condition (1)") != std::string::npos);
  const auto* hamiltonian = schedcheck::gen::find_generator("gossip-hamiltonian-2d");
  CHECK_FALSE(schedcheck::gen::find_generator("gossip-onepacket-2d")->claim({Torus{{5, 5}}}, claim, error));
  CHECK(error.find("special column") != std::string::npos);
  // On an even side of 2 a PU off a cycle has one neighbour on it: refused, on either axis.
  for (const Torus& t : {Torus{{2, 4}}, Torus{{2, 3}}, Torus{{3, 2}}, Torus{{5, 2}}}) {
    CHECK_FALSE(schedcheck::gen::find_generator("gossip-onepacket-2d")->claim({t}, claim, error));
    CHECK(error.find("must be at least 4") != std::string::npos);
  }
  CHECK(schedcheck::gen::find_generator("gossip-onepacket-2d")->claim({Torus{{4, 2}}}, claim, error));
  CHECK_FALSE(schedcheck::gen::find_generator("gossip-hamiltonian-pair")->claim({Torus{{2, 3}}}, claim, error));
  CHECK(error.find("both sides at least 3") != std::string::npos);
  CHECK_FALSE(schedcheck::gen::find_generator("gossip-hamiltonian-3d")->claim({Torus{{4, 2, 4}}}, claim, error));
  CHECK(error.find("at least 3") != std::string::npos);
  CHECK_FALSE(hamiltonian->claim({Torus{{2, 5}}, true}, claim, error));
  CHECK(error.find("both sides at least 3") != std::string::npos);
  CHECK_FALSE(hamiltonian->claim({Torus{{2, 5}}}, claim, error));
  CHECK(error.find("at least 4") != std::string::npos);
}

}  // namespace
