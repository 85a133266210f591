gen gossip-hamiltonian-pair --topology torus:4x5
