# A corner of a mesh has two neighbours: three edge-disjoint trees cannot be rooted there.
gen scatter-multitree --topology mesh:4x4 --trees 3 --length 1
