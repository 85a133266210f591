gen broadcast-3d --topology torus:5x5
