# circgos(9, 3, 1) on a ring of 9: phase 1 (one tripling step), phase 2 (one step), one round of one step.
gen gossip-circgos --topology ring:9 --a 3 --b 1 --r 4
