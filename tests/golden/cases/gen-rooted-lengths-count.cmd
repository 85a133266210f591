# one length per node: the tree has 4
gen gather-nrf --topology tree:-,0,0,1 --lengths 1,2
