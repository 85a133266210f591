# circgos:A:B takes A and B up to 2^20, as --a and --b do.
gen gossip-highdimgos --topology ring:4 --phases circgos:2:4294967295
