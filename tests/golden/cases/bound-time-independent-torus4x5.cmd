bound time-independent-gossip --topology torus:4x5
