gen gossip-hamiltonian-2d --topology torus:4x3 -o /tmp/schedcheck-golden-hamiltonian-4x3.sched --check
