# Sides whose product wraps past 2^64 are refused, not taken for a small grid.
gen gossip-highdimgos --topology torus:2048x2048x2048x2048x2048x2048 --phases 1
