search scatter --topology path:4 --model wormhole,all-port
