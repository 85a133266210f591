# A limit with trailing text is an error, not its number (it was read as 5).
search scatter --topology path:4 --model flit,one-port --timeout 5x
