# A node option takes the format's own spelling, coordinates in parentheses,
# as well as 1,1.
bound broadcast --topology mesh:3x3 --model wormhole,all-port --source '(1,1)'
