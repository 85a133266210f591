gen gossip-hamiltonian-2d --topology torus:4x5 --time-independent -o /tmp/schedcheck-golden-hamiltonian-4x5.sched --check
