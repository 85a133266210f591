gen gossip-hamiltonian-3d --topology torus:4x4x4 -o /tmp/schedcheck-golden-hamiltonian-4x4x4.sched --check
