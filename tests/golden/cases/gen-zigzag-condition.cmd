gen gossip-zigzag --topology torus:4x4x3x4
