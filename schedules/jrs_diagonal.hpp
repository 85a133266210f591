// JRS diagonal gossip: torgos (Section 5.2) and cubgos (Section 6) on n x ... x n tori and meshes, bridgeheads on generalized diagonals.
//
// Both keep the data concentrated on a diagonal of every S x ... x S
// submesh (Invariants 1 and 2), so that a row's data, copied along the row
// and added up along the other axes, is again on the diagonals of submeshes
// a times smaller. torgos is the case d = 2 of cubgos. The coloured variant
// (cubgos') runs d colours with rotated axes at once, every axis busy.
// Without wraparound (a mesh, or with d = 1 a linear array, where this is
// circgos) the circulations run approach 1 along the whole line and a
// round's new bridgeheads beyond the first or last old one hear one stream
// (specs/lemmas.md, "On meshes and linear arrays").
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "jrs_highdim.hpp"

namespace schedcheck::gen {

struct DiagonalGossip {
  uint32_t n = 0;          // the side
  uint32_t d = 2;          // the dimensions
  uint32_t a = 0, b = 0;   // bridgeheads per row and their factor per round; steps of a row round
  bool coloured = false;   // cubgos': d colours, colour c's rows along axis c
  bool torus = true;       // false: a mesh (d >= 1; d = 1 is a linear array)
};

// The generalized diagonal (Definition 1) of colour c at spacing S: the
// nodes with x_c = sum of the other coordinates (mod S). Every line parallel
// to an axis meets it once in every S consecutive nodes, which is the
// definition's bijective projections, and it is nested: the diagonal at S
// lies in the one at S/a. Shifted by `offset` (x_c = sum + offset), it
// keeps both properties; the mesh variant shifts it so that a linear
// array's bridgeheads are its segments' concentration centres.
bool on_diagonal(const std::vector<uint32_t>& x, uint32_t colour, uint32_t spacing, uint32_t offset = 0);

// Empty, or why (n, d, a, b) does not fit: n = a^(m+1), b >= floor(a/2)
// when m >= 1 (on a mesh b >= a - 1, on a linear array b at least the
// reach beyond its ends), sizes the generator lists.
std::string diagonal_gossip_refusal(const DiagonalGossip& g);
// The steps one at a time (jrs_highdim.hpp's packets: message node*parts + colour).
void diagonal_gossip(const DiagonalGossip& g, const std::function<void(const GridStep&)>& emit);
// The reconstructed step count and time (lemmas.md, "torgos and cubgos"), in units of l*t_l.
uint64_t diagonal_gossip_steps(const DiagonalGossip& g);
double diagonal_gossip_time(const DiagonalGossip& g, double r);
// k: the packets the round from `spacing` to spacing/a streams a row's m
// data in (circgos's on a torus; on a mesh at most b - e + 1 as well, e the
// new bridgeheads beyond a line's end); capped at m.
uint32_t diagonal_round_packets(const DiagonalGossip& g, uint64_t m, uint32_t spacing);
// An upper bound on the message names the schedule lists.
uint64_t diagonal_gossip_listed(const DiagonalGossip& g);

// The cheapest (a, b) for n, d and r, b from floor(a/2) to a + n as for
// circgos (those the refusal allows).
std::optional<DiagonalGossip> best_diagonal_gossip(uint32_t n, uint32_t d, bool coloured, double r, bool torus = true);

}  // namespace schedcheck::gen
