# Past the largest limit (10000000 s: milliseconds in 32 bits) is an error.
search broadcast --topology torus:3x3 --model wormhole,all-port,dimension-order --timeout 1e9
