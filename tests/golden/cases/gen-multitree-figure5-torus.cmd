# Bhatt et al., Figure 5(b): two edge-disjoint trees that together span the 4x4 torus, a gather over them.
gen gather-multitree --topology torus:4x4 --trees 2 --length 2
