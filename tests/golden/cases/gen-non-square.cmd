gen broadcast-diagonal-2d --topology torus:5x6
