search scatter --topology path:4 --model store-and-forward,all-port
