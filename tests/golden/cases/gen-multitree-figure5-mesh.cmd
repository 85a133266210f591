# Bhatt et al., Figure 5(a): two edge-disjoint trees from a corner that together span the 4x4 mesh, a scatter over them.
gen scatter-multitree --topology mesh:4x4 --trees 2 --length 2
