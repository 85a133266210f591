gen gossip-hamiltonian-2d --topology torus:5x7
