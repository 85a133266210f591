# highdimgos' with approach 2 then approach 1 (approach 21) on the 4x4 torus, r = 3.
gen gossip-highdimgos-coloured --topology torus:4x4 --phases 2,1 --r 3
