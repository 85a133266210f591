gen broadcast-span --topology torus:3x3 -o /dev/null --check
