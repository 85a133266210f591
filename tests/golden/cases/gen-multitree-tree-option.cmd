# The multitree generators build their own trees: --tree is refused, not ignored.
gen scatter-multitree --topology mesh:4x4 --trees 2 --length 1 --tree broadcast
