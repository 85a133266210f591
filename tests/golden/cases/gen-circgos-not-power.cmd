# circgos needs n a power of a.
gen gossip-circgos --topology ring:10 --a 3 --b 1
