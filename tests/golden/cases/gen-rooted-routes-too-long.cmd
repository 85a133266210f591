# A path of 200000 nodes gathering every message: the routes would list about n^2/2 nodes, refused with the size.
gen gather-certification --topology path:200000 --length 1
