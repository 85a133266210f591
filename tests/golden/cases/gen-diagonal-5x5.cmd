gen broadcast-diagonal-2d --topology torus:5x5 --source 1,2
