gen gossip-hamiltonian-pair --topology torus:2x3
