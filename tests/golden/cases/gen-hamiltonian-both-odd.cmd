gen gossip-hamiltonian-2d --topology torus:5x7 -o /tmp/schedcheck-golden-hamiltonian-5x7.sched --check
